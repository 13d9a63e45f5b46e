// The default policy (--semantic auto) parses wherever a veto can change the result: every place where
// the file may declare something with a CUDA name of its own (issue 12, item 7: a user's
// 'inline const char* cudnnGetErrorString(...)' was renamed in auto mode, kept with --semantic always).
// Such a declaration at file level replaces the CUDA entity in this file: its later uses stay too.
// The output of auto and always is the same.
// RUN: %hipify %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --semantic always %s -o - 2>/dev/null | FileCheck --match-full-lines %s
#include <cudnn.h>

// A pointer declarator: the token before the name is '*'.
// CHECK: inline const char* cudnnGetErrorString(hipdnnStatus_t s) { return s == HIPDNN_STATUS_SUCCESS ? "ok" : "bad"; }
inline const char* cudnnGetErrorString(cudnnStatus_t s) { return s == CUDNN_STATUS_SUCCESS ? "ok" : "bad"; }
void report(const char *);
// CHECK: void check(hipdnnStatus_t s) { report(cudnnGetErrorString(s)); }
void check(cudnnStatus_t s) { report(cudnnGetErrorString(s)); }

// A reference declarator, and a template type before the name.
template <class T> struct Box { T v; };
// CHECK: int &cudaGetDeviceCount(int n);
int &cudaGetDeviceCount(int n);
// CHECK: Box<int> cudaGetDevice(int n) { return Box<int>{n}; }
Box<int> cudaGetDevice(int n) { return Box<int>{n}; }
// CHECK: int use_box() { return cudaGetDevice(cudaGetDeviceCount(2)).v; }
int use_box() { return cudaGetDevice(cudaGetDeviceCount(2)).v; }

// A macro of the user's with a CUDA name, and its use.
// CHECK: #define cudaDeviceSynchronize() 0
#define cudaDeviceSynchronize() 0
// CHECK: int sync_all() { return cudaDeviceSynchronize(); }
int sync_all() { return cudaDeviceSynchronize(); }

// A struct the user defines with a CUDA name, used after its definition.
// CHECK: struct cudaPointerAttributes { int where; };
struct cudaPointerAttributes { int where; };
// CHECK: int where_is(cudaPointerAttributes *a) { return a->where; }
int where_is(cudaPointerAttributes *a) { return a->where; }

// A function in the user's namespace does not hide the CUDA one at file level.
namespace mine { int cudaFree(void *p); }
// CHECK: void release(void *p) { mine::cudaFree(p); hipFree(p); }
void release(void *p) { mine::cudaFree(p); cudaFree(p); }

// Each new trigger alone parses the file (the default policy parses a file as a whole).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: printf 'const char* cudnnGetErrorString(int s) { return 0; }\nconst char* m = cudnnGetErrorString(0);\n' > %t.d/ptr.cu
// RUN: printf '#define cudaDeviceSynchronize() 0\nint x = cudaDeviceSynchronize();\n' > %t.d/macro.cu
// RUN: printf 'template <class T> struct B {};\nB<int> cudaGetDevice(int n);\nB<int> y = cudaGetDevice(1);\n' > %t.d/tmpl.cu
// RUN: printf 'struct A { int cudaMalloc(int); };\nint A::cudaMalloc(int n) { return n; }\n' > %t.d/member.cu
// RUN: for f in ptr macro tmpl member; do %hipify %t.d/$f.cu -o - 2>/dev/null; done | FileCheck --check-prefix=ALONE %s
// ALONE: const char* m = cudnnGetErrorString(0);
// ALONE: int x = cudaDeviceSynchronize();
// ALONE: B<int> y = cudaGetDevice(1);
// ALONE: int A::cudaMalloc(int n) { return n; }
