// kernels.h: host entry points of the kernels library.
#pragma once
int fill_device(float *d, int n, float value);
int reduce_sum(const float *host, int n, float *result);
