/* unportable_printf_builtin_index.c: the printf check of the unportable pass: a built-in index member
 * (threadIdx.x ...) passed straight to printf in device code gets a cast to unsigned int (HC1114). It types no
 * other argument and leaves printf calls in host code and in macro bodies whose arguments it cannot see. */
#include "unportable.h"

#include <stdio.h>

/* HIP's threadIdx.x is a proxy object that converts to unsigned int. A variadic argument is not converted,
 * and hipcc for AMD stops with "cannot compile this non-scalar arg to printf yet"; on NVIDIA it is the
 * unsigned int it is in CUDA, so the cast changes nothing there. Work per call is bounded by its arguments. */
int unp_check_printf_builtin_index(unp_scan *s, size_t i) {
    if (!hc_code_is(s->u, i, "printf") || !unp_global_use(s, i) || !hc_code_device_body(s->u, i)) return 0;
    hc_code_args args;
    if (!unp_call_args(s, i, &args)) return 0;
    for (size_t k = 1; k < args.n && k < HC_CODE_MAX_ARGS; k++) {
        size_t first = args.first[k];
        if (first == NONE || !unp_builtin_index(s, first, args.last[k])) continue;
        const hc_token *base = hc_code_tok(s->u, first), *member = hc_code_tok(s->u, args.last[k]);
        char shown[32];
        snprintf(shown, sizeof shown, "%.*s.%.*s", (int)base->len, s->text + base->off, (int)member->len,
                 s->text + member->off);
        hc_unit_diag(s->u, HC_D_PRINTF_BUILTIN_INDEX, base->off, shown, shown);
        if (hc_unit_edit(s->u, base->off, 0, "(unsigned int)", HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
    }
    return 0;
}
