// hip_runtime_api.h (test double): the CPU emulation of harness/tests/cpu-hip; see hip_runtime.h.
// Not HIP: it only forwards to that header.
#include "hip_runtime.h"
