#!/bin/sh
# host-only-check.sh: lists the C/C++ files a port changed although the original uses nothing from CUDA
# (no CUDA API or library name, kernel, launch, qualifier, built-in variable, CUDA type or CUDA header).
# It reads the sources with grep, independently of the translator; it changes nothing.
#
# usage: scripts/research/host-only-check.sh ORIGINAL_DIR PORT_DIR
# Output: one line per such file, then "N changed, M of them with no CUDA use". Exit 1 when M > 0.
set -u
ORIG=${1:?usage: host-only-check.sh ORIGINAL_DIR PORT_DIR}
PORT=${2:?usage: host-only-check.sh ORIGINAL_DIR PORT_DIR}

# What counts as using CUDA, as whole words: runtime, driver and library prefixes, qualifiers, built-ins,
# device intrinsics, the launch chevrons and CUDA headers. Compiler macros (__CUDACC__, __CUDA_ARCH__,
# CUDA_VERSION) are deliberately absent: testing them is not using CUDA.
USE='\b(cuda[A-Z_][A-Za-z0-9_]*|cu[A-Z][A-Za-z0-9_]*|CU[A-Z]*_[A-Z0-9_]+|(cublas|curand|cufft|cusparse|cusolver|cudnn|nccl|nvrtc|nvtx|cub|thrust)[A-Za-z0-9_]*|(CUBLAS|CURAND|CUFFT|CUSPARSE|CUSOLVER|CUDNN|NCCL|NVRTC)_[A-Z0-9_]+|__(global|device|host|shared|constant|managed|launch_bounds|forceinline|syncthreads|syncwarp|ldg|shfl[a-z_]*|ballot[a-z_]*|activemask|half[0-9]*|nv_bfloat16[0-9]*|float2half[a-z_]*|half2float)__?|threadIdx|blockIdx|blockDim|gridDim|warpSize|dim3|atomic(Add|Sub|Exch|Min|Max|CAS|And|Or|Xor|Inc|Dec)|(char|uchar|short|ushort|int|uint|long|ulong|longlong|ulonglong|float|double)[1-4])\b|<<<|#[[:space:]]*include[[:space:]]*[<"](cuda|cu[a-z]+|nv|thrust/|cub/|cooperative_groups|sm_[0-9]|device_|vector_types|math_functions|host_defines|driver_types|texture_)'

changed=0
bad=0
tmp=$(mktemp) || exit 2
(cd "$ORIG" && find . -type f \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' -o -name '*.cxx' -o -name '*.h' \
   -o -name '*.hh' -o -name '*.hpp' -o -name '*.hxx' -o -name '*.inl' -o -name '*.inc' \) | sed 's|^\./||' | sort) >"$tmp"
while read -r f; do
  [ -f "$PORT/$f" ] || continue
  cmp -s "$ORIG/$f" "$PORT/$f" && continue
  changed=$((changed + 1))
  # Comments do not use CUDA: drop // comments and one-line /* */ comments before looking.
  if ! sed -e 's|//.*||' -e 's|/\*.*\*/||g' "$ORIG/$f" | grep -qE "$USE"; then
    echo "no CUDA use, changed: $f"
    bad=$((bad + 1))
  fi
done <"$tmp"
rm -f "$tmp"
echo "$changed changed, $bad of them with no CUDA use"
[ "$bad" -eq 0 ]
