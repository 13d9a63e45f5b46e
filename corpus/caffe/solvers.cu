// solvers.cu: the six solver update kernels (SGD with momentum, Nesterov, AdaGrad, RMSProp, AdaDelta, Adam),
// each applied once to the same gradient and history, float and double, checked against a CPU reference.
#include "caffe_common.cuh"

template <typename Dtype>
__global__ void SGDUpdate(int N, Dtype* g, Dtype* h, Dtype momentum, Dtype local_rate) {
  CUDA_KERNEL_LOOP(i, N) {
    g[i] = h[i] = momentum * h[i] + local_rate * g[i];
  }
}

template <typename Dtype>
__global__ void NesterovUpdate(int N, Dtype* g, Dtype* h, Dtype momentum, Dtype local_rate) {
  CUDA_KERNEL_LOOP(i, N) {
    float hi = h[i];
    float hi_new = h[i] = momentum * hi + local_rate * g[i];
    g[i] = (1 + momentum) * hi_new - momentum * hi;
  }
}

template <typename Dtype>
__global__ void AdaGradUpdate(int N, Dtype* g, Dtype* h, Dtype delta, Dtype local_rate) {
  CUDA_KERNEL_LOOP(i, N) {
    float gi = g[i];
    float hi = h[i] = h[i] + gi * gi;
    g[i] = local_rate * gi / (sqrt(hi) + delta);
  }
}

template <typename Dtype>
__global__ void RMSPropUpdate(int N, Dtype* g, Dtype* h, Dtype rms_decay, Dtype delta, Dtype local_rate) {
  CUDA_KERNEL_LOOP(i, N) {
    float gi = g[i];
    float hi = h[i] = rms_decay * h[i] + (1 - rms_decay) * gi * gi;
    g[i] = local_rate * g[i] / (sqrt(hi) + delta);
  }
}

template <typename Dtype>
__global__ void AdaDeltaUpdate(int N, Dtype* g, Dtype* h, Dtype* h2, Dtype momentum, Dtype delta, Dtype local_rate) {
  CUDA_KERNEL_LOOP(i, N) {
    float gi = g[i];
    float hi = h[i] = momentum * h[i] + (1 - momentum) * gi * gi;
    gi = gi * sqrt((h2[i] + delta) / (hi + delta));
    h2[i] = momentum * h2[i] + (1 - momentum) * gi * gi;
    g[i] = local_rate * gi;
  }
}

template <typename Dtype>
__global__ void AdamUpdate(int N, Dtype* g, Dtype* m, Dtype* v, Dtype beta1, Dtype beta2, Dtype eps_hat,
                           Dtype corrected_local_rate) {
  CUDA_KERNEL_LOOP(i, N) {
    float gi = g[i];
    float mi = m[i] = m[i] * beta1 + gi * (1 - beta1);
    float vi = v[i] = v[i] * beta2 + gi * gi * (1 - beta2);
    g[i] = corrected_local_rate * mi / (sqrt(vi) + eps_hat);
  }
}

// The kernels above keep intermediates in float even for double, as the framework they imitate does; the
// reference reproduces that rounding so the double check stays tight.
template <typename Dtype>
int run(hc_recorder* rec, int n) {
  const Dtype momentum = (Dtype)0.9, rate = (Dtype)0.01, delta = (Dtype)1e-8, decay = (Dtype)0.98;
  const Dtype beta1 = (Dtype)0.9, beta2 = (Dtype)0.999;
  const std::vector<Dtype> g0 = random_vector<Dtype>(n, -1.0, 1.0, 2201);
  const std::vector<Dtype> h0 = random_vector<Dtype>(n, 0.0, 1.0, 2202);   // squared histories stay positive
  const std::vector<Dtype> h20 = random_vector<Dtype>(n, 0.0, 1.0, 2203);
  const std::vector<Dtype> m0 = random_vector<Dtype>(n, -0.5, 0.5, 2204);
  int failures = 0;
  const double tol = sizeof(Dtype) == 4 ? reference_tolerance<Dtype>() : 2e-6;  // float intermediates
  const char* names[6] = {"sgd", "nesterov", "adagrad", "rmsprop", "adadelta", "adam"};
  for (int solver = 0; solver < 6; ++solver) {
    Dtype *g = to_device(g0), *h = to_device(solver == 5 ? m0 : h0), *h2 = to_device(h20);
    switch (solver) {
      case 0:  // NOLINT_NEXT_LINE(whitespace/operators)
        SGDUpdate<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, g, h, momentum, rate);
        break;
      case 1:  // NOLINT_NEXT_LINE(whitespace/operators)
        NesterovUpdate<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, g, h, momentum, rate);
        break;
      case 2:  // NOLINT_NEXT_LINE(whitespace/operators)
        AdaGradUpdate<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, g, h, delta, rate);
        break;
      case 3:  // NOLINT_NEXT_LINE(whitespace/operators)
        RMSPropUpdate<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, g, h, decay, delta, rate);
        break;
      case 4:  // NOLINT_NEXT_LINE(whitespace/operators)
        AdaDeltaUpdate<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, g, h, h2, momentum, delta, rate);
        break;
      default:  // NOLINT_NEXT_LINE(whitespace/operators)
        AdamUpdate<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, g, h, h2, beta1, beta2, delta, rate);
        break;
    }
    CUDA_POST_KERNEL_CHECK;
    std::vector<double> g_ref(n), h_ref(n), h2_ref(n);
    for (int i = 0; i < n; ++i) {
      const double gi = g0[i], hi = solver == 5 ? m0[i] : h0[i], h2i = h20[i];
      const double mo = momentum, r = rate, de = delta, dc = decay, b1 = beta1, b2 = beta2;
      double new_g = 0, new_h = 0, new_h2 = h2i;
      switch (solver) {
        case 0: new_g = new_h = mo * hi + r * gi; break;
        case 1: new_h = mo * hi + r * gi; new_g = (1 + mo) * new_h - mo * hi; break;
        case 2: new_h = hi + gi * gi; new_g = r * gi / (std::sqrt(new_h) + de); break;
        case 3: new_h = dc * hi + (1 - dc) * gi * gi; new_g = r * gi / (std::sqrt(new_h) + de); break;
        case 4: {
          new_h = mo * hi + (1 - mo) * gi * gi;
          const double scaled = gi * std::sqrt((h2i + de) / (new_h + de));
          new_h2 = mo * h2i + (1 - mo) * scaled * scaled;
          new_g = r * scaled;
          break;
        }
        default:
          new_h = hi * b1 + gi * (1 - b1);
          new_h2 = h2i * b2 + gi * gi * (1 - b2);
          new_g = r * new_h / (std::sqrt(new_h2) + de);
          break;
      }
      g_ref[i] = new_g; h_ref[i] = new_h; h2_ref[i] = new_h2;
    }
    failures += check_output(rec, label<Dtype>((std::string(names[solver]) + "_update").c_str(), n), g, g_ref, tol);
    failures += check_output(rec, label<Dtype>((std::string(names[solver]) + "_history").c_str(), n), h, h_ref, tol);
    if (solver >= 4)
      failures += check_output(rec, label<Dtype>((std::string(names[solver]) + "_history2").c_str(), n), h2, h2_ref,
                               tol);
    if (solver == 5) {
      time_kernel(rec, label<Dtype>("AdamUpdate", n), [&] {
        AdamUpdate<Dtype><<<CAFFE_GET_BLOCKS(n), CAFFE_CUDA_NUM_THREADS>>>(n, g, h, h2, beta1, beta2, delta, rate);
      });
    }
    CUDA_CHECK(cudaFree(g)); CUDA_CHECK(cudaFree(h)); CUDA_CHECK(cudaFree(h2));
  }
  return failures;
}

int main(int argc, char** argv) { return corpus_main(argc, argv, run<float>, run<double>); }
