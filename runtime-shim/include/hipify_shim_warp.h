/* hipify_shim_warp.h: the CUDA 9 *_sync warp intrinsics for AMD HIP releases that lack them, correct for
 * 32- and 64-lane wavefronts with 64-bit masks. It defines nothing where HIP (or CUDA) already has them. */

/* Why each helper is faithful on AMD (docs/shim.md has the full argument):
 * - AMD wavefronts execute in lockstep: a lane is either active at an instruction or masked off by the
 *   EXEC register; there is no independent thread scheduling. CUDA's mask only promises which lanes
 *   take part; every lane in it that is active here is already converged, so an operation over the
 *   active lanes is the operation over the mask's active lanes.
 * - Lanes named by the mask that are not active cannot be waited for (CUDA would wait). With
 *   HIPIFY_SHIM_WARP_CHECK defined the helpers trap then; compile-time constant masks that name lanes
 *   the target does not have are diagnosed by the compiler (diagnose_if) in every build.
 * Override the detection with -DHIPIFY_SHIM_WARP_NATIVE=1 (HIP has them) or =0 (use these). */
#ifndef HIPIFY_SHIM_WARP_H
#define HIPIFY_SHIM_WARP_H

#if defined(__HIPCC__) || defined(__CUDACC__)
#include <hip/hip_runtime.h>

/* HIP-CPU (the host runs kernels, 64-lane warps) defines __HIPCC__ without __HIP_PLATFORM_AMD__ and has
 * no *_sync functions: it takes the AMD helpers, over its own __ballot and __shfl. */
#if defined(__HIP_CPU_RT__)
#define HIPIFY_SHIM_WARP_AMD_LIKE 1
#elif defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)
#define HIPIFY_SHIM_WARP_AMD_LIKE 1
#else
#define HIPIFY_SHIM_WARP_AMD_LIKE 0
#endif

#if !defined(HIPIFY_SHIM_WARP_NATIVE)
#if !HIPIFY_SHIM_WARP_AMD_LIKE
/* HIP on NVIDIA: CUDA's own intrinsics are used unchanged. */
#define HIPIFY_SHIM_WARP_NATIVE 1
#elif defined(__has_include)
/* HIP 6.2 added the *_sync functions in amd_warp_sync_functions.h, behind HIP_ENABLE_WARP_SYNC_BUILTINS
 * until HIP 7 enabled them by default. */
#if __has_include(<hip/amd_detail/amd_warp_sync_functions.h>) && \
    (HIP_VERSION_MAJOR >= 7 || defined(HIP_ENABLE_WARP_SYNC_BUILTINS))
#define HIPIFY_SHIM_WARP_NATIVE 1
#else
#define HIPIFY_SHIM_WARP_NATIVE 0
#endif
#else
#define HIPIFY_SHIM_WARP_NATIVE 0
#endif
#endif

/* A mask naming every lane of a warp or wavefront, for code that must compile for both vendors. */
#if HIPIFY_SHIM_WARP_AMD_LIKE
#define HIPIFY_FULL_WARP_MASK (~0ull)
#else
#define HIPIFY_FULL_WARP_MASK (0xffffffffu)
#endif

#if !HIPIFY_SHIM_WARP_NATIVE

/* The lanes a wavefront of this target has; warpSize is a constant expression in HIP for AMD. */
#define HIPIFY_WAVE_LANES_MASK (warpSize == 64 ? ~0ull : ((1ull << warpSize) - 1ull))

/* Compile-time checks of constant masks (ignored by the compiler when the mask is not a constant).
 * An all-ones 64-bit mask (~0ull) is the portable "whole wave" idiom and is always accepted. */
#if !defined(__clang__)
/* diagnose_if is clang's (hipcc); g++ builds HIP-CPU ports and has no such attribute */
#define HIPIFY_WARP_MASK_CHECKS(mask)
#else
#define HIPIFY_WARP_MASK_CHECKS(mask)                                                                    \
    __attribute__((diagnose_if((mask) != ~0ull && ((mask) & ~HIPIFY_WAVE_LANES_MASK) != 0,                 \
                               "hipify-shim: warp mask names lanes this target's wavefront does not have", \
                               "warning")))                                                              \
    __attribute__((diagnose_if(warpSize == 64 && (mask) == 0xffffffffull,                                 \
                               "hipify-shim: 32-bit full mask covers only lanes 0-31 of a 64-lane "       \
                               "wavefront; use ~0ull or __activemask()",                                  \
                               "warning")))
#endif

/* HIP-CPU, as the wave64 tier patches it, takes the place each warp operation is called from, to stop a run
 * where two arms of a branch meet in one operation; the helpers forward their caller's place, so that two
 * __ballot_sync calls in two arms are told apart. Elsewhere these add nothing. */
#if defined(__HIP_CPU_WARP_SITES__)
#define HIPIFY_SHIM_SITE_ONLY                                                                            \
    const char *hipify_site_file = __builtin_FILE(), std::uint32_t hipify_site_line = __builtin_LINE(),   \
                std::uint32_t hipify_site_column = __HIP_CPU_SITE_COLUMN__
#define HIPIFY_SHIM_SITE_PARAMS , HIPIFY_SHIM_SITE_ONLY
#define HIPIFY_SHIM_SITE , hipify_site_file, hipify_site_line, hipify_site_column
#else
#define HIPIFY_SHIM_SITE_ONLY
#define HIPIFY_SHIM_SITE_PARAMS
#define HIPIFY_SHIM_SITE
#endif

/* Lanes of the mask that exist on this target (the all-ones idiom becomes the whole wave). */
__device__ static inline unsigned long long hipify_shim_lanes(unsigned long long mask) {
    return mask & HIPIFY_WAVE_LANES_MASK;
}

/* With HIPIFY_SHIM_WARP_CHECK: traps when a lane of the mask is not active, the one case lockstep
 * execution cannot honour (CUDA would wait for that lane to arrive). Without it: nothing, no cost. */
__device__ static inline void hipify_shim_check_mask(unsigned long long mask, const char *what) {
#if defined(HIPIFY_SHIM_WARP_CHECK)
    unsigned long long missing = hipify_shim_lanes(mask) & ~__ballot(1);
    if (missing != 0) {
        printf("hipify-shim: %s: mask 0x%llx names lanes that are not active here (0x%llx)\n", what, mask,
               missing);
        __builtin_trap();
    }
#else
    (void)mask;
    (void)what;
#endif
}

__device__ static inline unsigned long long __activemask(HIPIFY_SHIM_SITE_ONLY) { return __ballot(1 HIPIFY_SHIM_SITE); }

/* CUDA: bit N set iff lane N is in mask, active, and its predicate is non-zero. */
__device__ static inline unsigned long long __ballot_sync(unsigned long long mask, int predicate HIPIFY_SHIM_SITE_PARAMS)
    HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__ballot_sync");
    return __ballot(predicate HIPIFY_SHIM_SITE) & hipify_shim_lanes(mask);
}

/* CUDA: non-zero iff the predicate is non-zero for any active lane of mask. */
__device__ static inline int __any_sync(unsigned long long mask, int predicate HIPIFY_SHIM_SITE_PARAMS)
    HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__any_sync");
    return (__ballot(predicate HIPIFY_SHIM_SITE) & hipify_shim_lanes(mask)) != 0;
}

/* CUDA: non-zero iff the predicate is non-zero for every active lane of mask. Inactive lanes take no part,
 * so they are compared away on both sides. */
__device__ static inline int __all_sync(unsigned long long mask, int predicate HIPIFY_SHIM_SITE_PARAMS)
    HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__all_sync");
    unsigned long long lanes = hipify_shim_lanes(mask) & __ballot(1 HIPIFY_SHIM_SITE);
    return (__ballot(predicate HIPIFY_SHIM_SITE) & lanes) == lanes;
}

/* Shuffles: HIP's __shfl family already works on the whole wavefront (width defaults to warpSize, so 64
 * on CDNA); the mask adds no restriction on lockstep hardware beyond the check. */
template <typename T>
__device__ static inline T __shfl_sync(unsigned long long mask, T var, int src_lane,
                                       int width = warpSize HIPIFY_SHIM_SITE_PARAMS) HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__shfl_sync");
    return __shfl(var, src_lane, width HIPIFY_SHIM_SITE);
}

template <typename T>
__device__ static inline T __shfl_up_sync(unsigned long long mask, T var, unsigned int delta,
                                       int width = warpSize HIPIFY_SHIM_SITE_PARAMS) HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__shfl_up_sync");
    return __shfl_up(var, delta, width HIPIFY_SHIM_SITE);
}

template <typename T>
__device__ static inline T __shfl_down_sync(unsigned long long mask, T var, unsigned int delta,
                                            int width = warpSize HIPIFY_SHIM_SITE_PARAMS) HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__shfl_down_sync");
    return __shfl_down(var, delta, width HIPIFY_SHIM_SITE);
}

template <typename T>
__device__ static inline T __shfl_xor_sync(unsigned long long mask, T var, int lane_mask,
                                       int width = warpSize HIPIFY_SHIM_SITE_PARAMS) HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__shfl_xor_sync");
    return __shfl_xor(var, lane_mask, width HIPIFY_SHIM_SITE);
}

/* __match_any_sync / __match_all_sync compare bit patterns (as CUDA's match.sync does), for 4- and 8-byte
 * types. The groups are found leader by leader: each round takes the lowest lane still unmatched,
 * broadcasts its value and ballots the lanes holding the same bits; at most one round per distinct value. */
template <typename T>
__device__ static inline unsigned long long hipify_shim_bits(T value) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "__match_*_sync takes 32- or 64-bit values");
    unsigned long long bits = 0;
    __builtin_memcpy(&bits, &value, sizeof(T));
    return bits;
}

template <typename T>
__device__ static inline unsigned long long __match_any_sync(unsigned long long mask, T value HIPIFY_SHIM_SITE_PARAMS)
    HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__match_any_sync");
    const unsigned long long mine = hipify_shim_bits(value);
    unsigned long long unmatched = hipify_shim_lanes(mask) & __ballot(1 HIPIFY_SHIM_SITE), group = 0;
    while (unmatched != 0) {
        int leader = __builtin_ctzll(unmatched);
        unsigned long long theirs = __shfl(mine, leader, warpSize HIPIFY_SHIM_SITE);
        unsigned long long same = __ballot(mine == theirs HIPIFY_SHIM_SITE) & unmatched;
        if (mine == theirs) group = same;
        unmatched &= ~same;
    }
    return group;
}

template <typename T>
__device__ static inline unsigned long long __match_all_sync(unsigned long long mask, T value,
                                                            int *pred HIPIFY_SHIM_SITE_PARAMS) HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__match_all_sync");
    const unsigned long long lanes = hipify_shim_lanes(mask) & __ballot(1 HIPIFY_SHIM_SITE);
    const unsigned long long mine = hipify_shim_bits(value);
    unsigned long long first = __shfl(mine, lanes ? __builtin_ctzll(lanes) : 0, warpSize HIPIFY_SHIM_SITE);
    bool all = (__ballot(mine == first HIPIFY_SHIM_SITE) & lanes) == lanes;
    *pred = all;
    return all ? lanes : 0ull;
}

/* CUDA: the lanes of mask synchronise and their memory accesses before it are visible to each other after
 * it. Lockstep lanes need no wait, but the compiler and the memory model still need a wavefront-scope
 * release/acquire pair and a point code cannot be moved across. */
__device__ static inline void __syncwarp(unsigned long long mask = ~0ull HIPIFY_SHIM_SITE_PARAMS)
    HIPIFY_WARP_MASK_CHECKS(mask) {
    hipify_shim_check_mask(mask, "__syncwarp");
#if defined(__HIP_CPU_RT__)
    /* HIP-CPU runs lanes as fibers that switch only at its warp operations: a ballot is such a point for
     * every lane of the warp, which is what __syncwarp promises (fibers share one thread: no fence needed) */
    (void)__ballot(1 HIPIFY_SHIM_SITE);
#else
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#endif
}

#if defined(__HIP_CPU_RT__)
/* HIP-CPU's vector components (v.x of a float2) are accessor objects, not T, so a shuffle of one deduces the
 * accessor type, which HIP-CPU's __shfl* cannot take; on a GPU the component is a T. These take the component
 * by its value type (more specialised than the templates above, so chosen for a component). */
#define HIPIFY_SHIM_CPU_COMPONENT_SHUFFLE(name, P)                                                          \
    template <typename T, typename V, std::uint32_t I>                                                     \
    __device__ static inline T name(unsigned long long mask, hip::detail::Scalar_accessor<T, V, I> var, P arg, \
                                    int width = warpSize HIPIFY_SHIM_SITE_PARAMS) {                        \
        return name(mask, static_cast<T>(var), arg, width HIPIFY_SHIM_SITE);                               \
    }
HIPIFY_SHIM_CPU_COMPONENT_SHUFFLE(__shfl_sync, int)
HIPIFY_SHIM_CPU_COMPONENT_SHUFFLE(__shfl_up_sync, unsigned int)
HIPIFY_SHIM_CPU_COMPONENT_SHUFFLE(__shfl_down_sync, unsigned int)
HIPIFY_SHIM_CPU_COMPONENT_SHUFFLE(__shfl_xor_sync, int)
#undef HIPIFY_SHIM_CPU_COMPONENT_SHUFFLE
#endif

#endif /* !HIPIFY_SHIM_WARP_NATIVE */
#endif /* __HIPCC__ || __CUDACC__ */
#endif /* HIPIFY_SHIM_WARP_H */
