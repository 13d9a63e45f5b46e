# babelstream.sh: the sweep's recipe for UoB-HPC/BabelStream, a CMake benchmark with a model a folder; the
# CUDA model (src/cuda) is ported. What it does not do: build the project's own HIP model (src/hip).
# Its own check: every run validates a[], b[], c[] and the dot sum against a serial recomputation and
# exits with EXIT_FAILURE on a mismatch.
cuda_build() {
  step cuda configure cmake -S . -B b -DMODEL=cuda -DCMAKE_CUDA_COMPILER="$CUDA/bin/nvcc" -DCUDA_ARCH=sm_90 \
    -DCMAKE_BUILD_TYPE=Release
  step cuda build cmake --build b -j"$JOBS"
}
hip_build() {
  step hip configure cmake -S . -B b -DMODEL=cuda -DCMAKE_HIP_PLATFORM=nvidia -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_CUDA_COMPILER="$CUDA/bin/nvcc" -DCUDA_ARCH=sm_90 -DCMAKE_PREFIX_PATH="$ROOT/build/nvidia-libs" \
    -DCMAKE_LIBRARY_PATH="$NVENV/lib" -DCMAKE_BUILD_TYPE=Release
  step hip build cmake --build b -j"$JOBS"
}
amd_build() {
  # CUDA_ARCH is the project's own required option (its value feeds -arch=, which the port drops); the
  # port calls libhipify_shim (docs/shim.md)
  step amd configure cmake -S . -B b -DMODEL=cuda -DCUDA_ARCH=sm_90 -DCMAKE_LIBRARY_PATH="$ROOT/build/runtime-shim" \
    -DCMAKE_BUILD_TYPE=Release
  step amd build cmake --build b -j"$JOBS"
}
artifacts() { find b -maxdepth 1 -type f -name '*-stream'; }
tests() {
  for o in "" "--float"; do
    for k in Copy Mul Add Triad Dot Nstream; do
      echo "only-$k${o:+-float}|./b/*-stream -n 20 -s 33554432 --only $k $o"
    done
    echo "classic${o:+-float}|./b/*-stream -n 50 $o"
    echo "isolated${o:+-float}|./b/*-stream -n 20 --order isolated $o"
  done
}
