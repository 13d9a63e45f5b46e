/* recfile.c: parser for the hc_record file format (documented in harness/include/hc_record.h), with every
 * length checked against the file so a truncated or corrupt file is an error, never a crash. */
#include "recfile.h"
#include "grow.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *dtype_label(hc_dtype dtype)
{
    static const char *const labels[] = {"none", "f32", "f64", "i32", "u32", "i64", "u8"};
    return (unsigned)dtype < COUNT_OF(labels) ? labels[dtype] : "?";
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sets *twice to a buffer name the recording holds more than once (sorted, so a large recording stays cheap).
 * Returns 0, or -1 when out of memory. */
static int repeated_name(const recording *rec, const char **twice)
{
    *twice = NULL;
    if (rec->buffer_count < 2)
        return 0;
    const char **names = malloc(rec->buffer_count * sizeof *names);
    if (!names)
        return -1;
    for (size_t i = 0; i < rec->buffer_count; i++)
        names[i] = rec->buffers[i].name;
    qsort(names, rec->buffer_count, sizeof *names, by_name);
    for (size_t i = 1; i < rec->buffer_count && !*twice; i++)
        if (!strcmp(names[i - 1], names[i]))
            *twice = names[i];
    free(names);
    return 0;
}

int recording_read(const char *path, recording *rec, char *error, size_t error_size)
{
    FILE *f = open_regular(path);
    char magic[HC_RECORD_MAGIC_SIZE];
    memset(rec, 0, sizeof *rec);
    if (!f) {
        snprintf(error, error_size, "cannot open %s%s", path, errno == EINVAL ? " (not a plain file)" : "");
        return -1;
    }
    if (fread(magic, sizeof magic, 1, f) != 1 || memcmp(magic, HC_RECORD_MAGIC, sizeof magic) != 0) {
        snprintf(error, error_size, "%s is not a record file (bad magic)", path);
        fclose(f);
        return -1;
    }
    for (;;) {
        uint32_t header[4];
        uint64_t count;
        if (fread(header, sizeof header, 1, f) != 1)
            break; /* end of file: complete only if END was seen */
        if (fread(&count, sizeof count, 1, f) != 1 || header[2] == 0 || header[2] > 4096) {
            snprintf(error, error_size, "%s: corrupt record header", path);
            goto fail;
        }
        char *name = calloc(1, header[2] + 1);
        if (!name || fread(name, header[2], 1, f) != 1) {
            free(name);
            snprintf(error, error_size, "%s: truncated record name", path);
            goto fail;
        }
        if (header[0] == HC_REC_END) {
            free(name);
            rec->complete = 1;
            break;
        }
        if (header[0] == HC_REC_BUFFER) {
            size_t element = hc_dtype_size((hc_dtype)header[1]);
            void *data = NULL;
            if (element == 0 || count > ((uint64_t)1 << 40) / element ||
                !(data = malloc(count ? count * element : 1)) ||
                (count && fread(data, element, count, f) != count)) {
                snprintf(error, error_size, "%s: buffer '%s' is truncated or has a bad type", path, name);
                free(data);
                free(name);
                goto fail;
            }
            if (hc_grow(&rec->buffers, &rec->buffer_capacity, rec->buffer_count, sizeof *rec->buffers, 4) != 0) {
                free(data);
                free(name);
                snprintf(error, error_size, "out of memory");
                goto fail;
            }
            rec->buffers[rec->buffer_count++] = (rec_buffer){name, (hc_dtype)header[1], count, data};
        } else if (header[0] == HC_REC_CHECK || header[0] == HC_REC_TIMING) {
            double values[3];
            if (count != 3 || fread(values, sizeof(double), 3, f) != 3) {
                free(name);
                snprintf(error, error_size, "%s: truncated check or timing record", path);
                goto fail;
            }
            if (header[0] == HC_REC_CHECK) {
                if (hc_grow(&rec->checks, &rec->check_capacity, rec->check_count, sizeof *rec->checks, 4) != 0) {
                    free(name);
                    goto fail;
                }
                rec->checks[rec->check_count++] = (rec_check){name, values[0], values[1], values[2] != 0.0};
            } else {
                if (hc_grow(&rec->timings, &rec->timing_capacity, rec->timing_count, sizeof *rec->timings, 4) != 0) {
                    free(name);
                    goto fail;
                }
                rec->timings[rec->timing_count++] = (rec_timing){name, values[0], values[1], (int)values[2]};
            }
        } else {
            free(name);
            snprintf(error, error_size, "%s: unknown record kind %u", path, header[0]);
            goto fail;
        }
    }
    fclose(f);
    /* Names are unique within a program: with two of one name, which of them a comparison took would depend
     * on the order of the files. */
    const char *twice = NULL;
    if (repeated_name(rec, &twice) != 0) {
        snprintf(error, error_size, "out of memory");
        recording_free(rec);
        return -1;
    }
    if (twice) {
        snprintf(error, error_size, "%s: buffer '%.200s' is recorded twice (buffer names must be unique)", path, twice);
        recording_free(rec);
        return -1;
    }
    return 0;
fail:
    fclose(f);
    recording_free(rec);
    return -1;
}

void recording_free(recording *rec)
{
    for (size_t i = 0; i < rec->buffer_count; i++) {
        free(rec->buffers[i].name);
        free(rec->buffers[i].data);
    }
    for (size_t i = 0; i < rec->check_count; i++)
        free(rec->checks[i].name);
    for (size_t i = 0; i < rec->timing_count; i++)
        free(rec->timings[i].name);
    free(rec->buffers);
    free(rec->checks);
    free(rec->timings);
    memset(rec, 0, sizeof *rec);
}

const rec_buffer *recording_find(const recording *rec, const char *name)
{
    for (size_t i = 0; i < rec->buffer_count; i++)
        if (strcmp(rec->buffers[i].name, name) == 0)
            return &rec->buffers[i];
    return NULL;
}
