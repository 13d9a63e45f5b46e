/* user_rules.h: user rules given with --rules (rename, header, regex, disable): loading, checking and
 * lookups. It does not edit files: pass_user_rules.c applies regex rules, the rename/include passes query. */
#ifndef HC_USER_RULES_H
#define HC_USER_RULES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include <pcre2.h>

typedef struct hc_rule_set hc_rule_set;

/* Where a regex or disable-pattern rule looks (docs/rules.md). */
typedef enum hc_rule_scope {
    HC_SCOPE_CODE = 0, /* source text outside comments and string/character literals */
    HC_SCOPE_STRING,   /* inside one string or character literal */
    HC_SCOPE_COMMENT,  /* inside one comment */
    HC_SCOPE_BUILD,    /* CMake files and Makefiles, whole text */
    HC_SCOPE_ALL       /* source files, whole text, comments and strings included */
} hc_rule_scope;

/* A regex rule, or a disable rule given as a pattern (replacement NULL, disable true). */
typedef struct hc_regex_rule {
    const char *name;        /* counted in statistics under this name */
    const char *origin;      /* "file:line" where it was defined */
    hc_rule_scope scope;
    const char *const *globs; /* file-name globs (fnmatch); none: every file of the scope */
    size_t nglobs;
    pcre2_code *code;
    const char *replacement; /* PCRE2 substitution template ($1, ${name}, $$) */
    bool disable;            /* matched text is kept as it is, whatever other rules say */
} hc_regex_rule;

/* Loads and checks rule files (in order). Returns NULL on error with "file:line: reason" in err
 * (for a bad pattern, the PCRE2 message and the offset in the pattern). */
hc_rule_set *hc_rule_set_load(const char *const *paths, size_t npaths, char *err, size_t errsize);
/* Same from memory; origin names the text in messages. Used by hc_rule_set_load and by tests. */
hc_rule_set *hc_rule_set_parse(const char *origin, const char *text, size_t len, char *err, size_t errsize);
void hc_rule_set_free(hc_rule_set *rs);

/* Replacement for an identifier, or NULL. Sets *disabled (may be NULL) when a disable rule names it;
 * then NULL is returned. */
const char *hc_rule_set_rename(const hc_rule_set *rs, const char *name, size_t len, bool *disabled);
/* Same, and the rule's statistics name through *rule_name (the rename or disable rule that applied). */
const char *hc_rule_set_rename_rule(const hc_rule_set *rs, const char *name, size_t len, bool *disabled,
                                    const char **rule_name);
/* Replacement for an include path (as written between the quotes or brackets), or NULL. */
const char *hc_rule_set_header(const hc_rule_set *rs, const char *path, size_t len);
const char *hc_rule_set_header_rule(const hc_rule_set *rs, const char *path, size_t len, const char **rule_name);

/* Regex and disable-pattern rules, in priority order (definition order). */
size_t hc_rule_set_nregex(const hc_rule_set *rs);
const hc_regex_rule *hc_rule_set_regex(const hc_rule_set *rs, size_t i);
/* Number of rules of every kind (for --verbose and tests). */
size_t hc_rule_set_size(const hc_rule_set *rs);

/* True when path matches one of the rule's globs (or the rule has none). A glob without '/' is matched
 * against the file name; one with '/' against the path and each of its trailing parts. */
bool hc_regex_rule_applies_to(const hc_regex_rule *r, const char *path);

#endif
