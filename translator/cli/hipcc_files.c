/* hipcc_files.c: finds the files of a run that hipcc will compile although they use no HIP themselves:
 * headers that a HIP source of the run includes, directly or through other files of the run. Such a
 * header's tests of CUDA compiler macros (#ifdef __CUDACC__) are then read by hipcc, so port.c translates
 * it again once the run's facts say hipcc compiles it (hc_run_facts.hipcc_compiled). It reads the results' text; it translates nothing. */
#include "cli.h"
#include "paths.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct named_job {
    char *path;       /* the job's path, normalized (owned) */
    const char *base; /* its file name, inside path */
    size_t index;
} named_job;

typedef struct job_index {
    named_job *by_base; /* sorted by base name */
    size_t n;
} job_index;

static int cmp_named(const void *a, const void *b) {
    const named_job *x = a, *y = b;
    int c = strcmp(x->base, y->base);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* The first row of the index with that base name (ix->n when none). */
static size_t first_with_base(const job_index *ix, const char *base) {
    size_t lo = 0, hi = ix->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ix->by_base[mid].base, base) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo < ix->n && !strcmp(ix->by_base[lo].base, base) ? lo : ix->n;
}

static void reach(size_t i, size_t *queue, size_t *nqueue, bool *reached) {
    if (!reached[i]) reached[i] = true, queue[(*nqueue)++] = i;
}

/* Marks every job the include `name` (spelled in the file at includer) may name: the file beside the
 * includer for a quoted include that finds one, else any job whose path ends with the include's path.
 * The latter is a superset of what -I directories find; a header it marks wrongly only gets __CUDACC__
 * read as hipcc reads it, which a host compiler reads the same way (both undefined). */
static void mark_targets(const job_index *ix, const char *includer, bool quoted, const char *name, size_t nlen,
                         size_t *queue, size_t *nqueue, bool *reached) {
    char want[PATH_MAX], beside[PATH_MAX];
    if (nlen == 0 || nlen >= sizeof want) return;
    memcpy(want, name, nlen);
    want[nlen] = '\0';
    hc_path_normalize(want);
    size_t first = first_with_base(ix, hc_path_base(want));
    if (first == ix->n) return;
    const char *slash = strrchr(includer, '/');
    int k = snprintf(beside, sizeof beside, "%.*s%s", slash ? (int)(slash - includer) + 1 : 0, includer, want);
    if (quoted && k > 0 && (size_t)k < sizeof beside) {
        hc_path_normalize(beside);
        bool found = false;
        for (size_t r = first; r < ix->n && !strcmp(ix->by_base[r].base, ix->by_base[first].base); r++)
            if (!strcmp(ix->by_base[r].path, beside)) reach(ix->by_base[r].index, queue, nqueue, reached), found = true;
        if (found) return;
    }
    const char *tail = want;
    while (!strncmp(tail, "../", 3)) tail += 3;
    for (size_t r = first; r < ix->n && !strcmp(ix->by_base[r].base, ix->by_base[first].base); r++)
        if (hc_path_ends_with(ix->by_base[r].path, tail)) reach(ix->by_base[r].index, queue, nqueue, reached);
}

bool hc_include_line(const char *line, const char *eol, const char **name, size_t *len, bool *quoted) {
    const char *q = line;
    while (q < eol && (*q == ' ' || *q == '\t')) q++;
    if (q >= eol || *q != '#') return false;
    q++;
    while (q < eol && (*q == ' ' || *q == '\t')) q++;
    if ((size_t)(eol - q) <= 7 || strncmp(q, "include", 7) != 0) return false;
    q += 7;
    while (q < eol && (*q == ' ' || *q == '\t')) q++;
    if (q >= eol || (*q != '"' && *q != '<')) return false;
    char close = *q == '"' ? '"' : '>';
    const char *start = q + 1, *stop = memchr(start, close, (size_t)(eol - start));
    if (!stop) return false;
    *name = start;
    *len = (size_t)(stop - start);
    *quoted = close == '"';
    return true;
}

/* Follows the #include lines of text (conditions ignored: any branch may be compiled). */
static void follow_includes(const job_index *ix, const char *includer, const char *text, size_t len, size_t *queue,
                            size_t *nqueue, bool *reached) {
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        const char *name;
        size_t name_len;
        bool quoted;
        if (hc_include_line(p, eol, &name, &name_len, &quoted))
            mark_targets(ix, includer, quoted, name, name_len, queue, nqueue, reached);
        p = eol + 1;
    }
}

int hc_hipcc_compiled(const hc_job_list *jobs, const hc_file_result *results, bool *out) {
    size_t n = jobs->n;
    memset(out, 0, n * sizeof *out);
    bool any_kept = false;
    for (size_t i = 0; i < n; i++) any_kept |= results[i].cuda_macros_kept;
    if (!any_kept) return 0;
    job_index ix = {calloc(n, sizeof *ix.by_base), n};
    size_t *queue = calloc(n, sizeof *queue);
    bool *reached = calloc(n, sizeof *reached);
    if (!ix.by_base || !queue || !reached) {
        free(ix.by_base), free(queue), free(reached);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s", jobs->v[i].path);
        hc_path_normalize(p);
        char *own = strdup(p);
        if (!own) rc = -1;
        else ix.by_base[i] = (named_job){own, hc_path_base(own), i};
    }
    if (rc != 0) goto done;
    qsort(ix.by_base, n, sizeof *ix.by_base, cmp_named);
    size_t nqueue = 0;
    for (size_t i = 0; i < n; i++)
        if (results[i].uses_hip) reached[i] = true, queue[nqueue++] = i;
    for (size_t head = 0; head < nqueue; head++) {
        const hc_file_result *r = &results[queue[head]];
        if (r->kind == HC_FILE_SOURCE && r->original)
            follow_includes(&ix, jobs->v[queue[head]].path, r->original, r->original_len, queue, &nqueue, reached);
    }
    for (size_t i = 0; i < n; i++) out[i] = reached[i] && results[i].cuda_macros_kept;
done:
    for (size_t i = 0; i < n; i++) free(ix.by_base[i].path);
    free(ix.by_base), free(queue), free(reached);
    return rc;
}
