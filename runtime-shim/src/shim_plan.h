/* shim_plan.h: pure arithmetic that splits CUDA's linear (row-wrapping) array copies into 2-D pieces.
 * It calls no HIP function and allocates nothing, so it is tested on machines without a GPU. */
#ifndef HIPIFY_SHIM_PLAN_H
#define HIPIFY_SHIM_PLAN_H
#include <stdbool.h>
#include <stddef.h>

/* One rectangular piece: rows x width bytes at (x bytes, y rows) of the array, taken from or put to the
 * linear buffer at linear_offset (rows after the first start row_bytes further on). */
typedef struct hipify_shim_piece {
    size_t x, y, width, rows, linear_offset;
} hipify_shim_piece;

/* Splits count bytes starting at (x, y) of an array of rows rows of row_bytes bytes into at most three
 * pieces: the rest of the first row, whole rows, the start of the last row. Returns false (and no
 * pieces) when the region does not fit the array or the array has no bytes. */
bool hipify_shim_plan_linear(size_t row_bytes, size_t rows, size_t x, size_t y, size_t count,
                             hipify_shim_piece pieces[3], size_t *npieces);

/* Array-to-array copies: the next piece that crosses no row end of either array. The source position
 * (sx, sy) and destination position (dx, dy) are advanced past it and remaining is reduced. Whole rows
 * are merged when both arrays are row-aligned with the same row length. False when nothing remains. */
typedef struct hipify_shim_pair_piece {
    size_t src_x, src_y, dst_x, dst_y, width, rows;
} hipify_shim_pair_piece;
bool hipify_shim_next_pair_piece(size_t src_row_bytes, size_t dst_row_bytes, size_t *sx, size_t *sy, size_t *dx,
                                 size_t *dy, size_t *remaining, hipify_shim_pair_piece *piece);

/* True when count bytes from (x, y) fit an array of rows x row_bytes (no overflow). */
bool hipify_shim_region_fits(size_t row_bytes, size_t rows, size_t x, size_t y, size_t count);

#endif
