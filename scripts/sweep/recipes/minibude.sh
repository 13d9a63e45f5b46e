# minibude.sh: the sweep's recipe for UoB-HPC/miniBUDE, a CMake mini-app with one model a folder and a HIP
# model of its own (src/hip) beside the CUDA one; the CUDA model (src/cuda) is ported. What it does not do:
# build the project's own HIP model, or the bm2_long deck (the mirror lacks its two large files).
# Its own check: every run compares the energies of each pose with the deck's ref_energies.out and exits
# with EXIT_FAILURE when one differs by more than its tolerance. Time: the best run's mean kernel time
# as the program prints it ("best: { ... avg_ms: ..."). The gfx90a configure gets the project's required
# CUDA_ARCH (src/cuda/model.cmake:16), whose one use, nvcc's -arch=, the port no longer has.
cuda_build() {
  step cuda configure cmake -S . -B b -DMODEL=cuda -DCMAKE_CUDA_COMPILER="$CUDA/bin/nvcc" -DCUDA_ARCH=sm_90 \
    -DCMAKE_BUILD_TYPE=Release
  step cuda build cmake --build b -j"$JOBS"
}
hip_build() {
  step hip configure cmake -S . -B b -DMODEL=cuda -DCMAKE_HIP_PLATFORM=nvidia -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_CUDA_COMPILER="$CUDA/bin/nvcc" -DCUDA_ARCH=sm_90 -DCMAKE_PREFIX_PATH="$ROOT/build/nvidia-libs" \
    -DCMAKE_LIBRARY_PATH="$NVENV/lib" \
    -DCMAKE_BUILD_TYPE=Release
  step hip build cmake --build b -j"$JOBS"
}
amd_build() {
  step amd configure cmake -S . -B b -DMODEL=cuda -DCMAKE_BUILD_TYPE=Release -DCUDA_ARCH=gfx90a \
    -DCMAKE_LIBRARY_PATH="$ROOT/build/runtime-shim"
  step amd build cmake --build b -j"$JOBS"
}
artifacts() { find b -maxdepth 1 -type f -name '*-bude'; printf '%s\n' data/bm1 data/bm2; }
tests() {
  # tests of a side run at once in its tree: each writes its own out-TEST.txt
  # the program's default (one pose a work-item, one work-item a group) takes 2 s an iteration on bm1 and
  # over 15 s on bm2: the decks run with 4 poses a work-item in groups of 64; bm1 also with every PPWI the
  # build has (1 to 128) in groups of 64 and 128
  for d in bm1 bm2; do
    t="awk '/^best:/ {for (i = 1; i <= NF; i++) if (\$i == \"avg_ms:\") print \"sweep-time:\", \$(i + 1) / 1000}' out-$d.txt"
    echo "$d|./b/*-bude --deck data/$d -i 8 --ppwi 4 --wgsize 64 >out-$d.txt 2>&1; r=\$?; cat out-$d.txt; $t; exit \$r"
  done
  echo "bm1-ppwi-all|./b/*-bude --deck data/bm1 -i 4 --ppwi all --wgsize 64,128"
}
