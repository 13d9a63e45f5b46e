#!/bin/sh
# warp_no_cost.sh: compiles warp_no_cost.cpp for one AMD target and fails unless the kernel using the shim's
# *_sync helpers has exactly the instructions of the kernel using HIP's native intrinsics. Exit 77 without hipcc.
# usage: warp_no_cost.sh HIPCC ARCH INCLUDE_DIR SOURCE WORKDIR
set -eu
hipcc=$1 arch=$2 include=$3 source=$4 work=$5
if [ -z "$hipcc" ] || [ ! -x "$hipcc" ]; then echo "SKIPPED: hipcc not found"; exit 77; fi
mkdir -p "$work"
"$hipcc" --offload-arch="$arch" -nogpulib --cuda-device-only -S -O3 -Wno-unused-command-line-argument \
    -I"$include" "$source" -o "$work/no_cost_$arch.s"
# The instructions of one kernel: the lines between its label and its s_endpgm, labels and comments dropped.
body() {
    awk -v k="$1" '$0 ~ "^" k ":" {on=1; next} on && /s_endpgm/ {print; exit}
                   on && !/^[.;]/ && !/^[A-Za-z_.$0-9]+:/ && !/^[ \t]*;/ && NF {sub(/[ \t]*;.*/, ""); gsub(/\.LBB[0-9]+_/, ".LBB_"); print}' "$2"
}
shim=$(body _Z16reduce_with_shimPKfPfPy "$work/no_cost_$arch.s")
native=$(body _Z15reduce_with_hipPKfPfPy "$work/no_cost_$arch.s")
[ -n "$shim" ] || { echo "FAIL: kernel not found in the assembly"; exit 1; }
if [ "$shim" != "$native" ]; then
    echo "FAIL: $arch: the shim kernel differs from the native one"
    printf '%s\n' "$shim" > "$work/shim.txt"; printf '%s\n' "$native" > "$work/native.txt"
    diff "$work/native.txt" "$work/shim.txt" || true
    exit 1
fi
echo "PASS: $arch: $(printf '%s\n' "$shim" | wc -l) instructions, identical with and without the shim"
