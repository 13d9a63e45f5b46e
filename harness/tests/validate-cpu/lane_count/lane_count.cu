// lane_count.cu: counts the even values of each 32-thread group with a ballot and __popc, as code written for
// 32-lane warps does (lane and group by % 32 and / 32, a 32-bit mask); checks each group's count itself. On 64-lane
// wavefronts the 32-bit mask holds the first half of the wave only, so groups 1, 3, ... get the wrong count.
#include <cstdio>
#include <vector>

__global__ void count_even(const int *in, int *counts) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, in[tid] % 2 == 0);
  if (threadIdx.x % 32 == 0) counts[tid / 32] = __popc(mask);
}

int main() {
  const int threads = 128, blocks = 4, n = threads * blocks, groups = n / 32;
  std::vector<int> in(n), counts(groups), want(groups, 0);
  for (int i = 0; i < n; ++i) want[i / 32] += (in[i] = (i * 37) % 11) % 2 == 0;
  int *d_in, *d_counts;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_counts, groups * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  count_even<<<blocks, threads>>>(d_in, d_counts);
  cudaMemcpy(counts.data(), d_counts, groups * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int g = 0; g < groups; ++g) wrong += counts[g] != want[g];
  printf("%d of %d groups counted right\n%s\n", groups - wrong, groups, wrong ? "FAIL" : "PASS");
  cudaFree(d_in);
  cudaFree(d_counts);
  return wrong ? 1 : 0;
}
