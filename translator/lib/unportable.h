/* unportable.h: what the modules of the unportable pass share for one file (pass_unportable.c runs them over
 * the tokens): the scan state and the token helpers every check uses. No check lives here. */
#ifndef HC_UNPORTABLE_H
#define HC_UNPORTABLE_H
#include "code.h"

#define NONE SIZE_MAX

/* A row of the pass's two-column tables (unportable.def): a name and what to say of it. */
typedef struct named2 { const char *name, *what; } named2;

typedef struct unp_scan {
    hc_unit *u;
    const char *text;
    bool cg_using;                /* the file has `using namespace cooperative_groups` */
    const hc_token *cg_alias[16]; /* names of `namespace X = cooperative_groups` */
    size_t ncg_alias;
    bool alloc_prop;              /* the file names cudaMemAllocationProp / CUmemAllocationProp */
    struct cg_var { const hc_token *name; const char *type; } cg_vars[64]; /* variables holding a group */
    size_t ncg_vars;
    struct div_chain *div_chains; /* divergent_barrier: per statement, computed once; freed by the pass */
} unp_scan;

/* The index of the word of list[0, n) that token i spells, or NONE. */
static inline size_t unp_word(const unp_scan *s, size_t i, const char *const *list, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (hc_code_is(s->u, i, list[k])) return k;
    return NONE;
}

/* Token i's spelling, cut to size - 1 bytes (empty when i is no token). */
void unp_tok_name(const unp_scan *s, size_t i, char *buf, size_t size);
/* True when identifier i is a use of the global (CUDA) entity of that name: not a member, not qualified by
 * a user namespace or class, not the name of a declaration of the user's own, not vetoed by the semantic
 * pass, not a #define'd name. */
bool unp_global_use(const unp_scan *s, size_t i);
/* True when tokens [first, last] are exactly a built-in index member: threadIdx, blockIdx, blockDim or gridDim,
 * then '.', then x, y or z. CUDA types these unsigned int; HIP spells them as objects that convert to it. */
bool unp_builtin_index(const unp_scan *s, size_t first, size_t last);
/* The arguments of the call whose name is token i, split at its top-level commas (HC_SPLIT_CALL). False
 * when no '(' follows i or it is not closed, and args is then untouched. */
bool unp_call_args(const unp_scan *s, size_t i, hc_code_args *args);

/* A function of the project's own named like a macro of HIP's NVIDIA headers (unportable_nvidia.c). */
void unp_check_nvidia_macro(unp_scan *s, size_t i);

/* &v.x of a CUDA vector type cast to another pointer type (unportable_vector.c): rewritten to &v, or
 * reported for y, z and w. member is the component's token; -1 when memory runs out. */
int unp_check_vector_component_address(unp_scan *s, size_t member);

/* Cooperative groups (unportable_cg.c): the file's using-directives, aliases and group variables, gathered
 * once; then the names, members and headers HIP's groups lack. */
void unp_collect_cg(unp_scan *s);
void unp_check_cg_name(unp_scan *s, size_t i);
void unp_check_cg_member(unp_scan *s, size_t i);
void unp_check_cg_header(unp_scan *s, size_t i);

/* min/max called with arguments of two types, or with a built-in index (unportable_minmax.c). Returns 0, or
 * -1 when memory runs out. */
int unp_check_min_max(unp_scan *s, size_t i);

/* Built-in index cast in a printf argument (HC1114, unportable_printf_builtin_index.c). Returns 0, or -1 when memory runs out. */
int unp_check_printf_builtin_index(unp_scan *s, size_t i);

/* A default argument an out-of-line definition of a member of a class template adds (HC1115,
 * unportable_template_default_arg.c). */
void unp_check_template_default_arg(unp_scan *s, size_t i);

/* Barrier under a thread-dependent condition (HC1116, unportable_divergent_barrier.c). Returns 0, or -1 when memory runs out. */
int unp_check_divergent_barrier(unp_scan *s, size_t i);

#endif
