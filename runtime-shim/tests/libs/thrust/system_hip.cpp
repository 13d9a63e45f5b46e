// system_hip.cpp: a ported Thrust program as hipify-c writes one (rocThrust's thrust/system/hip/ headers and its
// thrust::hip, thrust::system::hip and thrust::hip_rocprim namespaces), built with nvcc against the HIP-on-NVIDIA
// layer, where they must name CUDA's own Thrust; it checks names and types, not results.
#include <hip/hip_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/system/hip/detail/util.h>
#include <thrust/system/hip/execution_policy.h>
#include <type_traits>

static_assert(std::is_same<thrust::system::hip::tag, thrust::system::cuda::tag>::value, "system::hip is CUDA's");

template <typename Policy>
hipStream_t stream_of(Policy &policy) {
  return thrust::hip_rocprim::stream(thrust::detail::derived_cast(thrust::detail::strip_const(policy)));
}

int reduce_on(hipStream_t s) {
  thrust::device_vector<int> v(4, 1);
  auto policy = thrust::hip::par.on(s);
  return stream_of(policy) == s ? thrust::reduce(policy, v.begin(), v.end()) : -1;
}
