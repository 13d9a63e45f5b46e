// Caffe2's GPU operator registration and context type (REGISTER_CUDA_OPERATOR, REGISTER_CUDA_OPERATOR_CREATOR,
// CUDAContext) become Caffe2's HIP names, as hipify-clang renames them: in uses, and in a file that defines
// them too (Caffe2's own headers), so the port stays consistent; no declaration of the file vetoes them.
// Reopening the caffe2 namespace is not reported as a user entity (HC1021).
// Counted under their own API ("Caffe2"). cuda_stream(), a member name common outside Caffe2, is left.
// RUN: %hipify --hip-version 5.2 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.2 --semantic always %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.2 %s -o /dev/null --print-stats 2>&1 | FileCheck --check-prefix=STATS --implicit-check-not=HC1021 %s
// STATS: Caffe2: 9
namespace caffe2 {
// CHECK: class HIPContext {
class CUDAContext {
 public:
  // CHECK: HIPContext();
  CUDAContext();
  int cuda_stream() const;
};
template <class Context> class ReluOp {};
template <class Context> class PoolOp {};
}  // namespace caffe2
// CHECK: #define REGISTER_HIP_OPERATOR(name, ...) int registered_##name = 1;
#define REGISTER_CUDA_OPERATOR(name, ...) int registered_##name = 1;
// CHECK: #define REGISTER_HIP_OPERATOR_CREATOR(key, ...)
#define REGISTER_CUDA_OPERATOR_CREATOR(key, ...)
// CHECK: REGISTER_HIP_OPERATOR(Relu, caffe2::ReluOp<caffe2::HIPContext>);
REGISTER_CUDA_OPERATOR(Relu, caffe2::ReluOp<caffe2::CUDAContext>);
// CHECK: REGISTER_HIP_OPERATOR_CREATOR(Pool, caffe2::PoolOp<caffe2::HIPContext>);
REGISTER_CUDA_OPERATOR_CREATOR(Pool, caffe2::PoolOp<caffe2::CUDAContext>);
// CHECK: int stream_of(const caffe2::HIPContext &c) { return c.cuda_stream(); }
int stream_of(const caffe2::CUDAContext &c) { return c.cuda_stream(); }
