/* unportable_template_default_arg.c: reports a default argument that an out-of-line definition of a member
 * of a class template adds (HC1115): nvcc accepts it, clang does not. It rewrites nothing: see why below. */
#include "unportable.h"

/* The token after the parameter list opened at open, when the list holds a default argument at its own level
 * (int flag = 0), or SIZE_MAX. Nested parentheses, brackets, braces and template argument lists are stepped
 * over, so `f(std::array<int, N> a, g(x = 1))` holds none. */
static size_t after_defaulted_params(const hc_unit *u, size_t open) {
    size_t close = hc_code_match(u, open);
    if (close == SIZE_MAX) return SIZE_MAX;
    bool defaulted = false;
    for (size_t k = hc_code_next(u, open); k != SIZE_MAX && k < close && !defaulted; k = hc_code_next(u, k)) {
        if (hc_code_punct(u, k, "(") || hc_code_punct(u, k, "[") || hc_code_punct(u, k, "{")) {
            size_t m = hc_code_match(u, k);
            if (m == SIZE_MAX || m > close) return SIZE_MAX;
            k = m;
        } else if (hc_code_punct(u, k, "<")) {
            size_t m = hc_code_template_close(u, k);
            if (m != SIZE_MAX && m < close) k = m;
        } else
            defaulted = hc_code_punct(u, k, "=");
    }
    return defaulted ? hc_code_next(u, close) : SIZE_MAX;
}

/* Token i is an identifier. The form is NAME<ARGS>::member(... = default ...) followed by the function's body
 * (after const, noexcept, & or &&): a definition of a member of a class
 * template outside the class. C++ lets only the first declaration of such a member give default arguments;
 * nvcc's front end takes one the definition adds, clang stops (SlabHash's computeLoadFactor(int flag = 0)).
 * Why no rewrite: moving the default into the class edits a declaration this file may not hold (the class
 * is often in another header), and dropping it breaks the calls that rely on it. Only a '(' after the name
 * leads to the walk over the parameters, so the pass stays linear. */
void unp_check_template_default_arg(unp_scan *s, size_t i) {
    const hc_unit *u = s->u;
    size_t colons = hc_code_prev(u, i), open = hc_code_next(u, i);
    if (!hc_code_punct(u, colons, "::") || !hc_code_punct(u, open, "(") || hc_code_in_directive(u, i)) return;
    size_t gt = hc_code_prev(u, colons);
    if (!hc_code_punct(u, gt, ">") || hc_code_template_open(u, gt) == SIZE_MAX) return;
    size_t k = after_defaulted_params(u, open);
    while (k != SIZE_MAX && (hc_code_is(u, k, "const") || hc_code_is(u, k, "noexcept") || hc_code_punct(u, k, "&") ||
                             hc_code_punct(u, k, "&&") || hc_code_is(u, k, "override")))
        k = hc_code_next(u, k);
    if (!hc_code_punct(u, k, "{")) return; /* a call, a declaration, or a constructor's initialisers (not read) */
    char name[128];
    unp_tok_name(s, i, name, sizeof name);
    hc_unit_diag(s->u, HC_D_TEMPLATE_DEFAULT_ARG, hc_code_tok(u, i)->off, name, name);
}
