/* pass_launch.c: finds kernel launches (name<<<config>>>(args)) on the token stream, macro bodies
 * included, and with --hip-kernel-execution-syntax rewrites them to hipLaunchKernelGGL. It never moves
 * comments or argument text: it inserts around them and replaces only the <<<config>>>( part. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

/* Start index of the kernel-name expression that ends at token index end (the token before <<<):
 * an identifier, optionally qualified (a::b), optionally followed by template arguments <...>. Sets
 * *has_comma when the template arguments contain a comma outside parentheses. SIZE_MAX when no name is there. */
static size_t kernel_name_start(const hc_unit *u, size_t end, bool *has_comma) {
    const char *t = u->text;
    size_t i = end;
    *has_comma = false;
    if (hc_tok_is(t, &u->toks.v[i], ">") || hc_tok_is(t, &u->toks.v[i], ">>")) {
        int depth = hc_tok_is(t, &u->toks.v[i], ">>") ? 2 : 1, paren = 0;
        while (depth > 0) {
            i = hc_tok_prev(&u->toks, i);
            if (i == SIZE_MAX) return SIZE_MAX;
            const hc_token *k = &u->toks.v[i];
            if (k->kind != HC_TOK_PUNCT) continue;
            if (hc_tok_is(t, k, ")") || hc_tok_is(t, k, "]")) paren++;
            else if (hc_tok_is(t, k, "(") || hc_tok_is(t, k, "[")) paren--;
            else if (paren == 0 && hc_tok_is(t, k, ">")) depth++;
            else if (paren == 0 && hc_tok_is(t, k, ">>")) depth += 2;
            else if (paren == 0 && hc_tok_is(t, k, "<")) depth--;
            else if (paren == 0 && hc_tok_is(t, k, "<<")) depth -= 2;
            /* hipLaunchKernelGGL is a macro: the preprocessor splits at any comma outside
             * parentheses, nested template arguments (Pair<int, float>) included */
            else if (paren == 0 && hc_tok_is(t, k, ",")) *has_comma = true;
            if (depth < 0) return SIZE_MAX;
        }
        i = hc_tok_prev(&u->toks, i);
        if (i == SIZE_MAX) return SIZE_MAX;
    }
    if (u->toks.v[i].kind != HC_TOK_IDENT) return SIZE_MAX;
    for (;;) { /* qualified names: ns::kernel, ::kernel */
        size_t p = hc_tok_prev(&u->toks, i);
        if (p == SIZE_MAX || !hc_tok_is(t, &u->toks.v[p], "::")) break;
        size_t q = hc_tok_prev(&u->toks, p);
        if (q != SIZE_MAX && u->toks.v[q].kind == HC_TOK_IDENT) i = q;
        else { i = p; break; }
    }
    return i;
}

/* Splits the tokens (open, close) at top-level commas; writes up to max part boundaries as token index
 * pairs [first, last]. Returns the number of parts, or max + 1 when there are more. */
static size_t split_top_level(const hc_unit *u, size_t open, size_t close, size_t (*parts)[2], size_t max) {
    const char *t = u->text;
    size_t n = 0, depth = 0, first = SIZE_MAX;
    for (size_t i = open + 1; i < close; i++) {
        const hc_token *k = &u->toks.v[i];
        if (k->kind == HC_TOK_PUNCT && k->len == 1) {
            char c = t[k->off];
            if (c == '(' || c == '[' || c == '{') depth++;
            else if ((c == ')' || c == ']' || c == '}') && depth > 0) depth--;
            else if (c == ',' && depth == 0) {
                if (n == max) return max + 1;
                parts[n][0] = first, parts[n][1] = i - 1;
                n++;
                first = SIZE_MAX;
                continue;
            }
        }
        if (first == SIZE_MAX) first = i;
    }
    if (first != SIZE_MAX || n > 0) {
        if (n == max) return max + 1;
        parts[n][0] = first, parts[n][1] = close - 1;
        n++;
    }
    return n;
}

/* True when tokens [first, last] already form dim3(...). */
static bool is_dim3_call(const hc_unit *u, size_t first, size_t last) {
    if (!hc_tok_is(u->text, &u->toks.v[first], "dim3")) return false;
    size_t open = hc_tok_next(&u->toks, first);
    return open < last && hc_tok_is(u->text, &u->toks.v[open], "(") && hc_tok_match(u->text, &u->toks, open) == last;
}

static int rewrite_launch(hc_unit *u, size_t lt, size_t gt) {
    const char *t = u->text;
    size_t before = hc_tok_prev(&u->toks, lt);
    bool comma = false;
    size_t name = before == SIZE_MAX ? SIZE_MAX : kernel_name_start(u, before, &comma);
    size_t open = hc_tok_next(&u->toks, gt);
    size_t close = open < u->toks.n && hc_tok_is(t, &u->toks.v[open], "(") ? hc_tok_match(t, &u->toks, open) : SIZE_MAX;
    size_t cfg[5][2];
    size_t ncfg = split_top_level(u, lt, gt, cfg, 4);
    const char *why = NULL;
    if (name == SIZE_MAX) why = "the kernel name is not a (qualified, templated) identifier";
    else if (close == SIZE_MAX) why = "no argument list after >>>";
    else if (ncfg < 2 || ncfg > 4) why = "the launch configuration does not have 2 to 4 parts";
    else
        for (size_t k = 0; k < ncfg; k++)
            if (cfg[k][0] == SIZE_MAX) why = "an empty launch configuration part";
    if (why) {
        hc_unit_diag(u, HC_D_LAUNCH_NOT_REWRITTEN, u->toks.v[lt].off, NULL, why);
        return 0;
    }
    /* 1. hipLaunchKernelGGL( [HIP_KERNEL_NAME(] before the name */
    if (hc_unit_edit(u, u->toks.v[name].off, 0, comma ? "hipLaunchKernelGGL(HIP_KERNEL_NAME(" : "hipLaunchKernelGGL(",
                     HC_RULE_LAUNCH, HC_EFFORT_ARGUMENTS) < 0)
        return -1;
    if (comma && hc_unit_edit(u, u->toks.v[before].off + u->toks.v[before].len, 0, ")", HC_RULE_LAUNCH, HC_EFFORT_ARGUMENTS) < 0)
        return -1;
    /* 2. <<<g, b, s, st>>>( becomes , dim3(g), dim3(b), s, st[, ] by edits around each part, so that
     * renames inside the configuration (and comments) survive. */
    for (size_t k = 0; k < ncfg; k++) {
        bool wrap = k < 2 && !is_dim3_call(u, cfg[k][0], cfg[k][1]);
        const hc_token *first = &u->toks.v[cfg[k][0]], *last = &u->toks.v[cfg[k][1]];
        if (k == 0) {
            if (hc_unit_edit(u, u->toks.v[lt].off, u->toks.v[lt].len, ", ", HC_RULE_LAUNCH, HC_EFFORT_ARGUMENTS) < 0) return -1;
        }
        if (wrap && (hc_unit_edit(u, first->off, 0, "dim3(", HC_RULE_LAUNCH, HC_EFFORT_ARGUMENTS) < 0 ||
                     hc_unit_edit(u, last->off + last->len, 0, ")", HC_RULE_LAUNCH, HC_EFFORT_ARGUMENTS) < 0))
            return -1;
    }
    char tail[64] = "";
    for (size_t k = ncfg; k < 4; k++) strcat(tail, ", 0");
    if (hc_tok_next(&u->toks, open) != close) strcat(tail, ", ");
    uint32_t from = u->toks.v[gt].off, to = u->toks.v[open].off + 1;
    /* keep whatever whitespace preceded >>> but drop the text between >>> and ( (only spaces) */
    return hc_unit_edit(u, from, to - from, tail, HC_RULE_LAUNCH, HC_EFFORT_ARGUMENTS);
}

int hc_pass_launch(hc_unit *u) {
    for (size_t i = 0; i < u->toks.n; i++) {
        if (u->toks.v[i].kind != HC_TOK_PUNCT || !hc_tok_is(u->text, &u->toks.v[i], "<<<")) continue;
        u->uses_runtime = true;
        if (u->opt->launch_syntax != HC_LAUNCH_HIP) continue;
        if ((u->toks.v[i].flags & HC_TOKF_INACTIVE) && u->opt->skip_excluded_pp_blocks) continue;
        size_t gt = hc_tok_match(u->text, &u->toks, i);
        if (gt == SIZE_MAX) {
            hc_unit_diag(u, HC_D_LAUNCH_NOT_REWRITTEN, u->toks.v[i].off, NULL, "no matching >>>");
            continue;
        }
        if (rewrite_launch(u, i, gt) < 0) return -1;
        i = gt;
    }
    return 0;
}
