/* translate.c: the per-file pipeline (input checks, token pass, semantic pass, rule passes, edit set,
 * annotations, statistics) and the context that holds what every file shares. It reads no
 * directories and writes no files. */
#include "resolution.h"
#include "readfile.h"
#include "cuda_version.h"
#include "grow.h"
#include "semantic.h"
#include "code.h"
#include "values.h"
#include "unit.h"
#include "util.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define HC_MAX_INPUT_BYTES (64u * 1024u * 1024u)
#define HC_DECLS_FILE "hipify_cuda_decls.h"

struct hc_context {
    hc_options opt;
    char decls_dir[PATH_MAX];
    char *decls; /* text of the declaration header, prepended in single-file mode */
    size_t decls_len;
    char **args; /* compiler arguments shared by every file */
    size_t nargs, args_cap;
    const hc_run_facts *run;  /* the run's facts (hc_context_set_run); never NULL */
    CXCompilationDatabase db; /* -p, or NULL */
    pthread_mutex_t db_lock;  /* libclang's compilation database is not documented as thread-safe */
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Why a read failed, as the errno the messages name: a failed read (a directory included) says EIO. */
static int read_errno(hc_read_status rs, int sys_err) {
    return rs == HC_READ_OPEN_FAILED ? sys_err : rs == HC_READ_NO_MEMORY ? ENOMEM : rs == HC_READ_TOO_LARGE ? EFBIG : EIO;
}

static bool dir_has_decls(const char *dir) {
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", dir, HC_DECLS_FILE);
    return access(p, R_OK) == 0;
}

/* The declaration headers: --decls-dir, else next to the installed binary, else the source tree. */
static bool find_decls_dir(const hc_options *opt, char *out, size_t size) {
    if (opt->decls_dir) {
        snprintf(out, size, "%s", opt->decls_dir);
        return dir_has_decls(out);
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            snprintf(out, size, "%s/../%s", exe, HC_DECLS_INSTALL_SUBDIR);
            if (dir_has_decls(out)) return true;
        }
    }
    snprintf(out, size, "%s", HC_DECLS_SOURCE_DIR);
    return dir_has_decls(out);
}

static const hc_run_facts no_run_facts; /* read only: what a context knows of its run until it is told */

static int push_arg(hc_context *c, const char *a) {
    if (hc_grow(&c->args, &c->args_cap, c->nargs, sizeof *c->args, 16) < 0) return -1;
    c->args[c->nargs] = strdup(a);
    return c->args[c->nargs++] ? 0 : -1;
}

hc_context *hc_context_new(const hc_options *opt, char *err, size_t errsize) {
    hc_context *c = calloc(1, sizeof *c);
    if (!c) { snprintf(err, errsize, "out of memory"); return NULL; }
    c->opt = *opt;
    c->run = &no_run_facts;
    pthread_mutex_init(&c->db_lock, NULL);
    hc_semantic_init(); /* before any worker thread: it sets an environment variable libclang reads */
    if (!opt->cuda_path) {
        if (!find_decls_dir(opt, c->decls_dir, sizeof c->decls_dir)) {
            snprintf(err, errsize, "CUDA declaration headers not found (looked for %s in %s)", HC_DECLS_FILE, c->decls_dir);
            hc_context_free(c);
            return NULL;
        }
        char p[PATH_MAX + 32];
        snprintf(p, sizeof p, "%s/%s", c->decls_dir, HC_DECLS_FILE);
        int e = 0;
        hc_read_status rs = hc_read_file(p, 1u << 24, 0, &c->decls, &c->decls_len, &e);
        if (rs != HC_READ_OK) {
            snprintf(err, errsize, "%s: %s", p, strerror(read_errno(rs, e)));
            hc_context_free(c);
            return NULL;
        }
    }
    static const char *const base[] = {"-x", "cuda", "--cuda-host-only", "-nocudalib", "-std=c++17",
                                       "-ferror-limit=0", "-Wno-everything", "-D__CUDACC__"};
    for (size_t i = 0; i < COUNT_OF(base); i++)
        if (push_arg(c, base[i]) < 0) goto nomem;
    char buf[PATH_MAX + 64];
    if (opt->cuda_path) {
        snprintf(buf, sizeof buf, "--cuda-path=%s", opt->cuda_path);
        if (push_arg(c, buf) < 0) goto nomem;
    } else {
        snprintf(buf, sizeof buf, "-I%s", c->decls_dir);
        if (push_arg(c, "-nocudainc") < 0 || push_arg(c, buf) < 0) goto nomem;
    }
    for (size_t i = 0; i < opt->nclang_args; i++)
        if (push_arg(c, opt->clang_args[i]) < 0) goto nomem;
    if (opt->compile_db_dir) {
        CXCompilationDatabase_Error dberr;
        c->db = clang_CompilationDatabase_fromDirectory(opt->compile_db_dir, &dberr);
        if (dberr != CXCompilationDatabase_NoError) {
            snprintf(err, errsize, "%s: no readable compile_commands.json", opt->compile_db_dir);
            hc_context_free(c);
            return NULL;
        }
        if (c->opt.semantic == HC_SEM_AUTO) c->opt.semantic = HC_SEM_FULL;
    }
    return c;
nomem:
    snprintf(err, errsize, "out of memory");
    hc_context_free(c);
    return NULL;
}

void hc_context_free(hc_context *c) {
    if (!c) return;
    for (size_t i = 0; i < c->nargs; i++) free(c->args[i]);
    free(c->args);
    free(c->decls);
    if (c->db) clang_CompilationDatabase_dispose(c->db);
    pthread_mutex_destroy(&c->db_lock);
    free(c);
}

const hc_options *hc_context_options(const hc_context *ctx) { return &ctx->opt; }

void hc_context_set_run(hc_context *ctx, const hc_run_facts *run) { ctx->run = run ? run : &no_run_facts; }

/* Whether path is among the n paths of a run fact (hc_run_facts.hipcc_compiled, .cmake_module_roots). */
static bool run_names(const char *const *paths, size_t n, const char *path) {
    for (size_t i = 0; path && i < n; i++)
        if (strcmp(paths[i], path) == 0) return true;
    return false;
}
const char *const *hc_context_clang_args(const hc_context *ctx, size_t *count) {
    *count = ctx->nargs;
    return (const char *const *)ctx->args;
}

/* Keeps the flags of a compile command that matter to parsing (-I, -D, -U, -isystem, -include, -std). */
static bool keep_db_flag(const char *a, bool *takes_next) {
    static const char *const with_value[] = {"-I", "-D", "-U", "-isystem", "-include", "-iquote"};
    *takes_next = false;
    for (size_t i = 0; i < COUNT_OF(with_value); i++) {
        size_t n = strlen(with_value[i]);
        if (strncmp(a, with_value[i], n) == 0) {
            *takes_next = a[n] == '\0';
            return true;
        }
    }
    return strncmp(a, "-std=", 5) == 0;
}

/* Compiler arguments for one file: the shared ones plus, with -p, the file's own from the database.
 * Returns a malloc'd array of borrowed/owned strings; *owned tells which must be freed. */
static char **file_args(const hc_context *ctx, const char *path, size_t *n, size_t *nowned) {
    size_t cap = ctx->nargs + 64;
    char **v = malloc(cap * sizeof *v);
    if (!v) return NULL;
    memcpy(v, ctx->args, ctx->nargs * sizeof *v);
    *n = ctx->nargs;
    *nowned = 0;
    if (!ctx->db) return v;
    char abs[PATH_MAX];
    if (!realpath(path, abs)) return v;
    pthread_mutex_lock((pthread_mutex_t *)&ctx->db_lock);
    CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(ctx->db, abs);
    if (cmds && clang_CompileCommands_getSize(cmds) > 0) {
        CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
        unsigned na = clang_CompileCommand_getNumArgs(cmd);
        bool next = false;
        for (unsigned i = 1; i < na && *n + 16 < cap; i++) { /* room for run_passes' own arguments */
            CXString s = clang_CompileCommand_getArg(cmd, i);
            const char *a = clang_getCString(s);
            bool takes = false;
            if (next || keep_db_flag(a, &takes)) {
                v[(*n)++] = strdup(a);
                (*nowned)++;
            }
            next = takes;
            clang_disposeString(s);
        }
    }
    if (cmds) clang_CompileCommands_dispose(cmds);
    pthread_mutex_unlock((pthread_mutex_t *)&ctx->db_lock);
    return v;
}

static int build_line_index(hc_unit *u) {
    size_t n = 1;
    for (size_t i = 0; i < u->len; i++) n += u->text[i] == '\n';
    u->line_starts = malloc(n * sizeof *u->line_starts);
    if (!u->line_starts) return -1;
    u->nlines = 0;
    u->line_starts[u->nlines++] = 0;
    for (size_t i = 0; i < u->len; i++)
        if (u->text[i] == '\n' && i + 1 < u->len) u->line_starts[u->nlines++] = (uint32_t)(i + 1);
    return 0;
}

/* Position of the first byte that is not valid UTF-8, or SIZE_MAX. */
static size_t invalid_utf8_at(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t need;
        if (c < 0x80) { i++; continue; }
        if (c >= 0xc2 && c <= 0xdf) need = 1;
        else if (c >= 0xe0 && c <= 0xef) need = 2;
        else if (c >= 0xf0 && c <= 0xf4) need = 3;
        else return i;
        for (size_t k = 1; k <= need; k++)
            if (i + k >= n || (s[i + k] & 0xc0) != 0x80) return i;
        if (c == 0xe0 && s[i + 1] < 0xa0) return i;      /* overlong */
        if (c == 0xed && s[i + 1] >= 0xa0) return i;     /* surrogates */
        if (c == 0xf0 && s[i + 1] < 0x90) return i;      /* overlong */
        if (c == 0xf4 && s[i + 1] >= 0x90) return i;     /* > U+10FFFF */
        i += need + 1;
    }
    return SIZE_MAX;
}

static int cmp_refs(const void *a, const void *b) {
    const hc_ref_count *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (int)x->converted - (int)y->converted;
}

static int cmp_diags(const void *a, const void *b) {
    const hc_diag *x = a, *y = b;
    if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
    return (int)x->id - (int)y->id;
}

/* Moves a reference table into a sorted array, leaving out names whose count went back to zero. */
static hc_ref_count *flatten_refs(hc_ref_table *t, size_t *n) {
    hc_ref_count *v = malloc((t->used ? t->used : 1) * sizeof *v);
    *n = 0;
    if (!v) return NULL;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slots[i].name) continue;
        if (t->slots[i].count == 0) { /* every reference was taken back or moved: not a reference */
            free(t->slots[i].name);
            continue;
        }
        v[(*n)++] = t->slots[i];
    }
    free(t->slots);
    t->slots = NULL;
    t->cap = t->used = 0;
    qsort(v, *n, sizeof *v, cmp_refs);
    return v;
}

static void compute_stats(hc_unit *u, hc_file_result *r) {
    hc_stats *s = &r->stats;
    s->total_bytes = r->original_len; /* the input as read, a byte-order mark included */
    s->total_lines = u->len ? u->nlines : 0;
    uint32_t last_line = 0;
    for (size_t i = 0; i < u->edits.n; i++) {
        const hc_edit *e = &u->edits.v[i];
        if (e->priority == HC_PRIO_ANNOTATE) continue;
        if (strlen(e->replacement) == e->length && memcmp(e->replacement, u->text + e->offset, e->length) == 0)
            continue; /* an edit that keeps the text (disable rules) changes nothing */
        s->replaced_bytes += e->length;
        uint32_t l1 = hc_unit_line_of(u, e->offset, NULL);
        uint32_t l2 = e->length ? hc_unit_line_of(u, e->offset + e->length - 1, NULL) : l1;
        if (l1 <= last_line) l1 = last_line + 1;
        if (l2 >= l1) s->changed_lines += l2 - l1 + 1;
        if (l2 > last_line) last_line = l2;
    }
    s->refs = flatten_refs(&u->refs, &s->nrefs);
    for (size_t i = 0; i < s->nrefs; i++) {
        hc_ref_count *c = &s->refs[i];
        if (c->converted) { s->converted_refs += c->count; s->converted_by_family[c->family] += c->count; }
        else { s->unconverted_refs += c->count; s->unconverted_by_family[c->family] += c->count; }
    }
    s->rule_hits = flatten_refs(&u->rule_hits, &s->nrule_hits);
}

/* True when the line above line (1-based) is a note of --annotate: the line was annotated by an earlier
 * run. A second run may word its diagnostic differently (the condition it quotes is HIP's now) or find
 * another on the same line (the port parses differently), so any note there counts. */
static bool annotated_above(const hc_unit *u, uint32_t line) {
    static const char mark[] = "// hipify-c: ";
    uint32_t p = u->line_starts[line - 2], end = u->line_starts[line - 1];
    while (p < end && (u->text[p] == ' ' || u->text[p] == '\t')) p++;
    return end - p >= sizeof mark - 1 && memcmp(u->text + p, mark, sizeof mark - 1) == 0;
}

/* --annotate: a comment line above each line that carries warnings or errors, indented like it and
 * placed above the directive a continuation line belongs to. Not added where an earlier run's is. */
static int annotate(hc_unit *u) {
    uint32_t done_line = 0;
    for (size_t i = 0; i < u->diags.n; i++) {
        const hc_diag *d = &u->diags.v[i];
        if (d->severity < HC_SEV_WARNING || !d->line || d->offset == UINT32_MAX) continue;
        uint32_t off = d->offset; /* a diagnostic inside a directive goes above the directive's first line */
        size_t k = 0;
        while (k + 1 < u->toks.n && u->toks.v[k + 1].off <= d->offset) k++;
        if (k < u->toks.n && (u->toks.v[k].flags & HC_TOKF_DIRECTIVE)) {
            while (k > 0 && u->toks.v[k].kind != HC_TOK_HASH) k--;
            off = u->toks.v[k].off;
        }
        uint32_t line = hc_unit_line_of(u, off, NULL);
        if (line == done_line) continue;
        done_line = line;
        uint32_t start = u->line_starts[line - 1], ind = start;
        while (ind < u->len && (u->text[ind] == ' ' || u->text[ind] == '\t')) ind++;
        const hc_diag_info *info = hc_diag_info_get(d->id);
        char note[1200];
        snprintf(note, sizeof note, "%.*s// hipify-c: %s: %s: %s [%s]\n", (int)(ind - start), u->text + start,
                 d->severity == HC_SEV_ERROR ? "error" : "warning", info->code, d->message, info->flag);
        if (line >= 2 && annotated_above(u, line)) continue; /* by an earlier run: its note stands */
        if (hc_unit_edit(u, start, 0, note, HC_PRIO_ANNOTATE, HC_EFFORT_NONE) < 0) return -1;
    }
    return 0;
}

static void unit_free(hc_unit *u) {
    free(u->line_starts);
    hc_token_list_free(&u->toks);
    hc_values_free(u);
    hc_code_facts_free(u);
    hc_edit_set_free(&u->edits);
    hc_edit_set_free(&u->rolled_back);
    free(u->fixed);
    for (size_t i = 0; i < u->refs.cap; i++) free(u->refs.slots ? u->refs.slots[i].name : NULL);
    free(u->refs.slots);
    for (size_t i = 0; i < u->rule_hits.cap; i++) free(u->rule_hits.slots ? u->rule_hits.slots[i].name : NULL);
    free(u->rule_hits.slots);
    for (size_t i = 0; i < u->diags.n; i++) { free(u->diags.v[i].message); free(u->diags.v[i].name); }
    free(u->diags.v);
}

typedef int (*hc_pass_fn)(hc_unit *);
typedef struct pass_entry { const char *name; hc_pass_fn fn; hc_file_kind kind; } pass_entry;
static const pass_entry passes[] = {
#define HC_PASS(name, fn, file_kind) {name, fn, file_kind},
#include "passes.def"
};
static const pass_entry finishing[] = {
#define HC_FINISH(name, fn, file_kind) {name, fn, file_kind},
#include "passes.def"
};

/* Runs the passes of table v that apply to the unit's kind, each marking what it proposes. */
static int run_table(hc_unit *u, const pass_entry *v, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (v[i].kind != u->kind) continue;
        u->pass = v[i].name;
        if (v[i].fn(u) < 0) return -1;
    }
    u->pass = NULL;
    return 0;
}

static char *dup_text(const char *s) { return s ? strdup(s) : NULL; }

static hc_status run_passes(const hc_context *ctx, hc_unit *u, const char *path) {
    if (u->kind == HC_FILE_SOURCE) {
        if (hc_tokenize(u->text, u->len, &u->toks) < 0) return HC_ERR_NOMEM;
        if (u->toks.unterminated_comment_line)
            hc_unit_diag(u, HC_D_UNTERMINATED_COMMENT, u->line_starts[u->toks.unterminated_comment_line - 1], NULL,
                         u->toks.unterminated_comment_line);
        if (u->toks.unterminated_literal_line)
            hc_unit_diag(u, HC_D_UNTERMINATED_STRING, u->line_starts[u->toks.unterminated_literal_line - 1], NULL,
                         u->toks.unterminated_literal_line);
        const hc_options *o = &ctx->opt;
        bool run = o->semantic == HC_SEM_ALWAYS || o->semantic == HC_SEM_FULL || o->skip_excluded_pp_blocks ||
                   (o->semantic == HC_SEM_AUTO && hc_semantic_needed(u));
        if (o->semantic == HC_SEM_NEVER) run = false;
        if (run) {
            size_t nargs, nowned;
            char **args = file_args(ctx, path, &nargs, &nowned);
            if (!args) return HC_ERR_NOMEM;
            /* libclang's single-file mode evaluates no #if (it cannot know the macros of skipped includes),
             * so excluded branches are only known from a full parse. */
            bool full = o->semantic == HC_SEM_FULL || o->skip_excluded_pp_blocks;
            hc_semantic_config cfg = {full ? HC_SEMANTIC_FULL : HC_SEMANTIC_SINGLE_FILE,
                                      ctx->decls, ctx->decls_len, (const char *const *)args, nargs,
                                      o->skip_excluded_pp_blocks};
            char include_flag[] = "-include"; /* no static: the context is the only shared state */
            char decl_path[PATH_MAX + 32];
            if (cfg.mode == HC_SEMANTIC_FULL && !o->cuda_path) { /* declarations come through -include */
                snprintf(decl_path, sizeof decl_path, "%s/%s", ctx->decls_dir, HC_DECLS_FILE);
                args[nargs] = include_flag; /* file_args leaves room: cap = nargs + 64 */
                args[nargs + 1] = decl_path;
                cfg.nargs = nargs + 2;
                cfg.decls_len = 0;
            }
            /* The CUDA release the parse assumes: its version macros come from these arguments
             * (cuda_version.h); file_args leaves room for them after the -include pair. */
            char version_args[HC_CUDA_VERSION_ARGS][HC_CUDA_VERSION_ARG_LEN];
            if (!o->cuda_path) {
                int nv = hc_cuda_version_args(u, o->cuda_version, version_args);
                if (nv < 0) {
                    free(args);
                    return HC_ERR_NOMEM;
                }
                for (int k = 0; k < nv; k++) args[cfg.nargs++] = version_args[k];
            }
            u->pass = "semantic";
            int rc = hc_semantic_run(u, &cfg);
            u->pass = "input";
            for (size_t i = ctx->nargs; i < ctx->nargs + nowned; i++) free(args[i]);
            free(args);
            if (rc < 0) return HC_ERR_NOMEM;
        }
        if (hc_code_analyze(u) < 0) return HC_ERR_NOMEM; /* what the passes read about the code, once */
    }
    return run_table(u, passes, COUNT_OF(passes)) < 0 ? HC_ERR_NOMEM : HC_OK; /* every pass proposes */
}

/* The one resolution step (resolution.h), run once for every file. After the passes ran: hazards fixed,
 * supersession, the host-only rollback; the finishing passes, which read what that settled; suppression;
 * the --annotate comments; overlaps between edits by priority, annotations included. When the passes did
 * not run or failed (an input refused, out of memory), only suppression: what the input checks reported. */
static hc_status resolve(const hc_context *ctx, hc_unit *u, bool passes_ran) {
    if (!passes_ran) {
        hc_resolve_suppressed(u);
        return HC_OK;
    }
    hc_resolve_fixed(u);
    hc_resolve_supersession(u);
    if (u->kind == HC_FILE_SOURCE && hc_resolve_host_only(u) < 0) return HC_ERR_NOMEM;
    if (run_table(u, finishing, COUNT_OF(finishing)) < 0) return HC_ERR_NOMEM;
    hc_resolve_suppressed(u);
    if (u->diags.n) qsort(u->diags.v, u->diags.n, sizeof *u->diags.v, cmp_diags); /* qsort(NULL, 0) is UB */
    u->pass = HC_PASS_ANNOTATE;
    if (ctx->opt.annotate && annotate(u) < 0) return HC_ERR_NOMEM;
    u->pass = NULL;
    return hc_resolve_overlaps(u) < 0 ? HC_ERR_NOMEM : HC_OK;
}

/* hc_translate_buffer, taking over owned (len bytes and a NUL, from malloc) as the result's original
 * instead of copying it: a file read for translation is held once, not twice. owned may be NULL. */
static hc_status translate_buffer(const hc_context *ctx, const char *path, const char *rel_path, hc_file_kind kind,
                                  const char *data, size_t len, char *owned, hc_file_result *out) {
    double t0 = now_seconds();
    memset(out, 0, sizeof *out);
    out->path = dup_text(path);
    out->rel_path = dup_text(rel_path ? rel_path : path);
    out->kind = kind;
    out->original = owned ? owned : malloc(len + 1);
    if (!out->path || !out->rel_path || !out->original) return out->status = HC_ERR_NOMEM;
    if (!owned) memcpy(out->original, data, len);
    out->original[len] = '\0';
    out->original_len = len;
    data = out->original;

    /* A UTF-8 byte-order mark is not part of the program: the passes see the text after it (so an
     * inserted include goes after it), and it is put back first in the output. */
    size_t bom = len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    hc_unit u = {0};
    u.ctx = ctx;
    u.opt = &ctx->opt;
    u.run = ctx->run;
    u.path = out->path;
    u.compiled_by_hipcc = run_names(ctx->run->hipcc_compiled, ctx->run->nhipcc_compiled, path);
    u.cmake_module_root = run_names(ctx->run->cmake_module_roots, ctx->run->ncmake_module_roots, path);
    u.text = out->original + bom;
    u.len = len - bom;
    u.kind = kind;
    u.parsed = true;
    u.pass = "input"; /* the checks of the file itself, until the passes run */
    hc_status st = HC_OK;
    if (build_line_index(&u) < 0) st = HC_ERR_NOMEM;
    const char *nul = st == HC_OK ? memchr(data, '\0', len) : NULL;
    size_t bad = SIZE_MAX;
    bool passes_ran = false;
    if (st != HC_OK) {
    } else if (len > HC_MAX_INPUT_BYTES) {
        hc_unit_diag(&u, HC_D_FILE_TOO_LARGE, UINT32_MAX, NULL, (unsigned long long)len);
        st = HC_ERR_INPUT;
    } else if (nul) {
        hc_unit_diag(&u, HC_D_BINARY_FILE, UINT32_MAX, NULL, (unsigned)(nul - data));
        st = HC_ERR_INPUT;
    } else if (u.len == 0) {
        hc_unit_diag(&u, HC_D_EMPTY_FILE, UINT32_MAX, NULL);
    } else {
        /* Bytes that are not UTF-8 (a Latin-1 comment or string) cannot be damaged: the passes only
         * rewrite ASCII identifiers and copy every other byte. Worth a note, not a refusal. */
        if ((bad = invalid_utf8_at((const unsigned char *)u.text, u.len)) != SIZE_MAX)
            hc_unit_diag(&u, HC_D_INVALID_UTF8, (uint32_t)bad, NULL, hc_unit_line_of(&u, (uint32_t)bad, NULL));
        if (kind != HC_FILE_OTHER && (st = run_passes(ctx, &u, path)) == HC_OK) passes_ran = true;
    }
    hc_status rs = resolve(ctx, &u, passes_ran);
    if (st == HC_OK) st = rs;
    out->parsed = u.parsed;
    out->uses_hip = u.uses_hip;
    out->cuda_macros_kept = u.cuda_macros_kept;
    if (st == HC_OK && u.edits.n) {
        size_t n = 0;
        char *body = hc_edits_apply(&u.edits, u.text, u.len, &n);
        out->output = body && bom ? malloc(bom + n + 1) : body;
        if (out->output && out->output != body) {
            memcpy(out->output, data, bom);
            memcpy(out->output + bom, body, n + 1);
            free(body);
        } else if (!out->output) {
            free(body);
        }
        out->output_len = bom + n;
        if (!out->output) st = HC_ERR_NOMEM;
    }
    if (!out->output) { /* unchanged (or untranslatable): the output is the input */
        out->output = malloc(len + 1);
        if (out->output) {
            memcpy(out->output, data, len);
            out->output[len] = '\0';
            out->output_len = len;
        } else {
            st = HC_ERR_NOMEM;
        }
    }
    out->changed = out->output && (out->output_len != len || memcmp(out->output, data, len) != 0);
    compute_stats(&u, out);
    /* results speak of the input as read: offsets count the byte-order mark */
    for (size_t i = 0; i < u.edits.n; i++) u.edits.v[i].offset += (uint32_t)bom;
    for (size_t i = 0; i < u.diags.n; i++)
        if (u.diags.v[i].offset != UINT32_MAX) u.diags.v[i].offset += (uint32_t)bom;
    out->edits = u.edits.v;
    out->nedits = u.edits.n;
    u.edits.v = NULL;
    u.edits.n = u.edits.cap = 0;
    out->diags = u.diags.v;
    out->ndiags = u.diags.n;
    u.diags.v = NULL;
    u.diags.n = u.diags.cap = 0;
    unit_free(&u);
    out->stats.seconds = now_seconds() - t0;
    return out->status = st;
}

hc_status hc_translate_buffer(const hc_context *ctx, const char *path, const char *rel_path, hc_file_kind kind,
                              const char *data, size_t len, hc_file_result *out) {
    return translate_buffer(ctx, path, rel_path, kind, data, len, NULL, out);
}

hc_status hc_translate_file(const hc_context *ctx, const char *path, const char *rel_path, hc_file_result *out) {
    return hc_translate_file_as(ctx, path, rel_path, hc_file_kind_of(&ctx->opt, path, 0), out);
}

/* The result for a file that is not read (too large, unreadable): no text, one error diagnostic about
 * the whole file (dropped like any other when suppressed). */
static hc_status fail_unread(const hc_context *ctx, const char *path, const char *rel_path, hc_file_result *out,
                             hc_status status, hc_diag_id id, const char *message) {
    hc_status st = hc_translate_buffer(ctx, path, rel_path, HC_FILE_OTHER, "", 0, out);
    if (st != HC_OK) return st;
    for (size_t i = 0; i < out->ndiags; i++) { /* the empty buffer's own diagnostic is not about this file */
        free(out->diags[i].message);
        free(out->diags[i].name);
    }
    free(out->diags);
    out->diags = NULL;
    out->ndiags = 0;
    if (!ctx->opt.suppress_all && !ctx->opt.suppressed[id]) {
        hc_diag *d = calloc(1, sizeof *d);
        if (!d) return out->status = HC_ERR_NOMEM;
        *d = (hc_diag){id, hc_diag_info_get(id)->severity, UINT32_MAX, 0, 0, strdup(message), NULL, "input"};
        out->diags = d;
        out->ndiags = 1;
    }
    return out->status = status;
}

hc_status hc_translate_file_as(const hc_context *ctx, const char *path, const char *rel_path, hc_file_kind kind,
                               hc_file_result *out) {
    int err = 0;
    size_t len = 0;
    char msg[512], *data;
    hc_read_status rs = hc_read_file(path, HC_MAX_INPUT_BYTES, HC_READ_KEEP_EXCESS, &data, &len, &err);
    if (rs == HC_READ_TOO_LARGE && !data) { /* a regular file too large is never read */
        snprintf(msg, sizeof msg, hc_diag_info_get(HC_D_FILE_TOO_LARGE)->format, (unsigned long long)len);
        return fail_unread(ctx, path, rel_path, out, HC_ERR_INPUT, HC_D_FILE_TOO_LARGE, msg);
    }
    if (!data) {
        snprintf(msg, sizeof msg, hc_diag_info_get(HC_D_UNREADABLE)->format, strerror(read_errno(rs, err)));
        return fail_unread(ctx, path, rel_path, out, HC_ERR_IO, HC_D_UNREADABLE, msg);
    }
    /* a stream past the limit arrives as its first limit + 1 bytes: the input checks report its size */
    return translate_buffer(ctx, path, rel_path, kind, data, len, data, out); /* data now belongs to out */
}

void hc_stats_free(hc_stats *s) {
    for (size_t i = 0; i < s->nrefs; i++) free(s->refs[i].name);
    free(s->refs);
    for (size_t i = 0; i < s->nrule_hits; i++) free(s->rule_hits[i].name);
    free(s->rule_hits);
    s->refs = s->rule_hits = NULL;
    s->nrefs = s->nrule_hits = 0;
}

void hc_file_result_free(hc_file_result *r) {
    free(r->path);
    free(r->rel_path);
    free(r->original);
    free(r->output);
    for (size_t i = 0; i < r->nedits; i++) free(r->edits[i].replacement);
    free(r->edits);
    for (size_t i = 0; i < r->ndiags; i++) { free(r->diags[i].message); free(r->diags[i].name); }
    free(r->diags);
    hc_stats_free(&r->stats);
    memset(r, 0, sizeof *r);
}

/* Merges sorted ref arrays a (owned by total) and b into total. */
static void merge_refs(hc_ref_count **av, size_t *an, const hc_ref_count *b, size_t bn) {
    hc_ref_count *m = malloc((*an + bn + 1) * sizeof *m);
    if (!m) return;
    size_t i = 0, j = 0, k = 0;
    while (i < *an || j < bn) {
        int c = i == *an ? 1 : j == bn ? -1 : cmp_refs(&(*av)[i], &b[j]);
        if (c < 0) m[k++] = (*av)[i++];
        else if (c > 0) { m[k] = b[j++]; m[k].name = strdup(m[k].name); k++; }
        else { m[k] = (*av)[i++]; m[k++].count += b[j++].count; }
    }
    free(*av);
    *av = m;
    *an = k;
}

void hc_stats_add(hc_stats *t, const hc_stats *a) {
    t->converted_refs += a->converted_refs;
    t->unconverted_refs += a->unconverted_refs;
    t->replaced_bytes += a->replaced_bytes;
    t->total_bytes += a->total_bytes;
    t->changed_lines += a->changed_lines;
    t->total_lines += a->total_lines;
    t->seconds += a->seconds;
    for (int f = 0; f < HC_FAMILY__COUNT; f++) {
        t->converted_by_family[f] += a->converted_by_family[f];
        t->unconverted_by_family[f] += a->unconverted_by_family[f];
    }
    merge_refs(&t->refs, &t->nrefs, a->refs, a->nrefs);
    merge_refs(&t->rule_hits, &t->nrule_hits, a->rule_hits, a->nrule_hits);
}

/* A template configure fills in (AC_CONFIG_FILES: config/common.mk.in becomes config/common.mk, the file the
 * build includes): a makefile with @VARIABLE@ words, so migrated as one; Makefile.in is a Makefile.* above. */
static bool is_makefile_template(const char *base, const char *dot) {
    size_t n = strlen(base);
    return dot && strcmp(dot, ".in") == 0 && n > 6 && memcmp(base + n - 6, ".mk.in", 6) == 0;
}

/* The settings files some Makefile frameworks include under a make.* name of their own, and the templates
 * beside them a user copies into place: make.defs (make.defs.gcc, make.defs.cuda...), make.inc
 * (make.inc.example...); Makefile.* and *.mk are the other names (below). make.defs.prehip is a backup. */
static bool is_make_settings(const char *base, const char *dot) {
    static const char *const stems[] = {"make.defs", "make.inc"};
    for (size_t i = 0; i < COUNT_OF(stems); i++) {
        size_t n = strlen(stems[i]);
        if (strncmp(base, stems[i], n) == 0 && (base[n] == '\0' || (base[n] == '.' && strcmp(dot, ".prehip") != 0)))
            return true;
    }
    return false;
}

hc_file_kind hc_classify_path(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    static const char *const source_ext[] = {".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hh",
                                             ".hpp", ".hxx", ".inl", ".inc", ".ipp", ".tpp", ".cuinc"};
    if (strcmp(base, "CMakeLists.txt") == 0 || (dot && strcmp(dot, ".cmake") == 0)) return HC_FILE_CMAKE;
    /* Makefile.config, Makefile.inc, Makefile.config.example: settings files a Makefile includes (or a
     * user copies into place) hold nvcc options and libraries too; Makefile.prehip is a backup */
    if (strcmp(base, "Makefile") == 0 || strcmp(base, "makefile") == 0 || strcmp(base, "GNUmakefile") == 0 ||
        ((strncmp(base, "Makefile.", 9) == 0 || strncmp(base, "makefile.", 9) == 0) && strcmp(dot, ".prehip") != 0) ||
        (dot && strcmp(dot, ".mk") == 0) || is_makefile_template(base, dot) || is_make_settings(base, dot))
        return HC_FILE_MAKEFILE;
    /* autoconf's script, and the configure script it generated (pass_autoconf.c tells that one from a project's
     * own): make's family, migrated by pass_autoconf.c (the Makefiles get their HIP settings from it) */
    if (strcmp(base, "configure.ac") == 0 || strcmp(base, "configure.in") == 0 || strcmp(base, "configure") == 0)
        return HC_FILE_MAKEFILE;
    if (dot)
        for (size_t i = 0; i < COUNT_OF(source_ext); i++)
            if (strcasecmp(dot, source_ext[i]) == 0) return HC_FILE_SOURCE;
    return HC_FILE_OTHER;
}

hc_file_kind hc_file_kind_of(const hc_options *opt, const char *path, unsigned facts) {
    hc_file_kind kind = hc_classify_path(path);
    if (kind == HC_FILE_OTHER && (facts & (HC_PATH_NAMED | HC_PATH_SPECIAL))) kind = HC_FILE_SOURCE;
    if (kind == HC_FILE_SOURCE && (opt->build_scripts_only || (facts & HC_PATH_CARRIED))) kind = HC_FILE_OTHER;
    if ((kind == HC_FILE_CMAKE || kind == HC_FILE_MAKEFILE) && !opt->build_scripts) kind = HC_FILE_OTHER;
    return kind;
}
