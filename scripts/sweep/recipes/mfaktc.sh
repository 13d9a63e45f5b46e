# mfaktc.sh: the sweep's recipe for primesearch/mfaktc, trial factoring of Mersenne numbers: host code in C
# (src/*.c, built by gcc, calling the CUDA runtime), kernels in src/*.cu (nvcc, much inline PTX), one
# Makefile, linked by g++. What it does not do: the Wagstaff build (-DWAGSTAFF) or the longer -st2.
# Its own checks: "-st", the full self-test (every known factor of its table, with every kernel that can
# take it; "self-test PASSED!" when all are found), and the short self-test that runs before any real
# work (the program stops if it fails), here before three assignments whose factor its table knows
# (the test passes when the program reports that factor). Each test runs in a folder of its own.
# GPU targets: each side as the Makefile has them (sm_75 to sm_120, sm_90 among them); the port's
# src/Makefile:43-49 hold them as $(call hipify_gpu_arch,--offload-arch=gfx90a,<the nvcc option>).
cuda_build() {
  step cuda build make -C src -j"$JOBS"
}
hip_build() {
  step hip build make -C src -j"$JOBS" HIP_PLATFORM=nvidia
}
amd_build() {
  step amd build env LIBRARY_PATH="$ROOT/build/runtime-shim" make -C src -j"$JOBS"
}
artifacts() { printf '%s\n' mfaktc mfaktc.ini; }
# name|exponent|bit level|the factor (src/selftest-data-mersenne.c)
mfaktc_known() {
  printf '%s\n' 'M53054873|53054873|63|10021913150535669457' \
    'M50804297|50804297|67|180620316395899877719' \
    'M3321931061|3321931061|74|29833158347165530570273'
}
tests() {
  echo "st|mkdir -p run-st && cd run-st && cp ../mfaktc.ini . && ../mfaktc -st >out.txt 2>&1; r=\$?; tail -40 out.txt; grep '^########## test case' out.txt | tail -1; [ \$r = 0 ] && grep -q '^self-test PASSED' out.txt"
  mfaktc_known | while IFS='|' read -r n e b f; do
    echo "tf-$n|mkdir -p run-$n && cd run-$n && cp ../mfaktc.ini . && ../mfaktc -tf $e $b $((b + 1)) >out.txt 2>&1; r=\$?; tail -20 out.txt; [ \$r = 0 ] && grep -q 'M$e has a factor: $f' out.txt"
  done
}
