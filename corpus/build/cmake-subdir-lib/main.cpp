// main.cpp: host program summing a vector with the kernels library.
#include <cstdio>
#include "kernels.h"

int main() {
    static float v[100000];
    for (int i = 0; i < 100000; i++) v[i] = (i % 7) * 0.25f;
    float sum = 0;
    if (reduce_sum(v, 100000, &sum) != 0) {
        std::printf("no GPU\n");
        return 0;
    }
    std::printf("sum %.2f\n", sum);
    return 0;
}
