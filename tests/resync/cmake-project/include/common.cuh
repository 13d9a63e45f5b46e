#pragma once
#include <cuda_runtime.h>
#include "util.h"
#define DEMO_CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) return (int)e_; } while (0)
int demo_saxpy(float a, const float *x, float *y, int n);
int demo_sum(const float *x, float *out, int n);
