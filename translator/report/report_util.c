/* report_util.c: helpers shared by the report writers: buffers, file output (through the output layer), line diffs through
 * libgit2 and the per-file review analysis. It knows nothing of any one report format. */
#include "report_util.h"
#include "output.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --annotate comments are the tool's own notes, not part of the port. */
static bool is_annotation(const hc_edit *e) { return e->pass && strcmp(e->pass, HC_PASS_ANNOTATE) == 0; }

void hc_sbuf_html(hc_sbuf *b, const char *s, size_t n)
{
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        const char *entity = NULL;
        size_t k = hc_out_utf8_len(s + i, n - i);
        if (!k) { /* not UTF-8 (a Latin-1 file name): the replacement character, as in the embedded JSON */
            hc_sbuf_add(b, s + start, i - start);
            hc_sbuf_puts(b, "&#xFFFD;");
            start = i + 1;
            continue;
        }
        if (k > 1) {
            i += k - 1;
            continue;
        }
        switch (s[i]) {
        case '&': entity = "&amp;"; break;
        case '<': entity = "&lt;"; break;
        case '>': entity = "&gt;"; break;
        case '"': entity = "&quot;"; break;
        case '\'': entity = "&#39;"; break;
        default: continue;
        }
        hc_sbuf_add(b, s + start, i - start);
        hc_sbuf_puts(b, entity);
        start = i + 1;
    }
    hc_sbuf_add(b, s + start, n - start);
}

int hc_report_fail(char *err, size_t errsize, const char *fmt, ...)
{
    if (err && errsize) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsize, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int hc_report_write_file(const char *path, const char *data, size_t len, char *err, size_t errsize)
{
    /* The output layer decides links, devices, modes and atomicity for every writer alike. */
    hc_out_policy policy = {0};
    hc_out_status st = hc_out_write(&policy, path, data, len, HC_OUT_MODE_DEFAULT, err, errsize);
    return st == HC_OUT_WRITTEN || st == HC_OUT_SAME ? 0 : -1;
}

/* JSON must be UTF-8, and cJSON copies a string's bytes as they are: a file name that is not UTF-8
 * (a Latin-1 name) made the whole document invalid. Each such byte becomes the text \xNN, as the
 * terminal shows it (hc_out_escape); it can only sit inside a string, where "\\x" is an escaped
 * backslash. Returns text itself when it is valid, else a new string (text is freed); NULL: no memory. */
static char *json_utf8(char *text)
{
    size_t n = strlen(text), bad = 0;
    for (size_t i = 0, k; i < n; i += k ? k : 1)
        if (!(k = hc_out_utf8_len(text + i, n - i)))
            bad++;
    if (!bad)
        return text;
    char *clean = malloc(n + bad * 4 + 1), *o = clean;
    for (size_t i = 0, k; clean && i < n; i += k ? k : 1) {
        if ((k = hc_out_utf8_len(text + i, n - i))) {
            memcpy(o, text + i, k);
            o += k;
        } else {
            o += sprintf(o, "\\\\x%02X", (unsigned char)text[i]);
        }
    }
    if (clean)
        *o = '\0';
    free(text);
    return clean;
}

int hc_report_write_json(const cJSON *root, bool compact, const char *path, char *err, size_t errsize)
{
    char *text = compact ? cJSON_PrintUnformatted(root) : cJSON_Print(root);
    if (text)
        text = json_utf8(text);
    if (!text)
        return hc_report_fail(err, errsize, "%s: out of memory while formatting JSON", path);
    size_t n = strlen(text);
    /* A final newline keeps the file friendly to line-based tools. */
    char *withnl = realloc(text, n + 2);
    if (!withnl) {
        free(text);
        return hc_report_fail(err, errsize, "%s: out of memory", path);
    }
    withnl[n] = '\n';
    withnl[n + 1] = '\0';
    int rc = hc_report_write_file(path, withnl, n + 1, err, errsize);
    free(withnl);
    return rc;
}

int hc_report_patch(const hc_file_result *f, git_patch **out, char *err, size_t errsize)
{
    git_diff_options o;
    git_diff_options_init(&o, GIT_DIFF_OPTIONS_VERSION);
    /* Inputs are text by construction (binary files are refused before translation); never let a
     * heuristic turn a hunk into "Binary files differ", which git apply could not use. */
    o.flags |= GIT_DIFF_FORCE_TEXT;
    o.context_lines = 3;
    const char *name = f->rel_path ? f->rel_path : f->path;
    if (git_patch_from_buffers(out, f->original, f->original_len, name, f->output, f->output_len, name,
                               &o) != 0) {
        const git_error *ge = git_error_last();
        return hc_report_fail(err, errsize, "%s: diff failed: %s", name, ge ? ge->message : "unknown error");
    }
    return 0;
}

/* Work a person has with each diagnostic. Every warning and error is listed, HC_EFFORT_NONE included, so
 * that a new one is a decision (tests/report/check_diag_hygiene.py fails on a missing entry); notes may be
 * left out and only inform. Every [warp-size] hazard is manual work (see hc_report_diag_effort). Kept here
 * rather than in diagnostics.def because only the reports use it. */
static const hc_effort diag_effort[HC_DIAG__COUNT] = {
    [HC_D_UNSUPPORTED_API] = HC_EFFORT_MANUAL,
    [HC_D_NEWER_THAN_TARGET] = HC_EFFORT_MANUAL,
    [HC_D_REMOVED_HIP_API] = HC_EFFORT_MANUAL,
    [HC_D_ROCM_REJECTS] = HC_EFFORT_MANUAL, /* the call fails at run time on AMD GPUs: a person picks the limit */
    [HC_D_UNSUPPORTED_HEADER] = HC_EFFORT_MANUAL,
    [HC_D_MIOPEN_NOT_DIRECT] = HC_EFFORT_MANUAL,
    [HC_D_ARGUMENT_CHECK] = HC_EFFORT_ARGUMENTS,
    [HC_D_FILE_TOO_LARGE] = HC_EFFORT_MANUAL,
    [HC_D_UNTERMINATED_COMMENT] = HC_EFFORT_MANUAL,
    [HC_D_BUILD_NO_EQUIVALENT] = HC_EFFORT_MANUAL,
    [HC_D_BUILD_CUDA_PATH] = HC_EFFORT_MANUAL,
    [HC_D_BUILD_NOT_UNDERSTOOD] = HC_EFFORT_MANUAL,
    /* constructs HIP cannot compile or computes differently (pass_unportable.c) */
    [HC_D_DEVICE_LAUNCH] = HC_EFFORT_MANUAL,
    [HC_D_DEVICE_RUNTIME_API] = HC_EFFORT_MANUAL,
    [HC_D_INLINE_PTX] = HC_EFFORT_MANUAL,
    [HC_D_DIRECTED_ROUNDING] = HC_EFFORT_MANUAL,
    [HC_D_ROUNDING_APPROXIMATED] = HC_EFFORT_MANUAL,
    [HC_D_CG_EXTENSION] = HC_EFFORT_MANUAL,
    [HC_D_GRAPH_CONDITIONAL] = HC_EFFORT_MANUAL,
    [HC_D_ALLOC_FLAGS_MISSING] = HC_EFFORT_MANUAL,
    [HC_D_FP8_BOUNDARY] = HC_EFFORT_MANUAL, /* which encoding the other side uses is for a person to check */
    [HC_D_TAG_OF_TYPEDEF] = HC_EFFORT_MANUAL,
    [HC_D_VECTOR_OPERATOR] = HC_EFFORT_MANUAL,
    [HC_D_MERGED_OVERLOAD] = HC_EFFORT_MANUAL,
    [HC_D_CUDA_API_REDECLARED] = HC_EFFORT_MANUAL,
    [HC_D_ATOMIC_ADD_DOUBLE_FALLBACK] = HC_EFFORT_MANUAL,
    [HC_D_SDK_HELPER_OUTSIDE] = HC_EFFORT_MANUAL,
    [HC_D_EXPERIMENTAL_LEFT] = HC_EFFORT_MANUAL,
    [HC_D_CUBLAS_V1_LEFT] = HC_EFFORT_MANUAL,
    /* preprocessor conditions: which branch the HIP build needs is for a person to decide */
    [HC_D_PP_DEAD_BRANCH] = HC_EFFORT_MANUAL,
    [HC_D_PP_CUDA_MACRO] = HC_EFFORT_MANUAL,
    [HC_D_PP_CUDA_MACRO_USE] = HC_EFFORT_MANUAL,
    [HC_D_SHIM_NOT_CARRIED] = HC_EFFORT_MANUAL,
    /* what the port cannot rewrite at the edges: a tag form, a name HIP's NVIDIA headers take, a component */
    [HC_D_OPAQUE_TAG_LEFT] = HC_EFFORT_MANUAL,
    [HC_D_NVIDIA_MACRO_COLLISION] = HC_EFFORT_MANUAL,
    [HC_D_NVIDIA_HEADER_SHADOWED] = HC_EFFORT_MANUAL,
    [HC_D_VECTOR_COMPONENT_ADDRESS_LEFT] = HC_EFFORT_MANUAL,
    [HC_D_PASTED_PREFIX_LEFT] = HC_EFFORT_MANUAL,
    /* translated as it stands: advice about the future, not work on the port */
    [HC_D_REMOVED_CUDA_API] = HC_EFFORT_NONE,
    [HC_D_DEPRECATED_HIP_API] = HC_EFFORT_NONE,
    [HC_D_LAUNCH_NOT_REWRITTEN] = HC_EFFORT_NONE, /* kept as <<<>>>, which HIP accepts */
    /* the machine or the run, not the code: an install, a path, a rule */
    [HC_D_HIP_HEADER_MISSING] = HC_EFFORT_NONE,
    [HC_D_RULE_FAILED] = HC_EFFORT_NONE,
    [HC_D_SEMANTIC_SKIPPED] = HC_EFFORT_NONE,
    [HC_D_PARSE_FALLBACK] = HC_EFFORT_NONE,
    /* input and output problems: the file was not ported, so there is no porting work to count */
    [HC_D_BINARY_FILE] = HC_EFFORT_NONE,
    [HC_D_UNREADABLE] = HC_EFFORT_NONE,
    [HC_D_SYMLINK_LOOP] = HC_EFFORT_NONE,
    [HC_D_UNTERMINATED_STRING] = HC_EFFORT_NONE,
    [HC_D_EMPTY_FILE] = HC_EFFORT_NONE,
    [HC_D_OUTSIDE_OUTPUT] = HC_EFFORT_NONE,
    [HC_D_WRITE_FAILED] = HC_EFFORT_NONE,
    [HC_D_STALE_TEMP] = HC_EFFORT_NONE,
    [HC_D_OUTPUT_COLLISION] = HC_EFFORT_NONE,
    [HC_D_SPECIAL_OUTPUT] = HC_EFFORT_NONE,
    [HC_D_OUTPUT_IN_INPUT] = HC_EFFORT_NONE,
    [HC_D_INPUT_CHANGED] = HC_EFFORT_NONE,
    [HC_D_REPORT_COLLISION] = HC_EFFORT_NONE,
    [HC_D_LINK_OUTSIDE] = HC_EFFORT_NONE,
    [HC_D_PATH_TOO_LONG] = HC_EFFORT_NONE,
    [HC_D_PRINTF_BUILTIN_INDEX] = HC_EFFORT_NONE,
    [HC_D_TEMPLATE_DEFAULT_ARG] = HC_EFFORT_MANUAL,
    [HC_D_DIVERGENT_BARRIER] = HC_EFFORT_MANUAL,
};

hc_effort hc_report_diag_effort(hc_diag_id id)
{
    if ((unsigned)id >= HC_DIAG__COUNT)
        return HC_EFFORT_NONE;
    /* Warp-size hazards are one family that grows; the flag names it, so new ids need no entry here. */
    if (!strcmp(hc_diag_info_get(id)->flag, "warp-size"))
        return HC_EFFORT_MANUAL;
    return diag_effort[id];
}

const char *hc_report_effort_key(hc_effort e)
{
    static const char *const keys[] = {"none", "rename", "arguments", "manual"};
    return (unsigned)e <= HC_EFFORT_MANUAL ? keys[e] : "none";
}

const char *hc_report_severity_key(hc_severity s)
{
    static const char *const keys[] = {"note", "warning", "error"};
    return (unsigned)s <= HC_SEV_ERROR ? keys[s] : "note";
}

const char *hc_report_kind_key(hc_file_kind k)
{
    static const char *const keys[] = {"source", "cmake", "makefile", "other"};
    return (unsigned)k <= HC_FILE_OTHER ? keys[k] : "other";
}

const char *hc_report_status_key(hc_status s)
{
    static const char *const keys[] = {"ok", "io-error", "input-error", "usage-error", "out-of-memory",
                                       "internal-error"};
    return (unsigned)s <= HC_ERR_INTERNAL ? keys[s] : "internal-error";
}

uint32_t hc_report_count_lines(const char *text, size_t len)
{
    uint32_t n = 0;
    if (!text || !len) /* a copied file has no text: NULL + 0 is undefined */
        return 0;
    for (const char *p = text, *end = text + len; p && p < end; p++) {
        p = memchr(p, '\n', (size_t)(end - p));
        if (!p)
            break;
        n++;
    }
    if (len && text[len - 1] != '\n')
        n++;
    return n;
}

double hc_report_auto_share(uint32_t auto_lines, uint32_t manual_lines)
{
    return auto_lines + manual_lines ? (double)auto_lines / (double)(auto_lines + manual_lines) : 1.0;
}

double hc_report_conversion_percent(uint64_t converted, uint64_t unconverted)
{
    return converted + unconverted ? 100.0 * (double)converted / (double)(converted + unconverted) : 100.0;
}

uint32_t *hc_report_line_starts(const char *text, size_t len, uint32_t *nlines)
{
    uint32_t n = hc_report_count_lines(text, len);
    if (n == 0)
        n = 1;
    uint32_t *starts = malloc(n * sizeof *starts);
    if (!starts)
        return NULL;
    starts[0] = 0;
    uint32_t k = 1;
    for (size_t i = 0; i < len && k < n; i++)
        if (text[i] == '\n')
            starts[k++] = (uint32_t)(i + 1);
    *nlines = n;
    return starts;
}

uint32_t hc_report_line_of(const uint32_t *starts, uint32_t nlines, uint32_t off, uint32_t *col)
{
    uint32_t lo = 0, hi = nlines;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (starts[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    if (col)
        *col = off - starts[lo] + 1;
    return lo + 1;
}

int hc_report_places(const hc_file_result *f, hc_place **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (f->ndiags + f->nedits == 0)
        return 0;
    hc_place *v = malloc((f->ndiags + f->nedits) * sizeof *v);
    uint32_t nlines = 0;
    uint32_t *starts = v ? hc_report_line_starts(f->original, f->original_len, &nlines) : NULL;
    if (!starts) {
        free(v);
        return -1;
    }
    /* Edits and diagnostics are each sorted by offset: merge them into input order. */
    size_t di = 0, ei = 0, k = 0;
    while (di < f->ndiags || ei < f->nedits) {
        bool take_diag = ei >= f->nedits || (di < f->ndiags && f->diags[di].offset <= f->edits[ei].offset);
        if (take_diag) {
            const hc_diag *d = &f->diags[di++];
            hc_effort e = hc_report_diag_effort(d->id);
            if (e >= HC_EFFORT_ARGUMENTS)
                v[k++] = (hc_place){d->line, d->col, e, hc_diag_info_get(d->id)->code, d->name};
        } else {
            const hc_edit *e = &f->edits[ei++];
            if (e->effort >= HC_EFFORT_ARGUMENTS && !is_annotation(e) && e->offset <= f->original_len) {
                uint32_t col = 0, line = hc_report_line_of(starts, nlines, e->offset, &col);
                v[k++] = (hc_place){line, col, e->effort, NULL, e->replacement};
            }
        }
    }
    free(starts);
    if (k == 0) {
        free(v);
        v = NULL;
    }
    *out = v;
    *n = k;
    return 0;
}

enum { LINE_EDITED = 1, LINE_MANUAL = 2 };

int hc_report_analyze(const hc_file_result *f, hc_file_analysis *out)
{
    *out = (hc_file_analysis){0};
    out->total_lines = hc_report_count_lines(f->original, f->original_len);
    for (size_t i = 0; i < f->ndiags; i++) {
        const hc_diag *d = &f->diags[i];
        out->by_severity[d->severity <= HC_SEV_ERROR ? d->severity : HC_SEV_ERROR]++;
        out->effort[hc_report_diag_effort(d->id)]++;
    }
    for (size_t i = 0; i < f->nedits; i++) {
        /* --annotate comments are not translation work. */
        if (!is_annotation(&f->edits[i]))
            out->effort[f->edits[i].effort <= HC_EFFORT_MANUAL ? f->edits[i].effort : HC_EFFORT_MANUAL]++;
    }
    uint32_t nlines = 0;
    uint32_t *starts = hc_report_line_starts(f->original, f->original_len, &nlines);
    unsigned char *mark = starts ? calloc(nlines, 1) : NULL;
    if (!mark) {
        free(starts);
        return -1;
    }
    for (size_t i = 0; i < f->nedits; i++) {
        const hc_edit *e = &f->edits[i];
        if (is_annotation(e) || e->offset > f->original_len)
            continue;
        uint32_t first = hc_report_line_of(starts, nlines, e->offset, NULL) - 1;
        uint32_t last = e->length ? hc_report_line_of(starts, nlines, e->offset + e->length - 1, NULL) - 1 : first;
        for (uint32_t l = first; l <= last && l < nlines; l++)
            mark[l] |= LINE_EDITED;
    }
    for (size_t i = 0; i < f->ndiags; i++) {
        const hc_diag *d = &f->diags[i];
        if (d->line >= 1 && d->line <= nlines && hc_report_diag_effort(d->id) >= HC_EFFORT_ARGUMENTS)
            mark[d->line - 1] |= LINE_MANUAL;
    }
    for (uint32_t l = 0; l < nlines; l++) {
        if (mark[l] & LINE_MANUAL)
            out->manual_lines++;
        else if (mark[l] & LINE_EDITED)
            out->auto_lines++;
    }
    free(starts);
    free(mark);
    return 0;
}
