// A host-only C++ file is left byte for byte unchanged although it spells names that the tables map to
// themselves (min, exp, sqrt: HIP spells them the same), declares its own float min() const, mentions
// blockDim as its own variable and warpSize as a member, and uses threadIdx only inside a macro body
// that another (CUDA) file expands. None of that uses the HIP runtime, and none of it counts as a
// conversion.
// RUN: %hipify %s -o %t && cmp %s %t
// RUN: %hipify --print-stats %s -o %t 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: CONVERTED refs count: 0
// STATS-NOT: HC1011
#include <algorithm>
#include <cmath>

#define LANE_INDEX (threadIdx.x % 32)

struct Range {
  float lo, hi;
  float min() const { return lo < hi ? lo : hi; }
  float max() const { return std::max(lo, hi); }
};

struct DeviceInfo { int warpSize; };

float softplus(float x) { return std::log(1.0f + std::exp(x)); }
float norm(float a, float b) { return std::sqrt(a * a + b * b); }
int lanes(const DeviceInfo &info) { int blockDim = 256; return blockDim / info.warpSize; }
