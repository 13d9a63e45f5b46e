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

typedef struct hc_unit {
    const hc_context *ctx;
    const hc_options *opt;
    const char *path;   /* for diagnostics */
    const char *text;   /* input, NUL-terminated */
    size_t len;
    hc_file_kind kind;
    uint32_t *line_starts; /* byte offset of each line start */
    size_t nlines;
    hc_token_list toks;
    hc_edit_set edits;
    hc_diag_list diags;
    hc_ref_table refs;
    hc_ref_table rule_hits;
    bool parsed;        /* no parse error found (true until the semantic pass reports one) */
    bool semantic_ran;  /* the semantic pass ran at all (vetoes and skipped ranges are valid) */
    /* facts gathered by the rules, used by later rules */
    bool includes_cuda_runtime; /* an include mapped to a header that implies the HIP runtime */
    bool includes_hip_runtime;  /* already includes hip/hip_runtime.h (idempotence) */
    bool uses_runtime;          /* uses CUDA runtime features (API names, launches, __global__) */
    bool uses_shim;             /* a shimmed API was mapped: the shim header is needed */
    bool uses_hip;              /* set by hc_finish_ppcond: the port uses HIP (hc_file_result.uses_hip) */
    bool cuda_macros_kept;      /* set by hc_finish_ppcond: CUDA macro renames dropped, the file uses no HIP */
} hc_unit;

/* Emits a diagnostic at byte offset off (UINT32_MAX: whole file) about name (may be NULL); the message
 * comes from the id's template and the arguments. Suppressed ids are dropped here. */
void hc_unit_diag(hc_unit *u, hc_diag_id id, uint32_t off, const char *name, ...);
void hc_unit_vdiag(hc_unit *u, hc_diag_id id, uint32_t off, const char *name, va_list ap);
/* Counts one reference to a CUDA name. */
void hc_unit_count_ref(hc_unit *u, const char *name, size_t len, hc_family fam, bool converted);
/* Takes back one converted reference (its rename lost to a better edit, e.g. a disable rule). */
void hc_unit_uncount_ref(hc_unit *u, const char *name, size_t len);
/* Moves one reference of a CUDA name from "left unchanged" to "converted" (a later pass translated what
 * the rename pass could not). */
void hc_unit_convert_ref(hc_unit *u, const char *name, size_t len, hc_family fam);
/* Counts one hit of a named rule (user rule or build-script rewrite). */
void hc_unit_count_rule(hc_unit *u, const char *rule_name);
/* 1-based line and column of a byte offset. */
uint32_t hc_unit_line_of(const hc_unit *u, uint32_t off, uint32_t *col);
/* Proposes an edit (shorthand for hc_edits_add on u->edits). */
int hc_unit_edit(hc_unit *u, uint32_t off, uint32_t len, const char *repl, hc_rule_id rule, hc_effort effort);

/* The translation passes, run in the order of rules.def for files of the listed kind. Each returns 0,
 * or -1 on out-of-memory (problems in the input are diagnostics, not failures). */
/* Inserts #include <hip/hip_runtime.h> (and the shim header) where needed; runs after every pass. */
int hc_finish_includes(hc_unit *u);
/* Leaves a file with no real HIP use byte-identical: drops the renames of CUDA compiler, version and guard
 * macros there (pass_ppcond.c) and says where hipcc reads the condition differently; runs before
 * hc_finish_includes. */
int hc_finish_ppcond(hc_unit *u);
/* True for CUDA's built-in markers of device code (__global__, threadIdx, dim3; pass_rename.c). */
bool hc_is_runtime_marker(const char *s, size_t n);
/* The #if condition under which every use of HIP in the file (its edits and CUDA markers) is compiled,
 * outside the include guard opened by the '#' at guard_hash (SIZE_MAX: none): 1 and cond set when all
 * lie in branches whose conditions can be copied to the top of the file, 0 when the header must be
 * unconditional, -1 on out-of-memory. first_use: offset of the first use (include_cond.c). */
int hc_use_condition(const hc_unit *u, size_t guard_hash, char *cond, size_t size, uint32_t *first_use);
/* True for a .cu path: nvcc includes the CUDA runtime into it implicitly (pass_includes.c). */
bool hc_is_cuda_source(const char *path);

#define HC_PASS(fn, file_kind) int fn(hc_unit *u);
#include "rules.def"
#undef HC_PASS

#endif
