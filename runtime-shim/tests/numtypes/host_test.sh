#!/bin/sh
# host_test.sh: builds numtypes_test.cpp against CUDA's cuda_bf16.h/cuda_fp8.h (their conversions are
# host-callable) and the shim's headers, with the host C++ compiler, and runs it. SKIPPED (exit 77) without
# a CUDA toolkit's headers or a C++ compiler.
# usage: host_test.sh SHIM_INCLUDE TEST_SOURCE OUTPUT [CUDA_ROOT]
set -u
inc=$1 src=$2 out=$3 cuda=${4:-${CUDA_PATH:-/usr/local/cuda}}
if [ ! -f "$cuda/include/cuda_fp8.h" ] || [ ! -f "$cuda/include/cuda_bf16.h" ]; then
    echo "SKIPPED: no CUDA toolkit headers (cuda_bf16.h, cuda_fp8.h) under $cuda/include to compare with"
    exit 77
fi
cxx=$(command -v c++ || command -v g++ || command -v clang++) || { echo "SKIPPED: no C++ compiler"; exit 77; }
mkdir -p "$(dirname "$out")"
rm -f "$out"
"$cxx" -std=c++17 -O2 -Wall -Wextra -Werror -I"$inc" -I"$cuda/include" "$src" -o "$out" || { echo "FAIL: does not build"; exit 1; }
exec "$out"
