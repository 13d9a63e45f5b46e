# hashtable.sh: the sweep's recipe for nosferalatu/SimpleGPUHashTable, a CMake project (CXX and CUDA
# languages) of one lock-free hash table kernel file. It does not time the table against std::unordered_map
# separately: the program's own run does.
# Its own check: main() inserts and deletes random keys on the GPU and test_correctness compares the table
# with std::unordered_map, printing what it finds wrong and "Success" after each round; main() loops for
# ever, so the test runs it for 170 s (line-buffered: the run is cut by a signal) and asks for at least one round, each "Success", no error line. Its
# time is the GPU part of a round as the program prints it ("Total time (including memory copies...)").
# The original asks nvcc for sm_35, which CUDA 13 no longer has: its CMakeLists.txt gets sm_90 (this edit
# is the original's, for CUDA 13, and is logged; the port is not edited).
cuda_build() {
  step cuda cuda13-fix sed -i 's/arch=compute_35,code=sm_35/arch=compute_90,code=sm_90/' CMakeLists.txt
  step cuda configure cmake -S . -B b -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=OFF
  step cuda build cmake --build b -j"$JOBS"
}
hip_build() {
  step hip configure cmake -S . -B b -DCMAKE_BUILD_TYPE=Release -DCMAKE_HIP_PLATFORM=nvidia \
    -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH="$ROOT/build/nvidia-libs"
  step hip build cmake --build b -j"$JOBS"
}
amd_build() {
  step amd configure cmake -S . -B b -DCMAKE_BUILD_TYPE=Release
  step amd build cmake --build b -j"$JOBS"
}
artifacts() { echo b/test; }
tests() {
  printf '%s\n' "hashtable|timeout 170 stdbuf -oL ./b/test >out.txt 2>&1; tail -20 out.txt; awk '/^Total time \\(including/ {s += \$8; n++} END {if (n) printf \"sweep-time: %f\\n\", s / n / 1000}' out.txt; grep -q '^Success' out.txt && ! grep -qE 'Duplicate key|incorrect|not found in original' out.txt"
}
