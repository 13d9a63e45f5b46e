/* unit.h: the state of one file while it is translated (text, tokens, proposed edits, diagnostics,
 * reference counts), shared by the rule modules. It holds no state beyond one file. */
#ifndef HC_UNIT_H
#define HC_UNIT_H
#include "edits.h"
#include "hipify/hipify.h"
#include "mapping.h"
#include "tokens.h"
#include <stdarg.h>

typedef struct hc_diag_list {
    hc_diag *v;
    size_t n, cap;
} hc_diag_list;

/* Reference counter keyed by name (open addressing, per file). */
typedef struct hc_ref_table {
    hc_ref_count *slots;
    size_t cap, used;
} hc_ref_table;

/* What the passes read about the code, computed once per file (code.c: hc_code_analyze) and freed with the
 * unit (hc_code_facts_free): bracket matches, function and lambda bodies, host-only branches. */
typedef struct hc_code_facts hc_code_facts;
/* What values hold (thread indices, lanes, warp numbers, lane masks; values.c: hc_values_analyze), computed once
 * per file when a pass first asks and freed with the unit (hc_values_free). */
typedef struct hc_value_facts hc_value_facts;

typedef struct hc_unit {
    const hc_context *ctx;
    const hc_options *opt;
    const hc_run_facts *run; /* the facts of the whole run (never NULL: empty when none are known) */
    const char *path;   /* for diagnostics */
    const char *text;   /* input, NUL-terminated */
    size_t len;
    hc_file_kind kind;
    uint32_t *line_starts; /* byte offset of each line start */
    size_t nlines;
    hc_token_list toks;
    hc_code_facts *facts; /* NULL until hc_code_analyze ran: code.h then walks on demand */
    hc_value_facts *values; /* NULL until hc_values_analyze ran (values.h) */
    hc_edit_set edits;
    hc_diag_list diags;
    hc_ref_table refs;
    hc_ref_table rule_hits;
    const char *pass;   /* name of the pass now running: stamped on what it proposes */
    bool parsed;        /* no parse error found (true until the semantic pass reports one) */
    bool semantic_ran;  /* the semantic pass ran at all (vetoes and skipped ranges are valid) */
    bool compiled_by_hipcc; /* the run says hipcc compiles this file (hc_run_facts.hipcc_compiled) */
    bool cmake_module_root; /* the run says this CMake file includes the HIP module (hc_run_facts.cmake_module_roots) */
    /* facts gathered by the rules, used by later rules */
    bool includes_cuda_runtime; /* an include mapped to a header that implies the HIP runtime */
    bool includes_hip_runtime;  /* already includes hip/hip_runtime.h (idempotence) */
    bool uses_runtime;          /* uses CUDA runtime features (API names, launches, __global__) */
    bool uses_shim;             /* a shimmed API was mapped: the shim header is needed */
    /* facts settled by the resolution (resolution.c), read by the finishing passes */
    bool uses_hip;              /* the port uses HIP (hc_file_result.uses_hip) */
    bool cuda_macros_kept;      /* the file uses no HIP: its HIP-neutral edits were taken back */
    bool kept_for_hipcc;        /* it uses no HIP, but hipcc compiles it (compiled_by_hipcc):
                                 * its HIP-neutral edits stand */
    hc_edit_set rolled_back;    /* the HIP-neutral edits taken back, in proposal order */
    /* indices in diags of hazards that a pass fixed with an edit of its own (hc_unit_diag_fixed) */
    size_t *fixed;
    size_t nfixed, capfixed;
} hc_unit;

/* Emits a diagnostic at byte offset off (UINT32_MAX: whole file) about name (may be NULL), marked with the
 * running pass; the message comes from the id's template and the arguments. Suppressed ids are dropped
 * by the resolution, after supersession (a suppressed diagnostic still supersedes). */
void hc_unit_diag(hc_unit *u, hc_diag_id id, uint32_t off, const char *name, ...);
void hc_unit_vdiag(hc_unit *u, hc_diag_id id, uint32_t off, const char *name, va_list ap);
/* The index the next diagnostic will have in u->diags: diagnostics are only added while the passes run. */
static inline size_t hc_unit_next_diag(const hc_unit *u) { return u->diags.n; }
/* Says that the diagnostic at index i (hc_unit_next_diag before it was emitted), which the running pass
 * reported, is fixed by an edit that pass proposed: the resolution shows it as a note, since it no longer
 * needs a person (nor fails --fail-on warning). Returns 0, or -1 on out-of-memory. */
int hc_unit_diag_fixed(hc_unit *u, size_t i);
/* Counts one reference to a CUDA name. */
void hc_unit_count_ref(hc_unit *u, const char *name, size_t len, hc_family fam, bool converted);
/* Takes back one converted reference (its rename lost to a better edit, e.g. a disable rule). */
void hc_unit_uncount_ref(hc_unit *u, const char *name, size_t len);
/* Moves one reference of a CUDA name from "left unchanged" to "converted", in its family (a later pass
 * translated what the rename pass could not). */
void hc_unit_convert_ref(hc_unit *u, const char *name, size_t len);
/* Counts one hit of a named rule (user rule or build-script rewrite). */
void hc_unit_count_rule(hc_unit *u, const char *rule_name);
/* 1-based line and column of a byte offset. */
uint32_t hc_unit_line_of(const hc_unit *u, uint32_t off, uint32_t *col);
/* Proposes an edit (hc_edits_add on u->edits), marked with the running pass. */
int hc_unit_edit(hc_unit *u, uint32_t off, uint32_t len, const char *repl, hc_edit_priority priority, hc_effort effort);
/* Same, for an edit that is no use of HIP by itself (hc_edit.hip_neutral): the resolution takes it back
 * when nothing else in the file uses HIP. */
int hc_unit_edit_hip_neutral(hc_unit *u, uint32_t off, uint32_t len, const char *repl, hc_edit_priority priority,
                             hc_effort effort);

/* True for CUDA's built-in markers of device code (__global__, threadIdx, dim3; pass_rename.c). */
bool hc_is_runtime_marker(const char *s, size_t n);
/* True for a macro CUDA itself defines (compiler, version and header-guard macros; pass_ppcond.c): a file
 * that #defines it imitates CUDA rather than declaring an entity of its own. */
bool hc_is_cuda_macro(const char *s, size_t n);
/* The #if condition under which every use of HIP in the file (its edits and CUDA markers) is compiled,
 * outside the include guard opened by the '#' at guard_hash (SIZE_MAX: none): 1 and cond set when all
 * lie in branches whose conditions can be copied to the top of the file, 0 when the header must be
 * unconditional, -1 on out-of-memory. first_use: offset of the first use (include_cond.c). */
int hc_use_condition(const hc_unit *u, size_t guard_hash, char *cond, size_t size, uint32_t *first_use);
/* True for a .cu path: nvcc includes the CUDA runtime into it implicitly (pass_includes.c). */
bool hc_is_cuda_source(const char *path);
/* True when the file's code names something of CUDA that HIP must provide, or includes a CUDA header
 * (cuda_names.c); the resolution reads it to tell whether the port uses HIP. */
bool hc_names_cuda(const hc_unit *u);
/* The HIP name of a CUDA compiler, version or guard macro of pp_macros.def that HIP defines faithfully
 * (__CUDACC__ -> __HIPCC__), or NULL: renaming it is no use of HIP (pass_ppcond.c). */
const char *hc_pp_macro_hip(const char *s, size_t n);
/* True when that HIP macro reads the same in the host and the device compilation (__HIPCC__, unlike
 * __HIP_DEVICE_COMPILE__): a condition on it may guard what both compilations need. */
bool hc_pp_macro_same_on_both_sides(const char *s, size_t n);

/* The passes, in the order of passes.def, for files of the listed kind. Each returns 0, or -1 on
 * out-of-memory (problems in the input are diagnostics, not failures). The finishing passes:
 * hc_finish_ppcond says where a kept CUDA macro test reads differently under hipcc (HC1140, HC1141);
 * hc_finish_includes inserts #include <hip/hip_runtime.h> (and the shim header) where needed. */
#define HC_PASS(name, fn, file_kind) int fn(hc_unit *u);
#define HC_FINISH(name, fn, file_kind) int fn(hc_unit *u);
#include "passes.def"

#endif
