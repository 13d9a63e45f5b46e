/* vkeys.c: finds object keys a validation spec does not define (a typo such as "output" for "outputs" would
 * otherwise switch a comparison off silently), with the line they are on. A small scanner walks the JSON text
 * itself, since the parser keeps no positions; it neither builds values nor reports malformed JSON. */
#include "vkeys.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a key sits ("programs[].compare": the compare object of a program) and the keys allowed there, space
 * separated; NULL keys: any name (environment variables). Places not listed are not checked. */
static const struct {
    const char *place;
    const char *keys;
} schema[] = {
    {"", "format defaults programs"},
    {"defaults", "timeout tolerance ignore verdict"},
    {"defaults.tolerance", "abs rel ulp exact"},
    {"defaults.verdict", "must_match must_not_match"},
    {"programs[]", "name tree port build exe run files also_translate compare expect verdict "
                   "stage root skipped build_log platform_notes"},
    {"programs[].build", "cuda hip"},
    {"programs[].exe", "cuda hip"},
    {"programs[].skipped", "cuda hip"},
    {"programs[].build_log", "cuda hip"},
    {"programs[].run", "args cwd stdin env timeout setup"},
    {"programs[].run.env", NULL},
    {"programs[].compare", "exit stdout stderr ignore outputs tolerance"},
    {"programs[].compare.outputs[]", "path format dtype"},
    {"programs[].compare.tolerance", "abs rel ulp exact"},
    {"programs[].expect", "platform_difference"},
    {"programs[].verdict", "must_match must_not_match"},
};

enum { MAX_DEPTH = 32, PLACE_SIZE = 160 };

typedef struct frame {
    char place[PLACE_SIZE];
    int is_object;
    int want_key; /* object: the next string is a key */
} frame;

static size_t edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t row[64];
    if (la >= 63 || lb >= 63)
        return 99;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t above = row[j];
            size_t best = diagonal + (a[i - 1] != b[j - 1]);
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[lb];
}

/* -1: place not checked; else the schema row. */
static int schema_row(const char *place)
{
    for (size_t i = 0; i < COUNT_OF(schema); i++)
        if (!strcmp(schema[i].place, place))
            return (int)i;
    return -1;
}

/* 1 when key (length n) is allowed in row; otherwise fills suggestion with the nearest allowed key, if close. */
static int key_allowed(int row, const char *key, size_t n, char *suggestion, size_t size)
{
    const char *keys = schema[row].keys;
    size_t best = 99;
    *suggestion = '\0';
    if (!keys)
        return 1;
    for (const char *k = keys; *k;) {
        size_t length = strcspn(k, " ");
        if (length == n && !memcmp(k, key, n))
            return 1;
        size_t d = edit_distance(key, n, k, length);
        /* Close enough to be a typo: a third of the longer name, at least two edits. */
        size_t limit = (n > length ? n : length) / 3;
        if (d < best && d <= (limit < 2 ? 2 : limit)) {
            best = d;
            snprintf(suggestion, size, "%.*s", (int)length, k);
        }
        k += length;
        while (*k == ' ')
            k++;
    }
    return 0;
}

int vkeys_check(const char *file, const char *text, size_t length, char *error, size_t error_size)
{
    frame stack[MAX_DEPTH];
    int depth = 0;
    size_t line = 1;
    char pending[PLACE_SIZE] = ""; /* the key whose value comes next */
    int have_pending = 0;
    const char *p = text, *end = text + length;
    while (p < end) {
        char c = *p;
        if (c == '\n') {
            line++;
            p++;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == ':') {
            p++;
        } else if (c == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
        } else if (c == '/' && p + 1 < end && p[1] == '*') {
            for (p += 2; p < end && !(*p == '*' && p + 1 < end && p[1] == '/'); p++)
                line += *p == '\n';
            p = end - p >= 2 ? p + 2 : end;
        } else if (c == '"') {
            const char *start = ++p;
            while (p < end && *p != '"') {
                if (*p == '\\' && end - p >= 2)
                    p++;
                line += *p == '\n';
                p++;
            }
            size_t n = (size_t)(p - start);
            if (p < end)
                p++;
            frame *top = depth ? &stack[depth - 1] : NULL;
            if (top && top->is_object && top->want_key) {
                top->want_key = 0;
                int row = schema_row(top->place);
                char suggestion[64];
                if (row >= 0 && !key_allowed(row, start, n, suggestion, sizeof suggestion)) {
                    snprintf(error, error_size, "%s:%zu: unknown key '%.*s'%s%s%s", file, line, (int)(n > 80 ? 80 : n),
                             start, *suggestion ? " (did you mean '" : "", suggestion, *suggestion ? "'?)" : "");
                    return -1;
                }
                snprintf(pending, sizeof pending, "%s%s%.*s", top->place, *top->place ? "." : "",
                         (int)(n > 60 ? 60 : n), start);
                have_pending = 1;
            } else {
                have_pending = 0;
            }
        } else if (c == '{' || c == '[') {
            if (depth == MAX_DEPTH)
                return 0; /* deeper than any spec: nothing below is checked */
            frame *f = &stack[depth];
            /* An array's elements share one place: "programs" holds "programs[]" objects. */
            char place[PLACE_SIZE];
            snprintf(place, sizeof place, "%s", have_pending ? pending : depth ? stack[depth - 1].place : "");
            snprintf(f->place, sizeof f->place, "%s%s", place, c == '[' ? "[]" : "");
            f->is_object = c == '{';
            f->want_key = c == '{';
            depth++;
            have_pending = 0;
            p++;
        } else if (c == '}' || c == ']') {
            if (depth)
                depth--;
            have_pending = 0;
            p++;
        } else if (c == ',') {
            if (depth && stack[depth - 1].is_object)
                stack[depth - 1].want_key = 1;
            have_pending = 0;
            p++;
        } else {
            have_pending = 0; /* a number or literal (or a stray byte: always one step, so the scan ends) */
            do
                p++;
            while (p < end && *p && !strchr(",}]\n \t\r/", *p));
        }
    }
    return 0;
}
