/* pass_user_rules.c: applies regex and disable-pattern rules from --rules to one file, honouring each
 * rule's scope (code, strings, comments, build scripts) and file globs. Rename and header rules are not
 * applied here: the rename and include passes query user_rules.h so that they stay token-accurate. */
#include "code.h"
#include "grow.h"
#include "unit.h"
#include "user_rules.h"

#include <stdlib.h>
#include <string.h>

/* Byte ranges claimed by regex and disable rules, sorted by start and never overlapping. "taken" holds
 * the ranges of earlier (higher-priority) rules: a later rule's match that overlaps one is skipped, so
 * definition order is priority. A rule's own matches come in ascending order; they are collected in a
 * second list and merged in when the rule is done, which keeps every step linear or logarithmic. */
typedef struct claimed {
    struct { uint32_t s, e; } *v;
    size_t n, cap;
} claimed;

static size_t first_ending_after(const claimed *c, uint32_t s) {
    size_t lo = 0, hi = c->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->v[mid].e <= s) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static bool is_claimed(const claimed *c, uint32_t s, uint32_t e) {
    size_t i = first_ending_after(c, s); /* claimed ranges never overlap, so ends are sorted too */
    return i < c->n && c->v[i].s < e;
}

static int append_claim(claimed *c, uint32_t s, uint32_t e) {
    if (hc_grow(&c->v, &c->cap, c->n, sizeof *c->v, 32) < 0) return -1;
    c->v[c->n].s = s;
    c->v[c->n].e = e;
    c->n++;
    return 0;
}

/* taken := taken merged with current (both sorted); current is emptied. */
static int merge_claims(claimed *taken, claimed *current) {
    if (current->n == 0) return 0;
    claimed out = {0};
    size_t i = 0, j = 0;
    while (i < taken->n || j < current->n) {
        bool from_taken = j >= current->n || (i < taken->n && taken->v[i].s < current->v[j].s);
        uint32_t s = from_taken ? taken->v[i].s : current->v[j].s, e = from_taken ? taken->v[i].e : current->v[j].e;
        from_taken ? i++ : j++;
        if (append_claim(&out, s, e) < 0) {
            free(out.v);
            return -1;
        }
    }
    free(taken->v);
    *taken = out;
    current->n = 0;
    return 0;
}

static bool is_literal(const hc_token *t) { return t->kind == HC_TOK_STRING || t->kind == HC_TOK_CHAR; }

/* Code scope: the match touches no comment, and contains string literals only whole, so that a rule
 * about calls can wrap call("x") but never edits half of a literal. */
static bool match_is_code(const hc_unit *u, uint32_t s, uint32_t e) {
    size_t first = hc_code_first_at(u, s);
    if (first > 0 && hc_code_end(u, first - 1) > s) first--; /* a token that starts before the match runs into it */
    for (size_t i = first; hc_code_valid(u, i) && hc_code_tok(u, i)->off < e; i++) {
        const hc_token *t = hc_code_tok(u, i);
        if (t->kind == HC_TOK_COMMENT) return false;
        if (is_literal(t) && (t->off < s || t->off + t->len > e)) return false;
    }
    return true;
}

static size_t utf8_step(const char *text, size_t len, size_t off) {
    size_t n = 1;
    while (off + n < len && ((unsigned char)text[off + n] & 0xC0) == 0x80) n++;
    return n;
}

static void matched_text(const char *text, uint32_t s, uint32_t e, char *buf, size_t size) {
    size_t n = e - s;
    if (n >= size) n = size - 4 > 0 ? size - 4 : 0;
    memcpy(buf, text + s, n);
    strcpy(buf + n, e - s > n ? "..." : "");
    for (char *p = buf; *p; p++) /* one-line diagnostics */
        if (*p == '\n' || *p == '\r' || *p == '\t') *p = ' ';
}

/* Runs one rule over text[from, limit) (one token for string and comment scopes), skipping text that
 * earlier rules claimed and recording its own matches in mine. */
static int run_rule(hc_unit *u, const hc_regex_rule *r, pcre2_match_data *md, const claimed *taken,
                    claimed *mine, size_t from, size_t limit) {
    const char *text = u->text;
    size_t off = from;
    /* PCRE2 checks UTF-8 validity of the subject on every call unless told not to, which makes a file
     * with many matches quadratic; the first call checks, the later ones skip it. */
    uint32_t utf_check = 0;
    while (off <= limit) {
        int rc = pcre2_match(r->code, (PCRE2_SPTR)text, limit, off, utf_check, md, NULL);
        utf_check = PCRE2_NO_UTF_CHECK;
        if (rc == PCRE2_ERROR_NOMATCH) return 0;
        if (rc < 0) {
            PCRE2_UCHAR msg[160];
            pcre2_get_error_message(rc, msg, sizeof msg);
            hc_unit_diag(u, HC_D_RULE_FAILED, (uint32_t)off, r->name, r->name, r->origin, (const char *)msg);
            return 0;
        }
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        uint32_t s = (uint32_t)ov[0], e = (uint32_t)ov[1];
        if (e <= s) { /* an empty match edits nothing; step past it */
            off = s < limit ? s + utf8_step(text, limit, s) : limit + 1;
            continue;
        }
        if ((r->scope == HC_SCOPE_CODE && !match_is_code(u, s, e)) || is_claimed(taken, s, e)) {
            off = s + utf8_step(text, limit, s);
            continue;
        }
        if (r->disable) {
            /* Claim the text with an edit that keeps it: the edit set drops every other rule's overlapping
             * edit, because user rules have the best priority (edits.h). */
            char shown[96];
            matched_text(text, s, e, shown, sizeof shown);
            char *same = strndup(text + s, e - s);
            if (!same) return -1;
            int erc = hc_unit_edit(u, s, e - s, same, HC_PRIO_USER_RENAME, HC_EFFORT_NONE);
            free(same);
            if (erc < 0) return -1;
            hc_unit_diag(u, HC_D_RULE_DISABLED, s, r->name, shown);
        } else {
            char small[512];
            PCRE2_SIZE outlen = sizeof small;
            PCRE2_UCHAR *out = (PCRE2_UCHAR *)small;
            uint32_t opts = PCRE2_SUBSTITUTE_MATCHED | PCRE2_SUBSTITUTE_REPLACEMENT_ONLY |
                            PCRE2_SUBSTITUTE_OVERFLOW_LENGTH | PCRE2_SUBSTITUTE_UNSET_EMPTY | PCRE2_NO_UTF_CHECK;
            int src = pcre2_substitute(r->code, (PCRE2_SPTR)text, limit, off, opts, md, NULL,
                                       (PCRE2_SPTR)r->replacement, PCRE2_ZERO_TERMINATED, out, &outlen);
            char *big = NULL;
            if (src == PCRE2_ERROR_NOMEMORY) { /* outlen now holds the size needed */
                big = malloc(outlen);
                if (!big) return -1;
                out = (PCRE2_UCHAR *)big;
                src = pcre2_substitute(r->code, (PCRE2_SPTR)text, limit, off, opts, md, NULL,
                                       (PCRE2_SPTR)r->replacement, PCRE2_ZERO_TERMINATED, out, &outlen);
            }
            if (src < 0) {
                PCRE2_UCHAR msg[160];
                pcre2_get_error_message(src, msg, sizeof msg);
                hc_unit_diag(u, HC_D_RULE_FAILED, s, r->name, r->name, r->origin, (const char *)msg);
                free(big);
                return 0;
            }
            int erc = hc_unit_edit(u, s, e - s, (const char *)out, HC_PRIO_USER_REGEX, HC_EFFORT_RENAME);
            free(big);
            if (erc < 0) return -1;
            hc_unit_diag(u, HC_D_RULE_HIT, s, r->name, r->name);
        }
        hc_unit_count_rule(u, r->name);
        if (append_claim(mine, s, e) < 0) return -1;
        off = e;
    }
    return 0;
}

static bool scope_fits(hc_rule_scope scope, hc_file_kind kind) {
    if (kind == HC_FILE_SOURCE) return scope != HC_SCOPE_BUILD;
    return scope == HC_SCOPE_BUILD;
}

static int apply_rules(hc_unit *u) {
    const hc_rule_set *rs = u->opt->rules;
    size_t n = hc_rule_set_nregex(rs);
    if (n == 0) return 0;
    claimed taken = {0}, mine = {0};
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const hc_regex_rule *r = hc_rule_set_regex(rs, i);
        if (!scope_fits(r->scope, u->kind) || !hc_regex_rule_applies_to(r, u->path)) continue;
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(r->code, NULL);
        if (!md) {
            rc = -1;
            break;
        }
        if (r->scope == HC_SCOPE_STRING || r->scope == HC_SCOPE_COMMENT) {
            for (size_t t = 0; t < u->toks.n && rc == 0; t++) {
                const hc_token *tok = hc_code_tok(u, t);
                bool wanted = r->scope == HC_SCOPE_COMMENT ? tok->kind == HC_TOK_COMMENT : is_literal(tok);
                if (wanted) rc = run_rule(u, r, md, &taken, &mine, tok->off, (size_t)tok->off + tok->len);
            }
        } else {
            rc = run_rule(u, r, md, &taken, &mine, 0, u->len);
        }
        pcre2_match_data_free(md);
        if (rc == 0) rc = merge_claims(&taken, &mine);
    }
    free(taken.v);
    free(mine.v);
    return rc;
}

int hc_pass_user_rules(hc_unit *u) { return u->opt->rules ? apply_rules(u) : 0; }
int hc_pass_user_rules_cmake(hc_unit *u) { return u->opt->rules ? apply_rules(u) : 0; }
int hc_pass_user_rules_makefile(hc_unit *u) { return u->opt->rules ? apply_rules(u) : 0; }
