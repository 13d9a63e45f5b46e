# hemi.sh: the sweep's recipe for harrism/hemi, a header-only C++ template library (portable CUDA/C++
# kernels and launches) with its pinned googletest and cpp11-range submodules; its own test Makefile builds
# test_hemi_device (nvcc) and test_hemi_host (g++). The examples are not built (no self-checks).
# Its own check: the googletest suites, one process per test on the GPU machine.
# Both sides get the GPU target on make's command line (the original's sm_30 is gone from CUDA 13; the
# port's --offload-arch=gfx90a is AMD's), each in its own spelling; the rest of NVCCFLAGS is as the file has it.
cuda_build() {
  step cuda build make -C test -j"$JOBS" NVCCFLAGS="-g -arch=sm_90 --std=c++11 --expt-extended-lambda" all
}
hip_build() {
  step hip build make -C test -j"$JOBS" HIP_PLATFORM=nvidia NVCCFLAGS="-g -arch=sm_90 -std=c++11" all
}
amd_build() {
  step amd build env LIBRARY_PATH="$ROOT/build/runtime-shim" make -C test -j"$JOBS" CUDA_DIR=/nonexistent-cuda all
}
artifacts() { printf "%s\n" test/test_hemi_device test/test_hemi_host; }
tests() {
  for b in test_hemi_device test_hemi_host; do
    "$W/cuda/test/$b" --gtest_list_tests 2>/dev/null | awk '/^[^ ]/ {s = $1} /^  / {print s $1}' |
      while read -r t; do echo "$b.$t|./test/$b --gtest_filter=$t"; done
  done
}
