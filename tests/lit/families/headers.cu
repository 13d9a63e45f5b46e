// Every row of mappings/headers.tsv, once, in table order after cuda_runtime.h (a prefix row such as cub/...
// with one or more headers under it): the include lines become the HIP headers (a header several CUDA
// headers map to appears once), headers whose content comes with hip_runtime.h are dropped, headers
// without a HIP equivalent stay and are reported; for HIP before 5.2 the old library header spellings.
// RUN: %hipify --hip-version 6.3 %s -o - 2>/dev/null | FileCheck --match-full-lines %s
// RUN: %hipify --hip-version 5.1 %s -o - 2>/dev/null | FileCheck --match-full-lines --check-prefix=OLD %s
// RUN: %hipify --hip-version 6.3 %s -o /dev/null 2>&1 | FileCheck --check-prefix=DIAG %s
// DIAG: warning: HC1010: header 'Openacc/cupti_openacc.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'Openmp/omp-tools.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cooperative_groups/details/sync.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1106: 'cooperative_groups/memcpy_async.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
// DIAG: warning: HC1106: 'cooperative_groups/reduce.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
// DIAG: warning: HC1106: 'cooperative_groups/scan.h' is a cooperative-groups extension HIP does not provide: left unchanged [cg-extension]
// DIAG: warning: HC1010: header 'cooperative_groups_helpers.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'crt/mma.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'crt/mma.hpp' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cublasXt.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda/std/atomic' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaD3D11.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaEGL.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaEGLTypedefs.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaGL.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaGLTypedefs.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaProfilerTypedefs.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaTypedefs.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaVDPAU.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudaVDPAUTypedefs.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_awbarrier.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_awbarrier_helpers.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_awbarrier_primitives.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_d3d11_interop.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_egl_interop.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_fp4.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_fp4.hpp' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_fp6.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_fp6.hpp' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_gl_interop.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_occupancy.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_pipeline.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_pipeline_helpers.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_pipeline_primitives.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuda_vdpau_interop.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cudart_platform.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cufft_device.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cufftw.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cufile.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cupti.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cusparseLt.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cutensor.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cutensorMg.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'cuviddec.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'fatBinaryCtl.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'fatbinary.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'fatbinary_section.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'generated_cuda_meta.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'mma.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nccl_device.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'npp.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nv/target' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvFatbin.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvJitLink.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvPTXCompiler.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nv_decode.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvblas.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvcuvid.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvfunctional' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvgraph.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvjpeg.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvml.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvperf_host.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvrtc_builtins.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG: warning: HC1010: header 'nvvm.h' has no HIP equivalent; left unchanged [unsupported-header]
// DIAG-NOT: HC1010
// CHECK-LABEL: // END-OF-CHECKS
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <Openacc/cupti_openacc.h>
// CHECK-NEXT: #include <Openmp/omp-tools.h>
// CHECK-NEXT: #include <caffe2/core/hip/common_miopen.h>
// CHECK-NEXT: #include <caffe2/operators/hip/spatial_batch_norm_op_miopen.hip>
// CHECK-NEXT: #include <hip/channel_descriptor.h>
// CHECK-NEXT: #include <hip/hip_cooperative_groups.h>
// CHECK-NEXT: #include <cooperative_groups/details/sync.h>
// CHECK-NEXT: #include <cooperative_groups/memcpy_async.h>
// CHECK-NEXT: #include <cooperative_groups/reduce.h>
// CHECK-NEXT: #include <cooperative_groups/scan.h>
// CHECK-NEXT: #include <cooperative_groups_helpers.h>
// CHECK-NEXT: #include <hip/device_functions.h>
// CHECK-NEXT: #include <hip/math_functions.h>
// CHECK-NEXT: #include <crt/mma.h>
// CHECK-NEXT: #include <crt/mma.hpp>
// CHECK-NEXT: #include <hip/hip_complex.h>
// CHECK-NEXT: #include <hipcub/hipcub.hpp>
// CHECK-NEXT: #include <hipblas/hipblas.h>
// CHECK-NEXT: #include <hipblaslt/hipblaslt.h>
// CHECK-NEXT: #include <cublasXt.h>
// CHECK-NEXT: #include <cuda/std/atomic>
// CHECK-NEXT: #include <cudaD3D11.h>
// CHECK-NEXT: #include <cudaEGL.h>
// CHECK-NEXT: #include <cudaEGLTypedefs.h>
// CHECK-NEXT: #include <cudaGL.h>
// CHECK-NEXT: #include <cudaGLTypedefs.h>
// CHECK-NEXT: #include <hip/hip_runtime_api.h>
// CHECK-NEXT: #include <cudaProfilerTypedefs.h>
// CHECK-NEXT: #include <cudaTypedefs.h>
// CHECK-NEXT: #include <cudaVDPAU.h>
// CHECK-NEXT: #include <cudaVDPAUTypedefs.h>
// CHECK-NEXT: #include <cuda_awbarrier.h>
// CHECK-NEXT: #include <cuda_awbarrier_helpers.h>
// CHECK-NEXT: #include <cuda_awbarrier_primitives.h>
// CHECK-NEXT: #include <hip/hip_bf16.h>
// CHECK-NEXT: #include <cuda_d3d11_interop.h>
// CHECK-NEXT: #include <cuda_egl_interop.h>
// CHECK-NEXT: #include <hip/hip_fp16.h>
// CHECK-NEXT: #include <cuda_fp4.h>
// CHECK-NEXT: #include <cuda_fp4.hpp>
// CHECK-NEXT: #include <cuda_fp6.h>
// CHECK-NEXT: #include <cuda_fp6.hpp>
// CHECK-NEXT: #include <hip/hip_fp8.h>
// CHECK-NEXT: #include <cuda_gl_interop.h>
// CHECK-NEXT: #include <cuda_occupancy.h>
// CHECK-NEXT: #include <cuda_pipeline.h>
// CHECK-NEXT: #include <cuda_pipeline_helpers.h>
// CHECK-NEXT: #include <cuda_pipeline_primitives.h>
// CHECK-NEXT: #include <stdint.h>
// CHECK-NEXT: #include <hip/surface_types.h>
// CHECK-NEXT: #include <hip/hip_texture_types.h>
// CHECK-NEXT: #include <cuda_vdpau_interop.h>
// CHECK-NEXT: #include <hipfft/hiplibxt.h>
// CHECK-NEXT: #include <cudart_platform.h>
// CHECK-NEXT: #include <hipDNN.h>
// CHECK-NEXT: #include <hipfft/hipfft.h>
// CHECK-NEXT: #include <hipfft/hipfftXt.h>
// CHECK-NEXT: #include <cufft_device.h>
// CHECK-NEXT: #include <cufftw.h>
// CHECK-NEXT: #include <cufile.h>
// CHECK-NEXT: #include <cupti.h>
// CHECK-NEXT: #include <hiprand/hiprand.h>
// CHECK-NEXT: #include <hiprand/hiprand_kernel.h>
// CHECK-NEXT: #include <hiprand/hiprand_mtgp32_host.h>
// CHECK-NEXT: #include <rocrand/rocrand_mtgp32_11213.h>
// CHECK-NEXT: #include <hipsolver/hipsolver.h>
// CHECK-NEXT: #include <hipsparse/hipsparse.h>
// CHECK-NEXT: #include <cusparseLt.h>
// CHECK-NEXT: #include <cutensor.h>
// CHECK-NEXT: #include <cutensorMg.h>
// CHECK-NEXT: #include <cuviddec.h>
// CHECK-NEXT: #include <hip/driver_types.h>
// CHECK-NEXT: #include <fatBinaryCtl.h>
// CHECK-NEXT: #include <fatbinary.h>
// CHECK-NEXT: #include <fatbinary_section.h>
// CHECK-NEXT: #include <generated_cuda_meta.h>
// CHECK-NEXT: #include <hip/library_types.h>
// CHECK-NEXT: #include <hip/hip_math_constants.h>
// CHECK-NEXT: #include <mma.h>
// CHECK-NEXT: #include <rccl/rccl.h>
// CHECK-NEXT: #include <nccl_device.h>
// CHECK-NEXT: #include <npp.h>
// CHECK-NEXT: #include <nv/target>
// CHECK-NEXT: #include <nvFatbin.h>
// CHECK-NEXT: #include <nvJitLink.h>
// CHECK-NEXT: #include <nvPTXCompiler.h>
// CHECK-NEXT: #include <roctracer/roctx.h>
// CHECK-NEXT: #include <nv_decode.h>
// CHECK-NEXT: #include <nvblas.h>
// CHECK-NEXT: #include <nvcuvid.h>
// CHECK-NEXT: #include <nvfunctional>
// CHECK-NEXT: #include <nvgraph.h>
// CHECK-NEXT: #include <nvjpeg.h>
// CHECK-NEXT: #include <nvml.h>
// CHECK-NEXT: #include <nvperf_host.h>
// CHECK-NEXT: #include <hip/hiprtc.h>
// CHECK-NEXT: #include <nvrtc_builtins.h>
// CHECK-NEXT: #include <nvvm.h>
// CHECK-NEXT: #include <hip/texture_types.h>
// CHECK-NEXT: #include <thrust/sort.h>
// CHECK-NEXT: #include <thrust/async/sort.h>
// CHECK-NEXT: #include <thrust/system/hip/execution_policy.h>
// CHECK-NEXT: #include <hip/hip_vector_types.h>
// CHECK-NEXT: __global__ void k() {}
// OLD-LABEL: // END-OF-CHECKS
// OLD-NEXT: #include <hip/hip_runtime.h>
// OLD-NEXT: #include <Openacc/cupti_openacc.h>
// OLD-NEXT: #include <Openmp/omp-tools.h>
// OLD-NEXT: #include <caffe2/core/hip/common_miopen.h>
// OLD-NEXT: #include <caffe2/operators/hip/spatial_batch_norm_op_miopen.hip>
// OLD-NEXT: #include <hip/channel_descriptor.h>
// OLD-NEXT: #include <hip/hip_cooperative_groups.h>
// OLD-NEXT: #include <cooperative_groups/details/sync.h>
// OLD-NEXT: #include <cooperative_groups/memcpy_async.h>
// OLD-NEXT: #include <cooperative_groups/reduce.h>
// OLD-NEXT: #include <cooperative_groups/scan.h>
// OLD-NEXT: #include <cooperative_groups_helpers.h>
// OLD-NEXT: #include <hip/device_functions.h>
// OLD-NEXT: #include <hip/math_functions.h>
// OLD-NEXT: #include <crt/mma.h>
// OLD-NEXT: #include <crt/mma.hpp>
// OLD-NEXT: #include <hip/hip_complex.h>
// OLD-NEXT: #include <hipcub/hipcub.hpp>
// OLD-NEXT: #include <hipblas.h>
// OLD-NEXT: #include <cublasLt.h>
// OLD-NEXT: #include <cublasXt.h>
// OLD-NEXT: #include <cuda/std/atomic>
// OLD-NEXT: #include <cudaD3D11.h>
// OLD-NEXT: #include <cudaEGL.h>
// OLD-NEXT: #include <cudaEGLTypedefs.h>
// OLD-NEXT: #include <cudaGL.h>
// OLD-NEXT: #include <cudaGLTypedefs.h>
// OLD-NEXT: #include <hip/hip_runtime_api.h>
// OLD-NEXT: #include <cudaProfilerTypedefs.h>
// OLD-NEXT: #include <cudaTypedefs.h>
// OLD-NEXT: #include <cudaVDPAU.h>
// OLD-NEXT: #include <cudaVDPAUTypedefs.h>
// OLD-NEXT: #include <cuda_awbarrier.h>
// OLD-NEXT: #include <cuda_awbarrier_helpers.h>
// OLD-NEXT: #include <cuda_awbarrier_primitives.h>
// OLD-NEXT: #include <hip/hip_bfloat16.h>
// OLD-NEXT: #include <cuda_d3d11_interop.h>
// OLD-NEXT: #include <cuda_egl_interop.h>
// OLD-NEXT: #include <hip/hip_fp16.h>
// OLD-NEXT: #include <cuda_fp4.h>
// OLD-NEXT: #include <cuda_fp4.hpp>
// OLD-NEXT: #include <cuda_fp6.h>
// OLD-NEXT: #include <cuda_fp6.hpp>
// OLD-NEXT: #include <cuda_gl_interop.h>
// OLD-NEXT: #include <cuda_occupancy.h>
// OLD-NEXT: #include <cuda_pipeline.h>
// OLD-NEXT: #include <cuda_pipeline_helpers.h>
// OLD-NEXT: #include <cuda_pipeline_primitives.h>
// OLD-NEXT: #include <stdint.h>
// OLD-NEXT: #include <hip/surface_types.h>
// OLD-NEXT: #include <hip/hip_texture_types.h>
// OLD-NEXT: #include <cuda_vdpau_interop.h>
// OLD-NEXT: #include <cudalibxt.h>
// OLD-NEXT: #include <cudart_platform.h>
// OLD-NEXT: #include <hipDNN.h>
// OLD-NEXT: #include <hipfft.h>
// OLD-NEXT: #include <hipfftXt.h>
// OLD-NEXT: #include <cufft_device.h>
// OLD-NEXT: #include <cufftw.h>
// OLD-NEXT: #include <cufile.h>
// OLD-NEXT: #include <cupti.h>
// OLD-NEXT: #include <hiprand.h>
// OLD-NEXT: #include <hiprand_kernel.h>
// OLD-NEXT: #include <hiprand_mtgp32_host.h>
// OLD-NEXT: #include <rocrand_mtgp32_11213.h>
// OLD-NEXT: #include <hipsolver.h>
// OLD-NEXT: #include <hipsparse.h>
// OLD-NEXT: #include <cusparseLt.h>
// OLD-NEXT: #include <cutensor.h>
// OLD-NEXT: #include <cutensorMg.h>
// OLD-NEXT: #include <cuviddec.h>
// OLD-NEXT: #include <hip/driver_types.h>
// OLD-NEXT: #include <fatBinaryCtl.h>
// OLD-NEXT: #include <fatbinary.h>
// OLD-NEXT: #include <fatbinary_section.h>
// OLD-NEXT: #include <generated_cuda_meta.h>
// OLD-NEXT: #include <hip/library_types.h>
// OLD-NEXT: #include <math_constants.h>
// OLD-NEXT: #include <mma.h>
// OLD-NEXT: #include <rccl.h>
// OLD-NEXT: #include <nccl_device.h>
// OLD-NEXT: #include <npp.h>
// OLD-NEXT: #include <nv/target>
// OLD-NEXT: #include <nvFatbin.h>
// OLD-NEXT: #include <nvJitLink.h>
// OLD-NEXT: #include <nvPTXCompiler.h>
// OLD-NEXT: #include <roctracer/roctx.h>
// OLD-NEXT: #include <nv_decode.h>
// OLD-NEXT: #include <nvblas.h>
// OLD-NEXT: #include <nvcuvid.h>
// OLD-NEXT: #include <nvfunctional>
// OLD-NEXT: #include <nvgraph.h>
// OLD-NEXT: #include <nvjpeg.h>
// OLD-NEXT: #include <nvml.h>
// OLD-NEXT: #include <nvperf_host.h>
// OLD-NEXT: #include <hip/hiprtc.h>
// OLD-NEXT: #include <nvrtc_builtins.h>
// OLD-NEXT: #include <nvvm.h>
// OLD-NEXT: #include <hip/texture_types.h>
// OLD-NEXT: #include <thrust/sort.h>
// OLD-NEXT: #include <thrust/async/sort.h>
// OLD-NEXT: #include <thrust/system/hip/execution_policy.h>
// OLD-NEXT: #include <hip/hip_vector_types.h>
// OLD-NEXT: __global__ void k() {}
// END-OF-CHECKS
#include <cuda_runtime.h>
#include <Openacc/cupti_openacc.h>
#include <Openmp/omp-tools.h>
#include <builtin_types.h>
#include <caffe2/core/common_cudnn.h>
#include <caffe2/operators/spatial_batch_norm_op.h>
#include <channel_descriptor.h>
#include <common_functions.h>
#include <cooperative_groups.h>
#include <cooperative_groups/details/sync.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cooperative_groups_helpers.h>
#include <crt/host_defines.h>
#include <crt/device_functions.h>
#include <crt/device_functions.hpp>
#include <crt/math_functions.h>
#include <crt/math_functions.hpp>
#include <crt/mma.h>
#include <crt/mma.hpp>
#include <cuComplex.h>
#include <cub/cub.cuh>
#include <cub/block/block_load.cuh>
#include <cub/agent/agent_reduce.cuh>
#include <cublas.h>
#include <cublasLt.h>
#include <cublasXt.h>
#include <cublas_api.h>
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda/std/atomic>
#include <cudaD3D11.h>
#include <cudaEGL.h>
#include <cudaEGLTypedefs.h>
#include <cudaGL.h>
#include <cudaGLTypedefs.h>
#include <cudaProfiler.h>
#include <cudaProfilerTypedefs.h>
#include <cudaTypedefs.h>
#include <cudaVDPAU.h>
#include <cudaVDPAUTypedefs.h>
#include <cuda_awbarrier.h>
#include <cuda_awbarrier_helpers.h>
#include <cuda_awbarrier_primitives.h>
#include <cuda_bf16.h>
#include <cuda_bf16.hpp>
#include <cuda_d3d11_interop.h>
#include <cuda_device_runtime_api.h>
#include <cuda_egl_interop.h>
#include <cuda_fp16.h>
#include <cuda_fp16.hpp>
#include <cuda_fp4.h>
#include <cuda_fp4.hpp>
#include <cuda_fp6.h>
#include <cuda_fp6.hpp>
#include <cuda_fp8.h>
#include <cuda_fp8.hpp>
#include <cuda_gl_interop.h>
#include <cuda_occupancy.h>
#include <cuda_pipeline.h>
#include <cuda_pipeline_helpers.h>
#include <cuda_pipeline_primitives.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>
#include <cuda_stdint.h>
#include <cuda_surface_types.h>
#include <cuda_texture_types.h>
#include <cuda_vdpau_interop.h>
#include <cudalibxt.h>
#include <cudart_platform.h>
#include <cudnn.h>
#include <cudnn_adv.h>
#include <cudnn_adv_infer.h>
#include <cudnn_adv_train.h>
#include <cudnn_adv_v9.h>
#include <cudnn_backend.h>
#include <cudnn_backend_v9.h>
#include <cudnn_cnn.h>
#include <cudnn_cnn_infer.h>
#include <cudnn_cnn_train.h>
#include <cudnn_cnn_v9.h>
#include <cudnn_graph.h>
#include <cudnn_graph_v9.h>
#include <cudnn_ops.h>
#include <cudnn_ops_infer.h>
#include <cudnn_ops_train.h>
#include <cudnn_ops_v9.h>
#include <cudnn_v9.h>
#include <cudnn_version.h>
#include <cudnn_version_v9.h>
#include <cufft.h>
#include <cufftXt.h>
#include <cufft_device.h>
#include <cufftw.h>
#include <cufile.h>
#include <cupti.h>
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
#include <curand_mtgp32dc_p_11213.h>
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
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
#include <cusolver_common.h>
#include <cusparse.h>
#include <cusparseLt.h>
#include <cusparse_v2.h>
#include <cutensor.h>
#include <cutensorMg.h>
#include <cuviddec.h>
#include <device_atomic_functions.h>
#include <device_atomic_functions.hpp>
#include <device_double_functions.h>
#include <device_functions.h>
#include <device_functions.hpp>
#include <device_functions_decls.h>
#include <device_launch_parameters.h>
#include <device_types.h>
#include <driver_functions.h>
#include <driver_types.h>
#include <fatBinaryCtl.h>
#include <fatbinary.h>
#include <fatbinary_section.h>
#include <generated_cuda_meta.h>
#include <host_config.h>
#include <host_defines.h>
#include <host_runtime.h>
#include <library_types.h>
#include <math_constants.h>
#include <math_functions.h>
#include <math_functions.hpp>
#include <math_functions_dbl_ptx3.h>
#include <mma.h>
#include <nccl.h>
#include <nccl_device.h>
#include <npp.h>
#include <nv/target>
#include <nvFatbin.h>
#include <nvJitLink.h>
#include <nvPTXCompiler.h>
#include <nvToolsExt.h>
#include <nv_decode.h>
#include <nvblas.h>
#include <nvcuvid.h>
#include <nvfunctional>
#include <nvgraph.h>
#include <nvjpeg.h>
#include <nvml.h>
#include <nvperf_host.h>
#include <nvrtc.h>
#include <nvrtc_builtins.h>
#include <nvtx3/nvToolsExt.h>
#include <nvvm.h>
#include <sm_32_intrinsics.h>
#include <surface_functions.h>
#include <surface_functions.hpp>
#include <surface_indirect_functions.h>
#include <surface_indirect_functions.hpp>
#include <surface_types.h>
#include <texture_fetch_functions.h>
#include <texture_fetch_functions.hpp>
#include <texture_indirect_functions.h>
#include <texture_indirect_functions.hpp>
#include <texture_types.h>
#include <thrust/sort.h>
#include <thrust/async/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include <vector_functions.h>
#include <vector_functions.hpp>
#include <vector_types.h>
__global__ void k() {}
