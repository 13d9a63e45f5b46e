#!/bin/sh
# shim_e2e.sh: translate shim_usage.cu with hipify-c, check the shim is used (HC1030, the include, accessor
# calls), then build for one target. Exit 77 (SKIPPED) when the target's compiler (or a GPU for run) is absent.
# usage: shim_e2e.sh translate|amd|nvidia|run HIPIFY SOURCE WORKDIR SHIM_INCLUDE
#        [amd: HIPCC LIBDIR] [nvidia|run: NVCC PYTHON GENERATOR HIP_INCLUDE SHIM_C_SOURCES...]
set -eu
mode=$1 hipify=$2 source=$3 work=$4 include=$5
shift 5
# translate starts the chain from an empty folder: a shim header an older hipify-c carried there would be
# kept (HC1083) and fail the run; the other modes build on what translate left
[ "$mode" = translate ] && rm -rf "$work"
mkdir -p "$work"
out="$work/shim_usage.hip.cpp"
if [ "$mode" = translate ] || [ ! -f "$out" ]; then
    # an earlier run's port and carried headers (from an older shim) would be kept as foreign files (HC1083)
    rm -f "$out" "$work"/hipify_shim*.h "$work"/hipify_shim_props.def
    "$hipify" "$source" -o "$out" >"$work/translate.log" 2>&1 || { cat "$work/translate.log"; exit 1; }
fi
if [ "$mode" = translate ]; then
    for want in '#include "hipify_shim.h"' 'hipifyShimThreadGetLimit(' 'hipifyShimMemcpyToArrayAsync(' \
                'hipifyShimEventRecordWithFlags(' 'hipifyShimEventRecordDefault' \
                'hipifyShimDevicePropUnifiedAddressing(&prop)' 'hipifyShimDevicePropSharedMemPerMultiprocessor(&prop)'; do
        grep -qF "$want" "$out" || { echo "FAIL: translation lacks $want"; cat "$out"; exit 1; }
    done
    grep -q "HC1030" "$work/translate.log" || { echo "FAIL: no HC1030 shim-used note"; cat "$work/translate.log"; exit 1; }
    echo "PASS: translated with $(grep -c HC1030 "$work/translate.log") shim-used notes"
    exit 0
fi
case $mode in
amd)
    hipcc=$1 libdir=$2
    [ -x "$hipcc" ] || { echo "SKIPPED: hipcc not found"; exit 77; }
    "$hipcc" --offload-arch=gfx90a -I"$include" "$out" -L"$libdir" -Wl,-Bstatic -lhipify_shim -Wl,-Bdynamic \
        -o "$work/shim_usage_amd"
    echo "PASS: built for gfx90a with libhipify_shim" ;;
nvidia | run)
    nvcc=$1 python=$2 generator=$3 hip_include=$4
    shift 4
    [ -n "$nvcc" ] && [ -x "$nvcc" ] || { echo "SKIPPED: nvcc not found"; exit 77; }
    [ -f "$hip_include/hip/nvidia_detail/nvidia_hip_runtime_api.h" ] || { echo "SKIPPED: no HIP headers"; exit 77; }
    if [ "$mode" = run ]; then
        nvidia-smi -L >/dev/null 2>&1 || { echo "SKIPPED: no NVIDIA GPU"; exit 77; }
        exec timeout 120 "$work/shim_usage_nvidia"
    fi
    "$python" "$generator" --hip-include "$hip_include" --out "$work/overlay"
    objects=""
    for c in "$@"; do
        "$nvcc" -x c -D__HIP_PLATFORM_NVIDIA__ -I"$work/overlay" -I"$hip_include" -I"$include" \
            -c "$c" -o "$work/$(basename "$c" .c).o"
        objects="$objects $work/$(basename "$c" .c).o"
    done
    "$nvcc" -x cu -D__HIP_PLATFORM_NVIDIA__ -I"$work/overlay" -I"$hip_include" -I"$include" -c "$out" -o "$work/main.o"
    "$nvcc" "$work/main.o" $objects -lcuda -o "$work/shim_usage_nvidia"
    echo "PASS: built for NVIDIA with the shim sources" ;;
esac
