/* test_shim_plan.c: checks the array-copy planner against a byte-by-byte model of CUDA's linear array
 * copies, exhaustively over small shapes. It needs no GPU: the planner is pure arithmetic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "shim_plan.h"

enum { MAX_ROW = 9, MAX_ROWS = 4, CELLS = MAX_ROW * MAX_ROWS };

/* CUDA's definition: count bytes in row-major order from (x, y), i.e. linear offsets start..start+count. */
static void model_to_array(unsigned char *array, size_t row_bytes, size_t x, size_t y, const unsigned char *src,
                           size_t count) {
    memcpy(array + y * row_bytes + x, src, count);
}

static void apply_pieces(unsigned char *array, size_t row_bytes, const unsigned char *src,
                         const hipify_shim_piece *pieces, size_t npieces) {
    for (size_t i = 0; i < npieces; i++)
        for (size_t r = 0; r < pieces[i].rows; r++)
            memcpy(array + (pieces[i].y + r) * row_bytes + pieces[i].x,
                   src + pieces[i].linear_offset + r * pieces[i].width, pieces[i].width);
}

static void linear_plans_match_the_model(void **state) {
    (void)state;
    unsigned char src[CELLS], expected[CELLS], got[CELLS];
    for (size_t i = 0; i < CELLS; i++) src[i] = (unsigned char)(i * 7 + 3);
    size_t checked = 0;
    for (size_t row_bytes = 1; row_bytes <= MAX_ROW; row_bytes++)
        for (size_t rows = 1; rows <= MAX_ROWS; rows++)
            for (size_t y = 0; y < rows; y++)
                for (size_t x = 0; x < row_bytes; x++)
                    for (size_t count = 0; count <= row_bytes * rows - (y * row_bytes + x); count++) {
                        hipify_shim_piece pieces[3];
                        size_t n = 99;
                        memset(expected, 0, sizeof expected);
                        memset(got, 0, sizeof got);
                        model_to_array(expected, row_bytes, x, y, src, count);
                        assert_true(hipify_shim_plan_linear(row_bytes, rows, x, y, count, pieces, &n));
                        assert_true(n <= 3);
                        for (size_t i = 0; i < n; i++) {
                            assert_true(pieces[i].x + pieces[i].width <= row_bytes); /* no piece wraps */
                            assert_true(pieces[i].rows == 1 || pieces[i].width == row_bytes);
                        }
                        apply_pieces(got, row_bytes, src, pieces, n);
                        assert_memory_equal(expected, got, sizeof got);
                        checked++;
                    }
    assert_true(checked > 1000);
}

static void linear_plans_refuse_what_does_not_fit(void **state) {
    (void)state;
    hipify_shim_piece pieces[3];
    size_t n = 99;
    assert_false(hipify_shim_plan_linear(8, 2, 0, 0, 17, pieces, &n)); /* one byte too many */
    assert_int_equal(n, 0);
    assert_false(hipify_shim_plan_linear(8, 2, 8, 0, 1, pieces, &n)); /* x outside the row */
    assert_false(hipify_shim_plan_linear(8, 2, 0, 2, 1, pieces, &n)); /* y outside the array */
    assert_false(hipify_shim_plan_linear(0, 2, 0, 0, 0, pieces, &n)); /* empty array */
    assert_false(hipify_shim_plan_linear(SIZE_MAX / 2, 4, 0, 0, 1, pieces, &n)); /* size overflows */
    assert_true(hipify_shim_plan_linear(8, 2, 3, 1, 5, pieces, &n)); /* exactly to the end */
    assert_int_equal(n, 1);
}

static void pair_pieces_match_the_model(void **state) {
    (void)state;
    unsigned char src[CELLS], expected[CELLS], got[CELLS];
    for (size_t i = 0; i < CELLS; i++) src[i] = (unsigned char)(i * 13 + 1);
    for (size_t srow = 1; srow <= MAX_ROW; srow++)
        for (size_t drow = 1; drow <= MAX_ROW; drow++)
            for (size_t sx = 0; sx < srow; sx++)
                for (size_t dx = 0; dx < drow; dx++) {
                    size_t sy = 1, dy = 0, rows = MAX_ROWS;
                    size_t src_left = srow * rows - (sy * srow + sx), dst_left = drow * rows - (dy * drow + dx);
                    size_t count = src_left < dst_left ? src_left : dst_left;
                    memset(expected, 0, sizeof expected);
                    memset(got, 0, sizeof got);
                    memcpy(expected + dy * drow + dx, src + sy * srow + sx, count);
                    size_t px = sx, py = sy, qx = dx, qy = dy, remaining = count, steps = 0;
                    hipify_shim_pair_piece p;
                    while (hipify_shim_next_pair_piece(srow, drow, &px, &py, &qx, &qy, &remaining, &p)) {
                        assert_true(p.src_x + p.width <= srow && p.dst_x + p.width <= drow);
                        for (size_t r = 0; r < p.rows; r++)
                            memcpy(got + (p.dst_y + r) * drow + p.dst_x, src + (p.src_y + r) * srow + p.src_x, p.width);
                        assert_true(++steps <= 2 * CELLS);
                    }
                    assert_int_equal(remaining, 0);
                    assert_memory_equal(expected, got, sizeof got);
                }
}

static void pair_pieces_merge_aligned_rows(void **state) {
    (void)state;
    size_t sx = 0, sy = 0, dx = 0, dy = 2, remaining = 40;
    hipify_shim_pair_piece p;
    assert_true(hipify_shim_next_pair_piece(8, 8, &sx, &sy, &dx, &dy, &remaining, &p));
    assert_int_equal(p.rows, 5); /* five whole rows in one piece */
    assert_int_equal(remaining, 0);
    assert_false(hipify_shim_next_pair_piece(8, 8, &sx, &sy, &dx, &dy, &remaining, &p));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(linear_plans_match_the_model),
        cmocka_unit_test(linear_plans_refuse_what_does_not_fit),
        cmocka_unit_test(pair_pieces_match_the_model),
        cmocka_unit_test(pair_pieces_merge_aligned_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
