// softmax_loss.cu: SoftmaxWithLoss: per-position negative log-likelihood with an ignore label and a
// count of valid positions, and its gradient (prob - one_hot); float and double, checked against a CPU reference.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void SoftmaxLossForwardGPU(const int nthreads, const Dtype* prob_data, const Dtype* label, Dtype* loss,
                                      const int num, const int dim, const int spatial_dim, const int ignore_label,
                                      Dtype* counts) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int n = index / spatial_dim;
    const int s = index % spatial_dim;
    const int label_value = static_cast<int>(label[n * spatial_dim + s]);
    if (label_value == ignore_label) {
      loss[index] = 0;
      counts[index] = 0;
    } else {
      loss[index] = -log(max(prob_data[n * dim + label_value * spatial_dim + s], Dtype(FLT_MIN)));
      counts[index] = 1;
    }
  }
}

template <typename Dtype>
__global__ void SoftmaxLossBackwardGPU(const int nthreads, const Dtype* prob, const Dtype* label, Dtype* bottom_diff,
                                       const int num, const int dim, const int spatial_dim, const int ignore_label,
                                       Dtype* counts) {
  const int channels = dim / spatial_dim;
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int n = index / spatial_dim;
    const int s = index % spatial_dim;
    const int label_value = static_cast<int>(label[n * spatial_dim + s]);
    if (label_value == ignore_label) {
      for (int c = 0; c < channels; ++c) {
        bottom_diff[n * dim + c * spatial_dim + s] = 0;
      }
      counts[index] = 0;
    } else {
      for (int c = 0; c < channels; ++c) {
        bottom_diff[n * dim + c * spatial_dim + s] = prob[n * dim + c * spatial_dim + s] - (c == label_value);
      }
      counts[index] = 1;
    }
  }
}

template <typename Dtype>
int run(hc_recorder* rec, int n_hint) {
  const int channels = 21, num = n_hint > 2000000 ? 32 : 3, ignore_label = 255;
  const int spatial_dim = n_hint / (channels * num), dim = channels * spatial_dim, count = num * dim;
  const int positions = num * spatial_dim;
  // Probabilities: a random positive vector per position, normalised over channels.
  std::vector<Dtype> prob(count);
  std::vector<Dtype> labels(positions);
  CorpusRng rng(2101);
  for (int n = 0; n < num; ++n)
    for (int s = 0; s < spatial_dim; ++s) {
      double raw[64], sum = 0.0;
      for (int c = 0; c < channels; ++c) sum += (raw[c] = rng.uniform(0.01, 1.0));
      for (int c = 0; c < channels; ++c) prob[(size_t)n * dim + c * spatial_dim + s] = (Dtype)(raw[c] / sum);
      labels[(size_t)n * spatial_dim + s] = (Dtype)(rng.index(10) == 0 ? ignore_label : rng.index(channels));
    }
  Dtype *d_prob = to_device(prob), *d_labels = to_device(labels);
  Dtype *d_loss = poisoned_output<Dtype>(rec, positions), *d_counts = poisoned_output<Dtype>(rec, positions);
  Dtype *d_diff = poisoned_output<Dtype>(rec, count), *d_counts_back = poisoned_output<Dtype>(rec, positions);
  // NOLINT_NEXT_LINE(whitespace/operators)
  SoftmaxLossForwardGPU<Dtype><<<CAFFE_GET_BLOCKS(positions), CAFFE_CUDA_NUM_THREADS>>>(
      positions, d_prob, d_labels, d_loss, num, dim, spatial_dim, ignore_label, d_counts);
  CUDA_POST_KERNEL_CHECK;
  // NOLINT_NEXT_LINE(whitespace/operators)
  SoftmaxLossBackwardGPU<Dtype><<<CAFFE_GET_BLOCKS(positions), CAFFE_CUDA_NUM_THREADS>>>(
      positions, d_prob, d_labels, d_diff, num, dim, spatial_dim, ignore_label, d_counts_back);
  CUDA_POST_KERNEL_CHECK;
  std::vector<double> loss_ref(positions), counts_ref(positions), diff_ref(count);
  for (int n = 0; n < num; ++n)
    for (int s = 0; s < spatial_dim; ++s) {
      const int p = n * spatial_dim + s, lbl = (int)labels[p];
      const bool ignored = lbl == ignore_label;
      loss_ref[p] = ignored ? 0.0 : -std::log((double)prob[(size_t)n * dim + lbl * spatial_dim + s]);
      counts_ref[p] = ignored ? 0.0 : 1.0;
      for (int c = 0; c < channels; ++c) {
        const size_t i = (size_t)n * dim + c * spatial_dim + s;
        diff_ref[i] = ignored ? 0.0 : (double)prob[i] - (c == lbl ? 1.0 : 0.0);
      }
    }
  int failures = check_output(rec, label<Dtype>("softmax_loss_forward", count), d_loss, loss_ref,
                              reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("softmax_loss_counts", count), d_counts, counts_ref, 0.0);
  failures += check_output(rec, label<Dtype>("softmax_loss_backward", count), d_diff, diff_ref,
                           reference_tolerance<Dtype>());
  failures += check_output(rec, label<Dtype>("softmax_loss_counts_backward", count), d_counts_back, counts_ref, 0.0);
  time_kernel(rec, label<Dtype>("SoftmaxLossBackwardGPU", count), [&] {
    SoftmaxLossBackwardGPU<Dtype><<<CAFFE_GET_BLOCKS(positions), CAFFE_CUDA_NUM_THREADS>>>(
        positions, d_prob, d_labels, d_diff, num, dim, spatial_dim, ignore_label, d_counts_back);
  });
  CUDA_CHECK(cudaFree(d_prob)); CUDA_CHECK(cudaFree(d_labels)); CUDA_CHECK(cudaFree(d_loss));
  CUDA_CHECK(cudaFree(d_counts)); CUDA_CHECK(cudaFree(d_diff)); CUDA_CHECK(cudaFree(d_counts_back));
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
