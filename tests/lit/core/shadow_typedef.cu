// A user typedef that reuses a CUDA name is the user's type, while the CUDA type it aliases is renamed.
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
#include <cuda_runtime.h>

namespace compat {
// CHECK: typedef hipStream_t cudaStream_t;
typedef cudaStream_t cudaStream_t;
// CHECK: typedef int cudaEvent_t;
typedef int cudaEvent_t;
}
// CHECK: compat::cudaEvent_t counter = 0;
compat::cudaEvent_t counter = 0;
// CHECK: hipEvent_t real_event;
cudaEvent_t real_event;
