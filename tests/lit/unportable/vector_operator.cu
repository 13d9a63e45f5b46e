// CUDA's vector types have no operators, so code defines its own (the samples' helper_math.h); HIP's
// declare the compound assignments as members, and a free one on the same vector type makes every use
// ambiguous: hipcc failed with "use of overloaded operator '+=' is ambiguous" and no diagnostic. HC1121
// names the definition. A scalar right operand (HIP's member is a template there), a member operator of
// the user's own type and the binary operators stay silent.
// RUN: %hipify %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=HC1121
// CHECK: vector_operator.cu:[[#@LINE+1]]:33: warning: HC1121: 'operator+=' defined for float4: HIP's float4 declares this operator as a member, so every use of it becomes ambiguous [vector-operator]
inline __host__ __device__ void operator+=(float4 &a, float4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }
// CHECK: vector_operator.cu:[[#@LINE+1]]:34: warning: HC1121: 'operator*=' defined for int2
inline __host__ __device__ int2 &operator*=(int2& a, const int2 &b) { a.x *= b.x; a.y *= b.y; return a; }
inline __host__ __device__ void operator+=(float4 &a, float b) { a.x += b; a.y += b; a.z += b; a.w += b; }
inline __host__ __device__ float4 operator+(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
struct acc { float4 v; __device__ acc &operator+=(const acc &o) { v.x += o.v.x; return *this; } };
__global__ void k(float4 *p) { float4 t = p[0]; t += p[1]; p[0] = t + p[2]; }
