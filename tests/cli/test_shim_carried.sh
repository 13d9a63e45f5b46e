# test_shim_carried.sh: a port that includes "hipify_shim.h" gets the runtime-shim headers beside the
# files that include them (-O, -o FILE, --inplace), so it compiles without -I and without hipify-c
# installed; a different file of the same name is never replaced (HC1083); with hipcc present the ported
# tree compiles for gfx90a with no include flag at all.
. "$(dirname "$0")/lib.sh"

mkdir -p src/deep src/plain
cat >src/deep/warp.cu <<'CU'
#include <cuda_runtime.h>
__global__ void reduce(float *x) {
  float v = x[threadIdx.x];
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x == 0) x[0] = v;
}
CU
cat >src/plain/copy.cu <<'CU'
#include <cuda_runtime.h>
void copy(float *d, const float *h) { cudaMemcpy(d, h, 4, cudaMemcpyHostToDevice); }
CU

run 0 "-O tree" "$HIPIFY" -O out src
has out/deep/warp.cu '#include "hipify_shim.h"' "-O tree includes the shim"
for f in hipify_shim.h hipify_shim_warp.h hipify_shim_props.def; do
  same out/deep/$f "$SRC/runtime-shim/include/$f" "-O tree carries $f"
  absent out/plain/$f "-O tree: no shim where none is included"
  absent out/$f "-O tree: no shim at the root"
done

# Single file to a file: beside that file.
mkdir single
run 0 "-o FILE" "$HIPIFY" src/deep/warp.cu -o single/warp.hip
same single/hipify_shim.h "$SRC/runtime-shim/include/hipify_shim.h" "-o FILE carries the shim"
# To stdout: nowhere.
run 0 "-o -" "$HIPIFY" src/deep/warp.cu -o -
absent hipify_shim.h "-o - writes no shim"

# An output that is not a regular file (the null device, a FIFO) gets no shim beside it: -o /dev/null
# would otherwise write the shim headers into /dev. A FIFO in the scratch folder stands for /dev here.
mkdir fifo
mkfifo fifo/out
cat fifo/out >/dev/null &
reader=$!
run 0 "-o FIFO" "$HIPIFY" src/deep/warp.cu -o fifo/out
wait "$reader"
for f in hipify_shim.h hipify_shim_warp.h hipify_shim_props.def; do
  absent fifo/$f "-o FIFO: no $f beside a non-regular output"
done

# In place: beside the rewritten file, with no backup of files that did not exist.
cp -r src inplace
run 0 "--inplace" "$HIPIFY" --inplace inplace
same inplace/deep/hipify_shim_warp.h "$SRC/runtime-shim/include/hipify_shim_warp.h" "--inplace carries the shim"
absent inplace/deep/hipify_shim.h.prehip "--inplace: no backup of a new file"

# A different hipify_shim.h is already there: left as it is, reported, exit status 3.
mkdir -p other/deep
printf '/* mine */\n' >other/deep/hipify_shim.h
run 3 "-O onto a foreign shim" "$HIPIFY" -O other src
has stderr 'HC1083' "-O onto a foreign shim names HC1083"
has other/deep/hipify_shim.h '/\* mine \*/' "the foreign shim is kept"
same other/deep/hipify_shim_warp.h "$SRC/runtime-shim/include/hipify_shim_warp.h" "the other headers are still carried"

# A second run over the port copies the carried headers as they are: translated, hipify_shim.h would
# include itself and HC1083 would report the run's own headers. -O and --inplace, exit status 0.
run 0 "-O over a port" "$HIPIFY" -O again out
for f in hipify_shim.h hipify_shim_warp.h hipify_shim_props.def; do
  same again/deep/$f "$SRC/runtime-shim/include/$f" "-O over a port: $f copied unchanged"
done
same again/deep/warp.cu out/deep/warp.cu "-O over a port: the source is unchanged (idempotent)"
run 0 "--inplace twice" "$HIPIFY" --inplace inplace
same inplace/deep/hipify_shim.h "$SRC/runtime-shim/include/hipify_shim.h" "--inplace twice: the shim is not rewritten"

# The carried tree compiles with no include flag (the point of it).
if command -v hipcc >/dev/null 2>&1; then
  if hipcc --offload-arch=gfx90a -x hip -c out/deep/warp.cu -o warp.o >hipcc.log 2>&1; then
    pass "hipcc compiles the carried port without -I"
  else
    fail "hipcc compiles the carried port without -I"
    grep error hipcc.log | head -5
  fi
else
  echo "note: hipcc not found: compile check skipped"
fi

finish
