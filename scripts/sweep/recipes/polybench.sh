# polybench.sh: the sweep's recipe for cavazos-lab/PolyBench-ACC, a complete suite: every CUDA program of
# it (one folder and one Makefile each under CUDA/, all including CUDA/utilities/common.mk), built with its
# own Makefile at the suite's default size (STANDARD_DATASET). The OpenCL, OpenACC, OpenMP and HMPP
# versions in the same tree are ported with it (nothing to change there) and not built.
# Its own check: each program computes on the GPU, then on the CPU, and prints the count of results that
# differ beyond its threshold ("Non-Matching CPU-GPU Outputs ...: N" or "Number of misses: N"); a test
# passes when the program exits 0 and that count is 0. Its time is the GPU part as the program prints it
# ("GPU Time in seconds:", kernels and synchronisation, no copies).
# The originals call cudaThreadSynchronize, which CUDA 13 removed: the original's .cu files get
# cudaDeviceSynchronize (this edit is the original's, for CUDA 13, and is logged; the port is not edited).
# No side names a GPU target: nvcc and HIP on NVIDIA build for nvcc's default (sm_75, its PTX JIT-compiled
# for the H200); the gfx90a compile gets its target from the port's HIP module (HCC_AMDGPU_TARGET).
progs() { find CUDA -name Makefile | sed 's|/Makefile$||' | sort; }
exe_of() { sed -n 's/^EXECUTABLE *:= *\([^ ]*\).*/\1/p' "$1/Makefile"; }
cuda_build() {
  step cuda cuda13-fix sh -c "grep -rl --include='*.cu' cudaThreadSynchronize CUDA |
    xargs sed -i 's/cudaThreadSynchronize/cudaDeviceSynchronize/g'"
  for d in $(progs); do step cuda "${d##*/}" make -C "$d"; done
}
hip_build() {
  for d in $(progs); do step hip "${d##*/}" make -C "$d" HIP_PLATFORM=nvidia; done
}
amd_build() {
  for d in $(progs); do step amd "${d##*/}" make -C "$d"; done
}
artifacts() { for d in $(progs); do echo "$d/$(exe_of "$d")"; done; }
tests() {
  (cd "$W/orig" && for d in $(progs); do
    printf '%s|cd %s && ./%s >out.txt 2>&1; r=$?; cat out.txt; ' "${d##*/}" "$d" "$(exe_of "$d")"
    printf '%s\n' "awk -v r=\$r '/^GPU Time in seconds/ {getline; print \"sweep-time: \" \$1} /Outputs Beyond Error Threshold|^Number of misses/ {n++; m += \$NF} END {print \"sweep-mismatches: \" m; exit !(r == 0 && n == 1 && m == 0)}' out.txt"
  done)
}
