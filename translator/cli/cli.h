/* cli.h: the hipify-c front end's own types: parsed command line, job list, output policy. The
 * library (libhipify) knows none of them; the front end only parses options, walks trees, writes
 * files and prints. */
#ifndef HC_CLI_H
#define HC_CLI_H
#include "hipify/hipify.h"
#include <stdio.h>

typedef enum hc_opt_id {
#define HC_OPT(sym, sh, lng, alias, arg, argname, section, help) sym,
#include "options.def"
#undef HC_OPT
    OPT__COUNT
} hc_opt_id;

/* Exit codes (documented in the README and the man page). */
enum {
    HC_EXIT_OK = 0,
    HC_EXIT_ERRORS = 1,  /* some input could not be translated, or error diagnostics were emitted */
    HC_EXIT_USAGE = 2,   /* bad command line */
    HC_EXIT_OUTPUT = 3,  /* an output file or report could not be written */
    HC_EXIT_FAIL_ON = 4  /* --fail-on threshold reached */
};

typedef struct hc_strv {
    char **v;
    size_t n, cap;
} hc_strv;

/* The options of one port (hc_port): what to translate, the translation options, where the port goes, what
 * it reports, and the run's resources. Nothing else: no other mode, no command, no run state. The command
 * line fills the one inside hc_cli from argv; --resync builds one from a manifest's allow-listed words
 * (hc_port_opts_replay) and the re-sync's own settings. */
typedef struct hc_port_opts {
    hc_options opt;
    hc_strv inputs;
    hc_strv clang_args;
    hc_strv rule_files;
    hc_strv offload_archs;
    hc_strv exclude_dirs;
    hc_strv exclude_files;
    const char *output;    /* -o */
    const char *out_dir;   /* -O */
    bool inplace, no_backup, only_changed, examine;
    bool print_stats, print_stats_csv, quiet_warnings, verbose;
    bool amap;             /* recorded in the manifest as the option given (opt holds what it settles) */
    const char *o_stats, *stats_json, *diff, *report, *sarif;
    const char *depfile;   /* --depfile */
    bool no_manifest;      /* --no-manifest */
    int fail_on; /* -1: none, else an hc_severity */
    int jobs;
    unsigned long long memory_limit; /* --memory: bytes the translations in flight may take (0: available memory) */
    bool hip_version_given;
    hc_strv hip_paths;           /* --hip-path locations in order (empty: found by hc_hip_install_find) */
    /* the target HIP installation, found once (hc_port_hip_target) */
    bool hip_target_known;
    char hip_include[4096];      /* its include/ ("" when none) */
    char **hip_include_dirs;     /* it, then include/ of each other --hip-path location (NULL when none) */
    size_t nhip_include_dirs;
    int *diag_worst;             /* the highest severity hc_cli_diag reported (a counter of the running port's,
                                  * so that --fail-on sees the front end's diagnostics); NULL: not counted */
} hc_port_opts;

typedef struct hc_cli {
    hc_port_opts port;           /* what a port of the inputs needs (hc_port) */
    const char *query;
    bool list_unsupported;
    const char *list_family;
    /* hipify-clang's options: actions run before translation, and switches */
    hc_strv extra_args_before;   /* --extra-arg-before, put in front of clang_args once parsing ends */
    bool no_output, versions;
    bool doc_md, doc_csv;        /* --md, --csv */
    const char *doc_format;      /* full, strict, compact (NULL: full) */
    const char *doc_roc;         /* skip, separate, joint (NULL: skip) */
    /* keeping a port alive (port_cli.c, resync_cli.c, drift_cli.c) */
    const char *resync_dir, *base_cuda;  /* --resync HIP_DIR, --base-cuda DIR */
    const char *resync_json;             /* --resync-json */
    bool resync_dry_run, allow_tool_change;
    const char *drift_dir, *drift_json, *drift_html; /* --drift HIP_DIR, its reports */
} hc_cli;

/* Keeping a port alive (port_cli.c): the options that shape a translation, as command-line words
 * ("--roc", "--hip-version=5.2.0"), which a manifest records and --resync replays; the options of
 * options.def's last block; the manifest -O leaves; the --depfile of a -o translation. */
int hc_cli_port_options(const hc_port_opts *po, hc_strv *words);
/* Whether every word is one a manifest may carry (a translation option, never an output path or a
 * command; --extra-arg only with arguments that steer parsing). Returns 0, or -1 with *bad the first
 * word that is not. */
int hc_cli_replay_check(const char *const *words, size_t n, size_t *bad);
/* Fills po (which it initialises) with the options the words name, each word one a manifest may carry (the
 * form hc_cli_port_options writes; hc_cli_replay_check has vetted their values), settled as hc_cli_settle
 * does: the recorded options become the option struct of a port without passing through argv. A word of
 * any other option, or a value its option refuses (said on stderr), stops it: returns -1 with *bad its
 * index (n when the words together are refused), po then holding only defaults. The fields may point into
 * the words, which must outlive po; the caller frees po (hc_port_opts_free) either way. */
int hc_port_opts_replay(hc_port_opts *po, const char *const *words, size_t n, size_t *bad);
int hc_cli_apply_port(hc_cli *cli, hc_opt_id id, const char *val);
struct hc_out_guard;
struct hc_job_list;
int hc_cli_write_manifest(const hc_port_opts *po, const struct hc_job_list *jobs, const hc_file_result *results,
                          struct hc_out_guard *guard);
int hc_cli_write_depfile(const hc_port_opts *po, const hc_file_result *r, struct hc_out_guard *guard);
/* The option struct of a re-sync's port of in (NULL: none) into out (resync_cli.c): the manifest's recorded
 * words replayed (hc_port_opts_replay: they are the allow-listed ones; a word of any other option has no
 * field to reach), warnings left to the re-sync's own report, and what cli says of the run itself, which
 * goes to both translations: -j, --memory, -v and --hip-path (the target installation: where the port's
 * library headers must be, which --annotate writes into the output). Returns 0, or -1 with *bad the index
 * of a word whose value is refused (n: refused together, or out of memory); the caller frees po either way. */
int hc_resync_port_opts(const hc_cli *cli, const char *const *words, size_t n, const char *in, const char *out,
                        hc_port_opts *po, size_t *bad);
/* --resync (resync_cli.c) and --drift (drift_cli.c): whole runs of their own; return the exit status. */
int hc_cli_resync(hc_cli *cli);
int hc_cli_drift(hc_cli *cli);

/* The HIP installation the port will be built against (hip_install.c). given: --hip-path, or NULL to
 * search $ROCM_PATH, $HIP_PATH, /opt/rocm, /usr. Writes its include directory into incdir and returns 1,
 * or returns 0 when there is none (given names no installation, or the search finds none). */
int hc_hip_install_find(const char *given, char *incdir, size_t size);
/* True when root/include is a directory: a location that holds HIP libraries (hipBLAS installed apart
 * from HIP) without being a HIP installation itself. Writes root/include into incdir. */
bool hc_hip_library_location(const char *root, char *incdir, size_t size);
/* The version in incdir/hip/hip_version.h, or 0 when it cannot be read. */
hc_version hc_hip_install_version(const char *incdir);

/* Marks in out[i] each job that a HIP source of the run includes, directly or through other files of the
 * run, and that kept its CUDA macro tests (results[i].cuda_macros_kept): hipcc compiles it, so it is to
 * be translated again once hc_run_facts.hipcc_compiled names it (hipcc_files.c). Returns 0, or -1 out of memory. */
struct hc_job_list;
int hc_hipcc_compiled(const struct hc_job_list *jobs, const hc_file_result *results, bool *out);

/* Marks in out[i] each CMakeLists.txt of the run that must include the CMake HIP module for a file below it:
 * the topmost CMakeLists.txt (same input root) whose directory holds, at any depth, a migrated CMake file
 * that did not get the module's include() itself (a *.cmake file or a subdirectory's CMakeLists.txt without
 * project(), which enables CUDA for the whole project), unless that CMakeLists.txt has it already
 * (cmake_roots.c). Returns the number marked. */
size_t hc_cmake_module_roots(const struct hc_job_list *jobs, const hc_file_result *results, bool *out);

/* The actions that need no input (--versions, --md, --csv; actions.c, docgen.c). Returns the exit code
 * when the program should stop (nothing else to do, or an action failed), -1 to go on translating. */
int hc_cli_actions(const hc_cli *cli);
/* --md/--csv: writes the API support tables from the mapping tables. Returns 0 or -1 after printing. */
int hc_docgen_write(const hc_cli *cli);
/* -v: prints the semantic pass's compiler arguments and a line per translated file. */
void hc_cli_verbose(FILE *out, const hc_context *ctx, const hc_file_result *results, size_t n);

/* Parses argv into cli. Returns -1 after printing the error, 1 when the program should exit 0 (help,
 * version, man were printed), 0 to go on. */
int hc_cli_parse(int argc, char **argv, hc_cli *cli);
/* An option struct with every default and nothing given (what hc_cli_parse starts from). */
void hc_cli_init(hc_cli *cli);
/* Sets the fields of option id from its value (NULL for an option without one), as the command line
 * would. Returns 0, 1 when the option printed what it asks for (--help), -1 after printing why the value
 * is refused. */
int hc_cli_set(hc_cli *cli, hc_opt_id id, const char *val);
/* Settles what depends on several options once all are set (hipify-clang's rules). 0, or -1 after printing. */
int hc_cli_settle(hc_cli *cli);
void hc_cli_free(hc_cli *cli);
int hc_strv_push(hc_strv *s, const char *v);
/* Frees every word and the array; s is empty afterwards. */
void hc_strv_clear(hc_strv *s);
/* Pushes prefix followed by val as one word (-I/dir, --semantic=never), however long. 0 or -1. */
int hc_strv_push_joined(hc_strv *s, const char *prefix, const char *val);
/* Reads one text line [line, eol) as '# include "name"' or '#include <name>' (any branch, conditions
 * ignored). Returns true and sets the name's span and its quoting when it is one. */
bool hc_include_line(const char *line, const char *eol, const char **name, size_t *len, bool *quoted);

/* One file to translate. */
typedef struct hc_job {
    char *path;     /* as it is read */
    char *rel_path; /* relative to its input root; the output path under -O */
    int root;       /* index of the input it came from */
} hc_job;

typedef struct hc_job_list {
    hc_job *v;
    size_t n, cap;
    int errors; /* inputs that could not be walked (reported already) */
} hc_job_list;

/* Walks the inputs (files and directories), honouring exclusions, skipping symlink loops; jobs come out
 * sorted by (root, rel_path). Problems are printed as file: error lines and counted. */
int hc_discover(const hc_port_opts *po, hc_job_list *jobs);
void hc_job_list_free(hc_job_list *jobs);

/* Joins dir and rel into out, refusing relative paths that would leave dir (.., absolute); links that
 * lead out are the output layer's to refuse. Returns 0 or -1 with a message in err. */
int hc_output_path(const char *dir, const char *rel, char *out, size_t size, char *err, size_t errsize);

/* Writes of the run that would land on one file, found before anything is written and each named
 * (HC2022: two inputs, one output path under -O; HC2026: a report on a translated output, a backup or
 * another report). Returns how many (0: none), or -1 when out of memory (collisions.c). */
int hc_cli_collisions(const hc_port_opts *po, const hc_job_list *jobs);
/* The one rule for the files the options name to write (-o, every report, --depfile, --resync-json,
 * --drift-json, --drift-html): none may be another of them or an input file, nor lie inside the port
 * or a CUDA tree of --resync and --drift (HC2026, each named). Needs no job list: run before any mode
 * writes. Returns how many. hc_port_path_collisions: the same rule for a port's own files alone. */
int hc_cli_path_collisions(const hc_cli *cli);
int hc_port_path_collisions(const hc_port_opts *po);

void hc_print_stats(FILE *out, const char *name, const hc_stats *s);
int hc_write_stats_csv(const char *path, const hc_file_result *files, size_t n, const hc_stats *total, char *err, size_t errsize);

/* The memory the translations in flight may take together (membudget.c): -j threads reserve an estimate
 * of each file's peak before translating it, and wait while the reservations of the others leave no room
 * (one file always runs). limit 0: no limit. */
#include <pthread.h>
typedef struct hc_membudget {
    unsigned long long limit, used;
    int running;
    bool waited; /* some job had to wait */
    pthread_mutex_t lock;
    pthread_cond_t room;
} hc_membudget;
/* The memory this process may still use: MemAvailable, or a cgroup v2 limit less its use when that is
 * less; 0 when neither can be read. */
unsigned long long hc_memory_available(void);
void hc_membudget_init(hc_membudget *b, unsigned long long limit);
void hc_membudget_destroy(hc_membudget *b);
/* The estimated peak of translating the file at path (its size times the measured factor, plus a floor). */
unsigned long long hc_membudget_estimate(const char *path);
void hc_membudget_take(hc_membudget *b, unsigned long long bytes);
void hc_membudget_give(hc_membudget *b, unsigned long long bytes);

/* The whole program: parse, walk, translate, write, report. Returns the exit status; it never calls
 * exit(), so the CLI fuzz target can run it many times in one process. */
int hc_cli_main(int argc, char **argv);
/* The port of the inputs po names (a tree under -O, several inputs, one file to -o or stdout, --inplace,
 * --examine), from a filled option struct (port.c): checks the options as the command line does
 * (collisions, modes), translates, writes the outputs, carried headers, manifest, depfile and reports,
 * prints the diagnostics. The command line and --resync both call it; no argv is read. Returns the exit
 * status (HC_EXIT_*); po keeps its options (and the target HIP installation it found) and its caller
 * frees it. */
int hc_port(hc_port_opts *po);
/* Default options of a port: nothing given (what hc_cli_init starts the command line's from). */
void hc_port_opts_init(hc_port_opts *po);
void hc_port_opts_free(hc_port_opts *po);
/* The target HIP installation of the run (hip_install.c): --hip-path, else the one found, gives the
 * default --hip-version and the include directories the port is checked against. Once per po; later
 * calls do nothing. Returns 0, or -1 after printing when --hip-path names no installation. */
int hc_port_hip_target(hc_port_opts *po);
/* Flushes standard output (output.c); a lost line (--help into a full disk, --print-stats into a closed
 * pipe) is reported. Returns 0 or -1. */
int hc_cli_flush_stdout(void);

/* Prints "path: severity: CODE: message [flag]" for a diagnostic of the table, escaped for the
 * terminal (every diagnostic the front end prints about a path goes through here). Notes and
 * warnings obey --suppress and -q; errors are always printed. What is not suppressed counts towards
 * --fail-on (po->diag_worst), as the library's diagnostics do. Not thread-safe: the front end
 * reports from one thread. */
void hc_cli_diag(const hc_port_opts *po, const char *path, hc_diag_id id, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
