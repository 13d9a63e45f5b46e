// lib_cub.cu: the library tier for CUB: device-wide sum, inclusive and exclusive scans, radix sort of key/value
// pairs, and a BlockReduce inside a kernel; integers checked exactly, floats against a CPU sum in double.
#include <cub/cub.cuh>

#include "caffe_common.cuh"

struct MaxOf {
  template <typename T>
  __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};

// Per-block maxima with cub::BlockReduce: one partial result per block of 256 threads.
template <typename Dtype>
__global__ void BlockMax(const int n, const Dtype *in, Dtype *block_max) {
  typedef cub::BlockReduce<Dtype, 256> Reduce;
  __shared__ typename Reduce::TempStorage storage;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Dtype v = i < n ? in[i] : in[0];
  Dtype m = Reduce(storage).Reduce(v, MaxOf());
  if (threadIdx.x == 0) block_max[blockIdx.x] = m;
}

// CUB's two-call convention: the first call sizes the temporary storage, the second runs.
template <typename Run>
void with_temp_storage(Run run) {
  size_t bytes = 0;
  CUDA_CHECK(run((void *)NULL, bytes));
  void *temp = NULL;
  CUDA_CHECK(cudaMalloc(&temp, std::max(bytes, (size_t)1)));
  CUDA_CHECK(run(temp, bytes));
  CUDA_CHECK(cudaFree(temp));
}

template <typename Dtype>
int run_with(hc_recorder *rec, int n) {
  std::vector<Dtype> values = random_vector<Dtype>(n, -1.0, 1.0, 3001 + n);
  std::vector<double> u = random_vector<double>(n, 0.0, 1.0, 3002 + n);
  std::vector<int> counts(n), keys(n), ids(n);
  for (int i = 0; i < n; ++i) {
    counts[i] = (int)(u[i] * 7);  // small integers: scans stay exact
    keys[i] = (int)(u[i] * 65536) - 32768;
    ids[i] = i;
  }
  Dtype *d_values = to_device(values), *d_sum = poisoned_output<Dtype>(rec, 1);
  int *d_counts = to_device(counts), *d_keys = to_device(keys), *d_ids = to_device(ids);
  int *d_inclusive = poisoned_output<int>(rec, n), *d_exclusive = poisoned_output<int>(rec, n);
  int *d_keys_sorted = poisoned_output<int>(rec, n), *d_ids_sorted = poisoned_output<int>(rec, n);
  const int blocks = (n + 255) / 256;
  Dtype *d_block_max = poisoned_output<Dtype>(rec, blocks);
  with_temp_storage([&](void *temp, size_t &bytes) { return cub::DeviceReduce::Sum(temp, bytes, d_values, d_sum, n); });
  with_temp_storage([&](void *temp, size_t &bytes) {
    return cub::DeviceScan::InclusiveSum(temp, bytes, d_counts, d_inclusive, n);
  });
  with_temp_storage([&](void *temp, size_t &bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, bytes, d_counts, d_exclusive, n);
  });
  with_temp_storage([&](void *temp, size_t &bytes) {
    return cub::DeviceRadixSort::SortPairs(temp, bytes, d_keys, d_keys_sorted, d_ids, d_ids_sorted, n);
  });
  // NOLINT_NEXT_LINE(whitespace/operators)
  BlockMax<Dtype><<<blocks, 256>>>(n, d_values, d_block_max);
  CUDA_POST_KERNEL_CHECK;
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<double> sum_ref(1, 0.0), inclusive_ref(n), exclusive_ref(n), max_ref(blocks);
  long long running = 0;
  for (int i = 0; i < n; ++i) {
    sum_ref[0] += values[i];
    exclusive_ref[i] = (double)running;
    running += counts[i];
    inclusive_ref[i] = (double)running;
  }
  for (int b = 0; b < blocks; ++b) {
    double m = values[(size_t)b * 256];
    for (int i = b * 256; i < std::min(n, b * 256 + 256); ++i) m = std::max(m, (double)values[i]);
    max_ref[b] = m;
  }
  // A stable sort by key: equal keys keep their input order, so the permutation is fully determined.
  std::vector<int> order(ids);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  std::vector<double> keys_ref(n), ids_ref(n);
  for (int i = 0; i < n; ++i) {
    keys_ref[i] = keys[order[i]];
    ids_ref[i] = order[i];
  }
  const double sum_tol = sizeof(Dtype) == 4 ? 1e-6 * std::sqrt((double)n) : 1e-14 * std::sqrt((double)n);
  int failures = check_output(rec, label<Dtype>("reduce_sum", n), d_sum, sum_ref, sum_tol);
  failures += check_output(rec, label<Dtype>("block_max", n), d_block_max, max_ref, 0.0);
  failures += check_output(rec, label<Dtype>("inclusive_sum", n), d_inclusive, inclusive_ref, 0.0);
  failures += check_output(rec, label<Dtype>("exclusive_sum", n), d_exclusive, exclusive_ref, 0.0);
  failures += check_output(rec, label<Dtype>("sorted_keys", n), d_keys_sorted, keys_ref, 0.0);
  failures += check_output(rec, label<Dtype>("sorted_ids", n), d_ids_sorted, ids_ref, 0.0);
  time_kernel(rec, label<Dtype>("reduce_sum", n), [&] {
    with_temp_storage([&](void *temp, size_t &bytes) { return cub::DeviceReduce::Sum(temp, bytes, d_values, d_sum, n); });
  });
  CUDA_CHECK(cudaFree(d_values)); CUDA_CHECK(cudaFree(d_sum)); CUDA_CHECK(cudaFree(d_counts));
  CUDA_CHECK(cudaFree(d_keys)); CUDA_CHECK(cudaFree(d_ids)); CUDA_CHECK(cudaFree(d_inclusive));
  CUDA_CHECK(cudaFree(d_exclusive)); CUDA_CHECK(cudaFree(d_keys_sorted)); CUDA_CHECK(cudaFree(d_ids_sorted));
  CUDA_CHECK(cudaFree(d_block_max));
  return failures;
}

int main(int argc, char **argv) { return corpus_main(argc, argv, run_with<float>, run_with<double>); }
