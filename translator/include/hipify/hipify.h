/* hipify.h: the public C API of libhipify, the CUDA-to-HIP source translator.
 * It does not read directories, parse command lines or write files: the hipify-c front end does. */
#ifndef HIPIFY_HIPIFY_H
#define HIPIFY_HIPIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HC_VERSION_STRING "0.1.0"

/* Status codes returned by every fallible libhipify call. Errors are values: the library never exits. */
typedef enum hc_status {
    HC_OK = 0,
    HC_ERR_IO,          /* a file could not be read or written */
    HC_ERR_INPUT,       /* the input is not translatable (binary, too large, bad encoding) */
    HC_ERR_USAGE,       /* an option value is invalid */
    HC_ERR_NOMEM,
    HC_ERR_INTERNAL
} hc_status;

/* A version number such as HIP 6.3.0 or CUDA 12.6, packed as major<<16 | minor<<8 | patch.
 * 0 means "none / not applicable". */
typedef uint32_t hc_version;
#define HC_VERSION(major, minor, patch) ((hc_version)(((major) << 16) | ((minor) << 8) | (patch)))
/* Parses "6.3", "6.3.0" or "12"; returns 0 on malformed text. */
hc_version hc_version_parse(const char *text);
/* Formats into buf ("6.3.0"); returns buf. */
char *hc_version_format(hc_version v, char *buf, size_t size);

typedef enum hc_severity { HC_SEV_NOTE = 0, HC_SEV_WARNING, HC_SEV_ERROR } hc_severity;

/* Diagnostic ids: the one table lives in translator/lib/diagnostics.def. */
typedef enum hc_diag_id {
#define HC_DIAG(sym, code, sev, flag, title, fmt, help) sym,
#include "hipify/diagnostics.def"
#undef HC_DIAG
    HC_DIAG__COUNT
} hc_diag_id;

typedef struct hc_diag_info {
    const char *code;     /* "HC1001": never changes meaning once released */
    hc_severity severity; /* default severity */
    const char *flag;     /* short kebab-case name shown in brackets: [unsupported-api] */
    const char *title;    /* short title for reports */
    const char *format;   /* printf-style message template */
    const char *help;     /* one-paragraph help text / suggested fix */
} hc_diag_info;

const hc_diag_info *hc_diag_info_get(hc_diag_id id);
/* Looks a diagnostic up by its code ("HC1001"); returns HC_DIAG__COUNT when unknown. */
hc_diag_id hc_diag_find(const char *code);

/* One emitted diagnostic. Offsets and lines are for the original (input) text. */
typedef struct hc_diag {
    hc_diag_id id;
    hc_severity severity;
    uint32_t offset; /* byte offset in the input; UINT32_MAX when the diagnostic is about the whole file */
    uint32_t line;   /* 1-based; 0 when none */
    uint32_t col;    /* 1-based, in bytes; 0 when none */
    char *message;   /* fully formatted, owned by the result */
    char *name;      /* the API or construct concerned, or NULL; owned */
    const char *pass; /* the pass that reported it ("rename", "launch", ...; "input" for the checks of
                       * the file itself); a static string, NULL where no pass of libhipify made it */
} hc_diag;

/* API families: order matters only for reports, never for behaviour. */
typedef enum hc_family {
#define HC_FAMILY(sym, key, label) sym,
#include "hipify/families.def"
#undef HC_FAMILY
    HC_FAMILY__COUNT
} hc_family;
const char *hc_family_key(hc_family f);   /* "runtime", "blas", ... */
const char *hc_family_label(hc_family f); /* "CUDA Runtime API", "cuBLAS", ... */

/* How much human work a reference needs, for --examine and the review reports. */
typedef enum hc_effort {
    HC_EFFORT_NONE = 0,  /* nothing to do: identical name in HIP */
    HC_EFFORT_RENAME,    /* a rename done by the tool */
    HC_EFFORT_ARGUMENTS, /* an argument rewrite (done by the tool or to check) */
    HC_EFFORT_MANUAL     /* no HIP equivalent: a person must port it */
} hc_effort;

/* Per-name reference counts of one file or of a whole run. */
typedef struct hc_ref_count {
    char *name; /* CUDA name, owned */
    hc_family family;
    bool converted;
    uint32_t count;
} hc_ref_count;

typedef struct hc_stats {
    uint64_t converted_refs;
    uint64_t unconverted_refs;
    uint64_t replaced_bytes;
    uint64_t total_bytes;
    uint64_t changed_lines;
    uint64_t total_lines;
    double seconds;
    uint64_t converted_by_family[HC_FAMILY__COUNT];
    uint64_t unconverted_by_family[HC_FAMILY__COUNT];
    hc_ref_count *refs; /* sorted by name, then converted */
    size_t nrefs;
    /* rule hits by name (user rules, build-script rewrites), sorted by name */
    hc_ref_count *rule_hits;
    size_t nrule_hits;
} hc_stats;

/* One edit applied to the input: [offset, offset+length) replaced by replacement. */
typedef struct hc_edit {
    uint32_t offset;
    uint32_t length;
    char *replacement; /* owned */
    uint8_t priority;  /* which edit wins an overlap, lower first (levels: translator/lib/edits.h) */
    hc_effort effort;
    const char *pass;  /* the pass that proposed it ("rename", ...; HC_PASS_ANNOTATE for --annotate
                        * comments); a static string */
    bool hip_neutral;  /* no use of HIP by itself (a CUDA compiler macro renamed, a space added): taken
                        * back in a file that otherwise uses no HIP */
} hc_edit;
#define HC_PASS_ANNOTATE "annotate"

typedef enum hc_file_kind {
    HC_FILE_SOURCE = 0,   /* CUDA/C/C++ source or header */
    HC_FILE_CMAKE,        /* CMakeLists.txt, *.cmake */
    HC_FILE_MAKEFILE,     /* Makefile, *.mk, Makefile.am, configure.ac */
    HC_FILE_OTHER         /* copied unchanged */
} hc_file_kind;

/* Result of translating one file. All memory is owned by the result. */
typedef struct hc_file_result {
    char *path;     /* input path as given */
    char *rel_path; /* path relative to the tree root (or the file name in single-file mode) */
    hc_file_kind kind;
    hc_status status; /* HC_OK, or why the file could not be translated */
    char *original;   /* input bytes (NUL-terminated for convenience) */
    size_t original_len;
    char *output;     /* translated bytes; equals original when nothing changed */
    size_t output_len;
    bool changed;
    bool parsed;      /* false when the semantic pass found a parse error (then the token pass alone
                       * translated the file); true when it parsed or was not needed */
    bool uses_hip;    /* the port uses HIP: a CUDA API, type, header, kernel or launch was found */
    bool cuda_macros_kept; /* it uses no HIP, so its tests of CUDA compiler macros stayed as written
                            * (HC1140); with hc_options.compiled_by_hipcc they are translated */
    hc_edit *edits;   /* sorted by offset, non-overlapping */
    size_t nedits;
    hc_diag *diags;   /* sorted by offset */
    size_t ndiags;
    hc_stats stats;
} hc_file_result;

typedef enum hc_launch_syntax { HC_LAUNCH_KEEP = 0, HC_LAUNCH_HIP } hc_launch_syntax;

/* When the libclang pass runs. AUTO: single-file parse when the token stream shows a construct only
 * it can settle (a declaration with a CUDA name, a user using-directive), or when excluded branches
 * must be known. ALWAYS: single-file parse of every file. FULL: every file with its include graph
 * (default with -p). NEVER: token pass only. */
typedef enum hc_semantic_policy { HC_SEM_AUTO = 0, HC_SEM_ALWAYS, HC_SEM_FULL, HC_SEM_NEVER } hc_semantic_policy;

/* Options that change translation. The CLI fills this from argv; other programs set it directly. */
typedef struct hc_options {
    const char *const *clang_args; /* extra compiler arguments (-I, -D, after --) */
    size_t nclang_args;
    const char *cuda_path;          /* NULL: project-owned CUDA declaration headers (-nocudainc) */
    const char *decls_dir;          /* directory of project-owned CUDA declarations; NULL: built-in path */
    const char *compile_db_dir;     /* -p: directory holding compile_commands.json, or NULL */
    hc_launch_syntax launch_syntax;
    bool skip_excluded_pp_blocks;   /* rename only in active preprocessor branches */
    hc_semantic_policy semantic;
    bool annotate;                  /* insert diagnostics as comments into the output */
    bool roc;                       /* emit roc* names where a table has them */
    bool miopen;                    /* cuDNN -> MIOpen where the table gives one */
    bool fix_warp_size;             /* apply safe warp-size rewrites */
    bool build_scripts;             /* migrate CMake/Makefiles */
    bool build_scripts_only;        /* --build-scripts-only: sources are copied, not translated */
    hc_version hip_version;         /* target HIP version; 0: newest in the tables */
    hc_version cuda_version;        /* CUDA release the code targets (its CUDA_VERSION when parsed); 0: the
                                     * one the file's own version conditions ask for (cuda_version.h) */
    const char *const *offload_archs; /* AMD targets for build-script migration */
    size_t noffload_archs;
    bool suppress_all;
    bool suppressed[HC_DIAG__COUNT];
    const struct hc_rule_set *rules; /* user rules (--rules), or NULL */
    /* hipify-clang's translation switches */
    bool experimental;              /* --experimental: translate APIs whose HIP counterpart is experimental */
    bool use_hip_data_types;        /* --use-hip-data-types: hipDataType/HIP_R_* even where --roc names rocBLAS types */
} hc_options;

/* What a whole run knows beyond the options: the files it ports, the HIP installation the port will be
 * built against, and what translating every file once found out. The program that runs the translation
 * fills it and gives it to the context (hc_context_set_run); the library only reads it. */
typedef struct hc_run_facts {
    const char *const *input_paths; /* every file being ported, as its path is read: a CUDA Samples helper
                                      * header that no ported file answers is reported (HC1123); NULL: no
                                      * check */
    size_t ninput_paths;
    const char *hip_include_dir;    /* include/ of the target HIP installation: a HIP library header the port
                                     * includes and this lacks is reported (HC1124); NULL: no check */
    const char *const *hip_include_dirs; /* it, then the include/ of each library location given beside it
                                          * (--hip-path A:B): a header in any of them is present */
    size_t nhip_include_dirs;
    const char *const *hipcc_compiled; /* files (paths as translated) that hipcc compiles although they use no
                                         * HIP, because a HIP source of the run includes them: their tests of
                                         * CUDA compiler macros (__CUDACC__) are translated, since hipcc, not a
                                         * host compiler, reads them. Known after a first translation of all */
    size_t nhipcc_compiled;
    bool links_shim;                /* a ported source of the run calls libhipify_shim: migrated Makefiles
                                     * add it to the link. Known after a first translation of all */
    const char *const *cmake_module_roots; /* top-level CMakeLists.txt files (paths as translated) that get the
                                            * HIP module's include() although they name no CUDA themselves: a
                                            * CMake file below them without project() was migrated (an
                                            * enable_language(CUDA) in an included .cmake file). Known after a
                                            * first translation of all */
    size_t ncmake_module_roots;
} hc_run_facts;

typedef struct hc_context hc_context;

/* Creates a context (immutable during a run; shareable between threads). On failure returns NULL and
 * writes a message into err. */
hc_context *hc_context_new(const hc_options *opt, char *err, size_t errsize);
void hc_context_free(hc_context *ctx);
const hc_options *hc_context_options(const hc_context *ctx);
/* Gives the context the facts of its run (NULL: none known), which must outlive the translations that
 * read them. Call it only while no translation runs: between the first translation of every file and a
 * second one of those whose facts changed. */
void hc_context_set_run(hc_context *ctx, const hc_run_facts *run);
/* The compiler arguments the semantic pass parses every file with (before per-file database flags). */
const char *const *hc_context_clang_args(const hc_context *ctx, size_t *count);

/* Translates one in-memory buffer. path names the file in diagnostics; rel_path is how reports name it.
 * Thread-safe for distinct results. Returns the file's status (also stored in out->status); the result
 * always holds the original text and any diagnostics, even on failure. */
hc_status hc_translate_buffer(const hc_context *ctx, const char *path, const char *rel_path,
                              hc_file_kind kind, const char *data, size_t len, hc_file_result *out);

/* Reads path (with the input checks: size, binary, encoding) and translates it. */
hc_status hc_translate_file(const hc_context *ctx, const char *path, const char *rel_path,
                            hc_file_result *out);

/* Same, translating the file as kind whatever its name says. */
hc_status hc_translate_file_as(const hc_context *ctx, const char *path, const char *rel_path, hc_file_kind kind,
                               hc_file_result *out);

void hc_file_result_free(hc_file_result *r);

/* Adds a's counters into total (used to build run totals). */
void hc_stats_add(hc_stats *total, const hc_stats *a);
void hc_stats_free(hc_stats *s);

/* Classifies a path by name: source, CMake, Makefile or other. */
hc_file_kind hc_classify_path(const char *path);

/* What the caller knows of a file beyond its name, for hc_file_kind_of. */
enum {
    HC_PATH_NAMED = 1u << 0,   /* named on the command line as a file to translate: a source whatever its name */
    HC_PATH_SPECIAL = 1u << 1, /* named on the command line and not a regular file (a device, a FIFO): read as
                                * a source, under the size limit, never streamed as a copy */
    HC_PATH_CARRIED = 1u << 2  /* a runtime-shim header an earlier run carried here: HIP already, copied */
};
/* The one decision of how a file is handled: its name's class (hc_classify_path), what the caller knows
 * of it (HC_PATH_* bits), and the options (build scripts migrated or not, sources or not). */
hc_file_kind hc_file_kind_of(const hc_options *opt, const char *path, unsigned facts);

#ifdef __cplusplus
}
#endif
#endif
