/* fuzz_translate.c: libFuzzer target for hc_translate_buffer. The first input byte picks the options
 * (launch syntax, semantic pass, file kind); the rest is the file. Any crash, sanitizer report or broken
 * result invariant (edits unsorted, overlapping or out of range, output not the edits applied to the
 * input, 'changed' wrong) aborts. It checks no translation against expected text (the lit tests do). */
#include "hipify/hipify.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One context per option combination, made once: libFuzzer calls the target millions of times and the
 * context (declaration header text, compiler arguments) is immutable, so sharing it is what the
 * library documents. These are the only file-scope variables and they are never written after init. */
enum { LAUNCH_BIT = 1, SEMANTIC_BIT = 2, SKIP_BIT = 4, COMBOS = 8 };
static hc_context *contexts[COMBOS];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    for (int c = 0; c < COMBOS; c++) {
        hc_options opt = {0};
        opt.launch_syntax = (c & LAUNCH_BIT) ? HC_LAUNCH_HIP : HC_LAUNCH_KEEP;
        /* the libclang pass is slow: run it only when asked, so most inputs exercise the token passes */
        opt.semantic = (c & SEMANTIC_BIT) ? HC_SEM_AUTO : HC_SEM_NEVER;
        opt.skip_excluded_pp_blocks = (c & SKIP_BIT) && (c & SEMANTIC_BIT);
        opt.build_scripts = true;
        opt.annotate = (c & SKIP_BIT) && !(c & SEMANTIC_BIT);
        char err[512];
        contexts[c] = hc_context_new(&opt, err, sizeof err);
        if (!contexts[c]) {
            fprintf(stderr, "fuzz_translate: hc_context_new: %s\n", err);
            abort();
        }
    }
    return 0;
}

static void require(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "fuzz_translate: invariant broken: %s\n", what);
        abort();
    }
}

static void check_result(const hc_file_result *r, const uint8_t *data, size_t len) {
    require(r->original_len == len && memcmp(r->original, data, len) == 0, "original is the input");
    require(r->output != NULL, "output present");
    size_t at = 0, o = 0;
    for (size_t i = 0; i < r->nedits; i++) {
        const hc_edit *e = &r->edits[i];
        require(e->offset >= at, "edits sorted and disjoint");
        require((size_t)e->offset + e->length <= len, "edit inside the input");
        size_t gap = e->offset - at, rl = strlen(e->replacement);
        require(o + gap + rl <= r->output_len, "output long enough for the edits");
        require(memcmp(r->output + o, r->original + at, gap) == 0, "unedited bytes copied");
        require(memcmp(r->output + o + gap, e->replacement, rl) == 0, "replacement applied");
        o += gap + rl;
        at = e->offset + e->length;
    }
    if (r->status == HC_OK) {
        require(o + (len - at) == r->output_len, "output length is input plus edits");
        require(memcmp(r->output + o, r->original + at, len - at) == 0, "tail copied");
    }
    bool differs = r->output_len != len || memcmp(r->output, data, len) != 0;
    require(r->changed == differs, "'changed' matches the output");
    for (size_t i = 0; i < r->ndiags; i++) {
        require(r->diags[i].message != NULL, "diagnostic has a message");
        require(r->diags[i].offset == UINT32_MAX || r->diags[i].offset <= len, "diagnostic offset in range");
        if (i) require(r->diags[i - 1].offset <= r->diags[i].offset, "diagnostics sorted");
    }
    require(r->stats.total_bytes == len, "total bytes");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    unsigned pick = data[0];
    hc_file_kind kind = (pick >> 4) == 0xf ? HC_FILE_CMAKE : (pick >> 4) == 0xe ? HC_FILE_MAKEFILE : HC_FILE_SOURCE;
    const hc_context *ctx = contexts[pick % COMBOS];
    hc_file_result r;
    hc_translate_buffer(ctx, "fuzz.cu", "fuzz.cu", kind, (const char *)data + 1, size - 1, &r);
    check_result(&r, data + 1, size - 1);
    hc_file_result_free(&r);
    return 0;
}
