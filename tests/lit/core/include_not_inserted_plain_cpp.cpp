// A C++ file with no CUDA in it (only a comment mentioning CUDA) is left byte for byte unchanged.
// RUN: %hipify %s -o %t && cmp %s %t
// RUN: %hipify %s -o - | FileCheck --match-full-lines %s
// CHECK-NOT: {{^[^/]*hip}}
// This file talks about cudaMalloc and __global__ only in comments.
#include <cstdio>
int main() { std::printf("no CUDA here\n"); return 0; }
