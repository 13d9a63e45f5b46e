/* shim_props.c: accessors for the cudaDeviceProp members that HIP 5.2's hipDeviceProp_t lacks, generated
 * from hipify_shim_props.def. It does not cache answers (no global state): each call asks the runtime. */
#include "hipify_shim.h"
#include <string.h>

/* The device a property structure describes: the one at the same PCI location; the current device when
 * none matches (a structure filled by hand, as for cudaChooseDevice). */
static int device_of_props(const hipDeviceProp_t *prop) {
    int count = 0, current = 0;
    if (prop != NULL && hipGetDeviceCount(&count) == hipSuccess) {
        for (int device = 0; device < count; device++) {
            hipDeviceProp_t candidate;
            if (hipGetDeviceProperties(&candidate, device) != hipSuccess) continue;
            if (candidate.pciDomainID == prop->pciDomainID && candidate.pciBusID == prop->pciBusID &&
                candidate.pciDeviceID == prop->pciDeviceID && strcmp(candidate.name, prop->name) == 0)
                return device;
        }
    }
    return hipGetDevice(&current) == hipSuccess ? current : 0;
}

#if !defined(__HIP_PLATFORM_NVIDIA__)
/* Answers for HIP 5.2 on AMD, whose hipDeviceGetAttribute rejects these attributes (HIP 6 answers them). */

/* AMD GPUs keep no part of a workgroup's LDS for the system: nothing is reserved per block. */
static long long amd_reserved_shared_mem_per_block(int device) {
    (void)device;
    return 0;
}

/* AMD has no opt-in above the default: a kernel may use the whole per-block LDS limit without asking. */
static long long amd_shared_mem_per_block_optin(int device) {
    int value = 0;
    return hipDeviceGetAttribute(&value, hipDeviceAttributeMaxSharedMemoryPerBlock, device) == hipSuccess ? value : 0;
}

/* HIP 5.2 spells this member maxSharedMemoryPerMultiProcessor. */
static long long amd_shared_mem_per_multiprocessor(int device) {
    hipDeviceProp_t prop;
    return hipGetDeviceProperties(&prop, device) == hipSuccess ? (long long)prop.maxSharedMemoryPerMultiProcessor : 0;
}

/* Priorities are supported exactly when the device's priority range holds more than one value. */
static long long amd_stream_priorities_supported(int device) {
    int current = 0, least = 0, greatest = 0;
    if (hipGetDevice(&current) != hipSuccess || hipSetDevice(device) != hipSuccess) return 0;
    hipError_t status = hipDeviceGetStreamPriorityRange(&least, &greatest);
    (void)hipSetDevice(current);
    return status == hipSuccess && least != greatest;
}

/* What HIP itself reports on ROCm from HIP 6.0 on: deviceOverlap = (asyncEngineCount > 0), where ROCm's
 * device layer gives every GPU the same positive number of asynchronous queues (kMaxAsyncQueues). So every
 * AMD device answers 1, as it does under HIP 6: copies and kernels can run concurrently. */
static long long amd_device_overlap(int device) {
    (void)device;
    return 1;
}

/* HIP on Linux maps every host and device allocation into one virtual address space (hipMemcpyDefault and
 * hipPointerGetAttributes accept any pointer): that is what CUDA's unifiedAddressing = 1 promises. */
static long long amd_unified_addressing(int device) {
    (void)device;
    return 1;
}
#endif

#if defined(__HIP_PLATFORM_NVIDIA__)
/* HIP 5.2's NVIDIA wrapper forwards only some attributes: ask CUDA itself. */
#define HIPIFY_SHIM_PROP(member, accessor, type, hip_attr, cuda_attr, amd_fallback) \
    type accessor(const hipDeviceProp_t *prop) {                                    \
        int value = 0;                                                              \
        if (cudaDeviceGetAttribute(&value, cuda_attr, device_of_props(prop)) != cudaSuccess) return 0; \
        return (type)value;                                                         \
    }
#else
#define HIPIFY_SHIM_PROP(member, accessor, type, hip_attr, cuda_attr, amd_fallback) \
    type accessor(const hipDeviceProp_t *prop) {                                    \
        int device = device_of_props(prop), value = 0;                              \
        if (hipDeviceGetAttribute(&value, hip_attr, device) == hipSuccess) return (type)value; \
        return (type)amd_fallback(device);                                          \
    }
#endif
#include "hipify_shim_props.def"
#undef HIPIFY_SHIM_PROP
