/* unportable_vector.c: the address of a CUDA vector type's component cast to another pointer type
 * (reinterpret_cast<const T *>(&v.x), (T *)&v.y), which HIP headers with accessor-object components cannot
 * compile: the address of x (offset 0) becomes the address of the whole vector, the others are reported.
 * Other uses of &v.x compile and are left. The semantic pass says which objects are vectors
 * (HC_TOKF_VECTOR_MEMBER). */
#include "unportable.h"

/* Why: HIP's components can be accessor objects (hip_impl::Scalar_accessor; HIP 5.2's headers use them
 * unless the compiler is clang), whose operator& returns a proxy
 * that converts to a pointer to the component's type only. An implicit conversion (const char *p = &v.x,
 * memcpy's void *) uses it; a reinterpret_cast or a C-style cast to another pointer type does not, and
 * clang stops. The vector's own address is the address of its first component in CUDA and in HIP, so in
 * a cast, &v for &v.x yields the same pointer. */

/* True when the '&' at amp starts the operand of a cast to a pointer type: reinterpret_cast<T *>(&...) or
 * (T *)&... */
static bool cast_before(const unp_scan *s, size_t amp) {
    const hc_unit *u = s->u;
    size_t b = hc_code_prev(u, amp);
    if (hc_code_punct(u, b, "(")) { /* reinterpret_cast < ... > ( */
        size_t gt = hc_code_prev(u, b);
        if (!hc_code_punct(u, gt, ">")) return false;
        for (size_t k = hc_code_prev(u, gt), n = 0; k != NONE && n < 32; k = hc_code_prev(u, k), n++) {
            if (hc_code_is(u, k, "reinterpret_cast")) return true;
            if (hc_code_punct(u, k, ";") || hc_code_punct(u, k, "{") || hc_code_punct(u, k, "}")) return false;
        }
        return false;
    }
    if (!hc_code_punct(u, b, ")")) return false; /* ( type * ) & */
    size_t star = hc_code_prev(u, b), open = hc_code_opener(u, b);
    if (!hc_code_punct(u, star, "*") || open == NONE) return false;
    for (size_t k = hc_code_next(u, open); k < star; k = hc_code_next(u, k)) /* only type words inside */
        if (!hc_code_kind(u, k, HC_TOK_IDENT) && !hc_code_punct(u, k, "*") && !hc_code_punct(u, k, "::")) return false;
    return true;
}

int unp_check_vector_component_address(unp_scan *s, size_t member) {
    hc_unit *u = s->u;
    size_t dot = hc_code_prev(u, member), obj = hc_code_prev(u, dot), amp = hc_code_prev(u, obj);
    if (!hc_code_punct(u, dot, ".") || !hc_code_kind(u, obj, HC_TOK_IDENT) || !hc_code_punct(u, amp, "&")) return 0;
    size_t p = hc_code_prev(u, obj); /* v.x alone: not s.v.x, not p->v.x */
    if (p != amp) return 0;
    size_t after = hc_code_next(u, member); /* postfix operators bind to v.x before the '&' */
    if (hc_code_punct(u, after, "[") || hc_code_punct(u, after, "(") || hc_code_punct(u, after, ".") ||
        hc_code_punct(u, after, "->") || hc_code_punct(u, after, "++") || hc_code_punct(u, after, "--"))
        return 0;
    if (!cast_before(s, amp)) return 0;
    const hc_token *m = hc_code_tok(u, member), *o = hc_code_tok(u, obj);
    char object[64], comp[4];
    unp_tok_name(s, obj, object, sizeof object);
    unp_tok_name(s, member, comp, sizeof comp);
    if (hc_code_is(u, member, "x")) {
        uint32_t from = hc_code_tok(u, dot)->off;
        if (hc_unit_edit(u, from, m->off + m->len - from, "", HC_PRIO_REWRITE, HC_EFFORT_ARGUMENTS) < 0) return -1;
        hc_unit_diag(u, HC_D_VECTOR_COMPONENT_ADDRESS, o->off, object, object, comp, object);
        return 0;
    }
    hc_unit_diag(u, HC_D_VECTOR_COMPONENT_ADDRESS_LEFT, o->off, object, object, comp, object);
    return 0;
}
