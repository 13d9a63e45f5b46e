#!/usr/bin/env python3
# test_compat_derive.py: unit test of compat_derive.py's pairing rules on small synthetic HIP and CUDA headers
# (values, renames, the Width rule, removed fields, aliases); it does not read the installed headers.
"""usage: test_compat_derive.py NVIDIA_COMPAT_DIR   (exit 1 on the first failed expectation)"""
import os
import sys
import tempfile

HIP_API = """
typedef enum __HIP_NODISCARD hipError_t {
    hipSuccess = 0,
    hipErrorInvalidValue = 1,
    hipErrorOutOfMemory = 2,
    hipErrorMemoryAllocation = 2,  // alias: same value
    hipErrorAssert = 710,
    hipErrorRuntimeMemory = 1052,
    hipErrorRuntimeOther,           /* implicit: 1053 */
} hipError_t;
typedef enum hipDeviceAttribute_t {
    hipDeviceAttributeCudaCompatibleBegin = 0,
    hipDeviceAttributeEccEnabled = hipDeviceAttributeCudaCompatibleBegin,
    hipDeviceAttributeMaxSurface2D,
    hipDeviceAttributeMemoryBusWidth,
    hipDeviceAttributeMultiprocessorCount,
    hipDeviceAttributeUuid,
    hipDeviceAttributeCudaCompatibleEnd = 9999,
} hipDeviceAttribute_t;
typedef struct hipDeviceProp_t {
    char name[256];
    int maxGridSize[3];
    int clockRate;             ///< removed from cudaDeviceProp in this CUDA: read the attribute
    size_t maxSharedMemoryPerMultiProcessor;
    unsigned int* hdpMemFlushCntl;
    int managedMemory;
} hipDeviceProp_t;
"""
WRAPPER = """
inline static hipError_t hipGetDeviceProperties(hipDeviceProp_t* p_prop, int device) {
    p_prop->clockRate = 1;
}
inline static hipError_t hipDeviceGetAttribute(int* pi, hipDeviceAttribute_t attr, int device) {
    switch (attr) {
        case hipDeviceAttributeEccEnabled: break;
    }
}
"""
DRIVER_TYPES = """
enum __device_builtin__ cudaError
{
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorAssert = 710,
    cudaErrorIllegalInstruction = 715,
};
enum __device_builtin__ cudaDeviceAttr
{
    cudaDevAttrEccEnabled = 32,
    cudaDevAttrMaxSurface2DWidth = 56,
    cudaDevAttrGlobalMemoryBusWidth = 37,
    cudaDevAttrMultiProcessorCount = 16,
    cudaDevAttrClockRate = 13,
    cudaDevAttrManagedMemory = 83,
};
struct __device_builtin__ cudaDeviceProp
{
    char name[256];
    int maxGridSize[3];
    size_t sharedMemPerMultiprocessor;
    int managedMemory;
};
"""
CUDA_H = """
typedef enum cudaError_enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202,
    CUDA_ERROR_ASSERT = 710,
} CUresult;
"""


def expect(what, got, wanted):
    if got != wanted:
        print("FAIL %s: got %r, expected %r" % (what, got, wanted))
        sys.exit(1)
    print("ok %s" % what)


def main(compat_dir):
    sys.path.insert(0, compat_dir)
    import compat_derive as d

    with tempfile.TemporaryDirectory(prefix="compat-derive-") as root:
        files = {"hip/include/hip/hip_runtime_api.h": HIP_API,
                 "hip/include/hip/nvidia_detail/nvidia_hip_runtime_api.h": WRAPPER,
                 "cuda/include/driver_types.h": DRIVER_TYPES, "cuda/include/cuda.h": CUDA_H,
                 "cuda/include/cuda_runtime_api.h": "#define CUDART_VERSION 12080\n"}
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        x = d.Derivation(os.path.join(root, "hip/include"), os.path.join(root, "cuda/include"))

    expect("CUDART_VERSION read", x.cudart_version, 12080)
    expect("errors pair by value, first name of an alias", x.error_pairs,
           [("hipSuccess", "cudaSuccess"), ("hipErrorInvalidValue", "cudaErrorInvalidValue"),
            ("hipErrorOutOfMemory", "cudaErrorMemoryAllocation"), ("hipErrorAssert", "cudaErrorAssert")])
    expect("implicit enumerator values", x.hip_only_errors, ["hipErrorRuntimeMemory", "hipErrorRuntimeOther"])
    expect("CUDA-only codes", x.cuda_only_errors, ["cudaErrorIllegalInstruction"])
    expect("CUresult pairs", x.cu_pairs, [("CUDA_SUCCESS", "hipSuccess"), ("CUDA_ERROR_INVALID_VALUE",
                                                                         "hipErrorInvalidValue"),
                                          ("CUDA_ERROR_ASSERT", "hipErrorAssert")])
    expect("driver-only codes", x.cu_only, ["CUDA_ERROR_CONTEXT_ALREADY_CURRENT"])
    expect("attributes: exact, Width rule, rename, case-insensitive; alias of Begin skipped", x.attr_pairs,
           [("hipDeviceAttributeEccEnabled", "cudaDevAttrEccEnabled"),
            ("hipDeviceAttributeMaxSurface2D", "cudaDevAttrMaxSurface2DWidth"),
            ("hipDeviceAttributeMemoryBusWidth", "cudaDevAttrGlobalMemoryBusWidth"),
            ("hipDeviceAttributeMultiprocessorCount", "cudaDevAttrMultiProcessorCount")])
    expect("attributes without counterpart", x.hip_only_attrs, ["hipDeviceAttributeUuid"])
    expect("props by name and rename, arrays keep extents", [(h, c, dims) for h, c, dims, _ in x.prop_pairs],
           [("name", "name", (256,)), ("maxGridSize", "maxGridSize", (3,)),
            ("maxSharedMemoryPerMultiProcessor", "sharedMemPerMultiprocessor", ()),
            ("managedMemory", "managedMemory", ())])
    expect("a removed field is read through its attribute", x.prop_attrs, [("clockRate", "cudaDevAttrClockRate")])
    expect("HIP-only fields", x.hip_only_props, ["hdpMemFlushCntl"])
    fill = x.render_props_fill()
    expect("fill copies what HIP leaves unset", "p_prop->managedMemory = cdprop.managedMemory;" in fill, True)
    expect("fill leaves what HIP already sets", "clockRate" in fill, False)
    helper = x.render_attr_helper()
    expect("helper maps what the switch lacks", "case hipDeviceAttributeMaxSurface2D:" in helper, True)
    expect("helper leaves what the switch maps", "case hipDeviceAttributeEccEnabled:" in helper, False)
    errors = x.render_error_functions()
    expect("one case per pair in each direction",
           (errors.count("case cudaErrorAssert: return hipErrorAssert;"),
            errors.count("case hipErrorAssert: return cudaErrorAssert;")), (1, 1))
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
