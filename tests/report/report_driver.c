/* report_driver.c: test driver for the report writers: builds hc_file_result values for a tree with a
 * small fixed rename table (not the real translator), writes the translated tree and all four reports.
 * It does not test translation; the check-* scripts beside it check what it writes. */
#define _XOPEN_SOURCE 700
#include "edits.h"
#include "report.h"
#include "util.h"
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* The fixture "translation": whole identifiers only. effort decides how the reports group the place;
 * diag, when set, is emitted at the identifier. */
typedef struct fake_rule {
    const char *cuda, *hip; /* hip NULL: left unchanged (unconverted) */
    hc_family family;
    hc_effort effort;
    int diag; /* hc_diag_id or -1 */
} fake_rule;

static const fake_rule rules[] = {
    {"cudaMalloc", "hipMalloc", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaFree", "hipFree", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaMemcpy", "hipMemcpy", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaMemcpyHostToDevice", "hipMemcpyHostToDevice", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaMemcpyDeviceToHost", "hipMemcpyDeviceToHost", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaDeviceSynchronize", "hipDeviceSynchronize", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaError_t", "hipError_t", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaSuccess", "hipSuccess", HC_FAM_RUNTIME, HC_EFFORT_RENAME, -1},
    {"cudaMemcpyToSymbol", "hipMemcpyToSymbol", HC_FAM_RUNTIME, HC_EFFORT_ARGUMENTS, HC_D_ARGUMENT_REWRITE},
    {"cublasCreate", "hipblasCreate", HC_FAM_BLAS, HC_EFFORT_RENAME, -1},
    {"cublasHandle_t", "hipblasHandle_t", HC_FAM_BLAS, HC_EFFORT_RENAME, -1},
    {"cudaGraphInstantiateWithParams", NULL, HC_FAM_RUNTIME, HC_EFFORT_MANUAL, HC_D_UNSUPPORTED_API},
    {"cuModuleLoadDataEx", NULL, HC_FAM_DRIVER, HC_EFFORT_MANUAL, HC_D_UNSUPPORTED_API},
    {"cudaThreadSynchronize", "hipDeviceSynchronize", HC_FAM_RUNTIME, HC_EFFORT_RENAME, HC_D_REMOVED_CUDA_API},
    {"0xffffffff", NULL, HC_FAM_DEVICE, HC_EFFORT_MANUAL, HC_D_WARP_MASK_32},
};

typedef struct tree {
    char **paths;
    size_t n, cap;
    size_t root_len;
} tree;
static tree *walking; /* nftw offers no user pointer; only used during one walk in this test program */

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (type != FTW_F)
        return 0;
    if (walking->n == walking->cap) {
        walking->cap = walking->cap ? 2 * walking->cap : 64;
        walking->paths = realloc(walking->paths, walking->cap * sizeof *walking->paths);
        if (!walking->paths)
            return -1;
    }
    walking->paths[walking->n++] = strdup(path + walking->root_len + 1);
    return 0;
}
static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static char *read_all(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    if (buf) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

static void add_diag(hc_file_result *r, hc_diag_id id, uint32_t off, uint32_t line, uint32_t col,
                     const char *name)
{
    const hc_diag_info *info = hc_diag_info_get(id);
    r->diags = realloc(r->diags, (r->ndiags + 1) * sizeof *r->diags);
    char msg[256];
    if (id == HC_D_REMOVED_CUDA_API)
        snprintf(msg, sizeof msg, info->format, name, "CUDA", "11.0", "hipDeviceSynchronize");
    else if (id == HC_D_WARP_MASK_32)
        snprintf(msg, sizeof msg, info->format, name, "__shfl_down_sync");
    else if (id == HC_D_BINARY_FILE)
        snprintf(msg, sizeof msg, info->format, off);
    else if (id == HC_D_ARGUMENT_REWRITE)
        snprintf(msg, sizeof msg, "'%s' needs HIP_SYMBOL() around its symbol argument", name);
    else
        snprintf(msg, sizeof msg, info->format, name);
    r->diags[r->ndiags++] = (hc_diag){id, info->severity, off, line, col, strdup(msg), name ? strdup(name) : NULL, "rename"};
}

static void count_ref(hc_stats *s, const char *name, hc_family fam, bool converted)
{
    for (size_t i = 0; i < s->nrefs; i++)
        if (!strcmp(s->refs[i].name, name) && s->refs[i].converted == converted) {
            s->refs[i].count++;
            return;
        }
    s->refs = realloc(s->refs, (s->nrefs + 1) * sizeof *s->refs);
    s->refs[s->nrefs++] = (hc_ref_count){strdup(name), fam, converted, 1};
}

static void fake_translate(const char *rel, char *data, size_t len, hc_file_result *r)
{
    *r = (hc_file_result){0};
    r->path = strdup(rel);
    r->rel_path = strdup(rel);
    r->original = data;
    r->original_len = len;
    r->kind = strstr(rel, ".cu") || strstr(rel, ".h") ? HC_FILE_SOURCE : HC_FILE_OTHER;
    r->parsed = r->kind == HC_FILE_SOURCE;
    r->stats.total_bytes = len;
    const char *nul = memchr(data, '\0', len);
    if (nul) {
        r->status = HC_ERR_INPUT;
        add_diag(r, HC_D_BINARY_FILE, (uint32_t)(nul - data), 0, 0, NULL);
        return;
    }
    size_t cap = 2 * len + 64, olen = 0;
    char *out = malloc(cap);
    uint32_t line = 1, line_start = 0, last_changed_line = 0;
    for (size_t i = 0; i < len;) {
        char c = data[i];
        if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) {
            if (c == '\n')
                line++, line_start = (uint32_t)i + 1;
            out[olen++] = c;
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && (data[j] == '_' || (data[j] >= 'a' && data[j] <= 'z') || (data[j] >= 'A' && data[j] <= 'Z') ||
                           (data[j] >= '0' && data[j] <= '9')))
            j++;
        const fake_rule *hit = NULL;
        for (size_t k = 0; k < COUNT_OF(rules); k++)
            if (strlen(rules[k].cuda) == j - i && !memcmp(rules[k].cuda, data + i, j - i))
                hit = &rules[k];
        if (hit && r->kind == HC_FILE_SOURCE) {
            uint32_t col = (uint32_t)i - line_start + 1;
            if (hit->diag >= 0)
                add_diag(r, (hc_diag_id)hit->diag, (uint32_t)i, line, col, hit->cuda);
            count_ref(&r->stats, hit->cuda, hit->family, hit->hip != NULL);
            if (hit->hip) {
                r->stats.converted_refs++;
                r->stats.converted_by_family[hit->family]++;
                r->edits = realloc(r->edits, (r->nedits + 1) * sizeof *r->edits);
                r->edits[r->nedits++] = (hc_edit){(uint32_t)i, (uint32_t)(j - i), strdup(hit->hip), HC_PRIO_RENAME, hit->effort, "rename", false};
                r->stats.replaced_bytes += j - i;
                if (last_changed_line != line)
                    r->stats.changed_lines++, last_changed_line = line;
                memcpy(out + olen, hit->hip, strlen(hit->hip));
                olen += strlen(hit->hip);
                i = j;
                continue;
            }
            r->stats.unconverted_refs++;
            r->stats.unconverted_by_family[hit->family]++;
        }
        memcpy(out + olen, data + i, j - i);
        olen += j - i;
        i = j;
    }
    out[olen] = '\0';
    r->output = out;
    r->output_len = olen;
    r->changed = olen != len || memcmp(out, data, len) != 0;
    r->stats.total_lines = line - (len && data[len - 1] == '\n');
}

static int mkdirs_for(const char *path)
{
    char *p = strdup(path);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(p, 0755) != 0 && errno != EEXIST) {
                free(p);
                return -1;
            }
            *s = '/';
        }
    free(p);
    return 0;
}

static void add_refs(hc_stats *total, const hc_stats *s)
{
    total->converted_refs += s->converted_refs;
    total->unconverted_refs += s->unconverted_refs;
    total->replaced_bytes += s->replaced_bytes;
    total->total_bytes += s->total_bytes;
    total->changed_lines += s->changed_lines;
    total->total_lines += s->total_lines;
    for (int f = 0; f < HC_FAMILY__COUNT; f++) {
        total->converted_by_family[f] += s->converted_by_family[f];
        total->unconverted_by_family[f] += s->unconverted_by_family[f];
    }
    for (size_t i = 0; i < s->nrefs; i++)
        for (uint32_t k = 0; k < s->refs[i].count; k++)
            count_ref(total, s->refs[i].name, s->refs[i].family, s->refs[i].converted);
}

static void free_stats(hc_stats *s)
{
    for (size_t i = 0; i < s->nrefs; i++)
        free(s->refs[i].name);
    free(s->refs);
}

static void free_result(hc_file_result *r)
{
    for (size_t i = 0; i < r->nedits; i++)
        free(r->edits[i].replacement);
    for (size_t i = 0; i < r->ndiags; i++)
        free(r->diags[i].message), free(r->diags[i].name);
    free(r->edits);
    free(r->diags);
    free(r->path);
    free(r->rel_path);
    free(r->original);
    free(r->output);
    free_stats(&r->stats);
}

static int by_ref_name(const void *a, const void *b)
{
    const hc_ref_count *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (int)x->converted - (int)y->converted;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s INPUT-TREE OUT-DIR [--examine]\n", argv[0]);
        return 2;
    }
    const char *root = argv[1], *outdir = argv[2];
    tree t = {.root_len = strlen(root)};
    walking = &t;
    if (nftw(root, collect, 16, FTW_PHYS) != 0) {
        perror(root);
        return 1;
    }
    qsort(t.paths, t.n, sizeof *t.paths, by_name);
    hc_file_result *files = calloc(t.n ? t.n : 1, sizeof *files);
    hc_run run = {.root = root, .files = files, .nfiles = t.n, .examine = argc > 3 && !strcmp(argv[3], "--examine"),
                  .seconds = 0.25};
    char path[4096];
    for (size_t i = 0; i < t.n; i++) {
        snprintf(path, sizeof path, "%s/%s", root, t.paths[i]);
        size_t len = 0;
        char *data = read_all(path, &len);
        if (!data) {
            perror(path);
            return 1;
        }
        fake_translate(t.paths[i], data, len, &files[i]);
        add_refs(&run.totals, &files[i].stats);
        /* The translated tree: what the diff must reproduce. */
        snprintf(path, sizeof path, "%s/translated/%s", outdir, t.paths[i]);
        mkdirs_for(path);
        FILE *fp = fopen(path, "wb");
        const char *text = files[i].output ? files[i].output : files[i].original;
        size_t n = files[i].output ? files[i].output_len : files[i].original_len;
        if (!fp || fwrite(text, 1, n, fp) != n || fclose(fp) != 0) {
            perror(path);
            return 1;
        }
    }
    qsort(run.totals.refs, run.totals.nrefs, sizeof *run.totals.refs, by_ref_name);
    static const struct {
        const char *name;
        int (*write)(const hc_run *, const char *, char *, size_t);
    } writers[] = {{"port.diff", hc_report_diff}, {"report.html", hc_report_html},
                   {"stats.json", hc_report_json}, {"results.sarif", hc_report_sarif}};
    int status = 0;
    for (size_t w = 0; w < COUNT_OF(writers); w++) {
        char err[512] = "";
        snprintf(path, sizeof path, "%s/%s", outdir, writers[w].name);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (writers[w].write(&run, path, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", writers[w].name, err);
            status = 1;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        printf("report_driver: %s written in %.3f s\n", writers[w].name,
               (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    }
    printf("report_driver: %zu files, %llu converted, %llu unconverted references\n", t.n,
           (unsigned long long)run.totals.converted_refs, (unsigned long long)run.totals.unconverted_refs);
    for (size_t i = 0; i < t.n; i++) {
        free_result(&files[i]);
        free(t.paths[i]);
    }
    free(files);
    free(t.paths);
    free_stats(&run.totals);
    return status;
}
