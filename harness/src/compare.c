/* compare.c: the comparison policy applied element by element: NaN- and infinity-aware, exact for integers,
 * abs/rel/ULP bounds for floating point; collects the first mismatches and the largest errors for the report.
 * It does not decide which files to compare. */
#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Maps the bit pattern to a signed integer that is monotonic in the value, so that the difference of two
 * mapped values counts the representable numbers between them. */
static int64_t ordered_f32(float v)
{
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return (bits & 0x80000000u) ? -(int64_t)(bits & 0x7fffffffu) : (int64_t)bits;
}

double ulp_distance_f32(float a, float b)
{
    int64_t d = ordered_f32(a) - ordered_f32(b);
    return (double)(d < 0 ? -d : d);
}

double ulp_distance_f64(double a, double b)
{
    uint64_t ba, bb;
    memcpy(&ba, &a, sizeof ba);
    memcpy(&bb, &b, sizeof bb);
    uint64_t ma = ba & 0x7fffffffffffffffull, mb = bb & 0x7fffffffffffffffull;
    if ((ba >> 63) == (bb >> 63))
        return (double)(ma > mb ? ma - mb : mb - ma);
    return (double)ma + (double)mb; /* opposite signs: distance through zero */
}

static double element_as_double(const void *data, hc_dtype dtype, uint64_t i)
{
    switch (dtype) {
    case HC_DTYPE_F32: return ((const float *)data)[i];
    case HC_DTYPE_F64: return ((const double *)data)[i];
    case HC_DTYPE_I32: return ((const int32_t *)data)[i];
    case HC_DTYPE_U32: return ((const uint32_t *)data)[i];
    case HC_DTYPE_I64: return (double)((const int64_t *)data)[i];
    case HC_DTYPE_U8: return ((const uint8_t *)data)[i];
    default: return NAN;
    }
}

/* Decides one element and reports its errors. */
static int element_passes(const rec_buffer *a, const rec_buffer *b, uint64_t i, tolerance tol, double *abs_err,
                          double *rel_err, double *ulp_err)
{
    size_t size = hc_dtype_size(a->dtype);
    const unsigned char *pa = (const unsigned char *)a->data + i * size, *pb = (const unsigned char *)b->data + i * size;
    double va = element_as_double(a->data, a->dtype, i), vb = element_as_double(b->data, b->dtype, i);
    *abs_err = *rel_err = *ulp_err = 0;
    if (a->dtype != HC_DTYPE_F32 && a->dtype != HC_DTYPE_F64) {
        if (memcmp(pa, pb, size) == 0)
            return 1;
        *abs_err = fabs(va - vb);
        *rel_err = *abs_err / fmax(fabs(va), fabs(vb));
        *ulp_err = *abs_err;
        return 0;
    }
    return compare_values(va, vb, a->dtype, tol, abs_err, rel_err, ulp_err);
}

int compare_values(double va, double vb, hc_dtype dtype, tolerance tol, double *abs_err, double *rel_err,
                   double *ulp_err)
{
    *abs_err = *rel_err = *ulp_err = 0;
    if (isnan(va) || isnan(vb)) {
        int both = isnan(va) && isnan(vb);
        *abs_err = *rel_err = *ulp_err = both ? 0 : INFINITY;
        return both;
    }
    if (va == vb)
        return 1; /* also equal infinities, and +0 == -0 */
    if (isinf(va) || isinf(vb)) {
        *abs_err = *rel_err = *ulp_err = INFINITY;
        return 0;
    }
    *abs_err = fabs(va - vb);
    *rel_err = *abs_err / fmax(fabs(va), fabs(vb));
    *ulp_err = dtype == HC_DTYPE_F32 ? ulp_distance_f32((float)va, (float)vb) : ulp_distance_f64(va, vb);
    return (tol.abs > 0 && *abs_err <= tol.abs) || (tol.rel > 0 && *rel_err <= tol.rel) ||
           (tol.ulp > 0 && *ulp_err <= tol.ulp);
}

static void compare_buffer(const rec_buffer *a, const rec_buffer *b, const program_policy *policy, buffer_result *r)
{
    r->dtype = a->dtype;
    r->count = a->count;
    r->tol = policy_for_buffer(policy, a->name, a->dtype);
    if (!b) {
        r->problem = strdup("missing from the second recording");
        return;
    }
    if (b->dtype != a->dtype || b->count != a->count) {
        char text[160];
        snprintf(text, sizeof text, "shape differs: %s[%llu] vs %s[%llu]", dtype_label(a->dtype),
                 (unsigned long long)a->count, dtype_label(b->dtype), (unsigned long long)b->count);
        r->problem = strdup(text);
        return;
    }
    for (uint64_t i = 0; i < a->count; i++) {
        double abs_err, rel_err, ulp_err;
        int ok = element_passes(a, b, i, r->tol, &abs_err, &rel_err, &ulp_err);
        r->max_abs = fmax(r->max_abs, abs_err);
        r->max_rel = fmax(r->max_rel, rel_err);
        r->max_ulp = fmax(r->max_ulp, ulp_err);
        if (isinf(abs_err)) /* fmax ignores nothing here, but keep infinities visible */
            r->max_abs = INFINITY;
        if (!ok) {
            if (r->first_count < COMPARE_FIRST_MISMATCHES) {
                r->first_index[r->first_count] = i;
                r->first_a[r->first_count] = element_as_double(a->data, a->dtype, i);
                r->first_b[r->first_count] = element_as_double(b->data, b->dtype, i);
                r->first_count++;
            }
            r->mismatches++;
        }
    }
    r->passed = r->mismatches == 0;
}

int compare_recordings(const recording *a, const recording *b, const program_policy *policy, comparison *out)
{
    memset(out, 0, sizeof *out);
    size_t extra = 0;
    for (size_t i = 0; i < b->buffer_count; i++)
        if (!recording_find(a, b->buffers[i].name))
            extra++;
    out->buffers = calloc(a->buffer_count + extra + 1, sizeof *out->buffers);
    if (!out->buffers)
        return -1;
    out->passed = 1;
    for (size_t i = 0; i < a->buffer_count; i++) {
        buffer_result *r = &out->buffers[out->buffer_count++];
        r->name = strdup(a->buffers[i].name);
        compare_buffer(&a->buffers[i], recording_find(b, a->buffers[i].name), policy, r);
    }
    for (size_t i = 0; i < b->buffer_count; i++) {
        if (recording_find(a, b->buffers[i].name))
            continue;
        buffer_result *r = &out->buffers[out->buffer_count++];
        r->name = strdup(b->buffers[i].name);
        r->dtype = b->buffers[i].dtype;
        r->count = b->buffers[i].count;
        r->problem = strdup("missing from the first recording");
    }
    for (size_t i = 0; i < out->buffer_count; i++) {
        buffer_result *r = &out->buffers[i];
        out->passed &= r->passed;
        out->max_abs = fmax(out->max_abs, r->max_abs);
        out->max_rel = fmax(out->max_rel, r->max_rel);
        out->max_ulp = fmax(out->max_ulp, r->max_ulp);
    }
    const recording *sides[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        for (size_t i = 0; i < sides[s]->check_count; i++) {
            const rec_check *check = &sides[s]->checks[i];
            out->failed_checks[s] += !check->passed;
            if (!(check->max_error <= out->worst_check[s]))
                out->worst_check[s] = check->max_error;
        }
        out->incomplete[s] = !sides[s]->complete;
        if (out->failed_checks[s] || out->incomplete[s])
            out->passed = 0;
    }
    if (a->buffer_count == 0 && b->buffer_count == 0)
        out->passed = 0; /* nothing recorded proves nothing */
    return 0;
}

void comparison_free(comparison *c)
{
    for (size_t i = 0; i < c->buffer_count; i++) {
        free(c->buffers[i].name);
        free(c->buffers[i].problem);
    }
    free(c->buffers);
    memset(c, 0, sizeof *c);
}

void comparison_print(FILE *out, const char *program, const comparison *c, const char *label_a, const char *label_b,
                      int verbose)
{
    const char *labels[2] = {label_a, label_b};
    for (int s = 0; s < 2; s++) {
        if (c->incomplete[s])
            fprintf(out, "%s: the %s recording is incomplete (the program stopped before hc_record_end)\n", program,
                    labels[s]);
        if (c->failed_checks[s])
            fprintf(out, "%s: %d CPU-reference check(s) failed in the %s run (worst error %g)\n", program,
                    c->failed_checks[s], labels[s], c->worst_check[s]);
    }
    if (c->buffer_count == 0)
        fprintf(out, "%s: no buffers were recorded\n", program);
    for (size_t i = 0; i < c->buffer_count; i++) {
        const buffer_result *r = &c->buffers[i];
        if (r->passed && !verbose)
            continue;
        if (r->problem) {
            fprintf(out, "%s: %s: %s\n", program, r->name, r->problem);
            continue;
        }
        fprintf(out, "%s: %s %s %s[%llu]: %llu mismatches; max abs %.3g, rel %.3g, ulp %.3g (bounds abs %g rel %g ulp %g)\n",
                program, r->passed ? "PASS" : "FAIL", r->name, dtype_label(r->dtype), (unsigned long long)r->count,
                (unsigned long long)r->mismatches, r->max_abs, r->max_rel, r->max_ulp, r->tol.abs, r->tol.rel,
                r->tol.ulp);
        for (int k = 0; k < r->first_count; k++)
            fprintf(out, "    [%llu] %s=%.17g %s=%.17g\n", (unsigned long long)r->first_index[k], labels[0],
                    r->first_a[k], labels[1], r->first_b[k]);
    }
}
