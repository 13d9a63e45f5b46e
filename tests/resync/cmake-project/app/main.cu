#include <cstdio>
#include "common.cuh"
#include "buffers.h"

int main() {
  const int n = 1000;
  float *x = demo_alloc(n), *y = demo_alloc(n), *s = demo_alloc(1);
  int rc = demo_saxpy(2.0f, x, y, n);
  if (rc == 0) rc = demo_sum(y, s, n);
  std::printf("status %d\n", rc);
  demo_free(x); demo_free(y); demo_free(s);
  return 0;
}
