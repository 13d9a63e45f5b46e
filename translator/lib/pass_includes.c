/* pass_includes.c: maps CUDA #include paths to HIP headers through the header table, drops duplicate
 * HIP includes, and records what the file includes. The hip_runtime.h insertion itself happens once the
 * proposals are resolved (hc_finish_includes, a finishing pass of passes.def): only then is it known
 * whether it is needed. */
#include "include_reach.h"
#include "code.h"
#include "unit.h"
#include "user_rules.h"
#include "util.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* One #include seen in the file. */
typedef struct seen_include {
    char path[256];
    size_t cond_epoch; /* number of conditional directives seen before it */
} seen_include;

/* The name of a conditional directive (#if ... #endif): includes in different branches are not duplicates. */
static bool is_conditional(const hc_unit *u, size_t k) {
    static const char *const words[] = {"if", "ifdef", "ifndef", "elif", "else", "endif", "elifdef", "elifndef"};
    return hc_code_is_any(u, k, words, COUNT_OF(words));
}

/* Offset range of the physical line(s) of the directive starting at token index h, newline included. */
static void directive_extent(const hc_unit *u, size_t h, uint32_t *start, uint32_t *end) {
    size_t last = hc_code_directive_end(u, h) - 1;
    *start = hc_code_tok(u, h)->off;
    while (*start > 0 && (u->text[*start - 1] == ' ' || u->text[*start - 1] == '\t')) (*start)--;
    uint32_t e = hc_code_end(u, last);
    while (e < u->len && u->text[e] != '\n') e++;
    if (e < u->len) e++;
    *end = e;
}

/* HIP headers that use the HIP runtime without including it (HIP 5.2's hip_cooperative_groups.h needs
 * hipBlockDim_x and friends): a translated file must include hip_runtime.h before them, although CUDA
 * code may include cooperative_groups.h first (nvcc includes the runtime implicitly). */
static const char *const needs_runtime_first[] = {"hip/hip_cooperative_groups.h"};

static bool must_follow_runtime(const char *target) {
    for (size_t i = 0; i < COUNT_OF(needs_runtime_first); i++)
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
    hc_check_shadowing_name(u);
    for (size_t i = 0; i < u->toks.n; i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH)) continue;
        size_t k = hc_code_directive_name(u, i);
        if (is_conditional(u, k)) { epoch++; continue; }
        if (!hc_code_is(u, k, "include") && !hc_code_is(u, k, "include_next")) continue;
        size_t pi = hc_code_next(u, k);
        if (!hc_code_kind(u, pi, HC_TOK_STRING) || !hc_code_in_directive(u, pi)) continue;
        const hc_token *pt = hc_code_tok(u, pi);
        if (pt->len < 2 || pt->len - 2 >= sizeof seen[0].path) continue;
        const char *path = t + pt->off + 1;
        size_t plen = pt->len - 2;
        if (hc_code_skipped(u, pi)) continue;
        hc_check_sdk_helper(u, pt->off, path, plen);

        char target[256];
        const char *rule = NULL;
        const char *user = u->opt->rules ? hc_rule_set_header_rule(u->opt->rules, path, plen, &rule) : NULL;
        const hc_header_map *h = user ? NULL : hc_header_find(path, plen);
        if (h && (h->flags & HC_HDRF_GENERIC) && t[pt->off] == '"' && hc_include_beside(u, path, plen)) h = NULL;
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
                                         : u->opt->roc); /* as resolve.c */
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
            size_t hl = strlen(hip), cl = strlen(h->cuda);
            if (hl && hip[hl - 1] == '*' && cl && h->cuda[cl - 1] == '*') /* prefix row: keep the rest of the path */
                snprintf(target, sizeof target, "%.*s%.*s", (int)(hl - 1), hip, (int)(plen - (cl - 1)), path + cl - 1);
            else
                snprintf(target, sizeof target, "%s", hip);
            /* A header HIP spells the same (thrust/sort.h) is no conversion; a removed one's content comes
             * with hip_runtime.h, which the file then needs. */
            if (strlen(target) != plen || memcmp(target, path, plen) != 0)
                hc_unit_count_ref(u, path, plen, (hc_family)h->family, true);
            if (h->flags & HC_HDRF_RUNTIME) u->includes_cuda_runtime = true;
            if (h->flags & HC_HDRF_REMOVE) u->uses_runtime = true;
            else hc_check_hip_header(u, pt->off, target, t[pt->off] == '"');
        } else {
            snprintf(target, sizeof target, "%.*s", (int)plen, path);
        }
        if (strcmp(target, "hip/hip_runtime.h") == 0) u->includes_hip_runtime = true;
        else if (provides_runtime(target)) u->includes_cuda_runtime = true;

        if (must_follow_runtime(target) && !already_seen(seen, nseen, "hip/hip_runtime.h", epoch) &&
            !already_seen(seen, nseen, target, epoch) && nseen < COUNT_OF(seen)) {
            uint32_t s, e; /* the runtime goes on its own line right before this include */
            directive_extent(u, i, &s, &e);
            char runtime[64];
            snprintf(runtime, sizeof runtime, "#include <hip/hip_runtime.h>%s", line_end(u));
            if (hc_unit_edit(u, s, 0, runtime, HC_PRIO_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
            snprintf(seen[nseen].path, sizeof seen[nseen].path, "%s", "hip/hip_runtime.h");
            seen[nseen++].cond_epoch = epoch;
            u->includes_hip_runtime = true;
        }
        /* Only an include the port rewrote can become a duplicate; a header the user includes twice
         * (<vector> in a host file) is the user's business and stays. */
        bool mapped = strlen(target) != plen || memcmp(target, path, plen) != 0;
        if ((h && (h->flags & HC_HDRF_REMOVE)) || (mapped && target[0] && already_seen(seen, nseen, target, epoch))) {
            uint32_t s, e; /* a duplicate or a header HIP does not need: drop the whole directive line */
            directive_extent(u, i, &s, &e);
            if (hc_unit_edit(u, s, e - s, "", HC_PRIO_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
            continue;
        }
        if (nseen < COUNT_OF(seen)) {
            snprintf(seen[nseen].path, sizeof seen[nseen].path, "%s", target);
            seen[nseen++].cond_epoch = epoch;
        }
        if (strlen(target) != plen || memcmp(target, path, plen) != 0) {
            if (hc_unit_edit(u, pt->off + 1, (uint32_t)plen, target, HC_PRIO_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
        }
    }
    return 0;
}

/* The keyword of a directive that opens an #if group. */
static bool opens_group(const hc_unit *u, size_t k) {
    return hc_code_is(u, k, "if") || hc_code_is(u, k, "ifdef") || hc_code_is(u, k, "ifndef");
}

/* Offset just past the end of the line that holds token index i. */
static uint32_t end_of_line(const hc_unit *u, size_t i) {
    uint32_t e = hc_code_end(u, i);
    while (e < u->len && u->text[e] != '\n') e++;
    return e < u->len ? e + 1 : (uint32_t)u->len;
}

static uint32_t start_of_line(const hc_unit *u, uint32_t off) {
    while (off > 0 && u->text[off - 1] != '\n') off--;
    return off;
}

/* True when the '#' at index h opens the file's include guard, as a compiler judges it: it is the first
 * token that is not a comment, it reads #ifndef X, #if !defined(X) or #if !defined X, and its #endif is
 * the last directive, with only comments after it. #define X need not follow at once (#pragma once may
 * stand between). */
static bool opens_guard(const hc_unit *u, size_t h) {
    size_t k = hc_code_directive_name(u, h);
    if (hc_code_is(u, k, "if")) {
        size_t a = hc_code_next(u, k), b = hc_code_next(u, a);
        if (!hc_code_is(u, a, "!") || !hc_code_is(u, b, "defined")) return false;
    } else if (!hc_code_is(u, k, "ifndef")) {
        return false;
    }
    size_t depth = 0;
    for (size_t i = h; hc_code_valid(u, i); i = hc_code_next(u, i)) { /* h is a '#', no comment */
        if (depth == 0 && i > h) return false; /* something after the guard's #endif */
        if (!hc_code_kind(u, i, HC_TOK_HASH)) continue;
        size_t d = hc_code_directive_name(u, i);
        if (opens_group(u, d)) depth++;
        else if (hc_code_is(u, d, "endif") && depth > 0 && --depth == 0) {
            while (hc_code_in_directive(u, i + 1)) i++; /* #endif // X */
        }
    }
    return depth == 0;
}

/* Line start of the declaration that the code token at index i belongs to: after the previous ';', '}'
 * or directive line (extern "C" {, namespace x {). */
static uint32_t statement_start(const hc_unit *u, size_t i) {
    size_t j = i;
    for (size_t p = hc_code_prev(u, j); hc_code_valid(u, p); p = hc_code_prev(u, p)) {
        if (hc_code_in_directive(u, p) || hc_code_kind(u, p, HC_TOK_HASH) || hc_code_is(u, p, ";") ||
            hc_code_is(u, p, "}") || hc_code_is(u, p, "{"))
            break;
        j = p;
    }
    return start_of_line(u, hc_code_tok(u, j)->off);
}

/* Where an inserted include goes, as hipify-clang places it:
 * - on the line after the include guard's #ifndef or after #pragma once, whichever comes first;
 * - else right before the first #include (before the outermost #if around it, so that the runtime is
 *   not included only in one configuration; before the `extern "C" {` block that holds it, since C++
 *   headers cannot be included with C linkage);
 * - else before the first line that is not a comment. */
static uint32_t insertion_point(const hc_unit *u) {
    size_t first = hc_code_from(u, 0, u->toks.n); /* the first code token */
    if (!hc_code_valid(u, first)) return (uint32_t)u->len;
    uint32_t after_guard = UINT32_MAX, after_once = UINT32_MAX, before_include = UINT32_MAX;
    bool guarded = hc_code_kind(u, first, HC_TOK_HASH) && opens_guard(u, first);
    if (guarded) after_guard = end_of_line(u, hc_code_directive_name(u, first));
    size_t depth = 0;
    uint32_t outer_if = 0;    /* line start of the outermost open #if (the guard not counted) */
    uint32_t outer_block = 0; /* where the last outermost block (extern "C" {) starts: the one that holds
                               * the first #include when a block does (the unit's blocks, hc_code_block_of) */
    for (size_t i = first; hc_code_valid(u, i); i++) {
        /* noted at its '{', while the #if groups open there are known */
        if (before_include == UINT32_MAX && hc_code_punct(u, i, "{") && !hc_code_in_directive(u, i) && !hc_code_block_of(u, i))
            outer_block = depth ? outer_if : statement_start(u, i);
        if (!hc_code_kind(u, i, HC_TOK_HASH)) continue;
        size_t k = hc_code_directive_name(u, i);
        uint32_t line = start_of_line(u, hc_code_tok(u, i)->off);
        if (hc_code_is(u, k, "pragma")) {
            size_t o = hc_code_next(u, k);
            if (after_once == UINT32_MAX && hc_code_is(u, o, "once")) after_once = end_of_line(u, o);
        } else if (opens_group(u, k)) {
            if (!(guarded && i == first) && depth++ == 0) outer_if = line;
        } else if (hc_code_is(u, k, "endif")) {
            if (depth > 0) depth--;
        } else if (before_include == UINT32_MAX && (hc_code_is(u, k, "include") || hc_code_is(u, k, "include_next"))) {
            before_include = hc_code_block_of(u, i) ? outer_block : depth ? outer_if : line;
        }
    }
    if (after_guard != UINT32_MAX || after_once != UINT32_MAX) return after_guard < after_once ? after_guard : after_once;
    if (before_include != UINT32_MAX) return before_include;
    return start_of_line(u, hc_code_tok(u, first)->off);
}

/* nvcc includes cuda_runtime.h into every .cu file it compiles; a translated .cu file therefore needs
 * hip_runtime.h whatever it uses (hipify-clang inserts it there too). Other files need it only when they
 * use the runtime themselves. */
bool hc_is_cuda_source(const char *path) {
    const char *dot = path ? strrchr(path, '.') : NULL;
    return dot && strchr(dot, '/') == NULL && (strcmp(dot, ".cu") == 0 || strcmp(dot, ".CU") == 0);
}

/* The include guard's '#' token index, or SIZE_MAX. */
static size_t guard_hash(const hc_unit *u) {
    size_t first = hc_code_from(u, 0, u->toks.n); /* the first code token */
    return hc_code_kind(u, first, HC_TOK_HASH) && opens_guard(u, first) ? first : SIZE_MAX;
}

/* Where a conditional include goes: after the last #include outside every branch (the guard aside) that
 * comes before the first use, so that a macro of the condition set by those headers is seen; else where
 * an unconditional one would go. */
static uint32_t conditional_point(const hc_unit *u, size_t guard, uint32_t first_use) {
    size_t depth = 0;
    uint32_t at = UINT32_MAX;
    for (size_t i = 0; hc_code_valid(u, i) && hc_code_tok(u, i)->off < first_use; i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH) || i == guard) continue;
        size_t k = hc_code_directive_name(u, i);
        if (opens_group(u, k)) depth++;
        else if (hc_code_is(u, k, "endif") && depth > 0) depth--;
        else if (depth == 0 && (hc_code_is(u, k, "include") || hc_code_is(u, k, "include_next"))) {
            uint32_t s, e;
            directive_extent(u, i, &s, &e);
            if (e <= first_use) at = e;
        }
    }
    return at != UINT32_MAX ? at : insertion_point(u);
}

/* "#ifndef X" for !defined(X), "#ifdef X" for defined(X), else "#if COND". */
static void open_line(const char *cond, char *out, size_t size) {
    size_t n = strlen(cond);
    const char *name = NULL;
    bool neg = false;
    if (n > 11 && !strncmp(cond, "(defined(", 9) && !strcmp(cond + n - 2, "))")) name = cond + 9;
    else if (n > 12 && !strncmp(cond, "(!defined(", 10) && !strcmp(cond + n - 2, "))")) name = cond + 10, neg = true;
    if (name && !strpbrk(name, " |&!") && strchr(name, ')') == cond + n - 2) {
        snprintf(out, size, "#if%sdef %.*s", neg ? "n" : "", (int)(cond + n - 2 - name), name);
        return;
    }
    snprintf(out, size, "#if %s", cond);
}

/* Whether an #include directive of the file, in any #if branch, names the runtime shim's header
 * ("hipify_shim.h" or <hipify_shim.h>). A comment or a string that mentions it is no include. */
static bool includes_shim(const hc_unit *u) {
    static const char shim[] = "hipify_shim.h";
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        if (!hc_code_kind(u, i, HC_TOK_HASH)) continue;
        size_t k = hc_code_directive_name(u, i);
        if (!hc_code_is(u, k, "include") && !hc_code_is(u, k, "include_next")) continue;
        size_t p = hc_code_next(u, k);
        if (!hc_code_kind(u, p, HC_TOK_STRING) || !hc_code_in_directive(u, p)) continue;
        const hc_token *pt = hc_code_tok(u, p);
        if (pt->len == sizeof shim + 1 && memcmp(u->text + pt->off + 1, shim, sizeof shim - 1) == 0) return true;
    }
    return false;
}

int hc_finish_includes(hc_unit *u) {
    char text[1400] = "";
    const char *eol = line_end(u);
    bool cu = hc_is_cuda_source(u->path);
    bool need_runtime = !u->includes_hip_runtime &&
                        (cu || (u->uses_runtime && !u->includes_cuda_runtime));
    bool need_shim = u->uses_shim && !includes_shim(u);
    if (!need_runtime && !need_shim) return 0;
    /* nvcc includes the runtime into every .cu file whatever its #if branches say: so does the port. */
    char cond[1024] = "";
    uint32_t first_use = 0;
    size_t guard = guard_hash(u);
    int conditional = cu ? 0 : hc_use_condition(u, guard, cond, sizeof cond, &first_use);
    if (conditional < 0) return -1;
    char open[1100] = "";
    if (conditional) open_line(cond, open, sizeof open);
    if (conditional) strcat(strcat(text, open), eol);
    if (need_runtime) strcat(strcat(text, "#include <hip/hip_runtime.h>"), eol);
    if (need_shim) strcat(strcat(text, "#include \"hipify_shim.h\""), eol);
    if (conditional) strcat(strcat(text, "#endif"), eol);
    uint32_t at = conditional ? conditional_point(u, guard, first_use) : insertion_point(u);
    if (at == u->len && u->len > 0 && u->text[u->len - 1] != '\n') {
        char with_nl[sizeof text + 4];
        snprintf(with_nl, sizeof with_nl, "%s%s", eol, text);
        if (hc_unit_edit(u, at, 0, with_nl, HC_PRIO_INCLUDE, HC_EFFORT_RENAME) < 0) return -1;
    } else if (hc_unit_edit(u, at, 0, text, HC_PRIO_INCLUDE, HC_EFFORT_RENAME) < 0) {
        return -1;
    }
    const char *what = need_runtime ? "hip/hip_runtime.h" : "hipify_shim.h";
    if (conditional)
        hc_unit_diag(u, HC_D_HEADER_INSERTED_COND, at, what, what, open);
    else if (need_runtime && cu && !(u->uses_runtime && !u->includes_cuda_runtime))
        hc_unit_diag(u, HC_D_HEADER_INSERTED_CU, at, "hip/hip_runtime.h");
    else if (need_runtime)
        hc_unit_diag(u, HC_D_HEADER_INSERTED, at, "hip/hip_runtime.h");
    return 0;
}
