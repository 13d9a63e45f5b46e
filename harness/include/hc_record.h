/* hc_record.h: header-only recording API that a test program (CUDA, translated HIP, plain C/C++) uses to
 * write its output buffers, CPU-reference checks and kernel timings to one file that hipify-harness compares.
 * It does not touch the GPU, compare anything or decide pass/fail: the program copies results to the host
 * and hands them over; the harness (harness/src) reads the file.
 *
 * Usage (errors are returned as values; a NULL recorder makes every call a no-op, so programs stay simple):
 *
 *     hc_recorder *rec = hc_record_begin(argc, argv);
 *     cudaMemset(d_out, hc_record_poison_byte(rec), bytes);     // unwritten elements then fail
 *     ... run kernels, copy d_out to h_out ...
 *     hc_record_f32(rec, "relu_forward", h_out, n);
 *     hc_record_check(rec, "relu_forward", max_abs_err_vs_cpu, tolerance);  // CPU reference, in double
 *     int failed = hc_record_end(rec);                           // 0: written and every check passed
 *
 * Where the file goes: `--hc-record=PATH` on the command line, else the environment variable
 * HC_RECORD_FILE; with neither, nothing is written (the program still runs and checks itself).
 * HC_POISON (or --hc-poison=N) picks the poison byte (default 0xA5); the harness gives the CUDA and the
 * HIP run different bytes so an element neither side writes still differs. HC_BENCH_ITERS (or
 * --hc-bench=N) asks programs that support it to time their kernels N times (0: no timing).
 * HC_RECORD_SKIP_BUFFERS=1 writes checks and timings but no buffers (the harness's bench mode: smaller files).
 *
 * File format (host byte order, little-endian on every supported machine), version 1:
 *   8-byte magic "HCREC\001\0\0", then records, each a 24-byte header
 *     uint32 kind (HC_REC_BUFFER, HC_REC_CHECK, HC_REC_TIMING), uint32 dtype (hc_dtype; 0 unless BUFFER),
 *     uint32 name_length (bytes, no terminator), uint32 reserved (0), uint64 count (elements)
 *   followed by the name and the payload:
 *     BUFFER: count elements of dtype;
 *     CHECK:  count = 3 doubles: max error seen, tolerance, passed (1.0 or 0.0);
 *     TIMING: count = 3 doubles: median milliseconds, minimum milliseconds, number of timed runs.
 *   The file ends with an HC_REC_END record (name "end", count 0) so a truncated file is detectable.
 */
#ifndef HC_RECORD_H
#define HC_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HC_RECORD_MAGIC "HCREC\001\0\0"
#define HC_RECORD_MAGIC_SIZE 8
#define HC_RECORD_DEFAULT_POISON 0xA5

/* Element types; the numbers are part of the file format and never change. */
typedef enum hc_dtype {
    HC_DTYPE_NONE = 0,
    HC_DTYPE_F32 = 1,
    HC_DTYPE_F64 = 2,
    HC_DTYPE_I32 = 3,
    HC_DTYPE_U32 = 4,
    HC_DTYPE_I64 = 5,
    HC_DTYPE_U8 = 6
} hc_dtype;

typedef enum hc_record_kind {
    HC_REC_BUFFER = 1,
    HC_REC_CHECK = 2,
    HC_REC_TIMING = 3,
    HC_REC_END = 4
} hc_record_kind;

/* Return values of every call. */
enum { HC_RECORD_OK = 0, HC_RECORD_ERR_IO = 1, HC_RECORD_ERR_ARG = 2, HC_RECORD_CHECK_FAILED = 3 };

typedef struct hc_recorder {
    FILE *file;          /* NULL when no output path was given: calls still validate and count checks */
    int poison_byte;     /* 0..255 */
    int bench_iters;     /* 0: programs skip timing */
    int failed_checks;   /* CPU-reference checks that did not pass */
    int io_error;        /* a write failed: hc_record_end reports it */
    int skip_buffers;    /* HC_RECORD_SKIP_BUFFERS: buffers are validated but not written */
} hc_recorder;

static inline size_t hc_dtype_size(hc_dtype dtype)
{
    switch (dtype) {
    case HC_DTYPE_F32: return 4;
    case HC_DTYPE_F64: return 8;
    case HC_DTYPE_I32: return 4;
    case HC_DTYPE_U32: return 4;
    case HC_DTYPE_I64: return 8;
    case HC_DTYPE_U8: return 1;
    default: return 0;
    }
}

/* Returns the value of "--hc-NAME=VALUE" in argv, else the environment variable, else NULL. */
static inline const char *hc_record_option_(int argc, char **argv, const char *flag, const char *env)
{
    size_t flag_length = strlen(flag);
    for (int i = 1; i < argc && argv; ++i)
        if (argv[i] && strncmp(argv[i], flag, flag_length) == 0 && argv[i][flag_length] == '=')
            return argv[i] + flag_length + 1;
    return getenv(env);
}

static inline int hc_record_write_header_(hc_recorder *rec, hc_record_kind kind, hc_dtype dtype,
                                          const char *name, uint64_t count)
{
    uint32_t header[4];
    size_t name_length = strlen(name);
    header[0] = (uint32_t)kind;
    header[1] = (uint32_t)dtype;
    header[2] = (uint32_t)name_length;
    header[3] = 0;
    if (fwrite(header, sizeof header, 1, rec->file) != 1 || fwrite(&count, sizeof count, 1, rec->file) != 1 ||
        (name_length && fwrite(name, name_length, 1, rec->file) != 1)) {
        rec->io_error = 1;
        return HC_RECORD_ERR_IO;
    }
    return HC_RECORD_OK;
}

/* Starts recording. Returns NULL only when memory runs out or the output file cannot be created
 * (a message goes to stderr); every other call accepts NULL and does nothing. */
static inline hc_recorder *hc_record_begin(int argc, char **argv)
{
    hc_recorder *rec = (hc_recorder *)calloc(1, sizeof *rec);
    const char *path = hc_record_option_(argc, argv, "--hc-record", "HC_RECORD_FILE");
    const char *poison = hc_record_option_(argc, argv, "--hc-poison", "HC_POISON");
    const char *bench = hc_record_option_(argc, argv, "--hc-bench", "HC_BENCH_ITERS");
    const char *skip = getenv("HC_RECORD_SKIP_BUFFERS");
    if (!rec)
        return NULL;
    rec->skip_buffers = skip && *skip && *skip != '0';
    rec->poison_byte = poison && *poison ? (int)(strtol(poison, NULL, 0) & 0xFF) : HC_RECORD_DEFAULT_POISON;
    rec->bench_iters = bench && *bench ? atoi(bench) : 0;
    if (rec->bench_iters < 0)
        rec->bench_iters = 0;
    if (path && *path) {
        rec->file = fopen(path, "wb");
        if (!rec->file || fwrite(HC_RECORD_MAGIC, HC_RECORD_MAGIC_SIZE, 1, rec->file) != 1) {
            fprintf(stderr, "hc_record: cannot write %s\n", path);
            if (rec->file)
                fclose(rec->file);
            free(rec);
            return NULL;
        }
    }
    return rec;
}

/* The byte to memset output buffers with before a kernel writes them. */
static inline int hc_record_poison_byte(const hc_recorder *rec)
{
    return rec ? rec->poison_byte : HC_RECORD_DEFAULT_POISON;
}

/* How many timed repetitions the caller asked for (0: none). */
static inline int hc_record_bench_iters(const hc_recorder *rec)
{
    return rec ? rec->bench_iters : 0;
}

/* Records count elements of dtype from host memory under a name unique within the program. */
static inline int hc_record_buffer(hc_recorder *rec, const char *name, hc_dtype dtype, const void *host, size_t count)
{
    size_t element_size = hc_dtype_size(dtype);
    if (!rec)
        return HC_RECORD_OK;
    if (!name || !*name || element_size == 0 || (count && !host))
        return HC_RECORD_ERR_ARG;
    if (!rec->file || rec->skip_buffers)
        return HC_RECORD_OK;
    if (hc_record_write_header_(rec, HC_REC_BUFFER, dtype, name, (uint64_t)count) != HC_RECORD_OK)
        return HC_RECORD_ERR_IO;
    if (count && fwrite(host, element_size, count, rec->file) != count) {
        rec->io_error = 1;
        return HC_RECORD_ERR_IO;
    }
    return HC_RECORD_OK;
}

static inline int hc_record_f32(hc_recorder *rec, const char *name, const float *host, size_t n)
{
    return hc_record_buffer(rec, name, HC_DTYPE_F32, host, n);
}
static inline int hc_record_f64(hc_recorder *rec, const char *name, const double *host, size_t n)
{
    return hc_record_buffer(rec, name, HC_DTYPE_F64, host, n);
}
static inline int hc_record_i32(hc_recorder *rec, const char *name, const int32_t *host, size_t n)
{
    return hc_record_buffer(rec, name, HC_DTYPE_I32, host, n);
}
static inline int hc_record_u32(hc_recorder *rec, const char *name, const uint32_t *host, size_t n)
{
    return hc_record_buffer(rec, name, HC_DTYPE_U32, host, n);
}
static inline int hc_record_i64(hc_recorder *rec, const char *name, const int64_t *host, size_t n)
{
    return hc_record_buffer(rec, name, HC_DTYPE_I64, host, n);
}
static inline int hc_record_u8(hc_recorder *rec, const char *name, const uint8_t *host, size_t n)
{
    return hc_record_buffer(rec, name, HC_DTYPE_U8, host, n);
}

static inline int hc_record_doubles_(hc_recorder *rec, hc_record_kind kind, const char *name, const double values[3])
{
    if (!rec->file)
        return HC_RECORD_OK;
    if (hc_record_write_header_(rec, kind, HC_DTYPE_NONE, name, 3) != HC_RECORD_OK)
        return HC_RECORD_ERR_IO;
    if (fwrite(values, sizeof(double), 3, rec->file) != 3) {
        rec->io_error = 1;
        return HC_RECORD_ERR_IO;
    }
    return HC_RECORD_OK;
}

/* Records the result of comparing the GPU output with the program's own CPU reference (computed in double):
 * passes when max_error <= tolerance (a NaN max_error fails). Prints a line to stderr when it fails.
 * Returns HC_RECORD_CHECK_FAILED for a failed check so callers may count it themselves. */
static inline int hc_record_check(hc_recorder *rec, const char *name, double max_error, double tolerance)
{
    int passed = max_error <= tolerance; /* false for NaN */
    double values[3];
    values[0] = max_error;
    values[1] = tolerance;
    values[2] = passed ? 1.0 : 0.0;
    if (!passed)
        fprintf(stderr, "hc_record: CPU reference check '%s' failed: max error %g > tolerance %g\n",
                name ? name : "?", max_error, tolerance);
    if (!rec)
        return passed ? HC_RECORD_OK : HC_RECORD_CHECK_FAILED;
    if (!name || !*name)
        return HC_RECORD_ERR_ARG;
    if (!passed)
        rec->failed_checks++;
    if (hc_record_doubles_(rec, HC_REC_CHECK, name, values) != HC_RECORD_OK)
        return HC_RECORD_ERR_IO;
    return passed ? HC_RECORD_OK : HC_RECORD_CHECK_FAILED;
}

/* Records a kernel timing (milliseconds, measured by the program with GPU events). */
static inline int hc_record_timing(hc_recorder *rec, const char *kernel, double median_ms, double min_ms, int runs)
{
    double values[3];
    if (!rec)
        return HC_RECORD_OK;
    if (!kernel || !*kernel || runs <= 0)
        return HC_RECORD_ERR_ARG;
    values[0] = median_ms;
    values[1] = min_ms;
    values[2] = (double)runs;
    return hc_record_doubles_(rec, HC_REC_TIMING, kernel, values);
}

/* Finishes the file and frees the recorder. Returns 0 when everything was written and every check passed,
 * 1 otherwise: `return hc_record_end(rec);` is a fitting last line of main(). A NULL recorder returns 1,
 * since hc_record_begin only gives NULL on failure. */
static inline int hc_record_end(hc_recorder *rec)
{
    int status;
    if (!rec)
        return 1;
    if (rec->file) {
        if (hc_record_write_header_(rec, HC_REC_END, HC_DTYPE_NONE, "end", 0) != HC_RECORD_OK)
            rec->io_error = 1;
        if (fclose(rec->file) != 0)
            rec->io_error = 1;
    }
    status = (rec->io_error || rec->failed_checks) ? 1 : 0;
    if (rec->io_error)
        fprintf(stderr, "hc_record: writing the record file failed\n");
    free(rec);
    return status;
}

#ifdef __cplusplus
}
#endif

#endif /* HC_RECORD_H */
