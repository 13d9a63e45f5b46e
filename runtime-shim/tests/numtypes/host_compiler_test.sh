#!/bin/sh
# host_compiler_test.sh: a port's .cpp file that includes hipify_shim.h is compiled by the host compiler with
# only HIP's platform macro defined, for AMD and for NVIDIA (where CUDA's cuda_bf16.h, which cuBLAS's headers
# include, must not clash with the bf16 shim). It checks compilation only; numtypes_test.cpp checks values.
# usage: host_compiler_test.sh SOURCE SHIM_INCLUDE HIP_INCLUDE NVCC PYTHON COMPAT_GENERATOR OUTDIR
# Exit 77 (SKIPPED) when neither platform can be tried; a platform that cannot be tried says so.
set -u
src=$1 shim=$2 hip=$3 nvcc=$4 python=$5 generator=$6 out=$7
cxx=$(command -v c++ || command -v g++) || { echo "SKIPPED: no C++ compiler"; exit 77; }
rm -rf "$out" && mkdir -p "$out" || exit 1
tried=0 failed=0
if [ -f "$hip/hip/hip_runtime.h" ]; then
    tried=1
    if "$cxx" -std=c++17 -D__HIP_PLATFORM_AMD__ -I"$shim" -I"$hip" -c "$src" -o "$out/amd.o"; then
        echo "PASS: AMD platform, host compiler"
    else
        echo "FAIL: AMD platform, host compiler"; failed=1
    fi
else
    echo "SKIPPED: AMD platform (no HIP headers under $hip)"
fi
if [ -n "$nvcc" ] && [ -x "$nvcc" ] && [ -f "$hip/hip/nvidia_detail/nvidia_hip_runtime_api.h" ]; then
    tried=1
    cuda=$(cd "$(dirname "$nvcc")/.." && pwd)
    "$python" "$generator" --hip-include "$hip" --out "$out/overlay" || exit 1
    if "$cxx" -std=c++17 -D__HIP_PLATFORM_NVIDIA__ -DHIPIFY_TEST_CUDA_BF16 -I"$shim" -I"$out/overlay" -I"$hip" \
        -I"$cuda/include" -c "$src" -o "$out/nvidia.o"; then
        echo "PASS: NVIDIA platform, host compiler, with cuda_bf16.h"
    else
        echo "FAIL: NVIDIA platform, host compiler, with cuda_bf16.h"; failed=1
    fi
else
    echo "SKIPPED: NVIDIA platform (no nvcc or no HIP headers for NVIDIA)"
fi
[ $tried = 1 ] || exit 77
exit $failed
