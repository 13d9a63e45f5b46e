#!/bin/sh
# parity_test.sh: CTest driver of the HIP-on-NVIDIA parity test: "compile" generates the overlay and the derived
# tables and builds platform_parity.cpp with nvcc; "run" runs that binary. Exit 77 (SKIPPED) without nvcc/HIP/GPU.
# usage: parity_test.sh compile|run PYTHON GENERATOR NVCC HIP_INCLUDE SOURCE WORKDIR
set -eu
mode=$1 python=$2 generator=$3 nvcc=$4 hip_include=$5 source=$6 work=$7
program=$work/platform_parity

if [ "$mode" = run ]; then
    if ! nvidia-smi -L >/dev/null 2>&1; then echo "SKIPPED: no NVIDIA GPU to run the parity test on"; exit 77; fi
    [ -x "$program" ] || { echo "FAIL: $program was not built (run shim.compat.parity-compile first)"; exit 1; }
    exec timeout 300 "$program"
fi
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
    echo "SKIPPED: nvcc not found (set HIPIFY_NVCC); HIP-on-NVIDIA cannot be compiled here"
    exit 77
fi
if [ ! -f "$hip_include/hip/nvidia_detail/nvidia_hip_runtime_api.h" ]; then
    echo "SKIPPED: no HIP headers for NVIDIA under $hip_include"
    exit 77
fi
rm -rf "$work"
mkdir -p "$work/tables"
# The overlay and the tables come from the same headers: what is patched is what gets checked.
"$python" "$generator" --hip-include "$hip_include" --nvcc "$nvcc" --out "$work/overlay" \
    --emit-tables "$work/tables/hipify_parity_tables.h" --summary
grep -q "derived=CUDA" "$work/overlay/HIPIFY_OVERLAY.txt" || { echo "FAIL: the overlay has no derived patches"; exit 1; }
# The two differences found on real programs must be gone from the overlay even where no GPU can show it.
api=$work/overlay/hip/nvidia_detail/nvidia_hip_runtime_api.h runtime=$work/overlay/hip/nvidia_detail/nvidia_hip_runtime.h
grep -q "p_prop->managedMemory = cdprop.managedMemory;" "$api" || { echo "FAIL: overlay does not copy managedMemory"; exit 1; }
grep -q "hipify-c overlay patch device-assert" "$runtime" || { echo "FAIL: overlay keeps HIP 5.2's device assert"; exit 1; }
echo "nvcc -x cu -D__HIP_PLATFORM_NVIDIA__ -I$work/overlay -I$hip_include -I$work/tables $source"
"$nvcc" -x cu -D__HIP_PLATFORM_NVIDIA__ -I"$work/overlay" -I"$hip_include" -I"$work/tables" "$source" -o "$program"
echo "PASS: built $program"
