// eltwise.cu: Eltwise layer over three inputs: weighted sum, product, and max with an int argmax mask
// (plus the max backward that routes gradients by the mask); float and double, CPU-checked.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void EltwiseSum(const int nthreads, const Dtype* a, const Dtype* b, const Dtype* c, const Dtype ca,
                           const Dtype cb, const Dtype cc, Dtype* top) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    top[index] = ca * a[index] + cb * b[index] + cc * c[index];
  }
}

template <typename Dtype>
__global__ void EltwiseProd(const int nthreads, const Dtype* a, const Dtype* b, const Dtype* c, Dtype* top) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    top[index] = a[index] * b[index] * c[index];
  }
}

// Called once per bottom blob: blob_idx 0 initialises, later blobs update the running max and argmax.
template <typename Dtype>
__global__ void MaxForward(const int nthreads, const Dtype* bottom_data_a, const Dtype* bottom_data_b,
                           const int blob_idx, Dtype* top_data, int* mask) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    Dtype maxval = -FLT_MAX;
    int maxidx = -1;
    if (bottom_data_a[index] > bottom_data_b[index]) {
      if (blob_idx == 0) {
        maxval = bottom_data_a[index];
        top_data[index] = maxval;
        maxidx = blob_idx;
        mask[index] = maxidx;
      }
    } else {
      maxval = bottom_data_b[index];
      top_data[index] = maxval;
      maxidx = blob_idx + 1;
      mask[index] = maxidx;
    }
  }
}

template <typename Dtype>
__global__ void MaxBackward(const int nthreads, const Dtype* top_diff, const int blob_idx, const int* mask,
                            Dtype* bottom_diff) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    Dtype gradient = 0;
    if (mask[index] == blob_idx) {
      gradient += top_diff[index];
    }
    bottom_diff[index] = gradient;
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const Dtype ca = (Dtype)0.5, cb = (Dtype)-1.25, cc = (Dtype)2.0;
  std::vector<Dtype> a = random_vector<Dtype>(n, -1.0, 1.0, 1801);
  std::vector<Dtype> b = random_vector<Dtype>(n, -1.0, 1.0, 1802);
  std::vector<Dtype> c = random_vector<Dtype>(n, -1.0, 1.0, 1803);
  std::vector<Dtype> dy = random_vector<Dtype>(n, -1.0, 1.0, 1804);
  Dtype *d_a = to_device(a), *d_b = to_device(b), *d_c = to_device(c), *d_dy = to_device(dy);
  Dtype *d_sum = poisoned_output<Dtype>(rec, n), *d_prod = poisoned_output<Dtype>(rec, n);
  Dtype *d_max = poisoned_output<Dtype>(rec, n), *d_db = poisoned_output<Dtype>(rec, n);
  int* d_mask = poisoned_output<int>(rec, n);
  // NOLINT_NEXT_LINE(whitespace/operators)
  EltwiseSum<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_a, d_b, d_c, ca, cb, cc, d_sum);
  // NOLINT_NEXT_LINE(whitespace/operators)
  EltwiseProd<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_a, d_b, d_c, d_prod);
  // NOLINT_NEXT_LINE(whitespace/operators)
  MaxForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_a, d_b, 0, d_max, d_mask);
  // NOLINT_NEXT_LINE(whitespace/operators)
  MaxForward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_max, d_c, 1, d_max, d_mask);
  // NOLINT_NEXT_LINE(whitespace/operators)
  MaxBackward<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_dy, 1, d_mask, d_db);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> sum_ref(n), prod_ref(n), max_ref(n), mask_ref(n), db_ref(n);
  for (int i = 0; i < n; ++i) {
    sum_ref[i] = (double)ca * a[i] + (double)cb * b[i] + (double)cc * c[i];
    prod_ref[i] = (double)a[i] * b[i] * c[i];
    int arg = a[i] > b[i] ? 0 : 1;
    double m = arg == 0 ? a[i] : b[i];
    if (!(m > c[i])) { arg = 2; m = c[i]; }
    max_ref[i] = m;
    mask_ref[i] = arg;
    db_ref[i] = arg == 1 ? (double)dy[i] : 0.0;
  }
  const double tol = reference_tolerance<Dtype>();
  int failures = check_output(rec, label<Dtype>("eltwise_sum", n), d_sum, sum_ref, tol);
  failures += check_output(rec, label<Dtype>("eltwise_prod", n), d_prod, prod_ref, tol);
  failures += check_output(rec, label<Dtype>("eltwise_max", n), d_max, max_ref, 0.0);
  failures += check_output(rec, label<Dtype>("eltwise_max_argmax", n), d_mask, mask_ref, 0.0);
  failures += check_output(rec, label<Dtype>("eltwise_max_backward", n), d_db, db_ref, 0.0);
  time_kernel(rec, label<Dtype>("EltwiseSum", n), [&] {
    EltwiseSum<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, d_a, d_b, d_c, ca, cb, cc, d_sum);
  });
  CUDA_CHECK(cudaFree(d_a)); CUDA_CHECK(cudaFree(d_b)); CUDA_CHECK(cudaFree(d_c)); CUDA_CHECK(cudaFree(d_dy));
  CUDA_CHECK(cudaFree(d_sum)); CUDA_CHECK(cudaFree(d_prod)); CUDA_CHECK(cudaFree(d_max)); CUDA_CHECK(cudaFree(d_db));
  CUDA_CHECK(cudaFree(d_mask));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
