#!/bin/sh
# amd_compile.sh: compiles a HIP source for one AMD target with hipcc (-Werror), linking where the target's
# ROCm device library is installed and checking the device compile alone where it is not. Exit 77 without hipcc.
# usage: amd_compile.sh HIPCC ARCH OUTPUT SOURCE [extra hipcc arguments...]
set -eu
hipcc=$1 arch=$2 output=$3 source=$4
shift 4
if [ -z "$hipcc" ] || [ ! -x "$hipcc" ]; then echo "SKIPPED: hipcc not found"; exit 77; fi
mkdir -p "$(dirname "$output")"
log=$output.log
if "$hipcc" --offload-arch="$arch" -Wall -Wextra -Werror "$source" "$@" -o "$output" >"$log" 2>&1; then
    cat "$log"; echo "PASS: $arch: compiled and linked"; exit 0
fi
cat "$log"
if grep -q "cannot find ROCm device library for $arch" "$log"; then
    # Debian's rocm-device-libs lacks some targets (gfx1100 in Debian 12): the front end and code
    # generation still run; only linking the device library is left out.
    # Only the preprocessor arguments matter for a device-only compile; link arguments are dropped.
    compile_args=""
    for a in "$@"; do case $a in -I* | -D*) compile_args="$compile_args $a" ;; esac; done
    "$hipcc" --offload-arch="$arch" -nogpulib --cuda-device-only -S -Wall -Wextra -Werror \
        -Wno-unused-command-line-argument "$source" $compile_args -o "$output.s"
    grep -q "amdhsa" "$output.s"
    echo "PASS: $arch: device code compiled to assembly (no device library for $arch to link)"
    exit 0
fi
exit 1
