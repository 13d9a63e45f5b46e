# hemi.sh: the sweep's recipe for harrism/hemi, a header-only C++ template library (portable CUDA/C++
# kernels and launches) with its pinned googletest and cpp11-range submodules; its own test Makefile builds
# test_hemi_device (nvcc) and test_hemi_host (g++). The examples are not built (no self-checks).
# Its own check: the googletest suites, one process per test on the GPU machine.
# Both NVIDIA sides get the GPU target on make's command line (the original's sm_30 is gone from CUDA 13), the
# rest of NVCCFLAGS as the original has it: the port's NVCCFLAGS is the original's on NVIDIA (hipify_gpu_arch,
# hipify_gpu_flag of its HIP module), so the override is the same. The gfx90a side builds as the port is.
cuda_build() {
  step cuda build make -C test -j"$JOBS" NVCCFLAGS="-g -arch=sm_90 --std=c++11 --expt-extended-lambda" all
}
hip_build() {
  step hip build make -C test -j"$JOBS" HIP_PLATFORM=nvidia NVCCFLAGS="-g -arch=sm_90 --std=c++11 --expt-extended-lambda" all
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
