// Every header of mappings/headers.tsv, once, in table order after cuda_runtime.h: the include lines become
// the HIP headers (a header several CUDA headers map to appears once), device_launch_parameters.h is dropped,
// headers without a HIP equivalent stay and are reported; for HIP before 5.2 the old library header spellings.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.1 %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=OLD %s
// RUN: %hipify --hip-version 6.3 %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// DIAG: warning: HC1106: 'cooperative_groups/memcpy_async.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
// DIAG: warning: HC1106: 'cooperative_groups/reduce.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
// DIAG: warning: HC1106: 'cooperative_groups/scan.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
// DIAG: warning: HC1010: header 'cublasXt.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_fp8.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cufftw.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cusolverMg.h' has no HIP equivalent; left unchanged [unsupported-header]
// CHECK-LABEL: // END-OF-CHECKS
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/channel_descriptor.h>
// CHECK-NEXT: #include <hip/hip_cooperative_groups.h>
// CHECK-NEXT: #include <cooperative_groups/memcpy_async.h>
// CHECK-NEXT: #include <cooperative_groups/reduce.h>
// CHECK-NEXT: #include <cooperative_groups/scan.h>
// CHECK-NEXT: #include <hip/hip_complex.h>
// CHECK-NEXT: #include <hipcub/hipcub.hpp>
// CHECK-NEXT: #include <hipblas/hipblas.h>
// CHECK-NEXT: #include <hipblaslt/hipblaslt.h>
// CHECK-NEXT: #include <cublasXt.h>
// CHECK-NEXT: #include <hip/hip_runtime_api.h>
// CHECK-NEXT: #include <hip/hip_bfloat16.h>
// CHECK-NEXT: #include <hip/hip_fp16.h>
// CHECK-NEXT: #include <cuda_fp8.h>
// CHECK-NEXT: #include <hip/hip_texture_types.h>
// CHECK-NEXT: #include <hipDNN.h>
// CHECK-NEXT: #include <hipfft/hipfft.h>
// CHECK-NEXT: #include <hipfft/hipfftXt.h>
// CHECK-NEXT: #include <cufftw.h>
// CHECK-NEXT: #include <hiprand/hiprand.h>
// CHECK-NEXT: #include <hiprand/hiprand_kernel.h>
// CHECK-NEXT: #include <hiprand/hiprand_mtgp32_host.h>
// CHECK-NEXT: #include <hipsolver/hipsolver.h>
// CHECK-NEXT: #include <cusolverMg.h>
// CHECK-NEXT: #include <hipsparse/hipsparse.h>
// CHECK-NEXT: #include <hip/device_functions.h>
// CHECK-NEXT: #include <hip/driver_types.h>
// CHECK-NEXT: #include <hip/library_types.h>
// CHECK-NEXT: #include <hip/hip_math_constants.h>
// CHECK-NEXT: #include <hip/hiprtc.h>
// CHECK-NEXT: #include <hip/surface_types.h>
// CHECK-NEXT: #include <hip/texture_types.h>
// CHECK-NEXT: #include <thrust/adjacent_difference.h>
// CHECK-NEXT: #include <thrust/binary_search.h>
// CHECK-NEXT: #include <thrust/complex.h>
// CHECK-NEXT: #include <thrust/copy.h>
// CHECK-NEXT: #include <thrust/count.h>
// CHECK-NEXT: #include <thrust/device_free.h>
// CHECK-NEXT: #include <thrust/device_malloc.h>
// CHECK-NEXT: #include <thrust/device_ptr.h>
// CHECK-NEXT: #include <thrust/device_vector.h>
// CHECK-NEXT: #include <thrust/equal.h>
// CHECK-NEXT: #include <thrust/execution_policy.h>
// CHECK-NEXT: #include <thrust/extrema.h>
// CHECK-NEXT: #include <thrust/fill.h>
// CHECK-NEXT: #include <thrust/find.h>
// CHECK-NEXT: #include <thrust/for_each.h>
// CHECK-NEXT: #include <thrust/functional.h>
// CHECK-NEXT: #include <thrust/gather.h>
// CHECK-NEXT: #include <thrust/host_vector.h>
// CHECK-NEXT: #include <thrust/inner_product.h>
// CHECK-NEXT: #include <thrust/iterator/constant_iterator.h>
// CHECK-NEXT: #include <thrust/iterator/counting_iterator.h>
// CHECK-NEXT: #include <thrust/iterator/discard_iterator.h>
// CHECK-NEXT: #include <thrust/iterator/permutation_iterator.h>
// CHECK-NEXT: #include <thrust/iterator/transform_iterator.h>
// CHECK-NEXT: #include <thrust/iterator/zip_iterator.h>
// CHECK-NEXT: #include <thrust/logical.h>
// CHECK-NEXT: #include <thrust/memory.h>
// CHECK-NEXT: #include <thrust/merge.h>
// CHECK-NEXT: #include <thrust/pair.h>
// CHECK-NEXT: #include <thrust/partition.h>
// CHECK-NEXT: #include <thrust/random.h>
// CHECK-NEXT: #include <thrust/reduce.h>
// CHECK-NEXT: #include <thrust/remove.h>
// CHECK-NEXT: #include <thrust/replace.h>
// CHECK-NEXT: #include <thrust/scan.h>
// CHECK-NEXT: #include <thrust/scatter.h>
// CHECK-NEXT: #include <thrust/sequence.h>
// CHECK-NEXT: #include <thrust/sort.h>
// CHECK-NEXT: #include <thrust/system_error.h>
// CHECK-NEXT: #include <thrust/transform.h>
// CHECK-NEXT: #include <thrust/transform_reduce.h>
// CHECK-NEXT: #include <thrust/tuple.h>
// CHECK-NEXT: #include <thrust/unique.h>
// CHECK-NEXT: #include <hip/hip_vector_types.h>
// CHECK-NEXT: __global__ void k() {}
// OLD-LABEL: // END-OF-CHECKS
// OLD-NEXT: #include <hip/hip_runtime.h>
// OLD-NEXT: #include <hip/channel_descriptor.h>
// OLD-NEXT: #include <hip/hip_cooperative_groups.h>
// OLD-NEXT: #include <cooperative_groups/memcpy_async.h>
// OLD-NEXT: #include <cooperative_groups/reduce.h>
// OLD-NEXT: #include <cooperative_groups/scan.h>
// OLD-NEXT: #include <hip/hip_complex.h>
// OLD-NEXT: #include <hipcub/hipcub.hpp>
// OLD-NEXT: #include <hipblas.h>
// OLD-NEXT: #include <cublasLt.h>
// OLD-NEXT: #include <cublasXt.h>
// OLD-NEXT: #include <hip/hip_runtime_api.h>
// OLD-NEXT: #include <hip/hip_bfloat16.h>
// OLD-NEXT: #include <hip/hip_fp16.h>
// OLD-NEXT: #include <cuda_fp8.h>
// OLD-NEXT: #include <hip/hip_texture_types.h>
// OLD-NEXT: #include <hipDNN.h>
// OLD-NEXT: #include <hipfft.h>
// OLD-NEXT: #include <hipfftXt.h>
// OLD-NEXT: #include <cufftw.h>
// OLD-NEXT: #include <hiprand.h>
// OLD-NEXT: #include <hiprand_kernel.h>
// OLD-NEXT: #include <hiprand_mtgp32_host.h>
// OLD-NEXT: #include <hipsolver.h>
// OLD-NEXT: #include <cusolverMg.h>
// OLD-NEXT: #include <hipsparse.h>
// OLD-NEXT: #include <hip/device_functions.h>
// OLD-NEXT: #include <hip/driver_types.h>
// OLD-NEXT: #include <hip/library_types.h>
// OLD-NEXT: #include <math_constants.h>
// OLD-NEXT: #include <hip/hiprtc.h>
// OLD-NEXT: #include <hip/surface_types.h>
// OLD-NEXT: #include <hip/texture_types.h>
// OLD-NEXT: #include <thrust/adjacent_difference.h>
// OLD-NEXT: #include <thrust/binary_search.h>
// OLD-NEXT: #include <thrust/complex.h>
// OLD-NEXT: #include <thrust/copy.h>
// OLD-NEXT: #include <thrust/count.h>
// OLD-NEXT: #include <thrust/device_free.h>
// OLD-NEXT: #include <thrust/device_malloc.h>
// OLD-NEXT: #include <thrust/device_ptr.h>
// OLD-NEXT: #include <thrust/device_vector.h>
// OLD-NEXT: #include <thrust/equal.h>
// OLD-NEXT: #include <thrust/execution_policy.h>
// OLD-NEXT: #include <thrust/extrema.h>
// OLD-NEXT: #include <thrust/fill.h>
// OLD-NEXT: #include <thrust/find.h>
// OLD-NEXT: #include <thrust/for_each.h>
// OLD-NEXT: #include <thrust/functional.h>
// OLD-NEXT: #include <thrust/gather.h>
// OLD-NEXT: #include <thrust/host_vector.h>
// OLD-NEXT: #include <thrust/inner_product.h>
// OLD-NEXT: #include <thrust/iterator/constant_iterator.h>
// OLD-NEXT: #include <thrust/iterator/counting_iterator.h>
// OLD-NEXT: #include <thrust/iterator/discard_iterator.h>
// OLD-NEXT: #include <thrust/iterator/permutation_iterator.h>
// OLD-NEXT: #include <thrust/iterator/transform_iterator.h>
// OLD-NEXT: #include <thrust/iterator/zip_iterator.h>
// OLD-NEXT: #include <thrust/logical.h>
// OLD-NEXT: #include <thrust/memory.h>
// OLD-NEXT: #include <thrust/merge.h>
// OLD-NEXT: #include <thrust/pair.h>
// OLD-NEXT: #include <thrust/partition.h>
// OLD-NEXT: #include <thrust/random.h>
// OLD-NEXT: #include <thrust/reduce.h>
// OLD-NEXT: #include <thrust/remove.h>
// OLD-NEXT: #include <thrust/replace.h>
// OLD-NEXT: #include <thrust/scan.h>
// OLD-NEXT: #include <thrust/scatter.h>
// OLD-NEXT: #include <thrust/sequence.h>
// OLD-NEXT: #include <thrust/sort.h>
// OLD-NEXT: #include <thrust/system_error.h>
// OLD-NEXT: #include <thrust/transform.h>
// OLD-NEXT: #include <thrust/transform_reduce.h>
// OLD-NEXT: #include <thrust/tuple.h>
// OLD-NEXT: #include <thrust/unique.h>
// OLD-NEXT: #include <hip/hip_vector_types.h>
// END-OF-CHECKS
#include <cuda_runtime.h>
#include <channel_descriptor.h>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuComplex.h>
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/cub.cuh>
#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <cub/device/device_spmv.cuh>
#include <cub/iterator/arg_index_input_iterator.cuh>
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cub/iterator/constant_input_iterator.cuh>
#include <cub/iterator/counting_input_iterator.cuh>
#include <cub/iterator/discard_output_iterator.cuh>
#include <cub/iterator/transform_input_iterator.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cub/util_allocator.cuh>
#include <cub/util_macro.cuh>
#include <cub/util_ptx.cuh>
#include <cub/util_type.cuh>
#include <cub/warp/warp_exchange.cuh>
#include <cub/warp/warp_load.cuh>
#include <cub/warp/warp_merge_sort.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/warp/warp_store.cuh>
#include <cublas.h>
#include <cublasLt.h>
#include <cublasXt.h>
#include <cublas_api.h>
#include <cublas_v2.h>
#include <cuda.h>
#include <cudaProfiler.h>
#include <cuda_bf16.h>
#include <cuda_bf16.hpp>
#include <cuda_fp16.h>
#include <cuda_fp16.hpp>
#include <cuda_fp8.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>
#include <cuda_texture_types.h>
#include <cudnn.h>
#include <cudnn_adv.h>
#include <cudnn_adv_infer.h>
#include <cudnn_adv_train.h>
#include <cudnn_backend.h>
#include <cudnn_cnn.h>
#include <cudnn_cnn_infer.h>
#include <cudnn_cnn_train.h>
#include <cudnn_graph.h>
#include <cudnn_ops.h>
#include <cudnn_ops_infer.h>
#include <cudnn_ops_train.h>
#include <cudnn_version.h>
#include <cufft.h>
#include <cufftXt.h>
#include <cufftw.h>
#include <curand.h>
#include <curand_discrete.h>
#include <curand_discrete2.h>
#include <curand_globals.h>
#include <curand_kernel.h>
#include <curand_lognormal.h>
#include <curand_mrg32k3a.h>
#include <curand_mtgp32.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32_kernel.h>
#include <curand_normal.h>
#include <curand_normal_static.h>
#include <curand_philox4x32_x.h>
#include <curand_poisson.h>
#include <curand_precalc.h>
#include <curand_uniform.h>
#include <cusolverDn.h>
#include <cusolverMg.h>
#include <cusolverRf.h>
#include <cusolverSp.h>
#include <cusolver_common.h>
#include <cusparse.h>
#include <cusparse_v2.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <driver_types.h>
#include <library_types.h>
#include <math_constants.h>
#include <nvrtc.h>
#include <surface_types.h>
#include <texture_types.h>
#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/complex.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/find.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/logical.h>
#include <thrust/memory.h>
#include <thrust/merge.h>
#include <thrust/pair.h>
#include <thrust/partition.h>
#include <thrust/random.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/replace.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system_error.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>
#include <thrust/unique.h>
#include <vector_functions.h>
#include <vector_types.h>
__global__ void k() {}
