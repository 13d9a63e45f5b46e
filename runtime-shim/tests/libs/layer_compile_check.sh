#!/bin/sh
# layer_compile_check.sh: compiles a ported program (a CUB one, hipcub/unqualified.cpp; a Thrust one,
# thrust/system_hip.cpp) with nvcc against the HIP-on-NVIDIA library layer, as the harness builds ports. It does
# not run it. Exit 77 (SKIPPED) without nvcc or the layer.
# usage: layer_compile_check.sh NVCC LAYER_INCLUDE COMPAT_INCLUDE HIP_INCLUDE WORK SOURCE
set -u
nvcc=$1 layer=$2 compat=$3 hip_include=$4 work=$5 source=$6
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then echo "SKIPPED: nvcc not found; HIP on NVIDIA cannot be built here"; exit 77; fi
if [ -z "$layer" ] || [ ! -f "$layer/hipcub/hipcub.hpp" ]; then
  echo "SKIPPED: the HIP-on-NVIDIA library layer was not built (no CUDA library headers or no HIP headers)"; exit 77
fi
rm -rf "$work" && mkdir -p "$work"
set -- -std=c++17 -x cu -D__HIP_PLATFORM_NVIDIA__
[ -n "$compat" ] && set -- "$@" -I"$compat"
set -- "$@" -I"$layer"
# A system folder named with -I would move before nvcc's own system headers: only another one is named.
[ -n "$hip_include" ] && [ "$hip_include" != /usr/include ] && set -- "$@" -I"$hip_include"
echo "$nvcc $* -c $source"
if ! "$nvcc" "$@" -c "$source" -o "$work/$(basename "$source" .cpp).o" >"$work/compile.log" 2>&1; then
  grep -E 'error' "$work/compile.log"
  echo "FAIL: $(basename "$source") does not compile against the layer (full log: $work/compile.log)"
  exit 1
fi
echo "PASS: $(basename "$source") compiles against the layer"
