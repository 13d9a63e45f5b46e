#!/bin/sh
# device.sh: the Caffe recipe's steps on the GPU machine (nvcc, no Debian packages, no network): unpack the
# bundle recipe.sh made, build the original (nvcc) and the port (HIP on NVIDIA) from the build files each
# carries (or take the two built trees an earlier call packed, bins.tar.xz), run Caffe's own test binary,
# train LeNet and time a CaffeNet-like net for both. It edits no source: the trees arrive as recipe.sh left them.
# usage: device.sh BUNDLE_DIR STEP...
#   unpack  the libraries and the sources; with bins.tar.xz in the bundle, the built trees over them (no
#           build step needed), else libhipify_shim and hipcc for the build step
#   build   make lib, tools and the test binary on each side (not needed after unpacking bins.tar.xz)
#   pack    write PACK (a .tar.xz) with what the other steps read of each built tree
#   mps     start CUDA's multi-process service, so that test processes share the GPU instead of taking
#           turns (time-slicing); without it the steps run as they would anyway
#   test    the test binary in SHARDS gtest shards per side at once, one XML per shard (FILTER: a gtest
#           filter, FILTER_FILE: one read from a file)
#   pool    the tests POOL_FILTER selects (default *Gradient*), one process per test, PROCS at once over
#           both sides, each under TEST_TIMEOUT; the run stops at STOP seconds (what is cut or not started
#           is listed as such); SKIP_FILE: 'name ...' lines of tests not to run again (an earlier pool-*.txt)
#   train   LeNet, caffe train;   time   caffe time of a CaffeNet-like net
#   cmake   the port's own CMake build for HIP on NVIDIA ($W/hip-cmake; needs the source trees)
# Results: every step writes into $W/results (logs, gtest XML, pool-SIDE.txt), and each call of device.sh
# ends by packing that whole folder as ONE file, OUT/caffe-results.tar.gz (the GPU tool brings back at
# most 8 files), which report.py reads as it is. A step that fails says which step, and the call stops there
# (the results so far are packed all the same) with exit status 1.
# env: OUT (where caffe-results.tar.gz goes; default $W/out), W (work folder, default /tmp/caffe-recipe),
#      JOBS, ONLY (the sides: cuda, hip, or hipcmake, the port built by the cmake step; default "cuda hip")
set -u
[ $# -ge 2 ] && [ -d "$1" ] || { echo "usage: device.sh BUNDLE_DIR STEP... (BUNDLE_DIR: the carried .carry/caffe)" >&2; exit 2; }
B=$(cd "$1" && pwd); shift
W=${W:-/tmp/caffe-recipe}
OUT=${OUT:-$W/out}
R=$W/results
JOBS=${JOBS:-8}
SHARDS=${SHARDS:-8}
SIDES=${ONLY:-cuda hip}
mkdir -p "$W" "$OUT" "$R"
export PATH="$W/bin:/usr/local/cuda/bin:$PATH"
export CPATH="$W/deps/include:$W/deps/include/hdf5/serial"
export LIBRARY_PATH="$W/deps/lib:$W/hiplayer/lib:/usr/local/cuda/lib64"
# only Caffe's programs run with the carried libraries: compilers and Python keep the machine's own
RUN="env LD_LIBRARY_PATH=$W/deps/lib:/usr/local/cuda/lib64"
export OPENBLAS_NUM_THREADS=1
NV_INC="-I$W/hipnv/overlay -I$W/hipnv/layer -isystem $W/hipnv/include"
export HIPIFY_NVIDIA_INCLUDES="$NV_INC"
CONFIG="USE_OPENCV=0 BLAS=open"

tree() { [ "$1" = cuda ] && echo "$W/cuda" || echo "$W/hip"; }
# a side's test binary: hipcmake is the port built by its own CMake files (cmake step), run in the port's tree
testbin() { [ "$1" = hipcmake ] && echo "$W/hip-cmake/test/test.testbin" || echo "$(tree "$1")/.build_release/test/test_all.testbin"; }

unpack() {
  rm -rf "$W/cuda" "$W/hip" "$W/hipnv" "$W/deps" "$W/bin" "$W/hiplayer"
  mkdir -p "$W/bin" "$W/hiplayer/lib"
  if [ -s "$B/bins.tar.xz" ]; then
    # the sources too where carried (the cmake step builds them), the built trees over them
    for t in deps trees hipnv bins; do
      [ -s "$B/$t.tar.xz" ] || [ $t = trees ] || [ $t = hipnv ] || return 1
      [ ! -s "$B/$t.tar.xz" ] || xz -dc "$B/$t.tar.xz" | tar -x -C "$W" || return 1
    done
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ldd --version | head -1
    return
  fi
  for t in deps trees hipnv; do xz -dc "$B/$t.tar.xz" | tar -x -C "$W" || return 1; done
  cp "$B/hipcc-nvidia" "$W/bin/hipcc" && chmod +x "$W/bin/hipcc"
  # The hipBLAS/hipRAND layer is header-only over cuBLAS/cuRAND: its link names are those libraries.
  echo 'INPUT(-lcublas)' >"$W/hiplayer/lib/libhipblas.so"
  echo 'INPUT(-lcurand)' >"$W/hiplayer/lib/libhiprand.so"
  shim_lib || return 1
  g++ --version | head -1; nvcc --version | tail -2 | head -1; ldd --version | head -1
}

# libhipify_shim for NVIDIA: its C sources compiled with nvcc against the HIP headers (docs/shim.md).
shim_lib() {
  mkdir -p "$W/hiplayer/lib"
  ( cd "$W/hiplayer" && for f in "$W"/hipnv/shim/src/*.c; do
      nvcc -x c -D__HIP_PLATFORM_NVIDIA__ $NV_INC -I"$W/hipnv/shim/include" -I"$W/hipnv/shim/src" -Xcompiler -fPIC \
        -c "$f" -o "$(basename "$f" .c).o" || exit 1
    done && ar rcs lib/libhipify_shim.a ./*.o )
}

build_side() { # side
  d=$(tree "$1")
  # nvcc 13 gives __global__ templates static, hidden host stubs by default, so Caffe's tests,
  # which launch im2col_gpu_kernel<float> defined in another unit, do not link: both sides ask for
  # CUDA 12's behaviour (also HIP's, where a kernel template is an ordinary template).
  stub="-static-global-template-stub=false -device-entity-has-hidden-visibility=false"
  if [ "$1" = cuda ]; then
    set -- CUDA_ARCH="-gencode arch=compute_90,code=sm_90 $stub"
  else
    set -- HIP_PLATFORM=nvidia CUDA_ARCH="-arch=sm_90 $stub" \
      HIP_CPP_CONFIG="-D__HIP_PLATFORM_NVCC__= -D__HIP_PLATFORM_NVIDIA__= $NV_INC -I/usr/local/cuda/include"
  fi
  # shellcheck disable=SC2086
  (cd "$d" && make -j"$JOBS" $CONFIG "$@" lib tools .build_release/test/test_all.testbin)
}

build() {
  for s in $SIDES; do
    ( t0=$(date +%s); build_side "$s" >"$R/build-$s.log" 2>&1; rc=$?
      echo "build $s: rc=$rc $(( $(date +%s) - t0 ))s" | tee -a "$R/build-$s.log" ) &
  done
  wait
  bad=0
  for s in $SIDES; do
    tail -1 "$R/build-$s.log"
    tail -1 "$R/build-$s.log" | grep -q 'rc=0 ' && continue
    bad=1; echo "build $s failed: results/build-$s.log"; grep -m3 -B2 -E 'error|Error ' "$R/build-$s.log" | head -20
  done
  return $bad
}

# Caffe's own test binary, every CPU and GPU test, in SHARDS processes per side (gtest sharding), all at
# once: CPU tests spread over the cores, GPU tests share the card. One XML report per shard.
test_all() {
  # FILTER_FILE: a gtest filter (a second run that leaves out the tests a first one finished)
  [ -z "${FILTER_FILE:-}" ] || export GTEST_FILTER="$(cat "$FILTER_FILE")"
  [ -z "${FILTER:-}" ] || export GTEST_FILTER="$FILTER"
  for s in $SIDES; do
    bin=$(testbin "$s")
    mkdir -p "$R/xml-$s"
    i=0
    while [ $i -lt "$SHARDS" ]; do
      ( cd "$(tree "$s")" && GTEST_TOTAL_SHARDS=$SHARDS GTEST_SHARD_INDEX=$i timeout "${TEST_TIMEOUT:-540}" $RUN "$bin" 0 \
          --gtest_output="xml:$R/xml-$s/shard$i.xml" >"$R/xml-$s/shard$i.log" 2>&1
        echo "$s shard $i rc=$?" >>"$R/xml-$s/shard$i.log" ) &
      i=$((i + 1))
    done
  done
  wait
  for s in $SIDES; do tail -q -n1 "$R"/xml-"$s"/shard*.log | tr '\n' ' '; echo; done
}

# The port's own CMake build, HIP on NVIDIA (the HIP block's NVIDIA branch, the layer's CMake packages), in
# $W/hip-cmake: library, tools and test binary; Caffe's options as for the Makefile build, its find modules
# pointed at the carried libraries (Caffe asks for CMake 2.8.7: CMake 4 needs CMAKE_POLICY_VERSION_MINIMUM; the
# machine's own Boost CMake files are not the carried Boost's). CMAKE_FLAGS: more -D options.
cmake_build() {
  d=$W/hip-cmake
  rm -rf "$d"
  [ -s "$W/hiplayer/lib/libhipify_shim.a" ] || shim_lib || return 1
  # HDF5's C++ libraries beside the others, under the names FindHDF5 looks for
  for l in hdf5_cpp hdf5_hl_cpp; do
    cp "$W/hipnv/lib/lib$(echo $l | sed 's/hdf5/hdf5_serial/').so" "$W/deps/lib/" && \
      ln -sf "lib$(echo $l | sed 's/hdf5/hdf5_serial/').so" "$W/deps/lib/lib$l.so"
  done
  t0=$(date +%s)
  # shellcheck disable=SC2086
  ( export OpenBLAS_HOME=$W/deps LMDB_DIR=$W/deps LEVELDB_ROOT=$W/deps HDF5_ROOT=$W/deps
    cmake -S "$W/hip" -B "$d" -DCMAKE_BUILD_TYPE=Release -DCMAKE_HIP_PLATFORM=nvidia -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DCMAKE_CUDA_FLAGS="-static-global-template-stub=false -device-entity-has-hidden-visibility=false" \
      -DCUDA_ARCH_NAME=Manual -DCUDA_ARCH_BIN=90 -DCUDA_ARCH_PTX= -DCMAKE_PREFIX_PATH="$W/hipnv/pkg;$W/deps" -DCMAKE_LIBRARY_PATH="$W/hiplayer/lib" \
      -DUSE_OPENCV=OFF -DBLAS=Open -DUSE_CUDNN=OFF -DUSE_NCCL=OFF -DBUILD_python=OFF -DBUILD_docs=OFF \
      -DCMAKE_POLICY_VERSION_MINIMUM=3.5 -DBOOST_ROOT="$W/deps" -DBoost_NO_BOOST_CMAKE=ON -DBoost_NO_SYSTEM_PATHS=ON \
      -DHDF5_ROOT="$W/deps" -DHDF5_C_INCLUDE_DIR="$W/deps/include/hdf5/serial" \
      -DHDF5_HL_INCLUDE_DIR="$W/deps/include/hdf5/serial" -DHDF5_CXX_INCLUDE_DIR="$W/deps/include/hdf5/serial" \
      -DGFLAGS_ROOT_DIR="$W/deps" -DGLOG_ROOT_DIR="$W/deps" \
      -DProtobuf_PROTOC_EXECUTABLE="$W/hipnv/bin/protoc" -DPROTOBUF_PROTOC_EXECUTABLE="$W/hipnv/bin/protoc" \
      ${CMAKE_FLAGS:-} && cmake --build "$d" -j"$JOBS" --target caffe caffe.bin test.testbin ) \
    >"$R/cmake-build.log" 2>&1
  rc=$?
  echo "cmake build hip: rc=$rc $(( $(date +%s) - t0 ))s" | tee -a "$R/cmake-build.log"
  [ $rc -eq 0 ] || { echo "cmake build failed: results/cmake-build.log"; grep -m5 -E 'CMake Error|error:' "$R/cmake-build.log"; }
  return $rc
}

# What the test, pool, train and time steps read of a built tree: the library, the tools, the test
# binary (each finds libcaffe.so by its rpath, ../lib) and the test data, which tests open by relative paths.
pack() {
  ( cd "$W" && for s in $SIDES; do d=$(basename "$(tree "$s")")
      echo "$d/.build_release/lib" "$d/.build_release/tools" "$d/.build_release/test/test_all.testbin" \
        "$d/src/caffe/test/test_data" "$d/build"; done | xargs tar -c --exclude='*.o' --exclude='*.d' --exclude='*.a' \
        --exclude='*.warnings.txt' ) | xz -T0 -9 >"${PACK:?PACK: the .tar.xz to write}"
  ls -la "$PACK"
}

# CUDA's multi-process service: the client processes' kernels run side by side on the GPU. If the
# service does not start, or a first test cannot use it, it is stopped and the steps run without it.
mps() {
  export CUDA_MPS_PIPE_DIRECTORY=$W/mps CUDA_MPS_LOG_DIRECTORY=$W/mps-log
  mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
  s=$(echo "$SIDES" | cut -d' ' -f1)
  if nvidia-cuda-mps-control -d && (cd "$(tree "$s")" && timeout 120 $RUN "$(testbin "$s")" 0 \
        --gtest_filter='ScaleLayerTest/2.TestForwardEltwise' >"$R/mps-check.log" 2>&1); then
    echo "mps: on"
  else
    echo quit | nvidia-cuda-mps-control 2>/dev/null
    unset CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
    echo "mps: off"
  fi
}

# Caffe's tests one process per test (gtest_pool.py), both sides interleaved: a per-test limit holds, and
# a run cut short keeps every result that finished, for the same tests on both sides.
pool() {
  s=$(echo "$SIDES" | cut -d' ' -f1)
  (cd "$(tree "$s")" && $RUN "$(testbin "$s")" 0 --gtest_list_tests \
      --gtest_filter="${POOL_FILTER:-*Gradient*}") | awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}' >"$W/all.txt"
  if [ -n "${SKIP_FILE:-}" ]; then
    awk 'NR == FNR {skip[$1] = 1; next} !($1 in skip)' "$SKIP_FILE" "$W/all.txt" >"$W/todo.txt"
  else cp "$W/all.txt" "$W/todo.txt"; fi
  echo "pool: $(wc -l <"$W/all.txt") tests selected, $(wc -l <"$W/todo.txt") to run per side"
  set --
  for s in $SIDES; do set -- "$@" "$s=$(tree "$s"):$(testbin "$s")"; done
  t0=$(date +%s)
  python3 "$B/gtest_pool.py" --out "$R" --procs "${PROCS:-14}" --stop "${STOP:-480}" \
    --test-timeout "${TEST_TIMEOUT:-300}" --list "$W/todo.txt" ${WEIGHTS:+--weights "$WEIGHTS"} --arg 0 \
    --env "LD_LIBRARY_PATH=$W/deps/lib:/usr/local/cuda/lib64" "$@"
  echo "pool: $(( $(date +%s) - t0 )) s"
  for s in $SIDES; do printf '%s: ' "$s"; awk '{print $2}' "$R/pool-$s.txt" | sort | uniq -c | tr '\n' ' '; echo; done
}

# LeNet on MNIST-shaped data made here (same seed for both sides): caffe train, loss every 10 iterations.
train() {
  python3 "$B/lenet_data.py" "$W/lenet" || return 1
  for s in $SIDES; do
    ( cd "$W/lenet" && $RUN "$(tree "$s")/.build_release/tools/caffe" train -solver lenet_solver.prototxt -gpu 0 \
        >"$R/train-$s.log" 2>&1; echo "train $s rc=$?" >>"$R/train-$s.log" )
    grep -c 'Iteration .*, loss = ' "$R/train-$s.log"
  done
}

# caffe time: forward/backward per layer of a CaffeNet-like net on synthetic input (DummyData).
time_net() {
  for s in $SIDES; do
    ( cd "$W/lenet" && $RUN "$(tree "$s")/.build_release/tools/caffe" time -model caffenet_time.prototxt -gpu 0 \
        -iterations 50 >"$R/time-$s.log" 2>&1; echo "time $s rc=$?" >>"$R/time-$s.log" )
    tail -4 "$R/time-$s.log"
  done
}

# the results of this call and of earlier calls on this machine, as one file
pack_results() {
  mkdir -p "$OUT" && tar -C "$R" -czf "$OUT/caffe-results.tar.gz" . &&
    echo "device.sh: results packed: $OUT/caffe-results.tar.gz ($(du -k "$OUT/caffe-results.tar.gz" | cut -f1) KiB)"
}

for step in "$@"; do
  case $step in
    unpack|build|pack|mps|test|pool|train|time|cmake) ;;
    *) echo "device.sh: unknown step $step (steps: unpack build pack mps test pool train time cmake)" >&2; exit 2 ;;
  esac
done
status=0
for step in "$@"; do
  case $step in
    test) test_all ;;
    time) time_net ;;
    cmake) cmake_build ;;
    *) "$step" ;;
  esac
  rc=$?
  if [ $rc -ne 0 ]; then echo "device.sh: step $step failed (exit $rc); later steps not run" >&2; status=1; break; fi
done
pack_results || { echo "device.sh: packing the results into $OUT failed" >&2; status=1; }
exit $status
