/* pass_includes.c: maps CUDA #include paths to HIP headers through the header table, drops duplicate
 * HIP includes, and records what the file includes. The hip_runtime.h insertion itself happens once all
 * passes have run (translate.c: hc_finish_includes), since only then is it known whether it is needed. */
#include "unit.h"
#include "user_rules.h"

#include <stdio.h>
#include <string.h>

/* One #include seen in the file. */
typedef struct seen_include {
    char path[256];
    size_t cond_epoch; /* number of conditional directives seen before it */
} seen_include;

static bool is_conditional(const char *t, const hc_token *k) {
    static const char *const words[] = {"if", "ifdef", "ifndef", "elif", "else", "endif", "elifdef", "elifndef"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (hc_tok_is(t, k, words[i])) return true;
    return false;
}

/* Offset range of the physical line(s) of the directive starting at token index h, newline included. */
static void directive_extent(const hc_unit *u, size_t h, uint32_t *start, uint32_t *end) {
    size_t last = h;
    while (last + 1 < u->toks.n && (u->toks.v[last + 1].flags & HC_TOKF_DIRECTIVE) &&
           u->toks.v[last + 1].kind != HC_TOK_HASH)
        last++;
    *start = u->toks.v[h].off;
    while (*start > 0 && (u->text[*start - 1] == ' ' || u->text[*start - 1] == '\t')) (*start)--;
    uint32_t e = u->toks.v[last].off + u->toks.v[last].len;
    while (e < u->len && u->text[e] != '\n') e++;
    if (e < u->len) e++;
    *end = e;
}

/* HIP headers that use the HIP runtime without including it (HIP 5.2's hip_cooperative_groups.h needs
 * hipBlockDim_x and friends): a translated file must include hip_runtime.h before them, although CUDA
 * code may include cooperative_groups.h first (nvcc includes the runtime implicitly). */
static const char *const needs_runtime_first[] = {"hip/hip_cooperative_groups.h"};

static bool must_follow_runtime(const char *target) {
    for (size_t i = 0; i < sizeof needs_runtime_first / sizeof *needs_runtime_first; i++)
        if (strcmp(target, needs_runtime_first[i]) == 0) return true;
    return false;
}

/* True when target is the HIP header of a CUDA header that counts as including the runtime
 * (cuda_profiler_api.h -> hip/hip_runtime_api.h): translating a file again must judge the HIP include
 * as the first run judged the CUDA one, or hip_runtime.h would be inserted on the second run. */
static bool provides_runtime(const char *target) {
    size_t n = 0;
    const hc_header_map *rows = hc_header_all(&n);
    for (size_t i = 0; i < n; i++)
        if ((rows[i].flags & HC_HDRF_RUNTIME) && !must_follow_runtime(rows[i].hip) && strcmp(rows[i].hip, target) == 0)
            return true;
    return false;
}

/* The file's line ending, taken from its first line, so inserted lines match a CRLF file. */
static const char *line_end(const hc_unit *u) {
    const char *nl = memchr(u->text, '\n', u->len);
    return nl && nl > u->text && nl[-1] == '\r' ? "\r\n" : "\n";
}

static bool already_seen(const seen_include *seen, size_t n, const char *path, size_t epoch) {
    for (size_t i = 0; i < n; i++)
        if (seen[i].cond_epoch == epoch && strcmp(seen[i].path, path) == 0) return true;
    return false;
}

int hc_pass_includes(hc_unit *u) {
    const char *t = u->text;
    seen_include seen[128];
    size_t nseen = 0, epoch = 0;
    for (size_t i = 0; i < u->toks.n; i++) {
        if (u->toks.v[i].kind != HC_TOK_HASH) continue;
        size_t k = hc_tok_next(&u->toks, i);
        if (k >= u->toks.n || !(u->toks.v[k].flags & HC_TOKF_DIRECTIVE)) continue;
        const hc_token *kw = &u->toks.v[k];
        if (is_conditional(t, kw)) { epoch++; continue; }
        if (!hc_tok_is(t, kw, "include") && !hc_tok_is(t, kw, "include_next")) continue;
        size_t pi = hc_tok_next(&u->toks, k);
        if (pi >= u->toks.n || u->toks.v[pi].kind != HC_TOK_STRING || !(u->toks.v[pi].flags & HC_TOKF_DIRECTIVE)) continue;
        const hc_token *pt = &u->toks.v[pi];
        if (pt->len < 2 || pt->len - 2 >= sizeof seen[0].path) continue;
        const char *path = t + pt->off + 1;
        size_t plen = pt->len - 2;
        if ((u->toks.v[pi].flags & HC_TOKF_INACTIVE) && u->opt->skip_excluded_pp_blocks) continue;

        char target[256];
        const char *rule = NULL;
        const char *user = u->opt->rules ? hc_rule_set_header_rule(u->opt->rules, path, plen, &rule) : NULL;
        const hc_header_map *h = user ? NULL : hc_header_find(path, plen);
        if (user) {
            snprintf(target, sizeof target, "%s", user);
            if (rule) hc_unit_count_rule(u, rule);
            hc_unit_diag(u, HC_D_RULE_HIT, pt->off, rule ? rule : user, rule ? rule : user);
        } else if (h) {
            if (!h->hip[0] && !(h->flags & HC_HDRF_REMOVE)) {
                char name[256];
                snprintf(name, sizeof name, "%.*s", (int)plen, path);
                hc_unit_diag(u, HC_D_UNSUPPORTED_HEADER, pt->off, name, name);
                hc_unit_count_ref(u, path, plen, (hc_family)h->family, false);
                continue;
            }
            const char *hip = h->hip;
            bool use_roc = h->roc[0] && (h->family == HC_FAM_DNN ? u->opt->miopen
                                         : u->opt->roc && h->family != HC_FAM_SOLVER); /* as resolve.c */
            if (use_roc) {
                hip = h->roc;
            } else if (u->opt->hip_version && h->hip_path_since && u->opt->hip_version < h->hip_path_since) {
                if (!h->hip_old[0]) { /* the target HIP has no such header yet */
                    char name[256];
                    snprintf(name, sizeof name, "%.*s", (int)plen, path);
                    hc_unit_diag(u, HC_D_UNSUPPORTED_HEADER, pt->off, name, name);
                    hc_unit_count_ref(u, path, plen, (hc_family)h->family, false);
                    continue;
                }
                hip = h->hip_old;
            }
            snprintf(target, sizeof target, "%s", hip);
            hc_unit_count_ref(u, path, plen, (hc_family)h->family, true);
            if (h->flags & HC_HDRF_RUNTIME) u->includes_cuda_runtime = true;
            u->uses_runtime = true;
        } else {
            snprintf(target, sizeof target, "%.*s", (int)plen, path);
        }
        if (strcmp(target, "hip/hip_runtime.h") == 0 || provides_runtime(target)) u->includes_hip_runtime = true;

        if (must_follow_runtime(target) && !already_seen(seen, nseen, "hip/hip_runtime.h", epoch) &&
            !already_seen(seen, nseen, target, epoch) && nseen < sizeof seen / sizeof *seen) {
            uint32_t s, e; /* the runtime goes on its own line right before this include */
            directive_extent(u, i, &s, &e);
            char runtime[64];
            snprintf(runtime, sizeof runtime, "#include <hip/hip_runtime.h>%s", line_end(u));
            if (hc_unit_edit(u, s, 0, runtime, HC_RULE_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
            snprintf(seen[nseen].path, sizeof seen[nseen].path, "%s", "hip/hip_runtime.h");
            seen[nseen++].cond_epoch = epoch;
            u->includes_hip_runtime = true;
        }
        if ((h && (h->flags & HC_HDRF_REMOVE)) || (target[0] && already_seen(seen, nseen, target, epoch))) {
            uint32_t s, e; /* a duplicate or a header HIP does not need: drop the whole directive line */
            directive_extent(u, i, &s, &e);
            if (hc_unit_edit(u, s, e - s, "", HC_RULE_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
            continue;
        }
        if (nseen < sizeof seen / sizeof *seen) {
            snprintf(seen[nseen].path, sizeof seen[nseen].path, "%s", target);
            seen[nseen++].cond_epoch = epoch;
        }
        if (strlen(target) != plen || memcmp(target, path, plen) != 0) {
            if (hc_unit_edit(u, pt->off + 1, (uint32_t)plen, target, HC_RULE_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
        }
    }
    return 0;
}

/* Offset after the include guard (#ifndef X / #define X) or #pragma once at the top of the file, or the
 * start of the first line that is not a comment: where an inserted include goes. */
static uint32_t insertion_point(const hc_unit *u) {
    const char *t = u->text;
    size_t i = 0;
    while (i < u->toks.n && u->toks.v[i].kind == HC_TOK_COMMENT) i++;
    if (i >= u->toks.n) return (uint32_t)u->len;
    uint32_t first = u->toks.v[i].off;
    while (first > 0 && t[first - 1] != '\n') first--;
    if (u->toks.v[i].kind != HC_TOK_HASH) return first;
    size_t k = hc_tok_next(&u->toks, i);
    if (k >= u->toks.n) return first;
    size_t after = SIZE_MAX; /* index of the last token of the guard */
    if (hc_tok_is(t, &u->toks.v[k], "pragma")) {
        size_t o = hc_tok_next(&u->toks, k);
        if (o < u->toks.n && hc_tok_is(t, &u->toks.v[o], "once")) after = o;
    } else if (hc_tok_is(t, &u->toks.v[k], "ifndef")) {
        size_t g = hc_tok_next(&u->toks, k);
        size_t h2 = hc_tok_next(&u->toks, g);
        size_t d = hc_tok_next(&u->toks, h2);
        size_t g2 = hc_tok_next(&u->toks, d);
        if (g2 < u->toks.n && u->toks.v[h2].kind == HC_TOK_HASH && hc_tok_is(t, &u->toks.v[d], "define") &&
            u->toks.v[g].len == u->toks.v[g2].len && memcmp(t + u->toks.v[g].off, t + u->toks.v[g2].off, u->toks.v[g].len) == 0)
            after = g2;
    }
    if (after == SIZE_MAX) return first;
    uint32_t e = u->toks.v[after].off + u->toks.v[after].len;
    while (e < u->len && t[e] != '\n') e++;
    return e < u->len ? e + 1 : (uint32_t)u->len;
}

int hc_finish_includes(hc_unit *u) {
    char text[160] = "";
    const char *eol = line_end(u);
    bool need_runtime = u->uses_runtime && !u->includes_cuda_runtime && !u->includes_hip_runtime;
    if (need_runtime) strcat(strcat(text, "#include <hip/hip_runtime.h>"), eol);
    if (u->uses_shim && !strstr(u->text, "\"hipify_shim.h\"")) strcat(strcat(text, "#include \"hipify_shim.h\""), eol);
    if (!text[0]) return 0;
    uint32_t at = insertion_point(u);
    if (at == u->len && u->len > 0 && u->text[u->len - 1] != '\n') {
        char with_nl[170];
        snprintf(with_nl, sizeof with_nl, "%s%s", eol, text);
        if (hc_unit_edit(u, at, 0, with_nl, HC_RULE_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
    } else if (hc_unit_edit(u, at, 0, text, HC_RULE_INCLUDE, HC_EFFORT_RENAME) < 0) {
        return -1;
    }
    if (need_runtime) hc_unit_diag(u, HC_D_HEADER_INSERTED, at, "hip/hip_runtime.h");
    return 0;
}
