/* port_cli.c: what a port leaves behind for the next one: the options that shape a translation as words, the
 * manifest -O writes into its output directory, and the --depfile of a -o translation. It translates
 * nothing and merges nothing (resync_cli.c does). */
#include "cli.h"
#include "manifest.h"
#include "output.h"
#include "paths.h"
#include "sbuf.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int hc_cli_apply_port(hc_cli *cli, hc_opt_id id, const char *val) {
    switch (id) {
    case OPT_DEPFILE: cli->port.depfile = val; break;
    case OPT_TABLES_ID:
        printf("hipify-c %s tables %s\n", HC_VERSION_STRING, hc_tables_id());
        return 1;
    case OPT_NO_MANIFEST: cli->port.no_manifest = true; break;
    case OPT_RESYNC: cli->resync_dir = val; break;
    case OPT_BASE_CUDA: cli->base_cuda = val; break;
    case OPT_RESYNC_JSON: cli->resync_json = val; break;
    case OPT_RESYNC_DRY_RUN: cli->resync_dry_run = true; break;
    case OPT_ALLOW_TOOL_CHANGE: cli->allow_tool_change = true; break;
    case OPT_DRIFT: cli->drift_dir = val; break;
    case OPT_DRIFT_JSON: cli->drift_json = val; break;
    case OPT_DRIFT_HTML: cli->drift_html = val; break;
    default: break;
    }
    return 0;
}

/* Every option whose value can change what a file translates to, in one fixed order, each as one word
 * that the parser reads back as the same option. Output places, reports, -j and messages are left out:
 * they never change a translated byte. */
int hc_cli_port_options(const hc_port_opts *po, hc_strv *w) {
    const hc_options *o = &po->opt;
    int rc = 0;
    char buf[64];
    if (o->hip_version) rc |= hc_strv_push_joined(w, "--hip-version=", hc_version_format(o->hip_version, buf, sizeof buf));
    if (o->cuda_version) rc |= hc_strv_push_joined(w, "--cuda-version=", hc_version_format(o->cuda_version, buf, sizeof buf));
    const struct { bool on; const char *word; } flags[] = {
        {o->launch_syntax == HC_LAUNCH_HIP, "--hip-kernel-execution-syntax"},
        {o->skip_excluded_pp_blocks, "--skip-excluded-preprocessor-conditional-blocks"},
        {po->amap, "--amap"},
        {o->roc, "--roc"},
        {o->miopen, "--miopen"},
        {o->fix_warp_size, "--fix-warp-size"},
        {o->annotate, "--annotate"},
        {o->experimental, "--experimental"},
        {o->use_hip_data_types, "--use-hip-data-types"},
        {!o->build_scripts, "--no-build-scripts"},
        {o->build_scripts_only, "--build-scripts-only"},
        {po->only_changed, "--only-changed"},
        {o->suppress_all, "--suppress-all"},
    };
    for (size_t i = 0; i < COUNT_OF(flags); i++)
        if (flags[i].on) rc |= hc_strv_push(w, flags[i].word);
    static const char *const sem[] = {"auto", "always", "full", "never"};
    if (o->semantic != HC_SEM_AUTO) rc |= hc_strv_push_joined(w, "--semantic=", sem[o->semantic]);
    for (size_t i = 0; i < po->offload_archs.n; i++) rc |= hc_strv_push_joined(w, "--offload-arch=", po->offload_archs.v[i]);
    for (size_t i = 0; i < po->rule_files.n; i++) {
        /* the rules' content, not only their name, shapes the port: recorded as PATH#BLOB */
        char real[PATH_MAX], word[PATH_MAX + 64];
        hc_blob_id id = "";
        if (!realpath(po->rule_files.v[i], real)) snprintf(real, sizeof real, "%s", po->rule_files.v[i]);
        hc_blob_id_of_file(real, id);
        snprintf(word, sizeof word, "%s#%s", real, id);
        rc |= hc_strv_push_joined(w, "--rules=", word);
    }
    if (o->compile_db_dir) rc |= hc_strv_push_joined(w, "--build-path=", o->compile_db_dir);
    if (o->cuda_path) rc |= hc_strv_push_joined(w, "--cuda-path=", o->cuda_path);
    if (o->decls_dir) rc |= hc_strv_push_joined(w, "--decls-dir=", o->decls_dir);
    for (size_t i = 0; i < po->exclude_dirs.n; i++) rc |= hc_strv_push_joined(w, "--exclude-dirs=", po->exclude_dirs.v[i]);
    for (size_t i = 0; i < po->exclude_files.n; i++) rc |= hc_strv_push_joined(w, "--exclude-files=", po->exclude_files.v[i]);
    for (size_t i = 0; i < po->clang_args.n; i++) rc |= hc_strv_push_joined(w, "--extra-arg=", po->clang_args.v[i]);
    if (!o->suppress_all) {
        char list[8192] = "";
        size_t len = 0;
        for (int i = 0; i < HC_DIAG__COUNT && len < sizeof list; i++)
            if (o->suppressed[i])
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? "," : "", hc_diag_info_get((hc_diag_id)i)->code);
        if (len) rc |= hc_strv_push_joined(w, "--suppress=", list);
    }
    return rc ? -1 : 0;
}

/* The options a manifest may carry, and so --resync replays: the words hc_cli_port_options writes and no
 * other. A manifest is data that may come from anyone who can commit to the port; an option that names a
 * file to write (a report, a depfile, an output) or that hands a command to the compiler would let it
 * write or run anything the user can. */
static const struct replayable {
    const char *name; /* "--name" */
    bool value;       /* written as --name=VALUE */
    hc_opt_id id;     /* the field it sets (hc_cli_set) */
} replayable[] = {
    {"--hip-version", true, OPT_HIP_VERSION},
    {"--cuda-version", true, OPT_CUDA_VERSION},
    {"--hip-kernel-execution-syntax", false, OPT_HIP_LAUNCH},
    {"--skip-excluded-preprocessor-conditional-blocks", false, OPT_SKIP_EXCLUDED},
    {"--amap", false, OPT_AMAP},
    {"--roc", false, OPT_ROC},
    {"--miopen", false, OPT_MIOPEN},
    {"--fix-warp-size", false, OPT_FIX_WARP},
    {"--annotate", false, OPT_ANNOTATE},
    {"--experimental", false, OPT_EXPERIMENTAL},
    {"--use-hip-data-types", false, OPT_USE_HIP_DATA_TYPES},
    {"--no-build-scripts", false, OPT_NO_BUILD_SCRIPTS},
    {"--build-scripts-only", false, OPT_BUILD_SCRIPTS_ONLY},
    {"--only-changed", false, OPT_ONLY_CHANGED},
    {"--suppress-all", false, OPT_SUPPRESS_ALL},
    {"--semantic", true, OPT_SEMANTIC},
    {"--offload-arch", true, OPT_OFFLOAD_ARCH},
    {"--rules", true, OPT_RULES}, /* files read, never written */
    {"--build-path", true, OPT_COMPILE_DB},
    {"--cuda-path", true, OPT_CUDA_PATH},
    {"--decls-dir", true, OPT_DECLS_DIR},
    {"--exclude-dirs", true, OPT_EXCLUDE_DIRS},
    {"--exclude-files", true, OPT_EXCLUDE_FILES},
    {"--extra-arg", true, OPT_EXTRA_ARG}, /* values checked below */
    {"--suppress", true, OPT_SUPPRESS},
};

/* The row of the word's option name, when the word has the form the row says (--name or --name=VALUE). */
static const struct replayable *replayable_of(const char *w) {
    const char *eq = strchr(w, '=');
    size_t name_len = eq ? (size_t)(eq - w) : strlen(w);
    for (size_t k = 0; k < COUNT_OF(replayable); k++)
        if (strlen(replayable[k].name) == name_len && !strncmp(w, replayable[k].name, name_len) &&
            replayable[k].value == (eq != NULL))
            return &replayable[k];
    return NULL;
}

/* The compiler arguments a manifest may pass to the semantic pass: those that only say how to parse
 * (where headers are, which macros, which language), never one that writes a file (-MF, -o), loads code
 * (-fplugin, -Xclang -load) or passes words on to another tool (-Wp,). A two-word form takes the next
 * argument as its value. */
static bool parse_only_arg(const char *a, bool *takes_next) {
    static const char *const with_value[] = {"-I", "-D", "-U", "-isystem", "-iquote", "-idirafter", "-include", "-resource-dir"};
    static const char *const prefix[] = {"-std=", "--cuda-gpu-arch=", "--cuda-path=", "-resource-dir="};
    *takes_next = false;
    for (size_t i = 0; i < COUNT_OF(with_value); i++) {
        size_t n = strlen(with_value[i]);
        if (!strncmp(a, with_value[i], n)) {
            *takes_next = a[n] == '\0';
            return !strcmp(with_value[i], "-resource-dir") ? a[n] == '\0' : true;
        }
    }
    for (size_t i = 0; i < COUNT_OF(prefix); i++)
        if (!strncmp(a, prefix[i], strlen(prefix[i]))) return true;
    if (!strncmp(a, "-W", 2) && !strchr(a, ',')) return true; /* warnings; -Wp,... -Wl,... pass words on */
    return !strcmp(a, "-w") || !strcmp(a, "-nocudainc") || !strcmp(a, "-nocudalib");
}

int hc_cli_replay_check(const char *const *words, size_t n, size_t *bad) {
    bool value_next = false; /* the previous --extra-arg was -I, -D, ... without its value */
    for (size_t i = 0; i < n; i++) {
        const char *w = words[i], *eq = strchr(w, '=');
        const struct replayable *row = replayable_of(w);
        bool ok = row != NULL;
        bool extra = ok && row->id == OPT_EXTRA_ARG;
        if (extra) {
            bool takes = false;
            ok = value_next || parse_only_arg(eq + 1, &takes);
            value_next = !value_next && takes;
        } else if (ok && value_next) {
            ok = false; /* -I with no value: the next word would have been taken as its value */
        }
        if (!ok) {
            *bad = i;
            return -1;
        }
    }
    return 0;
}

int hc_port_opts_replay(hc_port_opts *po, const char *const *words, size_t n, size_t *bad) {
    /* the words go through the command line's own setters and settling, into a scratch option struct whose
     * port part is then the result: a manifest word reaches no field the command line's option would not */
    hc_cli cli;
    hc_cli_init(&cli);
    hc_port_opts_init(po);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const struct replayable *row = replayable_of(words[i]);
        /* only the rows of the table set a field: a word of any other option has no way in */
        if (!row || hc_cli_set(&cli, row->id, row->value ? strchr(words[i], '=') + 1 : NULL) != 0) {
            *bad = i;
            rc = -1;
        }
    }
    if (rc == 0 && hc_cli_settle(&cli) != 0) {
        *bad = n;
        rc = -1;
    }
    if (rc == 0) { /* the port part moves out whole; what is left of the scratch struct is freed */
        *po = cli.port;
        hc_port_opts_init(&cli.port);
    }
    hc_cli_free(&cli);
    return rc;
}

/* The one input directory of a tree port, or NULL (a file, or several inputs: no manifest). */
static const char *single_input_dir(const hc_port_opts *po) {
    struct stat st;
    if (po->inputs.n != 1 || stat(po->inputs.v[0], &st) != 0 || !S_ISDIR(st.st_mode)) return NULL;
    return po->inputs.v[0];
}

/* Whether -O wrote r's output (the same test as port.c's write_result). */
static bool was_written(const hc_port_opts *po, const hc_file_result *r) {
    if (r->status != HC_OK) return false;
    if (r->kind == HC_FILE_OTHER && !r->original) return !po->only_changed;
    return r->changed || !po->only_changed;
}

int hc_cli_write_manifest(const hc_port_opts *po, const hc_job_list *jobs, const hc_file_result *results, hc_out_guard *guard) {
    const char *dir = single_input_dir(po);
    if (!po->out_dir || po->examine || po->no_manifest || !dir) return 0;
    char path[PATH_MAX], err[PATH_MAX + 256];
    if (hc_output_path(po->out_dir, HC_MANIFEST_NAME, path, sizeof path, err, sizeof err) != 0) return -1;
    hc_manifest old;
    int loaded = hc_manifest_load(path, &old, err, sizeof err);
    if (loaded == 0) hc_manifest_free(&old);
    if (loaded < 0) { /* a file of that name that is not a manifest of ours is the user's: never replaced */
        FILE *f = fopen(path, "rb");
        char head[1 << 16];
        size_t n = f ? fread(head, 1, sizeof head - 1, f) : 0;
        if (f) fclose(f);
        head[n] = '\0';
        if (!f || !hc_manifest_text_is_ours(head, n)) {
            hc_out_printf(stderr, "%s: warning: not a hipify-c port manifest; left as it is and no manifest written "
                                  "(--resync and --drift need one)\n", path);
            return 0;
        }
    }
    hc_manifest m = {0};
    hc_strv words = {0};
    int rc = -1;
    if (hc_cli_port_options(po, &words) != 0 || hc_manifest_set_options(&m, (const char *const *)words.v, words.n) != 0)
        goto done;
    for (size_t i = 0, bad; i < words.n; i += bad + 1) /* the user's own choice, recorded; said once here */
        if (hc_cli_replay_check((const char *const *)words.v + i, words.n - i, &bad) == 0) break;
        else if (!po->quiet_warnings)
            hc_out_printf(stderr, "hipify-c: note: the port manifest records %s, which --resync replays only when it is "
                                  "given again on its command line\n", words.v[i + bad]);
    m.tool_version = strdup(HC_VERSION_STRING);
    m.tables_id = strdup(hc_tables_id());
    m.cuda_dir = strdup(dir);
    if (!m.tool_version || !m.tables_id || !m.cuda_dir) goto done;
    for (size_t i = 0; i < jobs->n; i++) {
        const hc_file_result *r = &results[i];
        hc_blob_id src = "", out = "";
        int h = r->original ? hc_blob_id_of(r->original, r->original_len, src) : hc_blob_id_of_file(jobs->v[i].path, src);
        if (h != 0) continue; /* unreadable: reported already, not part of the port */
        if (was_written(po, r)) {
            if (r->original) hc_blob_id_of(r->output, r->output_len, out);
            else memcpy(out, src, sizeof out);
        }
        if (hc_manifest_add(&m, jobs->v[i].rel_path, src, out) != 0) goto done;
    }
    hc_manifest_seal(&m);
    if (hc_git_identity(dir, &m, m.git_commit, &m.git_prefix, &m.git_dirty, err, sizeof err) < 0)
        hc_out_printf(stderr, "hipify-c: warning: %s; the manifest records no git commit\n", err);
    char *text = hc_manifest_to_json(&m);
    if (!text) goto done;
    hc_out_policy p = {HC_OUT_SKIP_SAME | HC_OUT_MKDIRS, po->out_dir, guard};
    hc_out_status st = hc_out_write(&p, path, text, strlen(text), HC_OUT_MODE_DEFAULT, err, sizeof err);
    free(text);
    if (st < 0) {
        hc_out_printf(stderr, "hipify-c: error: cannot write the port manifest: %s\n", err);
        goto done;
    }
    rc = 0;
done:
    if (rc != 0 && !m.tool_version) fprintf(stderr, "hipify-c: error: out of memory\n");
    hc_strv_clear(&words);
    hc_manifest_free(&m);
    return rc;
}

/* ---- --depfile ---- */

static bool dep_has(const hc_strv *d, const char *p) {
    for (size_t i = 0; i < d->n; i++)
        if (!strcmp(d->v[i], p)) return true;
    return false;
}

/* The file an include names: beside the includer for "...", then each -I directory, as the compiler
 * looks; "" when none exists (a system or toolkit header, which is not the project's to track). */
static void resolve_include(const hc_port_opts *po, const char *includer, bool quoted, const char *name, char *out, size_t size) {
    struct stat st;
    out[0] = '\0';
    if (name[0] == '/') {
        if (stat(name, &st) == 0 && S_ISREG(st.st_mode)) snprintf(out, size, "%s", name);
        return;
    }
    if (quoted) {
        char dir[PATH_MAX];
        hc_path_dir(includer, dir, sizeof dir);
        if ((size_t)snprintf(out, size, "%s/%s", dir, name) < size && stat(out, &st) == 0 && S_ISREG(st.st_mode)) return;
    }
    for (size_t i = 0; i < po->clang_args.n; i++) {
        const char *a = po->clang_args.v[i];
        const char *inc = !strncmp(a, "-I", 2) && a[2] ? a + 2 : !strcmp(a, "-I") && i + 1 < po->clang_args.n ? po->clang_args.v[i + 1] : NULL;
        if (inc && (size_t)snprintf(out, size, "%s/%s", inc, name) < size && stat(out, &st) == 0 && S_ISREG(st.st_mode)) return;
    }
    out[0] = '\0';
}

/* Adds the headers text includes (every #include line, whatever branch it is in), then theirs. */
static int scan_includes(const hc_port_opts *po, const char *includer, const char *text, size_t len, hc_strv *deps, int depth) {
    if (depth > 64) return 0; /* include cycles are cut by dep_has; this bounds pathological chains */
    for (const char *p = text, *end = text + len; p < end;) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        const char *name;
        size_t name_len;
        bool quoted;
        char want[PATH_MAX], found[PATH_MAX];
        if (hc_include_line(p, eol, &name, &name_len, &quoted) && name_len < sizeof want) {
            memcpy(want, name, name_len);
            want[name_len] = '\0';
            resolve_include(po, includer, quoted, want, found, sizeof found);
            if (found[0]) hc_path_normalize(found); /* "" would become "." */
            if (found[0] && !dep_has(deps, found)) {
                if (hc_strv_push(deps, found) != 0) return -1;
                struct stat st;
                FILE *f = stat(found, &st) == 0 && st.st_size < (64 << 20) ? fopen(found, "rb") : NULL;
                if (f) {
                    char *buf = malloc((size_t)st.st_size + 1);
                    size_t n = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
                    fclose(f);
                    int rc = buf ? scan_includes(po, found, buf, n, deps, depth + 1) : -1;
                    free(buf);
                    if (rc != 0) return rc;
                }
            }
        }
        p = eol + 1;
    }
    return 0;
}

/* Make's escaping of a path in a rule: spaces and '#' behind a backslash, '$' doubled. */
static void put_escaped(hc_sbuf *b, const char *s) {
    for (; *s; s++) {
        if (*s == ' ' || *s == '#') hc_sbuf_add(b, "\\", 1);
        if (*s == '$') hc_sbuf_add(b, "$", 1);
        hc_sbuf_add(b, s, 1);
    }
}

int hc_cli_write_depfile(const hc_port_opts *po, const hc_file_result *r, hc_out_guard *guard) {
    if (!po->depfile) return 0;
    hc_strv deps = {0};
    char self[PATH_MAX], err[PATH_MAX + 256];
    int rc = hc_strv_push(&deps, r->path);
    if (rc == 0 && r->original) rc = scan_includes(po, r->path, r->original, r->original_len, &deps, 0);
    for (size_t i = 0; rc == 0 && i < po->rule_files.n; i++) rc = hc_strv_push(&deps, po->rule_files.v[i]);
    /* the binary carries the tables: a new hipify-c (new tables, new rules of translation) re-ports */
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (rc == 0 && n > 0) {
        self[n] = '\0';
        rc = hc_strv_push(&deps, self);
    }
    hc_sbuf text = {0};
    if (rc == 0) {
        put_escaped(&text, po->output);
        hc_sbuf_puts(&text, ":");
        for (size_t i = 0; i < deps.n; i++) {
            hc_sbuf_puts(&text, " \\\n ");
            put_escaped(&text, deps.v[i]);
        }
        hc_sbuf_puts(&text, "\n");
    }
    if (rc == 0 && !text.failed) {
        hc_out_policy p = {HC_OUT_SKIP_SAME | HC_OUT_MKDIRS, NULL, guard};
        hc_out_status st = hc_out_write(&p, po->depfile, text.data, text.len, HC_OUT_MODE_DEFAULT, err, sizeof err);
        if (st < 0) {
            hc_out_printf(stderr, "hipify-c: error: cannot write the dependency file: %s\n", err);
            rc = -1;
        }
    } else {
        fprintf(stderr, "hipify-c: error: out of memory\n");
        rc = -1;
    }
    hc_sbuf_free(&text);
    hc_strv_clear(&deps);
    return rc;
}
