/* unportable_nvidia.c: reports a project's own function named like a macro of HIP's NVIDIA headers
 * (__shfl_down, which HIP defines on NVIDIA as __shfl_down_sync(0xffffffff, ...)). It rewrites nothing:
 * see unp_check_nvidia_macro for why. The names come from mappings/hip_nvidia_headers.def. */
#include "unportable.h"
#include "semantic.h"
#include "util.h"

#include <string.h>

typedef struct nvidia_macro {
    const char *name, *expansion;
} nvidia_macro;

static const nvidia_macro nvidia_macros[] = {
#define HC_NVIDIA_MACRO(name, expansion) {name, expansion},
#include "../../mappings/hip_nvidia_headers.def"
};

/* Why no rewrite: renaming the function would have to rename its uses in every file that calls it, and a
 * call elsewhere cannot be told from a call of HIP's own function by one file's tokens; parenthesizing the
 * name, (__shfl_down)(...), stops the macro on NVIDIA but makes calls with a built-in type ambiguous on
 * AMD, where HIP declares overloads of the same name. The name right after a type and before '(' is a definition
 * or a declaration of the project's own function (a call has no type before it). */
void unp_check_nvidia_macro(unp_scan *s, size_t i) {
    const hc_unit *u = s->u;
    const hc_token *k = hc_code_tok(u, i);
    if (k->len < 6 || s->text[k->off] != '_' || hc_code_in_directive(u, i)) return;
    const nvidia_macro *m = NULL;
    for (size_t r = 0; r < COUNT_OF(nvidia_macros) && !m; r++)
        if (hc_code_spelled(u, i, nvidia_macros[r].name, strlen(nvidia_macros[r].name))) m = &nvidia_macros[r];
    if (!m || !hc_code_punct(u, hc_code_next(u, i), "(")) return;
    if (!hc_tok_declarator_position(u, i)) return; /* after a type: T __shfl_down(...), not a call */
    hc_unit_diag(s->u, HC_D_NVIDIA_MACRO_COLLISION, k->off, m->name, m->name, m->name, m->expansion);
}
