/* platnotes.c: loads platform_differences.tsv, matches each row's cuda_pattern (PCRE2) against a program's CUDA
 * sources with comments removed, and attaches the applicable rows to a validation result as AMD platform notes.
 * It decides no status (vcheck.c does) and renders nothing (report.c does). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "platnotes.h"
#include "grow.h"
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef HARNESS_DEFAULT_PLATFORM_DIFFERENCES
#define HARNESS_DEFAULT_PLATFORM_DIFFERENCES ""
#endif

/* The columns the harness reads, by header name, so that columns can be added to the table without it. */
enum { COL_KEY, COL_KIND, COL_CUDA, COL_AMD, COL_ADVICE, COL_SOURCE, COL_PATTERN, COL__COUNT };
static const char *const column_names[COL__COUNT] = {"key",    "kind",   "cuda_on_nvidia", "hip_on_amd",
                                                     "advice", "source", "cuda_pattern"};
static const int column_required[COL__COUNT] = {1, 1, 0, 1, 1, 0, 1};

static int fail(char *error, size_t size, const char *name, int line, const char *what)
{
    snprintf(error, size, "%s:%d: %s", name, line, what);
    return -1;
}

/* Splits line (modified in place) at tabs into at most max fields; returns the number of fields. */
static size_t split_tabs(char *line, char **fields, size_t max)
{
    size_t n = 0;
    for (char *p = line; n < max;) {
        fields[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

static void free_row(platform_row *r)
{
    char *texts[7] = {r->key, r->kind, r->cuda_on_nvidia, r->hip_on_amd, r->advice, r->source, r->pattern_text};
    for (int i = 0; i < 7; i++)
        free(texts[i]);
    pcre2_code_free((pcre2_code *)r->pattern);
}

void platnotes_free(platform_table *table)
{
    for (size_t i = 0; i < table->count; i++)
        free_row(&table->rows[i]);
    free(table->rows);
    free(table->path);
    memset(table, 0, sizeof *table);
}

int platnotes_parse(const char *text, const char *name, platform_table *table, char *error, size_t error_size)
{
    memset(table, 0, sizeof *table);
    char *copy = strdup(text ? text : "");
    if (!copy)
        return fail(error, error_size, name, 0, "out of memory");
    int index[COL__COUNT], status = 0, line_number = 0;
    size_t columns = 0;
    char *fields[64];
    for (int c = 0; c < COL__COUNT; c++)
        index[c] = -1;
    for (char *line = copy, *next; line && status == 0; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        line_number++;
        line[strcspn(line, "\r")] = '\0';
        if (!*line)
            continue;
        size_t n = split_tabs(line, fields, COUNT_OF(fields));
        if (columns == 0) { /* the header */
            columns = n;
            for (size_t i = 0; i < n; i++)
                for (int c = 0; c < COL__COUNT; c++)
                    if (!strcmp(fields[i], column_names[c]))
                        index[c] = (int)i;
            for (int c = 0; c < COL__COUNT && status == 0; c++)
                if (column_required[c] && index[c] < 0) {
                    char what[160];
                    snprintf(what, sizeof what, "the header has no '%s' column", column_names[c]);
                    status = fail(error, error_size, name, line_number, what);
                }
            continue;
        }
        if (n != columns) {
            char what[120];
            snprintf(what, sizeof what, "%zu columns, expected %zu (tab-separated, as the header)", n, columns);
            status = fail(error, error_size, name, line_number, what);
            break;
        }
        if (hc_grow(&table->rows, &table->capacity, table->count, sizeof *table->rows, 16) != 0) {
            status = fail(error, error_size, name, line_number, "out of memory");
            break;
        }
        platform_row *r = &table->rows[table->count++];
        memset(r, 0, sizeof *r);
        char **slots[COL__COUNT] = {&r->key, &r->kind, &r->cuda_on_nvidia, &r->hip_on_amd, &r->advice, &r->source,
                                    &r->pattern_text};
        for (int c = 0; c < COL__COUNT; c++)
            *slots[c] = strdup(index[c] >= 0 ? fields[index[c]] : "");
        for (int c = 0; c < COL__COUNT && status == 0; c++) {
            if (!*slots[c]) {
                status = fail(error, error_size, name, line_number, "out of memory");
            } else if (column_required[c] && !**slots[c]) {
                char what[120];
                snprintf(what, sizeof what, "%s is empty", column_names[c]);
                status = fail(error, error_size, name, line_number, what);
            }
        }
        if (status == 0 && platnotes_find(table, r->key) != r)
            status = fail(error, error_size, name, line_number, "the key is repeated");
        if (status == 0 && strcmp(r->pattern_text, "-") != 0) {
            int code;
            PCRE2_SIZE offset;
            r->pattern = pcre2_compile((PCRE2_SPTR)r->pattern_text, PCRE2_ZERO_TERMINATED, 0, &code, &offset, NULL);
            if (!r->pattern) {
                PCRE2_UCHAR message[160];
                char what[300];
                pcre2_get_error_message(code, message, sizeof message);
                snprintf(what, sizeof what, "cuda_pattern of %s does not compile at offset %zu: %s", r->key,
                         (size_t)offset, (char *)message);
                status = fail(error, error_size, name, line_number, what);
            }
        }
    }
    free(copy);
    if (status == 0 && columns == 0)
        status = fail(error, error_size, name, 1, "empty: expected a header line");
    if (status == 0)
        table->path = strdup(name);
    if (status != 0)
        platnotes_free(table);
    return status;
}

int platnotes_load(const char *path, platform_table *table, char *error, size_t error_size)
{
    char *text = read_text_file(path, NULL);
    if (!text) {
        memset(table, 0, sizeof *table);
        snprintf(error, error_size, "%s: cannot read the platform differences table", path);
        return -1;
    }
    int status = platnotes_parse(text, path, table, error, error_size);
    free(text);
    return status;
}

const platform_row *platnotes_find(const platform_table *table, const char *key)
{
    for (size_t i = 0; key && i < table->count; i++)
        if (!strcmp(table->rows[i].key, key))
            return &table->rows[i];
    return NULL;
}

/* The text with every // and block comment replaced by spaces (newlines kept), string and character literals
 * left as they are: a literal such as asm("trap;") is code, a comment is not. */
static char *without_comments(const char *text)
{
    char *out = strdup(text);
    if (!out)
        return NULL;
    char quote = 0;
    for (char *p = out; *p; p++) {
        if (quote) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == quote || *p == '\n')
                quote = 0;
        } else if (*p == '"' || *p == '\'') {
            quote = *p;
        } else if (p[0] == '/' && p[1] == '/') {
            for (; *p && *p != '\n'; p++)
                *p = ' ';
            if (!*p)
                break;
        } else if (p[0] == '/' && p[1] == '*') {
            p[0] = p[1] = ' ';
            for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
                if (*p != '\n')
                    *p = ' ';
            if (!*p)
                break;
            p[0] = p[1] = ' ';
            p++;
        }
    }
    return out;
}

int platnotes_match_text(const platform_table *table, const char *text, unsigned char *hits)
{
    char *code = without_comments(text ? text : "");
    if (!code)
        return -1;
    size_t length = strlen(code);
    int status = 0;
    for (size_t i = 0; i < table->count && status == 0; i++) {
        pcre2_code *re = table->rows[i].pattern;
        if (!re || hits[i])
            continue;
        pcre2_match_data *match = pcre2_match_data_create_from_pattern(re, NULL);
        if (!match) {
            status = -1;
            break;
        }
        if (pcre2_match(re, (PCRE2_SPTR)code, length, 0, 0, match, NULL) >= 0)
            hits[i] = 1;
        pcre2_match_data_free(match);
    }
    free(code);
    return status;
}

static int is_source(const char *name)
{
    static const char *const extensions[] = {".cu", ".cuh", ".h", ".hpp", ".hh", ".c", ".cc", ".cpp", ".cxx", ".inl"};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < COUNT_OF(extensions); i++)
        if (!strcmp(dot, extensions[i]))
            return 1;
    return 0;
}

static int scan_dir(const platform_table *table, const char *dir, unsigned char *hits, int depth)
{
    DIR *d = depth < 32 ? opendir(dir) : NULL;
    if (!d)
        return 0; /* an unreadable folder holds no evidence either way */
    int status = 0;
    for (struct dirent *e; status == 0 && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char *path = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        if (!path) {
            status = -1;
        } else if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            status = scan_dir(table, path, hits, depth + 1);
        } else if (S_ISREG(st.st_mode) && is_source(e->d_name)) {
            char *text = read_text_file(path, NULL);
            if (text)
                status = platnotes_match_text(table, text, hits);
            free(text);
        }
        free(path);
    }
    closedir(d);
    return status;
}

int platnotes_scan_tree(const platform_table *table, const char *dir, strvec *keys)
{
    unsigned char *hits = calloc(table->count + 1, 1);
    if (!hits || scan_dir(table, dir, hits, 0) != 0) {
        free(hits);
        return -1;
    }
    int status = 0;
    for (size_t i = 0; i < table->count && status == 0; i++)
        if (hits[i])
            status = strvec_push(keys, table->rows[i].key);
    free(hits);
    return status;
}

/* True when declared names key as a word (keys hold letters, digits, '_' and '-'). */
static int names_key(const char *declared, const char *key)
{
    size_t length = strlen(key);
    for (const char *p = declared ? strstr(declared, key) : NULL; p; p = strstr(p + 1, key)) {
        int before = p == declared || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '-');
        int after = !(isalnum((unsigned char)p[length]) || p[length] == '_' || p[length] == '-');
        if (before && after)
            return 1;
    }
    return 0;
}

int platnotes_attach(const platform_table *table, const strvec *detected, const char *declared, case_result *row)
{
    if (row->status == RESULT_ERROR)
        return 0; /* nothing was compared: no note can explain anything */
    for (size_t i = 0; i < table->count; i++) {
        const platform_row *r = &table->rows[i];
        int found = detected && strvec_contains(detected, r->key), named = names_key(declared, r->key);
        if (!found && !named)
            continue;
        result_note note = {r->key, r->kind, r->cuda_on_nvidia, r->hip_on_amd, r->advice, r->source, found, named};
        if (result_add_note(row, &note) != 0)
            return -1;
    }
    if (!row->note_count || (row->status != RESULT_FAIL && row->status != RESULT_PLATFORM))
        return 0;
    /* Cite the declared rows when the spec names some, else every detected one. */
    int any_declared = 0;
    for (size_t n = 0; n < row->note_count; n++)
        any_declared |= row->notes[n].declared;
    size_t size = 200;
    for (size_t n = 0; n < row->note_count; n++)
        size += strlen(row->notes[n].key) + strlen(row->notes[n].hip_on_amd) + 8;
    char *text = malloc(size + (row->message ? strlen(row->message) : 0));
    if (!text)
        return -1;
    size_t used = (size_t)sprintf(text, "%s%sthe difference may come from an AMD platform difference, not necessarily "
                                  "a porting bug:", row->message ? row->message : "", row->message ? "; " : "");
    for (size_t n = 0, cited = 0; n < row->note_count; n++)
        if (!any_declared || row->notes[n].declared)
            used += (size_t)sprintf(text + used, "%s %s (on AMD: %s)", cited++ ? ";" : "", row->notes[n].key,
                                    row->notes[n].hip_on_amd);
    free(row->message);
    row->message = text;
    row->notes_may_explain = 1;
    return 0;
}

static char *existing(char *path)
{
    if (path && file_exists(path))
        return path;
    free(path);
    return NULL;
}

char *platnotes_locate(const char *explicit_path, const char *dir)
{
    if (explicit_path)
        return existing(strdup(explicit_path));
    char *found = dir ? existing(xasprintf("%s/%s", dir, PLATNOTES_FILE)) : NULL;
    char self[PATH_MAX];
    ssize_t length = found ? -1 : readlink("/proc/self/exe", self, sizeof self - 1);
    if (length > 0) {
        self[length] = '\0';
        char *slash = strrchr(self, '/');
        if (slash) {
            *slash = '\0';
            found = existing(xasprintf("%s/%s", self, PLATNOTES_FILE));
        }
    }
    static const char configured[] = HARNESS_DEFAULT_PLATFORM_DIFFERENCES; /* "" when none was configured */
    if (!found && configured[0])
        found = existing(strdup(configured));
    return found;
}
