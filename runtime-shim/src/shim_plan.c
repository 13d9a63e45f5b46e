/* shim_plan.c: splits CUDA's linear array copies into 2-D pieces (see shim_plan.h). Pure arithmetic:
 * no HIP calls, no allocation, no state. */
#include "shim_plan.h"
#include <stdint.h>

bool hipify_shim_region_fits(size_t row_bytes, size_t rows, size_t x, size_t y, size_t count) {
    if (row_bytes == 0 || rows == 0 || x >= row_bytes || y >= rows) return false;
    if (rows > SIZE_MAX / row_bytes) return false;
    size_t start = y * row_bytes + x, total = rows * row_bytes;
    return count <= total - start;
}

bool hipify_shim_plan_linear(size_t row_bytes, size_t rows, size_t x, size_t y, size_t count,
                             hipify_shim_piece pieces[3], size_t *npieces) {
    *npieces = 0;
    if (!hipify_shim_region_fits(row_bytes, rows, x, y, count)) return false;
    size_t done = 0;
    if (count > 0 && (x != 0 || count < row_bytes)) {
        /* The first row is partial: from x to the row end, or less when count ends inside it. */
        size_t width = row_bytes - x < count ? row_bytes - x : count;
        pieces[(*npieces)++] = (hipify_shim_piece){x, y, width, 1, 0};
        done = width;
        y++;
    }
    size_t whole_rows = (count - done) / row_bytes;
    if (whole_rows > 0) {
        pieces[(*npieces)++] = (hipify_shim_piece){0, y, row_bytes, whole_rows, done};
        done += whole_rows * row_bytes;
        y += whole_rows;
    }
    if (count > done) pieces[(*npieces)++] = (hipify_shim_piece){0, y, count - done, 1, done};
    return true;
}

bool hipify_shim_next_pair_piece(size_t src_row_bytes, size_t dst_row_bytes, size_t *sx, size_t *sy, size_t *dx,
                                 size_t *dy, size_t *remaining, hipify_shim_pair_piece *piece) {
    if (*remaining == 0 || src_row_bytes == 0 || dst_row_bytes == 0) return false;
    *piece = (hipify_shim_pair_piece){*sx, *sy, *dx, *dy, 0, 1};
    if (*sx == 0 && *dx == 0 && src_row_bytes == dst_row_bytes && *remaining >= src_row_bytes) {
        piece->width = src_row_bytes;
        piece->rows = *remaining / src_row_bytes;
        *remaining -= piece->rows * src_row_bytes;
        *sy += piece->rows;
        *dy += piece->rows;
        return true;
    }
    size_t width = *remaining;
    if (src_row_bytes - *sx < width) width = src_row_bytes - *sx;
    if (dst_row_bytes - *dx < width) width = dst_row_bytes - *dx;
    piece->width = width;
    *remaining -= width;
    *sx += width;
    *dx += width;
    if (*sx == src_row_bytes) *sx = 0, (*sy)++;
    if (*dx == dst_row_bytes) *dx = 0, (*dy)++;
    return true;
}
