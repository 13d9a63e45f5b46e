// Unsupported APIs are warnings: the exit status stays 0 unless --fail-on asks otherwise (then 4).
// RUN: %hipify %s -o %t.cpp
// RUN: not %hipify --fail-on warning %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: %hipify --fail-on error %s -o %t.cpp
// RUN: %hipify --fail-on warning %s -o %t.cpp; test $? -eq 4
// CHECK: warning: HC1001: 'cudaProfilerInitialize' has no HIP equivalent
#include <cuda_profiler_api.h>
void f() { cudaProfilerInitialize("cfg", "out", cudaKeyValuePair); }
