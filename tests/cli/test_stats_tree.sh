# test_stats_tree.sh: --print-stats and --print-stats-csv over a tree: one block per translated file and
# a TOTAL whose counters are the sums of the files'; the CSV lands in --o-stats, else in the output
# directory, else in the current directory. Copied non-source files are not counted.
. "$(dirname "$0")/lib.sh"

write_cuda tree/a.cu
mkdir -p tree/sub
printf '#include <cuda_runtime.h>\nvoid f(cudaStream_t *s) { cudaStreamCreate(s); cudaCtxResetPersistingL2Cache(); }\n' >tree/sub/b.cu
write_plain tree/plain.cpp
printf 'cudaMalloc in a text file is not counted\n' >tree/notes.txt

# a local header included by two files is translated once, as its own file
printf '#pragma once\n__device__ inline int lane() { return threadIdx.x %% warpSize; }\n' >tree/common.cuh
printf '#include "common.cuh"\n__global__ void k1(int *p) { p[0] = lane(); }\n' >tree/k1.cu
printf '#include "common.cuh"\n__global__ void k2(int *p) { p[1] = lane(); }\n' >tree/sub/k2.cu
run 0 "--print-stats over a tree" "$HIPIFY" -O out --print-stats tree
cp stdout stats.txt
for f in tree/a.cu tree/sub/b.cu tree/plain.cpp; do
  has stats.txt "file '$f' statistics" "per-file block for $f"
done
hasnt stats.txt "notes.txt" "copied text files have no statistics"
[ "$(grep -c "file 'tree/common.cuh' statistics" stats.txt)" -eq 1 ] || fail "the shared header is not translated exactly once"
has out/common.cuh '^#include <hip/hip_runtime.h>$' "the shared header is translated"
has out/sub/k2.cu '^#include "common.cuh"$' "the quoted include of a local header is kept"
has stats.txt 'TOTAL statistics' "a TOTAL block"
# sum FIELD: the per-file values of FIELD added up, then the TOTAL value; they must agree.
for field in 'CONVERTED refs count' 'UNCONVERTED refs count' 'REPLACED bytes' 'TOTAL bytes' 'CHANGED lines of code' 'TOTAL lines of code'; do
  sum=$(sed -n "/^\[HIPIFY\] info: file /,/TIME ELAPSED/s/^  $field: //p" stats.txt | awk '{ s += $1 } END { print s + 0 }')
  total=$(sed -n "/TOTAL statistics/,\$s/^  $field: //p" stats.txt | head -1)
  [ "$sum" = "$total" ] || fail "TOTAL $field is $total, the files add up to $sum"
done
[ "$(sed -n '/TOTAL statistics/,$s/^  UNCONVERTED refs count: //p' stats.txt | head -1)" = 1 ] || fail "TOTAL: one unconverted ref expected"
has stats.txt '^  cudaCtxResetPersistingL2Cache: 1' "unconverted name listed"

run 0 "--print-stats-csv into the output directory" "$HIPIFY" -O out --print-stats-csv tree
exists out/hipify-stats.csv "CSV in the output directory"
has out/hipify-stats.csv '^sub/b.cu,unconverted_by_name,cudaCtxResetPersistingL2Cache,1$' "CSV names files by relative path"
has out/hipify-stats.csv '^TOTAL,summary,unconverted_refs,1$' "CSV total"
mkdir -p cwd && cd cwd || exit 1
run 0 "--print-stats-csv with --examine" "$HIPIFY" --examine --print-stats-csv ../tree
cd .. || exit 1
exists cwd/hipify-stats.csv "CSV in the current directory without an output directory"
run 0 "--o-stats" "$HIPIFY" -O out --print-stats-csv --o-stats elsewhere.csv tree
exists elsewhere.csv "--o-stats chooses the CSV file"
finish
