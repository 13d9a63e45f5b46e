/* arrayfile.h: reads the array outputs a program writes (raw binary with a declared dtype, NumPy .npy) into the
 * same in-memory form as a recorded buffer, so compare.c's policy applies unchanged. It compares nothing. */
#ifndef HARNESS_ARRAYFILE_H
#define HARNESS_ARRAYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "hc_record.h"

#define ARRAY_MAX_DIMS 16

typedef struct array_data {
    hc_dtype dtype;           /* what the elements were widened to (exactly) for comparison */
    char source_dtype[16];    /* as declared or stored: "f32", "<f4", "|b1" ... */
    uint64_t count;
    void *data;               /* count * hc_dtype_size(dtype) bytes */
    int ndim;                 /* npy: the shape; raw: 1 */
    uint64_t shape[ARRAY_MAX_DIMS];
    int fortran_order;
} array_data;

/* Element types a raw file may declare: f32 f64 i32 u32 i64 u8, and i8 i16 u16 u64 bool, which are widened
 * without loss to a type the comparison knows (u64 keeps its bits in i64: compared exactly, printed signed).
 * Returns 0 when name is one of them. Little-endian, as every GPU host this harness targets. */
int array_dtype_known(const char *name);

/* Reads a raw little-endian file of the named element type. Returns 0, or -1 with a reason in error. */
int array_read_raw(const char *path, const char *dtype_name, array_data *out, char *error, size_t error_size);
/* Reads a .npy file (format versions 1 to 3; numeric and bool element types, either byte order). */
int array_read_npy(const char *path, array_data *out, char *error, size_t error_size);
/* Parses a .npy image already in memory (the unit tests build them). */
int array_parse_npy(const unsigned char *bytes, size_t size, array_data *out, char *error, size_t error_size);
void array_free(array_data *a);

/* "(3, 4)" for the shape. */
void array_shape_text(const array_data *a, char *buffer, size_t size);
/* The position of flat element index as "[i, j]" in the array's own order (C or Fortran), "[i]" for 1-D. */
void array_index_text(const array_data *a, uint64_t index, char *buffer, size_t size);

#endif
