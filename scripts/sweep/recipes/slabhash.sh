# slabhash.sh: the sweep's recipe for owensgroup/SlabHash, a CMake library of warp-cooperative GPU hash
# tables (FindCUDA's cuda_add_executable, no CUDA language) with its pinned SlabAlloc, googletest and rapidjson
# submodules: its googletest suite (test/cmap_test.cu) and its test programs. The benchmark is built, not run.
# Its own check: cmap_test's googletest tests, one process each; concurrent_map and concurrent_set build a
# table of 2^20 keys, query it and compare every answer with the host's ("Validation done successfully");
# test_slab_hash and iterator_test check nothing themselves: their output's digest is compared between sides.
# The GPU target: the project's own options (SLABHASH_GENCODE_SM35, on by default, is gone from CUDA 13;
# SM75 is its newest, run on the H200 from its PTX). The port is given the same options.
opts() { echo -DSLABHASH_GENCODE_SM35=OFF -DSLABHASH_GENCODE_SM75=ON; }
cuda_build() {
  step cuda configure cmake -S . -B b $(opts)
  step cuda build cmake --build b -j"$JOBS"
}
hip_build() {
  step hip configure cmake -S . -B b $(opts) -DCMAKE_HIP_PLATFORM=nvidia -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_PREFIX_PATH="$ROOT/build/nvidia-libs" \
    -DCMAKE_LIBRARY_PATH="$NVENV/lib"
  step hip build cmake --build b -j"$JOBS"
}
amd_build() {
  step amd configure cmake -S . -B b $(opts) -DCMAKE_LIBRARY_PATH="$ROOT/build/runtime-shim"
  step amd build cmake --build b -j"$JOBS"
}
artifacts() { printf 'b/bin/%s\n' cmap_test concurrent_map concurrent_set test_slab_hash iterator_test; }
tests() {
  "$W/cuda/b/bin/cmap_test" --gtest_list_tests 2>/dev/null | awk '/^[^ ]/ {s = $1} /^  / {print s $1}' |
    while read -r t; do echo "cmap_test.$t|./b/bin/cmap_test --gtest_filter=$t"; done
  for t in concurrent_map concurrent_set; do
    echo "$t|./b/bin/$t >out-$t.txt 2>&1; r=\$?; cat out-$t.txt; if [ \$r -ne 127 ]; then grep -q '^Validation done successfully' out-$t.txt || r=1; ! grep -q 'wrong result' out-$t.txt || r=1; fi; exit \$r"
  done
  # each runs twice: repeat-digest, the second run's, says whether one side's output is the same from run
  # to run (iterator_test prints the table's slabs, next-slab addresses of the allocator included)
  for t in test_slab_hash iterator_test; do
    echo "$t|./b/bin/$t >out-$t.txt 2>&1; r=\$?; ./b/bin/$t >again-$t.txt 2>&1; cat out-$t.txt; echo sweep-digest: \$(md5sum <out-$t.txt | cut -c1-32); echo repeat-digest: \$(md5sum <again-$t.txt | cut -c1-32); exit \$r"
  done
}
