/* argrewrite.h: the argument-rewrite table (mappings/arguments.tsv, generated into C at build time):
 * which CUDA calls need more than a rename, and what to do to their arguments. It edits nothing. */
#ifndef HC_ARGREWRITE_H
#define HC_ARGREWRITE_H
#include <stddef.h>
#include <stdint.h>

typedef enum hc_arg_action {
    HC_ARGACT_SYMBOL = 0, /* wrap argument arg_index in HIP_SYMBOL(...) */
    HC_ARGACT_CAST,       /* wrap argument arg_index in a cast to text (reinterpret_cast in C++) */
    HC_ARGACT_RENAME,     /* call hip instead of the table's rename (an overload chosen by count) */
    HC_ARGACT_APPEND,     /* append text as a last argument (and rename to hip when given) */
    HC_ARGACT_CHECK,      /* no edit: warn (HC1024) with text, a change the tool cannot make safely */
    HC_ARGACT_DROP,       /* remove argument arg_index when it is a null literal; otherwise warn with text */
    HC_ARGACT_REMOVE,     /* remove argument arg_index whatever it is; warn with text unless it is a null literal */
    HC_ARGACT_INSERT,     /* insert text (or, for "$N", a copy of argument N) before argument arg_index (at the end when = count) */
    HC_ARGACT_REPLACE,    /* replace argument arg_index by text (a parameter whose CUDA value has no meaning there) */
    HC_ARGACT_MOVE,       /* move text "COUNT:TO": arguments arg_index..+COUNT-1 go before original argument TO
                           * (at the end when TO = count); MIOpen orders cuDNN's parameters differently */
    HC_ARGACT_CAST_UNLESS, /* as CAST, except where the semantic pass found the argument already has type text */
    HC_ARGACT_QUALIFY_UNLESS, /* as CAST_UNLESS, for a cast that only adds qualifiers C++ does not add implicitly
                               * (char ** to const char **): const_cast, which reinterpret_cast cannot do */
    HC_ARGACT_WARN_UNLESS, /* no edit: warn (HC1024) where the semantic pass found argument arg_index has another
                            * type than text (hipify-clang's output is kept where its tests pin it) */
    HC_ARGACT_SHIM_UNLESS, /* no edit: where argument arg_index may have another type than text (a typed pointer that
                            * CUDA's C++ template overload takes), the call stays as written and the file includes
                            * hipify_shim.h, which declares that overload for HIP; a C file gets CAST_UNLESS's cast */
    HC_ARGACT_SHIM         /* no edit: calls with nargs arguments are a CUDA template overload that only
                            * hipify_shim.h declares for HIP: the file includes it */
} hc_arg_action;

typedef struct hc_arg_rewrite {
    const char *cuda;  /* CUDA function name */
    int nargs;         /* the rewrite applies to calls with this many arguments; -1: any count */
    const char *hip;   /* function to call instead of the table's HIP name, or "" */
    uint8_t action;    /* hc_arg_action */
    uint8_t arg_index; /* 0-based argument for SYMBOL, the casts, DROP, REMOVE, INSERT and MOVE */
    const char *text;  /* cast type (CAST, CAST_UNLESS, QUALIFY_UNLESS), appended or inserted argument (APPEND, INSERT), warning
                        * (CHECK, DROP, REMOVE), "COUNT:TO" (MOVE); "" otherwise. INSERT's "$N" copies argument N
                        * and "$HIP_VERSION" is the target HIP version as 100 * major + minor */
    const char *note;  /* why, for the HC1022 note */
    const char *target; /* the rewrite applies only where the call becomes this name ("" : wherever it is
                         * translated); a --roc library's signature differs from the HIP one */
    uint32_t hip_since; /* SHIM, SHIM_UNLESS, CHECK: the first HIP release from which the row is not needed (its
                         * headers declare the overload, the signature changed; an hc_version; 0: none) */
} hc_arg_rewrite;

/* The rewrites of one CUDA function (not NUL-terminated name), in table order; *count is 0 and the
 * result NULL when it has none. */
const hc_arg_rewrite *hc_arg_rewrites_find(const char *name, size_t len, size_t *count);

#endif
