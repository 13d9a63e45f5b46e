// A function whose head is written once in each branch of an #if opens its body twice in the text and
// closes it once. Counted brace by brace, the first #include after it looked as if it lay inside a block,
// and the runtime header went before the function instead of before that #include. The body is one block
// (its braces matched as the compiler reads either branch): the header goes right before the #include.
// RUN: %hipify --hip-path none %s -o - | FileCheck --match-full-lines %s
// CHECK: // end of comments
// CHECK-NEXT: #ifdef USE_LONG
// CHECK: }
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <stdio.h>
// CHECK-NOT: {{^}}#include <hip/hip_runtime.h>
// end of comments
#ifdef USE_LONG
int check(long e) {
#else
int check(int e) {
#endif
  return (int)e;
}
#include <stdio.h>
void f(float *p) { cudaMalloc(&p, 4); }
