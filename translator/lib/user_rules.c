/* user_rules.c: reads --rules files (one rule a line, docs/rules.md), checks every rule up front and
 * answers lookups. It never edits text: pass_user_rules.c and the rename/include passes do. */
#include "user_rules.h"
#include "grow.h"
#include "readfile.h"
#include "util.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A rename, header or disable-by-name rule: a key looked up exactly. */
typedef struct keyed_rule {
    char *from;
    char *to;   /* NULL for a disable rule */
    char *name; /* statistics name */
    char *origin;
    size_t order; /* definition order over all files: the earlier of two duplicates is "first" */
} keyed_rule;

typedef struct keyed_list {
    keyed_rule *v;
    size_t n, cap;
} keyed_list;

struct hc_rule_set {
    keyed_list names;   /* rename and disable-by-name, sorted by from after loading */
    keyed_list headers; /* sorted by from */
    hc_regex_rule *regex;
    size_t nregex, capregex;
};

/* What one line of a rule file says, before it is checked against the rest of the set. */
typedef struct line_ctx {
    const char *origin; /* file name */
    unsigned line;
    char *err;
    size_t errsize;
} line_ctx;

static int fail(const line_ctx *c, const char *fmt, ...) {
    int n = snprintf(c->err, c->errsize, "%s:%u: ", c->origin, c->line);
    if (n < 0 || (size_t)n >= c->errsize) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err + n, c->errsize - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static char *dup_n(const char *s, size_t n) {
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static char *dup_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s) return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static bool is_ident_start(char ch) { return isalpha((unsigned char)ch) || ch == '_'; }
static bool is_ident_char(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

static bool is_identifier(const char *s, size_t n) {
    if (n == 0 || !is_ident_start(s[0])) return false;
    for (size_t i = 1; i < n; i++)
        if (!is_ident_char(s[i])) return false;
    return true;
}

/* ---- the words of one line ---- */

typedef struct span {
    const char *p;
    size_t n;
} span;

static const char *skip_blank(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    return p;
}

static span next_word(const char **pp, const char *end) {
    const char *p = skip_blank(*pp, end);
    const char *s = p;
    while (p < end && *p != ' ' && *p != '\t') p++;
    *pp = p;
    return (span){s, (size_t)(p - s)};
}

static bool span_is(span w, const char *lit) { return w.n == strlen(lit) && memcmp(w.p, lit, w.n) == 0; }

/* Options every kind may carry before its arguments: name=, scope=, files=. */
typedef struct rule_opts {
    span name, scope, files;
} rule_opts;

static const struct {
    const char *word;
    hc_rule_scope scope;
} scope_words[] = {
    {"code", HC_SCOPE_CODE}, {"string", HC_SCOPE_STRING}, {"comment", HC_SCOPE_COMMENT},
    {"build", HC_SCOPE_BUILD}, {"all", HC_SCOPE_ALL},
};

/* Reads key=value words; stops at the first word that is not one (left in *pp). */
static int read_options(const line_ctx *c, const char **pp, const char *end, rule_opts *o) {
    for (;;) {
        const char *save = *pp;
        span w = next_word(pp, end);
        const char *eq = w.n ? memchr(w.p, '=', w.n) : NULL;
        if (!eq || w.p[0] == '/') {
            *pp = save;
            return 0;
        }
        span key = {w.p, (size_t)(eq - w.p)}, val = {eq + 1, w.n - (size_t)(eq - w.p) - 1};
        if (!is_identifier(key.p, key.n)) { /* e.g. a rename target containing '=': not an option */
            *pp = save;
            return 0;
        }
        if (val.n == 0) return fail(c, "option '%.*s' has no value", (int)key.n, key.p);
        if (span_is(key, "name")) o->name = val;
        else if (span_is(key, "scope")) o->scope = val;
        else if (span_is(key, "files")) o->files = val;
        else return fail(c, "unknown option '%.*s' (expected name=, scope= or files=)", (int)key.n, key.p);
    }
}

static int parse_scope(const line_ctx *c, span w, hc_rule_scope *out) {
    for (size_t i = 0; i < COUNT_OF(scope_words); i++)
        if (span_is(w, scope_words[i].word)) {
            *out = scope_words[i].scope;
            return 0;
        }
    return fail(c, "unknown scope '%.*s' (expected code, string, comment, build or all)", (int)w.n, w.p);
}

/* ---- regex rules ---- */

/* Reads /pattern/flags starting at *pp; the pattern runs to the next '/' not escaped by '\'. */
static int read_pattern(const line_ctx *c, const char **pp, const char *end, span *pat, uint32_t *options) {
    const char *p = skip_blank(*pp, end);
    if (p >= end || *p != '/') return fail(c, "expected /pattern/");
    const char *s = ++p;
    while (p < end && *p != '/') p += (*p == '\\' && p + 1 < end) ? 2 : 1;
    if (p >= end) return fail(c, "pattern has no closing '/'");
    *pat = (span){s, (size_t)(p - s)};
    if (pat->n == 0) return fail(c, "empty pattern");
    p++;
    *options = PCRE2_UTF;
    for (; p < end && *p != ' ' && *p != '\t'; p++) {
        switch (*p) {
        case 'i': *options |= PCRE2_CASELESS; break;
        case 'm': *options |= PCRE2_MULTILINE; break;
        case 's': *options |= PCRE2_DOTALL; break;
        case 'x': *options |= PCRE2_EXTENDED; break;
        default: return fail(c, "unknown pattern flag '%c' (expected i, m, s or x)", *p);
        }
    }
    *pp = p;
    return 0;
}

/* Checks that every $n, ${n} and ${name} in the template names a group of the pattern, so a bad
 * template fails at load time with its line, not in the middle of a run. */
static int check_template(const line_ctx *c, const pcre2_code *code, const char *t) {
    uint32_t ngroups = 0;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &ngroups);
    for (const char *p = t; *p; p++) {
        if (*p != '$') continue;
        p++;
        if (*p == '$') continue;
        bool braced = *p == '{';
        if (braced) p++;
        const char *s = p;
        while (is_ident_char(*p)) p++;
        size_t n = (size_t)(p - s);
        if (n == 0 || (braced && *p != '}'))
            return fail(c, "replacement: '$' at column %zu must be followed by a group number, {group} or $",
                        (size_t)(s - t));
        if (isdigit((unsigned char)*s)) {
            unsigned long g = strtoul(s, NULL, 10);
            if (g > ngroups)
                return fail(c, "replacement refers to group %lu; the pattern has %u", g, (unsigned)ngroups);
        } else {
            char name[128];
            if (n >= sizeof name) return fail(c, "replacement: group name too long");
            memcpy(name, s, n);
            name[n] = '\0';
            if (pcre2_substring_number_from_name(code, (PCRE2_SPTR)name) < 0)
                return fail(c, "replacement refers to group '%s', which the pattern does not define", name);
        }
        if (!braced) p--;
    }
    return 0;
}

static void regex_rule_free(hc_regex_rule *r) {
    free((char *)r->name);
    free((char *)r->origin);
    for (size_t i = 0; i < r->nglobs; i++) free((char *)r->globs[i]);
    free((void *)r->globs);
    pcre2_code_free(r->code);
    free((char *)r->replacement);
}

static int split_globs(span files, hc_regex_rule *r) {
    size_t n = 1;
    for (size_t i = 0; i < files.n; i++) n += files.p[i] == ',';
    const char **v = calloc(n, sizeof *v);
    if (!v) return -1;
    r->globs = v;
    const char *p = files.p, *end = files.p + files.n;
    while (p <= end) {
        const char *q = memchr(p, ',', (size_t)(end - p));
        if (!q) q = end;
        if (q > p && !(v[r->nglobs++] = dup_n(p, (size_t)(q - p)))) return -1;
        p = q + 1;
    }
    return 0;
}

static int add_regex(hc_rule_set *rs, const line_ctx *c, const rule_opts *o, span pat, uint32_t options,
                     const char *repl, size_t repl_len, bool disable) {
    hc_regex_rule r = {0};
    r.disable = disable;
    r.scope = HC_SCOPE_CODE;
    if (o->scope.n && parse_scope(c, o->scope, &r.scope) < 0) return -1;
    int errcode;
    PCRE2_SIZE erroff;
    r.code = pcre2_compile((PCRE2_SPTR)pat.p, pat.n, options, &errcode, &erroff, NULL);
    if (!r.code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(errcode, msg, sizeof msg);
        return fail(c, "bad pattern at offset %zu: %s", (size_t)erroff, (const char *)msg);
    }
    pcre2_jit_compile(r.code, PCRE2_JIT_COMPLETE); /* best effort: without JIT the interpreter runs */
    int rc = -1;
    if (!disable && !(r.replacement = dup_n(repl, repl_len))) goto out;
    if (!disable && check_template(c, r.code, r.replacement) < 0) goto out_checked;
    if (o->files.n && split_globs(o->files, &r) < 0) goto out;
    r.origin = dup_printf("%s:%u", c->origin, c->line);
    r.name = o->name.n ? dup_n(o->name.p, o->name.n)
                       : dup_printf("%s:%s:%u", disable ? "disable" : "regex", c->origin, c->line);
    if (!r.origin || !r.name) goto out;
    if (hc_grow(&rs->regex, &rs->capregex, rs->nregex, sizeof *rs->regex, 8) < 0) goto out;
    rs->regex[rs->nregex++] = r;
    return 0;
out:
    rc = fail(c, "out of memory");
out_checked:
    regex_rule_free(&r);
    return rc;
}

/* ---- keyed rules (rename, header, disable by name) ---- */

static int add_keyed(keyed_list *l, const line_ctx *c, span from, const char *to, size_t to_len, span name,
                     const char *kind) {
    if (hc_grow(&l->v, &l->cap, l->n, sizeof *l->v, 16) < 0) return fail(c, "out of memory");
    keyed_rule k = {0};
    k.order = l->n;
    k.from = dup_n(from.p, from.n);
    k.to = to ? dup_n(to, to_len) : NULL;
    k.name = name.n ? dup_n(name.p, name.n) : dup_printf("%s:%.*s", kind, (int)from.n, from.p);
    k.origin = dup_printf("%s:%u", c->origin, c->line);
    if (!k.from || (to && !k.to) || !k.name || !k.origin) {
        free(k.from), free(k.to), free(k.name), free(k.origin);
        return fail(c, "out of memory");
    }
    l->v[l->n++] = k;
    return 0;
}

static int parse_line(hc_rule_set *rs, const line_ctx *c, const char *p, const char *end) {
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    p = skip_blank(p, end);
    if (p == end || *p == '#') return 0;
    span kind = next_word(&p, end);
    rule_opts o = {0};
    if (read_options(c, &p, end, &o) < 0) return -1;
    bool is_regex = span_is(kind, "regex");
    bool is_disable = span_is(kind, "disable");
    if (!is_regex && !is_disable && !span_is(kind, "rename") && !span_is(kind, "header"))
        return fail(c, "unknown rule kind '%.*s' (expected rename, header, regex or disable)", (int)kind.n, kind.p);
    if (!is_regex && !(is_disable && *skip_blank(p, end) == '/') && (o.scope.n || o.files.n))
        return fail(c, "scope= and files= apply to regex rules and disable patterns only");

    if (is_regex || (is_disable && skip_blank(p, end) < end && *skip_blank(p, end) == '/')) {
        span pat;
        uint32_t options;
        if (read_pattern(c, &p, end, &pat, &options) < 0) return -1;
        p = skip_blank(p, end);
        if (is_disable && p < end) return fail(c, "unexpected text after the disable pattern");
        if (is_regex && p == end) return fail(c, "regex rule needs a replacement (use \"\" for none)");
        size_t rlen = (size_t)(end - p);
        if (rlen == 2 && p[0] == '"' && p[1] == '"') rlen = 0; /* "" spells an empty replacement */
        return add_regex(rs, c, &o, pat, options, p, rlen, is_disable);
    }

    span from = next_word(&p, end);
    if (from.n == 0) return fail(c, "%.*s rule needs a name to act on", (int)kind.n, kind.p);
    if (is_disable) {
        if (!is_identifier(from.p, from.n))
            return fail(c, "disable needs an identifier or a /pattern/, not '%.*s'", (int)from.n, from.p);
        if (skip_blank(p, end) < end) return fail(c, "unexpected text after '%.*s'", (int)from.n, from.p);
        return add_keyed(&rs->names, c, from, NULL, 0, o.name, "disable");
    }
    span to = next_word(&p, end);
    if (to.n == 0) return fail(c, "%.*s rule needs a replacement after '%.*s'", (int)kind.n, kind.p, (int)from.n, from.p);
    if (skip_blank(p, end) < end) return fail(c, "unexpected text after '%.*s'", (int)to.n, to.p);
    if (span_is(kind, "rename")) {
        if (!is_identifier(from.p, from.n)) return fail(c, "rename: '%.*s' is not an identifier", (int)from.n, from.p);
        if (!is_identifier(to.p, to.n) && !memchr(to.p, ':', to.n))
            return fail(c, "rename: replacement '%.*s' is not an identifier", (int)to.n, to.p);
        return add_keyed(&rs->names, c, from, to.p, to.n, o.name, "rename");
    }
    return add_keyed(&rs->headers, c, from, to.p, to.n, o.name, "header");
}

static int cmp_keyed_exact(const void *a, const void *b) {
    const keyed_rule *x = a, *y = b;
    int d = strcmp(x->from, y->from);
    return d ? d : (x->order < y->order ? -1 : x->order > y->order);
}

static hc_rule_set *rule_set_new(void) { return calloc(1, sizeof(hc_rule_set)); }

static int parse_into(hc_rule_set *rs, const char *origin, const char *text, size_t len, char *err, size_t errsize) {
    line_ctx c = {origin, 0, err, errsize};
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        c.line++;
        if (memchr(p, '\0', (size_t)(eol - p))) return fail(&c, "NUL byte in rule file");
        if (parse_line(rs, &c, p, eol) < 0) return -1;
        p = eol + 1;
    }
    return 0;
}

/* Sorts for lookups and refuses two rules for one key: which one should win would be a guess. The
 * message names the earlier definition. */
static int finish_keyed(keyed_list *l, char *err, size_t errsize) {
    if (l->n) qsort(l->v, l->n, sizeof *l->v, cmp_keyed_exact);
    for (size_t i = 1; i < l->n; i++)
        if (strcmp(l->v[i - 1].from, l->v[i].from) == 0) {
            snprintf(err, errsize, "%s: second rule for '%s' (first at %s)", l->v[i].origin, l->v[i].from,
                     l->v[i - 1].origin);
            return -1;
        }
    return 0;
}

static int finish(hc_rule_set *rs, char *err, size_t errsize) {
    return finish_keyed(&rs->names, err, errsize) < 0 || finish_keyed(&rs->headers, err, errsize) < 0 ? -1 : 0;
}

hc_rule_set *hc_rule_set_parse(const char *origin, const char *text, size_t len, char *err, size_t errsize) {
    hc_rule_set *rs = rule_set_new();
    if (!rs) {
        snprintf(err, errsize, "%s: out of memory", origin);
        return NULL;
    }
    if (parse_into(rs, origin, text, len, err, errsize) < 0 || finish(rs, err, errsize) < 0) {
        hc_rule_set_free(rs);
        return NULL;
    }
    return rs;
}

/* A rule file this large is a mistake (or not a rule file). */
#define HC_RULE_FILE_LIMIT ((size_t)16 << 20)

static char *read_rule_file(const char *path, size_t *len, char *err, size_t errsize) {
    char *text;
    int sys_err;
    switch (hc_read_file(path, HC_RULE_FILE_LIMIT, 0, &text, len, &sys_err)) {
    case HC_READ_OK: return text;
    case HC_READ_OPEN_FAILED: snprintf(err, errsize, "%s: cannot open rule file: %s", path, strerror(sys_err)); break;
    case HC_READ_TOO_LARGE: snprintf(err, errsize, "%s: rule file larger than 16 MiB", path); break;
    case HC_READ_NO_MEMORY: snprintf(err, errsize, "%s: cannot read rule file: out of memory", path); break;
    default: snprintf(err, errsize, "%s: cannot read rule file", path); break;
    }
    return NULL;
}

hc_rule_set *hc_rule_set_load(const char *const *paths, size_t npaths, char *err, size_t errsize) {
    hc_rule_set *rs = rule_set_new();
    if (!rs) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    for (size_t i = 0; i < npaths; i++) {
        size_t len;
        char *text = read_rule_file(paths[i], &len, err, errsize);
        int rc = text ? parse_into(rs, paths[i], text, len, err, errsize) : -1;
        free(text);
        if (rc < 0) {
            hc_rule_set_free(rs);
            return NULL;
        }
    }
    if (finish(rs, err, errsize) < 0) {
        hc_rule_set_free(rs);
        return NULL;
    }
    return rs;
}

static void keyed_free(keyed_list *l) {
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].from);
        free(l->v[i].to);
        free(l->v[i].name);
        free(l->v[i].origin);
    }
    free(l->v);
}

void hc_rule_set_free(hc_rule_set *rs) {
    if (!rs) return;
    keyed_free(&rs->names);
    keyed_free(&rs->headers);
    for (size_t i = 0; i < rs->nregex; i++) regex_rule_free(&rs->regex[i]);
    free(rs->regex);
    free(rs);
}

/* Binary search of a sorted keyed list for a key that is not NUL-terminated. */
static const keyed_rule *find_keyed(const keyed_list *l, const char *key, size_t len) {
    size_t lo = 0, hi = l->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *k = l->v[mid].from;
        int d = strncmp(k, key, len);
        if (d == 0 && k[len] != '\0') d = 1; /* k is longer: it sorts after key */
        if (d == 0) return &l->v[mid];
        if (d < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

const char *hc_rule_set_rename_rule(const hc_rule_set *rs, const char *name, size_t len, bool *disabled,
                                    const char **rule_name) {
    if (disabled) *disabled = false;
    if (rule_name) *rule_name = NULL;
    if (!rs) return NULL;
    const keyed_rule *k = find_keyed(&rs->names, name, len);
    if (!k) return NULL;
    if (rule_name) *rule_name = k->name;
    if (!k->to && disabled) *disabled = true;
    return k->to;
}

const char *hc_rule_set_rename(const hc_rule_set *rs, const char *name, size_t len, bool *disabled) {
    return hc_rule_set_rename_rule(rs, name, len, disabled, NULL);
}

const char *hc_rule_set_header_rule(const hc_rule_set *rs, const char *path, size_t len, const char **rule_name) {
    if (rule_name) *rule_name = NULL;
    if (!rs) return NULL;
    const keyed_rule *k = find_keyed(&rs->headers, path, len);
    if (!k) return NULL;
    if (rule_name) *rule_name = k->name;
    return k->to;
}

const char *hc_rule_set_header(const hc_rule_set *rs, const char *path, size_t len) {
    return hc_rule_set_header_rule(rs, path, len, NULL);
}

size_t hc_rule_set_nregex(const hc_rule_set *rs) { return rs ? rs->nregex : 0; }
const hc_regex_rule *hc_rule_set_regex(const hc_rule_set *rs, size_t i) { return &rs->regex[i]; }
size_t hc_rule_set_size(const hc_rule_set *rs) { return rs ? rs->names.n + rs->headers.n + rs->nregex : 0; }

bool hc_regex_rule_applies_to(const hc_regex_rule *r, const char *path) {
    if (r->nglobs == 0) return true;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (size_t i = 0; i < r->nglobs; i++) {
        const char *g = r->globs[i];
        if (!strchr(g, '/')) {
            if (fnmatch(g, base, 0) == 0) return true;
            continue;
        }
        for (const char *p = path; p; p = strchr(p, '/')) { /* a glob src/X also matches tree/src/X */
            if (*p == '/') p++;
            if (fnmatch(g, p, FNM_PATHNAME) == 0) return true;
        }
    }
    return false;
}
