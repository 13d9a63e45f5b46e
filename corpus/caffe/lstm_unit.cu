// lstm_unit.cu: an LSTM unit (gates i, f, o, g from pre-activations; new cell and hidden state) forward and
// backward, with __device__ helpers named sigmoid and tanh as in the framework; float and double, CPU-checked.
#include "caffe_common.cuh"

template <typename Dtype>
__device__ Dtype sigmoid(const Dtype x) {
  return Dtype(1) / (Dtype(1) + exp(-x));
}

template <typename Dtype>
__device__ Dtype tanh(const Dtype x) {
  return Dtype(2) * sigmoid(Dtype(2) * x) - Dtype(1);
}

template <typename Dtype>
__global__ void LSTMActsForward(const int nthreads, const int dim, const Dtype* X, Dtype* X_acts) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int x_dim = 4 * dim;
    const int d = index % x_dim;
    if (d < 3 * dim) {
      X_acts[index] = sigmoid(X[index]);
    } else {
      X_acts[index] = tanh(X[index]);
    }
  }
}

template <typename Dtype>
__global__ void LSTMUnitForward(const int nthreads, const int dim, const Dtype* C_prev, const Dtype* X,
                                const Dtype* cont, Dtype* C, Dtype* H) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int n = index / dim;
    const int d = index % dim;
    const Dtype* X_offset = X + 4 * dim * n;
    const Dtype i = X_offset[d];
    const Dtype f = X_offset[1 * dim + d];
    const Dtype o = X_offset[2 * dim + d];
    const Dtype g = X_offset[3 * dim + d];
    const Dtype c_prev = C_prev[index];
    const Dtype c = cont[n] * f * c_prev + i * g;
    C[index] = c;
    const Dtype tanh_c = tanh(c);
    H[index] = o * tanh_c;
  }
}

template <typename Dtype>
__global__ void LSTMUnitBackward(const int nthreads, const int dim, const Dtype* C_prev, const Dtype* X,
                                 const Dtype* C, const Dtype* cont, const Dtype* C_diff, const Dtype* H_diff,
                                 Dtype* C_prev_diff, Dtype* X_diff) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int n = index / dim;
    const int d = index % dim;
    const Dtype* X_offset = X + 4 * dim * n;
    const Dtype i = X_offset[d];
    const Dtype f = X_offset[1 * dim + d];
    const Dtype o = X_offset[2 * dim + d];
    const Dtype g = X_offset[3 * dim + d];
    const Dtype c_prev = C_prev[index];
    const Dtype c = C[index];
    const Dtype tanh_c = tanh(c);
    Dtype* c_prev_diff = C_prev_diff + index;
    Dtype* X_diff_offset = X_diff + 4 * dim * n;
    Dtype* i_diff = X_diff_offset + d;
    Dtype* f_diff = X_diff_offset + 1 * dim + d;
    Dtype* o_diff = X_diff_offset + 2 * dim + d;
    Dtype* g_diff = X_diff_offset + 3 * dim + d;
    const Dtype c_term_diff = C_diff[index] + H_diff[index] * o * (1 - tanh_c * tanh_c);
    const Dtype cont_n = cont[n];
    *c_prev_diff = cont_n * c_term_diff * f;
    *i_diff = c_term_diff * g;
    *f_diff = cont_n * c_term_diff * c_prev;
    *o_diff = H_diff[index] * tanh_c;
    *g_diff = c_term_diff * i;
  }
}

static double ref_sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  const int dim = 256, num = n_hint / (4 * dim);
  const int x_count = num * 4 * dim, count = num * dim;
  std::vector<Dtype> x = random_vector<Dtype>(x_count, -3.0, 3.0, 2401);
  std::vector<Dtype> c_prev = random_vector<Dtype>(count, -1.0, 1.0, 2402);
  std::vector<Dtype> c_diff = random_vector<Dtype>(count, -1.0, 1.0, 2403);
  std::vector<Dtype> h_diff = random_vector<Dtype>(count, -1.0, 1.0, 2404);
  std::vector<Dtype> cont(num);
  for (int n = 0; n < num; ++n) cont[n] = (Dtype)(n % 7 != 0);  // sequence starts reset the cell
  Dtype *d_x = to_device(x), *d_c_prev = to_device(c_prev), *d_c_diff = to_device(c_diff);
  Dtype *d_h_diff = to_device(h_diff), *d_cont = to_device(cont);
  Dtype *d_acts = poisoned_output<Dtype>(rec, x_count), *d_c = poisoned_output<Dtype>(rec, count);
  Dtype *d_h = poisoned_output<Dtype>(rec, count), *d_c_prev_diff = poisoned_output<Dtype>(rec, count);
  Dtype* d_x_diff = poisoned_output<Dtype>(rec, x_count);
  // NOLINT_NEXT_LINE(whitespace/operators)
  LSTMActsForward<Dtype><<<CAFFE_GET_BLOCKS(x_count), CAFFE_CUDA_NUM_THREADS>>>(x_count, dim, d_x, d_acts);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  LSTMUnitForward<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, dim, d_c_prev, d_acts, d_cont,
                                                                             d_c, d_h);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  LSTMUnitBackward<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(
      count, dim, d_c_prev, d_acts, d_c, d_cont, d_c_diff, d_h_diff, d_c_prev_diff, d_x_diff);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> acts_ref(x_count), c_ref(count), h_ref(count), c_prev_diff_ref(count), x_diff_ref(x_count);
  for (int k = 0; k < x_count; ++k)
    acts_ref[k] = (k % (4 * dim)) < 3 * dim ? ref_sigmoid(x[k]) : std::tanh((double)x[k]);
  for (int n = 0; n < num; ++n)
    for (int d = 0; d < dim; ++d) {
      const size_t idx = (size_t)n * dim + d, base = (size_t)4 * dim * n;
      const double i = acts_ref[base + d], f = acts_ref[base + dim + d], o = acts_ref[base + 2 * dim + d];
      const double g = acts_ref[base + 3 * dim + d];
      const double c = cont[n] * f * c_prev[idx] + i * g, tc = std::tanh(c);
      c_ref[idx] = c;
      h_ref[idx] = o * tc;
      const double term = c_diff[idx] + h_diff[idx] * o * (1 - tc * tc);
      c_prev_diff_ref[idx] = cont[n] * term * f;
      x_diff_ref[base + d] = term * g;
      x_diff_ref[base + dim + d] = cont[n] * term * c_prev[idx];
      x_diff_ref[base + 2 * dim + d] = h_diff[idx] * tc;
      x_diff_ref[base + 3 * dim + d] = term * i;
    }
  // tanh written as 2*sigmoid(2x)-1 cancels near zero: an absolute error of a few float ulps of 1.
  const double tol = sizeof(Dtype) == 4 ? 1e-6 * 20 : 1e-11;
  int failures = check_output(rec, label<Dtype>("lstm_acts", x_count), d_acts, acts_ref, tol);
  failures += check_output(rec, label<Dtype>("lstm_cell", count), d_c, c_ref, tol);
  failures += check_output(rec, label<Dtype>("lstm_hidden", count), d_h, h_ref, tol);
  failures += check_output(rec, label<Dtype>("lstm_c_prev_diff", count), d_c_prev_diff, c_prev_diff_ref, tol);
  failures += check_output(rec, label<Dtype>("lstm_x_diff", x_count), d_x_diff, x_diff_ref, tol);
  time_kernel(rec, label<Dtype>("LSTMUnitBackward", count), [&] {
    LSTMUnitBackward<Dtype><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(
        count, dim, d_c_prev, d_acts, d_c, d_cont, d_c_diff, d_h_diff, d_c_prev_diff, d_x_diff);
  });
  CUDA_CHECK(cudaFree(d_x)); CUDA_CHECK(cudaFree(d_c_prev)); CUDA_CHECK(cudaFree(d_c_diff));
  CUDA_CHECK(cudaFree(d_h_diff)); CUDA_CHECK(cudaFree(d_cont)); CUDA_CHECK(cudaFree(d_acts)); CUDA_CHECK(cudaFree(d_c));
  CUDA_CHECK(cudaFree(d_h)); CUDA_CHECK(cudaFree(d_c_prev_diff)); CUDA_CHECK(cudaFree(d_x_diff));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
