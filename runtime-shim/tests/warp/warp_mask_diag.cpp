// warp_mask_diag.cpp: masks the shim must diagnose at compile time; warp_mask_diag.sh checks which
// line warns for which target. Keep the line numbers of the three calls stable (lines 6, 7, 8).
#include "hipify_shim_warp.h"

__global__ void masks(unsigned long long *out, int v) {
    out[0] = __ballot_sync(0xffffffff, v);          // wave64: a 32-bit full mask covers half the wave
    out[1] = __shfl_down_sync(0x1ffffffffull, v, 1); // wave32: lane 32 does not exist
    out[2] = __any_sync(~0ull, v);                  // the portable whole-wave idiom: never a warning
}
