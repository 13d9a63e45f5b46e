/* recfile.h: reads the record files that programs write through hc_record.h (buffers, CPU-reference checks,
 * kernel timings) into memory. It does not compare anything: compare.c does. */
#ifndef HARNESS_RECFILE_H
#define HARNESS_RECFILE_H

#include <stddef.h>
#include <stdint.h>

#include "hc_record.h"

typedef struct rec_buffer {
    char *name;
    hc_dtype dtype;
    uint64_t count;
    void *data; /* count * hc_dtype_size(dtype) bytes */
} rec_buffer;

typedef struct rec_check {
    char *name;
    double max_error, tolerance;
    int passed;
} rec_check;

typedef struct rec_timing {
    char *name;
    double median_ms, min_ms;
    int runs;
} rec_timing;

typedef struct recording {
    rec_buffer *buffers;
    size_t buffer_count, buffer_capacity;
    rec_check *checks;
    size_t check_count, check_capacity;
    rec_timing *timings;
    size_t timing_count, timing_capacity;
    int complete; /* the END record was present: the program finished writing */
} recording;

/* Reads path into rec. Returns 0 on success; on failure (a corrupt file, or a buffer name recorded twice) writes
 * a reason into error and returns -1. */
int recording_read(const char *path, recording *rec, char *error, size_t error_size);
void recording_free(recording *rec);
const rec_buffer *recording_find(const recording *rec, const char *name);
const char *dtype_label(hc_dtype dtype);

#endif
