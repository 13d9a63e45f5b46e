// embed.cu: Embed layer (a lookup table): forward gathers weight rows by index, backward scatters the gradient
// with atomicAdd for float and, for double, an atomicCAS loop on the bits (__double_as_longlong). CPU-checked.
#include "caffe_common.cuh"

// Double-precision atomic add built from a 64-bit compare-and-swap on the value's bit pattern. The bits must
// be reinterpreted, not converted: converting the value (a cast) would add garbage, which this program and
// the harness would notice.
__device__ double caffe_gpu_atomic_add(const double val, double* address) {
  unsigned long long int* address_as_ull = reinterpret_cast<unsigned long long int*>(address);
  unsigned long long int old = *address_as_ull;
  unsigned long long int assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__device__ float caffe_gpu_atomic_add(const float val, float* address) {
  return atomicAdd(address, val);
}

template <typename Dtype>
__global__ void EmbedForward(const int nthreads, const Dtype* bottom_data, const Dtype* weight, const int M,
                             const int N, const int K, Dtype* top_data) {
  CUDA_KERNEL_LOOP(top_index, nthreads) {
    const int n = top_index / N;
    const int d = top_index % N;
    const int index = static_cast<int>(bottom_data[n]);
    const int weight_index = index * N + d;
    top_data[top_index] = weight[weight_index];
  }
}

template <typename Dtype>
__global__ void EmbedBackward(const int nthreads, const Dtype* bottom_data, const Dtype* top_diff, const int M,
                              const int N, const int K, Dtype* weight_diff) {
  CUDA_KERNEL_LOOP(top_index, nthreads) {
    const int n = top_index / N;
    const int d = top_index % N;
    const int index = static_cast<int>(bottom_data[n]);
    const int weight_index = index * N + d;
    caffe_gpu_atomic_add(top_diff[top_index], weight_diff + weight_index);
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  const int N = 128, K = 997;  // embedding width, vocabulary size (prime: indices collide unevenly)
  const int M = n_hint / N;    // number of looked-up indices
  const int top_count = M * N;
  std::vector<Dtype> indices(M);
  CorpusRng rng(2001);
  for (int i = 0; i < M; ++i) indices[i] = (Dtype)rng.index(K);
  std::vector<Dtype> weight = random_vector<Dtype>((size_t)K * N, -1.0, 1.0, 2002);
  std::vector<Dtype> dy = random_vector<Dtype>(top_count, -1.0, 1.0, 2003);
  std::vector<Dtype> weight_diff_init = random_vector<Dtype>((size_t)K * N, -0.5, 0.5, 2004);
  Dtype *d_indices = to_device(indices), *d_weight = to_device(weight), *d_dy = to_device(dy);
  Dtype* d_weight_diff = to_device(weight_diff_init);  // accumulates onto existing values, as solvers expect
  Dtype* d_top = poisoned_output<Dtype>(rec, top_count);
  // NOLINT_NEXT_LINE(whitespace/operators)
  EmbedForward<Dtype><<<CAFFE_GET_BLOCKS(top_count), CAFFE_CUDA_NUM_THREADS>>>(top_count, d_indices, d_weight, M, N,
                                                                              K, d_top);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  EmbedBackward<Dtype><<<CAFFE_GET_BLOCKS(top_count), CAFFE_CUDA_NUM_THREADS>>>(top_count, d_indices, d_dy, M, N, K,
                                                                               d_weight_diff);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> top_ref(top_count), diff_ref(weight_diff_init.begin(), weight_diff_init.end());
  for (int m = 0; m < M; ++m) {
    const int row = (int)indices[m];
    for (int d = 0; d < N; ++d) {
      top_ref[(size_t)m * N + d] = weight[(size_t)row * N + d];
      diff_ref[(size_t)row * N + d] += (double)dy[(size_t)m * N + d];
    }
  }
  // Accumulating ~M/K terms per weight in an order the hardware picks: the tolerance scales with that count.
  const double terms = (double)M / K;
  int failures = check_output(rec, label<Dtype>("embed_forward", top_count), d_top, top_ref, 0.0);
  failures += check_output(rec, label<Dtype>("embed_backward_weight_diff", top_count), d_weight_diff, diff_ref,
                           reference_tolerance<Dtype>() * std::sqrt(terms) * 4);
  time_kernel(rec, label<Dtype>("EmbedBackward", top_count), [&] {
    EmbedBackward<Dtype><<<CAFFE_GET_BLOCKS(top_count), CAFFE_CUDA_NUM_THREADS>>>(top_count, d_indices, d_dy, M, N,
                                                                                 K, d_weight_diff);
  });
  CUDA_CHECK(cudaFree(d_indices)); CUDA_CHECK(cudaFree(d_weight)); CUDA_CHECK(cudaFree(d_dy));
  CUDA_CHECK(cudaFree(d_weight_diff)); CUDA_CHECK(cudaFree(d_top));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
