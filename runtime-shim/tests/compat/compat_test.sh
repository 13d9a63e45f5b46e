#!/bin/sh
# compat_test.sh: CTest driver for the HIP-on-NVIDIA overlay: generates it (or the bundle) into a scratch
# folder, compiles a HIP program with nvcc against it and optionally runs it; exits 77 (SKIPPED) without nvcc/GPU.
# usage: compat_test.sh overlay|bundle|run PYTHON GENERATOR NVCC HIP_INCLUDE SOURCE WORKDIR
set -eu
mode=$1 python=$2 generator=$3 nvcc=$4 hip_include=$5 source=$6 work=$7

if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
    echo "SKIPPED: nvcc not found (set HIPIFY_NVCC); HIP-on-NVIDIA cannot be compiled here"
    exit 77
fi
if [ ! -f "$hip_include/hip/nvidia_detail/nvidia_hip_runtime_api.h" ]; then
    echo "SKIPPED: no HIP headers for NVIDIA under $hip_include (install libamdhip64-dev or set HIPIFY_HIP_INCLUDE_DIR)"
    exit 77
fi
rm -rf "$work"
mkdir -p "$work"
case $mode in
overlay | run)
    "$python" "$generator" --hip-include "$hip_include" --out "$work/overlay"
    includes="-I$work/overlay -I$hip_include" ;;
bundle)
    "$python" "$generator" --hip-include "$hip_include" --out "$work/bundle" --bundle
    includes="-I$work/bundle"
    # Self-contained means: no header of the installed HIP is read when only the bundle is given.
    "$nvcc" -x cu -D__HIP_PLATFORM_NVIDIA__ $includes -M "$source" -o "$work/deps.txt"
    if grep -q "$hip_include/hip/" "$work/deps.txt"; then
        echo "FAIL: the bundle still reads installed HIP headers:"
        grep -o "$hip_include/hip/[^ ]*" "$work/deps.txt" | sort -u
        exit 1
    fi
    ;;
*) echo "unknown mode $mode"; exit 2 ;;
esac

echo "nvcc -x cu -D__HIP_PLATFORM_NVIDIA__ $includes $source"
"$nvcc" -x cu -D__HIP_PLATFORM_NVIDIA__ $includes "$source" -o "$work/program"

if [ "$mode" = run ]; then
    if ! nvidia-smi -L >/dev/null 2>&1; then
        echo "SKIPPED: compiled, but no NVIDIA GPU to run it on"
        exit 77
    fi
    timeout 120 "$work/program"
fi
echo "PASS"
