// A macro that grows exponentially (2^33 tokens from one use) would keep libclang expanding for minutes,
// gigabytes deep. The file's own #defines are measured first: over a million tokens from one use, the
// semantic pass is not run (HC2040 names the use and its line) and the token pass translates the file;
// the run ends in well under the time limit, and the other files of a tree are translated too.
// RUN: rm -rf %t && mkdir -p %t/tree && cp %s %t/tree/bomb.cu
// RUN: printf '#include <cuda_runtime.h>\nvoid g() { cudaDeviceSynchronize(); }\n' >%t/tree/plain.cu
// RUN: timeout 60 %hipify %s -o %t.cpp 2>%t.err
// RUN: FileCheck --input-file=%t.cpp %s
// RUN: FileCheck --check-prefix=DIAG --input-file=%t.err %s
// DIAG: macro_growth.cu:[[@LINE+16]]:1: warning: HC2040: the semantic pass was not run (macro 'H' expands to 8589934592 tokens, over the limit of 1000000); translated by the token pass [semantic-skipped]
// RUN: timeout 60 %hipify --semantic always -O %t/out %t/tree 2>&1 | FileCheck --check-prefix=TREE %s
// TREE: bomb.cu:{{[0-9]+}}:1: warning: HC2040
// RUN: FileCheck --check-prefix=PLAIN --input-file=%t/out/plain.cu %s
// PLAIN: hipDeviceSynchronize
// A use that grows, but stays under the limit, is parsed: no HC2040.
// RUN: printf '#define D(x) x x\n#define E(x) D(D(D(D(x))))\nint cudaMalloc(int);\nint v = E(1+) 0;\n' >%t/small.cu
// RUN: timeout 60 %hipify --semantic always %t/small.cu -o %t/small.cpp 2>&1 | FileCheck --check-prefix=SMALL --allow-empty %s
// SMALL-NOT: HC2040
#include <cuda_runtime.h>
#define D(x) x x
#define E(x) D(D(D(D(x))))
#define G(x) E(E(E(E(x))))
#define H(x) G(G(x))
int cudaMalloc(int x);
int x;
int v = H(x+) 0;
// CHECK: void f(float **p) { hipFree(*p); }
void f(float **p) { cudaFree(*p); }
