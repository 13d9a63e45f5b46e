# moderngpu.sh: the sweep's recipe for moderngpu/moderngpu, a header-only C++ template library of GPU
# primitives (CMake, LANGUAGES CXX CUDA) and its tests/ programs. The demo and tutorial programs are not
# built (the project's own options MODERNGPU_BUILD_DEMO/TUTORIAL): they check nothing.
# Its own check: most test programs compare the GPU's result with the host's (std::sort, std::merge,
# std::accumulate ...) and print SUCCESS/FAILURE or an error line (several then exit 0, so the line is what
# counts); the rest print their results, whose digest (sweep-digest) is compared between the sides.
# merge, mergesort, reduce, segreduce and segsort loop up to 10^8 elements, minutes on one GPU: each runs
# for 60 s at most and must pass every round it finished. A program not built exits 127, kept as it is.
# Time: the wall time of the programs that run to their end.
# The original's `CUDA_ARCHITECTURES 60 61 70 75 80` (CMakeLists.txt:53, in set_target_properties, which
# reads it as CUDA_ARCHITECTURES 60 and two more property-value pairs) asks for sm_60, which CUDA 13 lacks:
# the original gets 90 (this edit is the original's, for CUDA 13, and is logged; the port is not edited).
cuda_build() {
  step cuda cuda13-fix sed -i 's/CUDA_ARCHITECTURES 60 61 70 75 80/CUDA_ARCHITECTURES 90/' CMakeLists.txt
  step cuda configure cmake -S . -B b -DCMAKE_BUILD_TYPE=Release -DMODERNGPU_BUILD_DEMO=OFF \
    -DMODERNGPU_BUILD_TUTORIAL=OFF
  step cuda build cmake --build b -j"$JOBS"
}
hip_build() {
  step hip configure cmake -S . -B b -DCMAKE_BUILD_TYPE=Release -DMODERNGPU_BUILD_DEMO=OFF \
    -DMODERNGPU_BUILD_TUTORIAL=OFF -DCMAKE_HIP_PLATFORM=nvidia -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_PREFIX_PATH="$ROOT/build/nvidia-libs" \
    -DCMAKE_LIBRARY_PATH="$NVENV/lib"
  step hip build cmake --build b -j"$JOBS"
}
amd_build() {
  step amd configure cmake -S . -B b -DCMAKE_BUILD_TYPE=Release -DMODERNGPU_BUILD_DEMO=OFF \
    -DMODERNGPU_BUILD_TUTORIAL=OFF -DCMAKE_LIBRARY_PATH="$ROOT/build/runtime-shim"
  step amd build cmake --build b -j"$JOBS"
}
artifacts() { find b/bin -maxdepth 1 -type f -name 'test_*'; }
# a test: NAME|seconds (0: runs to its end, its output's digest compared)|pattern every run prints|failure pattern
mgpu_tests() {
  printf '%s\n' 'bulkinsert|0||' 'bulkremove|0||' 'scan|0|TOTAL|' 'intervalmove|0||' 'join|0||' \
    'intervalexpand|0||' 'sortedsearch|0||' 'compact|0|stream_count|error' 'load_balance|0||ERROR' \
    'reduce|60|success|ERROR' 'merge|60|SUCCESS|FAILURE' 'mergesort|60|SUCCESS|FAILURE' \
    'segreduce|60|passed|error' 'segsort|60|SUCCESS|FAILURE'
}
tests() {
  mgpu_tests | while IFS='|' read -r t s ok bad; do
    o=out-$t.txt
    run="./b/bin/test_$t >$o 2>&1; r=\$?"
    # line-buffered, so what a program cut by the timeout printed is in the file
    [ "$s" = 0 ] || run="timeout $s stdbuf -oL $run; [ \$r -ne 124 ] || r=0"
    chk=${ok:+"grep -q '$ok' $o || r=1; "}${bad:+"! grep -q '$bad' $o || r=1; "}
    [ -z "$chk" ] || chk="[ \$r -eq 127 ] || { $chk}; "
    # the digest leaves out the free device memory the context prints (FreeMem:), which varies run to run
    dig=; [ "$s" != 0 ] || dig="echo sweep-digest: \$(grep -v '^FreeMem:' $o | md5sum | cut -c1-32); "
    echo "$t|$run; tail -5 $o; $chk${dig}exit \$r"
  done
}
