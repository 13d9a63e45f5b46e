/* values.h: what a value holds, computed once per file and kept in the unit: which variables and expressions
 * derive from the thread index, which are lane numbers, warp numbers or lane masks, which vary between the
 * threads of a block. Read by any pass; it proposes nothing, reports nothing and parses no C++ (tokens only). */
#ifndef HC_VALUES_H
#define HC_VALUES_H
#include "code.h"

/* The classes of a value, as far as the tokens tell (the warp pass's reading, shared):
 * - THREAD: derived from threadIdx or blockDim (a thread index or a thread count), or __lane_id();
 * - WARP:   a warp number, a thread index divided by the warp size (tid / 32, tid >> 5, tid / warpSize);
 * - LANE:   a lane number, a thread index reduced modulo the warp size (tid % 32, tid & 31, __lane_id());
 * - BALLOT: a lane mask (__ballot_sync, __activemask, __match_any_sync, 1 << lane, a function of this file
 *           that returns one, a parameter every call passes one).
 * A variable's class is the union over its declaration and every assignment to it in its function (or macro
 * body): scopes are whole functions, so a block's own variable of the same name shares it. A boolean
 * expression (a comparison, &&, ||, !) has no class: it is no index. Names the warp tables know (laneId,
 * warp_id...) carry their class wherever they stand. */
enum { HC_VALUE_THREAD = 1u, HC_VALUE_WARP = 2u, HC_VALUE_BALLOT = 4u, HC_VALUE_LANE = 8u };

/* Computes the unit's value facts (and its code facts first) unless done; the warp pass runs it, and so may any
 * pass or test that reads them. Linear in the file: each variable's classes settle in at most four rounds over
 * the initialisers. Returns 0, or -1 when memory runs out. */
int hc_values_analyze(hc_unit *u);
void hc_values_free(hc_unit *u);

/* The classes of the identifier at token i: a variable's (in i's function), a table name's, threadIdx's or
 * blockDim's (THREAD) when a member follows; 0 for anything else or before hc_values_analyze ran. */
unsigned hc_value_class(const hc_unit *u, size_t i);
/* The classes of the expression in tokens [first, end) (0 for a boolean one, see above). */
unsigned hc_value_expr_class(const hc_unit *u, size_t first, size_t end);
/* Some operand in tokens [first, end) varies between the threads of one block: threadIdx, __lane_id(), or a
 * variable whose declaration or an assignment reads one of those (directly or through other variables). blockIdx,
 * blockDim and gridDim are the same for every thread of a block and vary nothing; a subscript's index counts
 * (data[threadIdx.x] is read per thread). False before hc_values_analyze ran. So `if (threadIdx.x < 16) {` and
 * `int lane = threadIdx.x % 32; if (lane == 0) {` vary; `if (blockIdx.x == 0) {` does not. */
bool hc_value_varies(const hc_unit *u, size_t first, size_t end);

#endif
