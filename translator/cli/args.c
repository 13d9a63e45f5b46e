/* args.c: command-line parsing for hipify-c, driven by options.def (which also produces --help and
 * the man page). GNU long options, hipify-clang/hipify-perl single-dash spellings and aliases. It does
 * no translation. */
#include "cli.h"
#include "grow.h"
#include "output.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef enum { NONE, REQUIRED, OPTIONAL } arg_kind;

typedef struct opt_def {
    hc_opt_id id;
    char short_name;
    const char *long_name;
    const char *aliases;
    arg_kind arg;
    const char *arg_name;
    const char *section;
    const char *help;
} opt_def;

static const opt_def options[] = {
#define HC_OPT(sym, sh, lng, alias, arg, argname, section, help) {sym, sh, lng, alias, arg, argname, section, help},
#include "options.def"
#undef HC_OPT
};
#define NOPTIONS COUNT_OF(options)

int hc_strv_push(hc_strv *s, const char *v) {
    if (hc_grow(&s->v, &s->cap, s->n, sizeof *s->v, 8) < 0) return -1;
    s->v[s->n] = strdup(v);
    return s->v[s->n++] ? 0 : -1;
}

void hc_strv_clear(hc_strv *s) {
    for (size_t i = 0; i < s->n; i++) free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

void hc_cli_free(hc_cli *cli) {
    hc_port_opts_free(&cli->port);
    hc_strv_clear(&cli->extra_args_before);
}

static bool name_matches(const opt_def *o, const char *name, size_t n) {
    if (strlen(o->long_name) == n && strncmp(o->long_name, name, n) == 0) return true;
    for (const char *a = o->aliases; *a;) {
        const char *bar = strchr(a, '|');
        size_t len = bar ? (size_t)(bar - a) : strlen(a);
        if (len == n && strncmp(a, name, n) == 0) return true;
        a += len + (bar != NULL);
    }
    return false;
}

static void print_help(FILE *out) {
    fprintf(out, "Usage: hipify-c [OPTIONS] INPUT... [-- COMPILER-ARGS]\n"
                 "Translate CUDA sources (files or whole trees) to HIP.\n");
    const char *section = "";
    for (size_t i = 0; i < NOPTIONS; i++) {
        const opt_def *o = &options[i];
        if (strcmp(section, o->section) != 0) fprintf(out, "\n%s:\n", section = o->section);
        char left[96];
        int n = 0;
        if (o->short_name) n = snprintf(left, sizeof left, "-%c, ", o->short_name);
        n += snprintf(left + n, sizeof left - (size_t)n, "--%s", o->long_name);
        if (o->arg == REQUIRED) snprintf(left + n, sizeof left - (size_t)n, " %s", o->arg_name);
        else if (o->arg == OPTIONAL) snprintf(left + n, sizeof left - (size_t)n, "[=%s]", o->arg_name);
        fprintf(out, "  %-34s %s\n", left, o->help);
        /* "o" is only there so that hipify-clang's -o=FILE parses; the short option already shows it */
        if (o->aliases[0] && !(o->short_name && o->aliases[1] == '\0' && o->aliases[0] == o->short_name))
            fprintf(out, "  %-34s (also: --%s)\n", "", o->aliases);
    }
    fprintf(out, "\nEvery long option is also accepted with a single dash (-print-stats), as hipify-clang\n"
                 "and hipify-perl spell them. Exit status: 0 success; 1 an input could not be translated or an\n"
                 "error was diagnosed; 2 usage error; 3 an output could not be written; 4 --fail-on reached\n"
                 "(when several apply: 3, then 1, then 4). Statistics go to stderr when the translation goes to stdout.\n");
}

static void roff_escaped(FILE *out, const char *s) {
    for (; *s; s++) {
        if (*s == '-') fputs("\\-", out);
        else if (*s == '\\') fputs("\\e", out);
        else fputc(*s, out);
    }
}

static void print_man(FILE *out) {
    fprintf(out, ".TH HIPIFY-C 1 \"\" \"hipify-c %s\" \"User Commands\"\n.SH NAME\nhipify-c \\- translate CUDA sources to HIP\n"
                 ".SH SYNOPSIS\n.B hipify-c\n[\\fIOPTIONS\\fR] \\fIINPUT\\fR... [\\-\\- \\fICOMPILER-ARGS\\fR]\n"
                 ".SH DESCRIPTION\nhipify-c ports CUDA files and source trees to HIP using table-driven mappings, a token pass "
                 "and a libclang semantic pass. Unsupported APIs are left in place and reported.\n",
            HC_VERSION_STRING);
    const char *section = "";
    for (size_t i = 0; i < NOPTIONS; i++) {
        const opt_def *o = &options[i];
        if (strcmp(section, o->section) != 0) {
            section = o->section;
            fprintf(out, ".SH ");
            for (const char *c = section; *c; c++) fputc(toupper((unsigned char)*c), out);
            fprintf(out, " OPTIONS\n");
        }
        fprintf(out, ".TP\n");
        if (o->short_name) fprintf(out, "\\fB\\-%c\\fR, ", o->short_name);
        fprintf(out, "\\fB\\-\\-");
        roff_escaped(out, o->long_name);
        fprintf(out, "\\fR");
        if (o->arg != NONE) fprintf(out, " \\fI%s\\fR", o->arg_name);
        fprintf(out, "\n");
        roff_escaped(out, o->help);
        if (o->aliases[0] && !(o->short_name && o->aliases[1] == '\0' && o->aliases[0] == o->short_name)) {
            fprintf(out, " Also spelled \\fB\\-\\-");
            roff_escaped(out, o->aliases);
            fprintf(out, "\\fR.");
        }
        fprintf(out, "\n");
    }
    fprintf(out, ".SH COMPATIBILITY\nEvery long option is also accepted with a single dash and with \\fB=\\fIvalue\\fR or a separate "
                 "value, so hipify\\-perl spellings (\\-inplace, \\-print\\-stats, \\-examine, \\-quiet\\-warnings, "
                 "\\-exclude\\-dirs=, \\-exclude\\-files=) and hipify\\-clang spellings (\\-\\-o\\-dir, "
                 "\\-\\-default\\-preprocessor) work unchanged. Statistics go to standard error when the translation "
                 "goes to standard output.\n");
    fprintf(out, ".SH EXIT STATUS\n0 success; 1 an input could not be translated or an error was diagnosed; "
                 "2 usage error (nothing is written); 3 an output could not be written; 4 \\-\\-fail\\-on reached. "
                 "When several apply, 3 wins over 1, and 1 over 4.\n");
}

int hc_strv_push_joined(hc_strv *s, const char *prefix, const char *val) {
    size_t n = strlen(prefix) + strlen(val) + 1;
    char *word = malloc(n);
    if (!word) return -1;
    snprintf(word, n, "%s%s", prefix, val);
    int rc = hc_strv_push(s, word);
    free(word);
    return rc;
}

static int split_list(hc_strv *s, const char *list, const char *seps) {
    char *copy = strdup(list);
    if (!copy) return -1;
    for (char *save = NULL, *tok = strtok_r(copy, seps, &save); tok; tok = strtok_r(NULL, seps, &save))
        if (hc_strv_push(s, tok) < 0) { free(copy); return -1; }
    free(copy);
    return 0;
}

/* Whether a is an AMD target hipcc takes: "native", or "gfx" and a processor name of lower-case
 * letters, digits and dashes (gfx90a, gfx1100, gfx10-3-generic), each feature after it ":name+" or
 * ":name-" (gfx90a:xnack+:sramecc-). The value is pasted into migrated build scripts, so nothing else
 * (quotes, ';', '$', spaces, newlines) may pass. */
static bool valid_offload_arch(const char *a) {
    if (!strcmp(a, "native")) return true;
    if (strncmp(a, "gfx", 3) != 0) return false;
    const char *p = a + 3;
    if (!isdigit((unsigned char)*p)) return false;
    while (islower((unsigned char)*p) || isdigit((unsigned char)*p) || (*p == '-' && p[1] && p[1] != ':')) p++;
    while (*p == ':') {
        const char *name = ++p;
        while (islower((unsigned char)*p) || isdigit((unsigned char)*p)) p++;
        if (p == name || (*p != '+' && *p != '-')) return false;
        p++;
    }
    return *p == '\0' && strlen(a) <= 64;
}

/* --offload-arch: a list of targets, each checked before it can reach a build script. */
static int offload_archs(hc_strv *s, const char *list) {
    size_t first = s->n;
    if (split_list(s, list, ";,") != 0) return -1;
    for (size_t i = first; i < s->n; i++)
        if (!valid_offload_arch(s->v[i])) {
            hc_out_printf(stderr, "hipify-c: --offload-arch: '%s' is not an AMD target such as gfx90a, gfx1100 or "
                                  "gfx90a:xnack+\n", s->v[i]);
            return -1;
        }
    if (s->n == first) {
        hc_out_printf(stderr, "hipify-c: --offload-arch: no target in '%s'\n", list);
        return -1;
    }
    return 0;
}

/* The index of val among the n words an option takes, or -1 after saying which they are. The value is
 * the user's text, so the message goes through the escaping output layer. */
static int choice(const char *option, const char *val, const char *const *words, size_t n) {
    char list[256] = "";
    for (size_t k = 0; k < n; k++) {
        if (!strcmp(val, words[k])) return (int)k;
        if (k) strncat(list, ", ", sizeof list - strlen(list) - 1);
        strncat(list, words[k], sizeof list - strlen(list) - 1);
    }
    hc_out_printf(stderr, "hipify-c: --%s: '%s' is not one of %s\n", option, val, list);
    return -1;
}

/* "HC1001,HC1003-HC1005" -> suppressed[] */
static int parse_suppress(hc_options *opt, const char *list) {
    char *copy = strdup(list);
    if (!copy) return -1;
    int rc = 0;
    for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *dash = strchr(tok, '-');
        if (dash) *dash = '\0';
        hc_diag_id a = hc_diag_find(tok), b = dash ? hc_diag_find(dash + 1) : a;
        if (a == HC_DIAG__COUNT || b == HC_DIAG__COUNT) {
            hc_out_printf(stderr, "hipify-c: --suppress: unknown diagnostic id '%s'\n", a == HC_DIAG__COUNT ? tok : dash + 1);
            rc = -1;
            break;
        }
        const char *lo = hc_diag_info_get(a)->code, *hi = hc_diag_info_get(b)->code;
        for (int i = 0; i < HC_DIAG__COUNT; i++) {
            const char *c = hc_diag_info_get((hc_diag_id)i)->code;
            if (strcmp(c, lo) >= 0 && strcmp(c, hi) <= 0) opt->suppressed[i] = true;
        }
    }
    free(copy);
    return rc;
}

static int apply(hc_cli *cli, const opt_def *o, const char *val) {
    hc_options *opt = &cli->port.opt;
    switch (o->id) {
    case OPT_OUTPUT: cli->port.output = val; break;
    case OPT_OUT_DIR: cli->port.out_dir = val; break;
    case OPT_INPLACE: cli->port.inplace = true; break;
    case OPT_NO_BACKUP: cli->port.no_backup = true; break;
    case OPT_ONLY_CHANGED: cli->port.only_changed = true; break;
    case OPT_EXAMINE: cli->port.examine = true; break;
    case OPT_PRINT_STATS: cli->port.print_stats = true; break;
    case OPT_PRINT_STATS_CSV: cli->port.print_stats_csv = true; break;
    case OPT_O_STATS: cli->port.o_stats = val; break;
    case OPT_STATS_JSON: cli->port.stats_json = val; break;
    case OPT_DIFF: cli->port.diff = val; break;
    case OPT_REPORT: cli->port.report = val; break;
    case OPT_SARIF: cli->port.sarif = val; break;
    case OPT_HIP_LAUNCH: opt->launch_syntax = HC_LAUNCH_HIP; break;
    case OPT_CUDA_LAUNCH: opt->launch_syntax = HC_LAUNCH_KEEP; break;
    case OPT_SKIP_EXCLUDED: opt->skip_excluded_pp_blocks = true; break;
    case OPT_HIP_VERSION:
        opt->hip_version = hc_version_parse(val);
        if (!opt->hip_version) {
            hc_out_printf(stderr, "hipify-c: --hip-version: '%s' is not a version such as 6.2 or 5.2.3\n", val);
            return -1;
        }
        cli->port.hip_version_given = true;
        break;
    case OPT_CUDA_VERSION:
        opt->cuda_version = hc_version_parse(val);
        if (!opt->cuda_version || opt->cuda_version < HC_VERSION(7, 0, 0)) {
            hc_out_printf(stderr, "hipify-c: --cuda-version: '%s' is not a CUDA release such as 11.8 or 12.6\n", val);
            return -1;
        }
        break;
    case OPT_ROC: opt->roc = true; break;
    case OPT_MIOPEN: opt->miopen = true; break;
    case OPT_FIX_WARP: opt->fix_warp_size = true; break;
    case OPT_ANNOTATE: opt->annotate = true; break;
    case OPT_RULES: return hc_strv_push(&cli->port.rule_files, val);
    case OPT_NO_BUILD_SCRIPTS: opt->build_scripts = false; break;
    case OPT_BUILD_SCRIPTS_ONLY: opt->build_scripts_only = true; opt->build_scripts = true; break;
    case OPT_OFFLOAD_ARCH: return offload_archs(&cli->port.offload_archs, val);
    case OPT_INCLUDE: return hc_strv_push_joined(&cli->port.clang_args, "-I", val);
    case OPT_DEFINE: return hc_strv_push_joined(&cli->port.clang_args, "-D", val);
    case OPT_COMPILE_DB: opt->compile_db_dir = val; break;
    case OPT_CUDA_PATH: opt->cuda_path = val; break;
    case OPT_HIP_PATH: return split_list(&cli->port.hip_paths, val, ":"); /* repeatable, and PATH-like */
    case OPT_SEMANTIC: {
        static const char *const words[] = {"auto", "always", "full", "never"};
        static const hc_semantic_policy modes[] = {HC_SEM_AUTO, HC_SEM_ALWAYS, HC_SEM_FULL, HC_SEM_NEVER};
        int k = choice(o->long_name, val, words, COUNT_OF(words));
        if (k < 0) return -1;
        opt->semantic = modes[k];
        break;
    }
    case OPT_DECLS_DIR: opt->decls_dir = val; break;
    case OPT_SUPPRESS: return parse_suppress(opt, val);
    case OPT_SUPPRESS_ALL: opt->suppress_all = true; break;
    case OPT_QUIET_WARNINGS: cli->port.quiet_warnings = true; break;
    case OPT_FAIL_ON: {
        static const char *const words[] = {"note", "warning", "error"};
        static const hc_severity severities[] = {HC_SEV_NOTE, HC_SEV_WARNING, HC_SEV_ERROR};
        int k = choice(o->long_name, val, words, COUNT_OF(words));
        if (k < 0) return -1;
        cli->port.fail_on = severities[k];
        break;
    }
    case OPT_EXCLUDE_DIRS: return split_list(&cli->port.exclude_dirs, val, ",");
    case OPT_EXCLUDE_FILES: return split_list(&cli->port.exclude_files, val, ",");
    case OPT_JOBS: {
        char *end;
        long n = strtol(val, &end, 10);
        if (*end || n < 1 || n > 1024) {
            hc_out_printf(stderr, "hipify-c: --jobs: '%s' is not a number from 1 to 1024\n", val);
            return -1;
        }
        cli->port.jobs = (int)n;
        break;
    }
    case OPT_MEMORY: {
        char *end;
        unsigned long long n = strtoull(val, &end, 10);
        unsigned shift = !*end ? 0 : !strcmp(end, "K") ? 10 : !strcmp(end, "M") ? 20 : !strcmp(end, "G") ? 30 : 64;
        if (val[0] == '-' || end == val || shift == 64 || n == 0 || n > (1ull << 50) >> shift) {
            hc_out_printf(stderr, "hipify-c: --memory: '%s' is not a size such as 512M, 4G or 1073741824\n", val);
            return -1;
        }
        cli->port.memory_limit = n << shift;
        break;
    }
    case OPT_QUERY: cli->query = val; break;
    case OPT_LIST_UNSUPPORTED: cli->list_unsupported = true; cli->list_family = val; break;
    case OPT_VERSIONS: cli->versions = true; break;
    case OPT_VERBOSE: cli->port.verbose = true; break;
    case OPT_EXPERIMENTAL: opt->experimental = true; break;
    case OPT_AMAP: cli->port.amap = true; break;
    case OPT_USE_HIP_DATA_TYPES: opt->use_hip_data_types = true; break;
    case OPT_NO_UNDOCUMENTED:
    case OPT_NO_WARN_UNDOCUMENTED:
        /* hipify-clang's only undocumented-feature rewrite is a cast around half2 .x/.y; hipify-c has none */
        fprintf(stderr, "hipify-c: note: --%s changes nothing: no hipify-c rewrite relies on undocumented CUDA behaviour\n",
                o->long_name);
        break;
    case OPT_NO_OUTPUT: cli->no_output = true; break;
    case OPT_CLANG_RESOURCE_DIR:
        if (hc_strv_push(&cli->port.clang_args, "-resource-dir") < 0) return -1;
        return hc_strv_push(&cli->port.clang_args, val);
    case OPT_CUDA_GPU_ARCH: return hc_strv_push_joined(&cli->port.clang_args, "--cuda-gpu-arch=", val);
    case OPT_EXTRA_ARG: return hc_strv_push(&cli->port.clang_args, val);
    case OPT_EXTRA_ARG_BEFORE: return hc_strv_push(&cli->extra_args_before, val);
    case OPT_SAVE_TEMPS:
    case OPT_TEMP_DIR:
        fprintf(stderr, "hipify-c: note: --%s changes nothing: hipify-c translates in memory and writes no temporary "
                        "files (each output is written to a temporary name beside it and renamed at once)\n", o->long_name);
        break;
    case OPT_MD: cli->doc_md = true; break;
    case OPT_CSV: cli->doc_csv = true; break;
    case OPT_DOC_FORMAT: {
        static const char *const words[] = {"full", "strict", "compact"};
        if (choice(o->long_name, val, words, COUNT_OF(words)) < 0) return -1;
        cli->doc_format = val;
        break;
    }
    case OPT_DOC_ROC: {
        static const char *const words[] = {"skip", "separate", "joint"};
        if (choice(o->long_name, val, words, COUNT_OF(words)) < 0) return -1;
        cli->doc_roc = val;
        break;
    }
    case OPT_PERL:
    case OPT_PYTHON:
    case OPT_O_PERL_DIR:
    case OPT_O_PYTHON_DIR:
        /* why: docs/hipify-clang-options.md, "Options hipify-c refuses" */
        fprintf(stderr, "hipify-c: --%s: refused: hipify-c generates no hipify-%s script or map (a regex-only copy of its tables "
                        "would translate differently from hipify-c); --md/--csv write the tables themselves\n",
                o->long_name, o->id == OPT_PERL || o->id == OPT_O_PERL_DIR ? "perl" : "python");
        return -1;
    case OPT_HELP: print_help(stdout); return 1;
    case OPT_VERSION: printf("hipify-c %s\n", HC_VERSION_STRING); return 1;
    case OPT_MAN: print_man(stdout); return 1;
    case OPT_DEPFILE:
    case OPT_TABLES_ID:
    case OPT_NO_MANIFEST:
    case OPT_RESYNC:
    case OPT_BASE_CUDA:
    case OPT_RESYNC_JSON:
    case OPT_RESYNC_DRY_RUN:
    case OPT_ALLOW_TOOL_CHANGE:
    case OPT_DRIFT:
    case OPT_DRIFT_JSON:
    case OPT_DRIFT_HTML: return hc_cli_apply_port(cli, o->id, val);
    case OPT__COUNT: break;
    }
    return 0;
}

int hc_cli_set(hc_cli *cli, hc_opt_id id, const char *val) {
    for (size_t k = 0; k < NOPTIONS; k++)
        if (options[k].id == id) return apply(cli, &options[k], val);
    return -1;
}

/* Checks and settles what depends on several options, once all are read (hipify-clang's rules). */
int hc_cli_settle(hc_cli *cli) {
    if (cli->port.amap) cli->port.opt.skip_excluded_pp_blocks = false; /* "ignores default-preprocessor" */
    if (cli->port.no_backup && !cli->port.inplace) { /* hipify-clang accepts it alone: there is no backup to skip */
        fprintf(stderr, "hipify-c: note: --no-backup changes nothing without --inplace\n");
        cli->port.no_backup = false;
    }
    if (cli->no_output) {
        if (cli->port.output || cli->port.inplace) {
            fprintf(stderr, "hipify-c: --no-output excludes %s\n", cli->port.output ? "-o" : "--inplace");
            return -1;
        }
        cli->port.examine = true; /* nothing written; statistics and reports as asked */
    }
    /* the options of --resync and --drift mean nothing without their mode: refused by name, never ignored */
    if (cli->resync_dir && cli->drift_dir) {
        fprintf(stderr, "hipify-c: --resync and --drift exclude each other\n");
        return -1;
    }
    const bool resync = cli->resync_dir != NULL, drift = cli->drift_dir != NULL;
    const struct { bool stray; const char *name, *mode; } modal[] = {
        {cli->base_cuda && !resync, "--base-cuda", "--resync"},
        {cli->resync_json && !resync, "--resync-json", "--resync"},
        {cli->resync_dry_run && !resync, "--resync-dry-run", "--resync"},
        {cli->allow_tool_change && !resync, "--allow-tool-change", "--resync"},
        {cli->drift_json && !drift, "--drift-json", "--drift"},
        {cli->drift_html && !drift, "--drift-html", "--drift"},
    };
    for (size_t i = 0; i < COUNT_OF(modal); i++)
        if (modal[i].stray) {
            fprintf(stderr, "hipify-c: %s needs %s\n", modal[i].name, modal[i].mode);
            return -1;
        }
    if ((cli->doc_format || cli->doc_roc) && !cli->doc_md && !cli->doc_csv) {
        fprintf(stderr, "hipify-c: --%s needs --md or --csv\n", cli->doc_format ? "doc-format" : "doc-roc");
        return -1;
    }
    if (cli->extra_args_before.n) { /* --extra-arg-before goes in front of every other user argument */
        hc_strv all = {0};
        for (size_t i = 0; i < cli->extra_args_before.n + cli->port.clang_args.n; i++) {
            size_t nb = cli->extra_args_before.n;
            if (hc_strv_push(&all, i < nb ? cli->extra_args_before.v[i] : cli->port.clang_args.v[i - nb]) < 0) {
                hc_strv_clear(&all);
                return -1;
            }
        }
        hc_strv_clear(&cli->port.clang_args);
        cli->port.clang_args = all;
    }
    return 0;
}

void hc_cli_init(hc_cli *cli) {
    memset(cli, 0, sizeof *cli);
    hc_port_opts_init(&cli->port);
}

int hc_cli_parse(int argc, char **argv, hc_cli *cli) {
    hc_cli_init(cli);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) { /* the rest goes to the compiler */
            for (i++; i < argc; i++)
                if (hc_strv_push(&cli->port.clang_args, argv[i]) < 0) return -1;
            break;
        }
        if (a[0] != '-' || a[1] == '\0') { /* an input ('-' alone is not supported: inputs are files) */
            if (hc_strv_push(&cli->port.inputs, a) < 0) return -1;
            continue;
        }
        const opt_def *o = NULL;
        const char *val = NULL;
        const char *name = a + 1 + (a[1] == '-');
        size_t nlen = strcspn(name, "=");
        for (size_t k = 0; k < NOPTIONS && !o; k++)
            if (name_matches(&options[k], name, nlen)) o = &options[k];
        if (o && name[nlen] == '=') val = name + nlen + 1;
        if (!o && a[1] != '-') { /* short option: -oFILE, -o FILE, -I/dir, -DX=1, -j2 */
            for (size_t k = 0; k < NOPTIONS && !o; k++)
                if (options[k].short_name == a[1]) o = &options[k];
            if (o && o->arg != NONE && a[2]) val = a + 2;
            else if (o && o->arg == NONE && a[2]) o = NULL;
        }
        if (!o) {
            hc_out_printf(stderr, "hipify-c: unknown option '%s' (see --help)\n", a);
            return -1;
        }
        if (o->arg == NONE && val) {
            fprintf(stderr, "hipify-c: option '--%s' takes no value\n", o->long_name);
            return -1;
        }
        if (o->arg == REQUIRED && !val) {
            if (i + 1 >= argc) {
                fprintf(stderr, "hipify-c: option '--%s' needs a value (%s)\n", o->long_name, o->arg_name);
                return -1;
            }
            val = argv[++i];
        }
        int rc = apply(cli, o, val);
        if (rc != 0) return rc;
    }
    return hc_cli_settle(cli);
}
