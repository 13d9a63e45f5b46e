#!/bin/sh
# hipcpu_test.sh: builds a program with the host C++ compiler against AMD's HIP CPU Runtime and runs it; exit 77
# (SKIPPED) when HIP-CPU or oneTBB (Debian libtbb-dev) is absent. usage: hipcpu_test.sh CXX HIPCPU_INCLUDE OUT SOURCE [flags]
set -eu
cxx=$1 hipcpu=$2 out=$3 source=$4
shift 4
if [ ! -f "$hipcpu/hip/hip_runtime.h" ]; then
    echo "SKIPPED: no HIP-CPU at $hipcpu (set HIPIFY_HIP_CPU_DIR to a copy of github.com/ROCm/HIP-CPU)"; exit 77
fi
if ! printf '#include <tbb/version.h>\n' | "$cxx" -x c++ -E - >/dev/null 2>&1; then
    echo "SKIPPED: oneTBB headers not found (Debian: libtbb-dev), which HIP-CPU's parallel algorithms need"; exit 77
fi
mkdir -p "$(dirname "$out")"
"$cxx" -std=c++17 -O1 -Wall -Wextra -Werror "$@" -isystem "$hipcpu" "$source" -o "$out" -ltbb -lpthread
"$out"
