/* vkeys.c: finds object keys a validation spec does not define (a typo such as "output" for "outputs" would
 * otherwise switch a comparison off silently) and keys given twice in one object (the parser would keep the
 * first silently), with the line they are on. A small scanner walks the JSON text itself, since the parser
 * keeps no positions; it neither builds values nor reports malformed JSON. */
#include "vkeys.h"
#include "grow.h"
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
                   "stage root skipped build_log platform_notes hip-cpu"},
    {"programs[].hip-cpu", "build args"},
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

/* A key as it stands in the text (escapes not decoded: the same name spelt two ways is not caught). */
typedef struct key_seen {
    const char *name;
    size_t length, line;
} key_seen;

typedef struct frame {
    char place[PLACE_SIZE];
    int is_object;
    int want_key; /* object: the next string is a key */
    key_seen *keys; /* the object's keys so far, for the duplicate check when it closes */
    size_t key_count, key_capacity;
} frame;

static int by_name_then_line(const void *a, const void *b)
{
    const key_seen *x = a, *y = b;
    size_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->name, y->name, n);
    if (c == 0 && x->length != y->length)
        c = x->length < y->length ? -1 : 1;
    return c ? c : x->line < y->line ? -1 : x->line > y->line;
}

/* The first key (by line) an object holds twice; 0 when none (or out of memory: the caller's parser then
 * decides, as before this check). Sorting keeps a large object linear-logarithmic. */
static int duplicate_key(frame *f, const char *file, char *error, size_t error_size)
{
    if (f->key_count < 2)
        return 0;
    qsort(f->keys, f->key_count, sizeof *f->keys, by_name_then_line);
    const key_seen *worst = NULL, *first = NULL;
    for (size_t i = 1; i < f->key_count; i++) {
        const key_seen *a = &f->keys[i - 1], *b = &f->keys[i];
        if (a->length == b->length && !memcmp(a->name, b->name, a->length) && (!worst || b->line < worst->line)) {
            worst = b;
            for (first = a; first > f->keys && first[-1].length == a->length &&
                            !memcmp(first[-1].name, a->name, a->length);)
                first--;
        }
    }
    if (!worst)
        return 0;
    snprintf(error, error_size, "%s:%zu: key '%.*s' is given twice in one object (first on line %zu)", file,
             worst->line, (int)(worst->length > 80 ? 80 : worst->length), worst->name, first->line);
    return -1;
}

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

/* use_schema: check names against the table too; otherwise only duplicates. */
static int scan(const char *file, const char *text, size_t length, int use_schema, char *error, size_t error_size)
{
    frame stack[MAX_DEPTH];
    int depth = 0, status = 0;
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
                int row = use_schema ? schema_row(top->place) : -1;
                char suggestion[64];
                if (row >= 0 && !key_allowed(row, start, n, suggestion, sizeof suggestion)) {
                    snprintf(error, error_size, "%s:%zu: unknown key '%.*s'%s%s%s", file, line, (int)(n > 80 ? 80 : n),
                             start, *suggestion ? " (did you mean '" : "", suggestion, *suggestion ? "'?)" : "");
                    status = -1;
                    break;
                }
                if (hc_grow(&top->keys, &top->key_capacity, top->key_count, sizeof *top->keys, 8) == 0)
                    top->keys[top->key_count++] = (key_seen){start, n, line};
                snprintf(pending, sizeof pending, "%s%s%.*s", top->place, *top->place ? "." : "",
                         (int)(n > 60 ? 60 : n), start);
                have_pending = 1;
            } else {
                have_pending = 0;
            }
        } else if (c == '{' || c == '[') {
            if (depth == MAX_DEPTH)
                break; /* deeper than any spec: nothing below is checked */
            frame *f = &stack[depth];
            f->keys = NULL;
            f->key_count = f->key_capacity = 0;
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
            if (depth) {
                frame *f = &stack[--depth];
                int twice = duplicate_key(f, file, error, error_size);
                free(f->keys);
                if (twice) {
                    status = -1;
                    break;
                }
            }
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
    while (depth > 0)
        free(stack[--depth].keys);
    return status;
}

int vkeys_check(const char *file, const char *text, size_t length, char *error, size_t error_size)
{
    return scan(file, text, length, 1, error, error_size);
}

int vkeys_check_duplicates(const char *file, const char *text, size_t length, char *error, size_t error_size)
{
    return scan(file, text, length, 0, error, error_size);
}
