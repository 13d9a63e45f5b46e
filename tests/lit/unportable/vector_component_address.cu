// The address of a CUDA vector type's component cast to another pointer type does not compile on HIP,
// whose components are accessor objects. The first component's address is the vector's own, so in a
// cast &v.x becomes &v (HC1164); the others are reported (HC1165). Uses HIP compiles (an implicit
// conversion to the component's own pointer type) and members of other structs are left.
// RUN: %hipify %s -o - 2>%t.err | FileCheck --match-full-lines %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %hipify %s -o %t.1.cu 2>/dev/null && %hipify %t.1.cu -o %t.2.cu 2>/dev/null && diff %t.1.cu %t.2.cu

struct pair { char x, y; };

__global__ void bias(const char4 *in, const pair *pairs, int *out) {
  char4 v = in[threadIdx.x];
  const char4 &r = in[0];
  pair q = pairs[0];
  // CHECK: const unsigned char *b = reinterpret_cast<const unsigned char *>(&v);
  const unsigned char *b = reinterpret_cast<const unsigned char *>(&v.x);
  // DIAG: vector_component_address.cu:[[@LINE-1]]:69: note: HC1164: '&v.x' in a cast becomes '&v'
  // CHECK: const int *w = (const int *)&r;
  const int *w = (const int *)&r.x;
  // CHECK: const short *h = reinterpret_cast<const short *>(&v.z);
  const short *h = reinterpret_cast<const short *>(&v.z);
  // DIAG: vector_component_address.cu:[[@LINE-1]]:53: warning: HC1165: '&v.z' is cast to another pointer type, which does not compile where HIP's vector components are accessor objects
  // CHECK: const char *c = &v.y;
  const char *c = &v.y;
  // CHECK: const unsigned char *s = reinterpret_cast<const unsigned char *>(&q.x);
  const unsigned char *s = reinterpret_cast<const unsigned char *>(&q.x);
  out[threadIdx.x] = b[1] + *w + h[0] + c[0] + s[0];
}
// DIAG-NOT: HC116{{[45]}}
