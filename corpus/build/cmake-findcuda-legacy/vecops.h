// vecops.h: host entry points of the vecops library (device code lives in vecops.cu).
#pragma once
int vecops_scale(float *host, int n, float factor);
