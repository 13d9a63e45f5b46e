#!/bin/sh
# memory_bench.sh: peak memory of hipify-c per byte of input, on generated CUDA files of SIZE_MB each
# (kernels, runtime calls, launches, shuffles), one file at -j1 and two at -j2 with and without
# --memory, in one run so the ratios compare. Usage: bench/memory_bench.sh [HIPIFY_BINARY] [SIZE_MB].
# Not a test: it prints numbers (docs/benchmarks.md keeps them), and checks the target that one file
# peaks under 10 times its size (TARGET_RATIO), exiting 1 when a single-file run does not.
. "$(dirname "$0")/bench_setup.sh"
size_mb=${2:-50}
python3 - "$work/a.cu" "$size_mb" <<'PY'
import sys
block = '''// block %d: a kernel and its host code
__global__ void kern%d(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] * 2.0f + __shfl_down_sync(0xffffffff, a[i], 1);
}
void host%d(float *d, const float *s, int n) {
  cudaStream_t st; cudaStreamCreate(&st);
  float *p; cudaMalloc(&p, n * sizeof(float));
  cudaMemcpyAsync(p, s, n * sizeof(float), cudaMemcpyHostToDevice, st);
  kern%d<<<(n + 255) / 256, 256, 0, st>>>(p, s, n);
  cudaStreamSynchronize(st); cudaFree(p); cudaStreamDestroy(st);
}
'''
limit = int(sys.argv[2]) * 1000 * 1000
out, size, i = ['#include <cuda_runtime.h>\n'], 0, 0
while size < limit:
    b = block % (i, i, i, i)
    out.append(b)
    size += len(b)
    i += 1
open(sys.argv[1], 'w').write(''.join(out))
PY
mkdir "$work/two"
cp "$work/a.cu" "$work/two/a.cu"
cp "$work/a.cu" "$work/two/b.cu"
bytes=$(wc -c <"$work/a.cu")
echo "input: $bytes bytes a file"
printf "%-34s %8s %8s %10s %12s\n" run wall_s user_s peak_MB peak/file
target=${TARGET_RATIO:-10}
over=0
measure() { # NAME INPUT_BYTES ARGS...
  name=$1 in=$2
  shift 2
  /usr/bin/time -f '%e %U %M' -o "$work/t" "$hipify" "$@" >/dev/null 2>&1 || true
  read -r wall user rss <"$work/t"
  awk -v n="$name" -v w="$wall" -v u="$user" -v r="$rss" -v b="$in" 'BEGIN {
    printf "%-34s %8.2f %8.2f %10.1f %12.1f\n", n, w, u, r / 1024, r * 1024 / b }'
  ratio=$(awk -v r="$rss" -v b="$in" 'BEGIN { printf "%.1f", r * 1024 / b }')
}
# one file: the target is on these two (a run of several files divides by one file's size)
single() {
  measure "$@"
  if awk -v x="$ratio" -v t="$target" 'BEGIN { exit !(x >= t) }'; then over=1; fi
}
single "1 file, --semantic never" "$bytes" --semantic never "$work/a.cu" -o "$work/a.out"
single "1 file, --semantic auto" "$bytes" "$work/a.cu" -o "$work/a.out"
measure "2 files, -j2" "$bytes" -j2 --semantic never -O "$work/o1" "$work/two"
# a budget that holds one file's estimate but not two: the second waits, the peak stays one file's
budget=$(( (bytes * 40 + 8388608) * 3 / 2 ))
measure "2 files, -j2 --memory $((budget >> 20))M" "$bytes" -j2 --semantic never --memory "$budget" -O "$work/o2" "$work/two"
if diff -r "$work/o1" "$work/o2" >/dev/null; then echo "output with and without --memory: identical"; else echo "output differs"; exit 1; fi
if [ "$over" = 1 ]; then echo "target: one file peaks under ${target}x its size: NOT MET"; exit 1; fi
echo "target: one file peaks under ${target}x its size: met"
