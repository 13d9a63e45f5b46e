#!/bin/sh
# e2e_build.sh: migrates each corpus/build sample with `hipify-c -O`, then configures and builds the
# result for AMD GPUs with the installed HIP (plain `cmake -S . -B build`, or make) and checks that the
# program links and carries gfx90a device code. It does not run the programs (no AMD GPU needed).
# Usage: e2e_build.sh HIPIFY SOURCE_ROOT WORK_DIR. Exit 77 (SKIPPED) without hipcc.
set -u
hipify=$1 root=$2 work=$3
if ! command -v hipcc >/dev/null 2>&1; then
  echo "SKIPPED: hipcc not found; the migrated projects cannot be built here"
  exit 77
fi
# sample directory : program it must produce (relative to its build directory)
samples="cmake-saxpy-curand:build/saxpy_curand cmake-findcuda-legacy:build/legacy_vecops
cmake-subdir-lib:build/reduce_app cmake-findcuda-cxx11:build/cxx11_app cmake-host-cpp:build/host_cpp
make-stencil:stencil
cmake-header-only-lib:build/header_only_app"
failed=0
check_program() { # $1 sample, $2 program path
  if [ ! -x "$2" ]; then echo "FAIL $1: $2 was not built"; return 1; fi
  if ldd "$2" | grep -q "not found"; then echo "FAIL $1: $2 has unresolved libraries"; ldd "$2"; return 1; fi
  if ! grep -a -q "amdgcn-amd-amdhsa--gfx90a" "$2"; then echo "FAIL $1: $2 has no gfx90a code object"; return 1; fi
  echo "ok   $1: $2 links, with gfx90a device code"
}
rm -rf "$work" && mkdir -p "$work"
for entry in $samples; do
  name=${entry%%:*} program=${entry#*:}
  out="$work/$name"
  case $name in
    make-*) archs="--offload-arch gfx90a" ;; # Makefiles get the flags verbatim: Debian's clang 15 lacks gfx942
    *) archs="" ;;                          # CMake: the default targets; the HIP block drops unbuildable ones
  esac
  # shellcheck disable=SC2086
  if ! "$hipify" $archs -O "$out" "$root/corpus/build/$name" >"$work/$name.hipify.log" 2>&1; then
    echo "FAIL $name: hipify-c failed"; cat "$work/$name.hipify.log"; failed=1; continue
  fi
  # the carried HIP module (cmake/hipify-hip.cmake) is not looked at: its HIP-on-NVIDIA branch enables CUDA on purpose
  if find "$out" -name CMakeLists.txt -o -name Makefile | xargs cat |
     grep -E "nvcc|enable_language\(CUDA|LANGUAGES[^)]*CUDA|CUDA::" | grep -qvE "^[[:space:]]*#"; then
    echo "FAIL $name: CUDA build constructs left after migration"; failed=1; continue
  fi
  case $name in
    make-*) (cd "$out" && make >"$work/$name.build.log" 2>&1) ;;
    *) (cd "$out" && cmake -S . -B build >"$work/$name.configure.log" 2>&1 &&
        cmake --build build -j2 >"$work/$name.build.log" 2>&1) ;;
  esac
  if [ $? -ne 0 ]; then
    echo "FAIL $name: the migrated project does not build"; tail -30 "$work/$name".*.log; failed=1; continue
  fi
  check_program "$name" "$out/$program" || failed=1
done
# HIPCXX: the HIP block also drives a plain clang++ (Debian's clang 15, the compiler hipcc wraps)
clang=$(command -v clang++-15 || true)
if [ -n "$clang" ]; then
  out="$work/cmake-saxpy-curand"
  if (cd "$out" && HIPCXX=$clang cmake -S . -B build-clang >"$work/hipcxx.configure.log" 2>&1 &&
      cmake --build build-clang -j2 >"$work/hipcxx.build.log" 2>&1); then
    check_program "cmake-saxpy-curand (HIPCXX=$clang)" "$out/build-clang/saxpy_curand" || failed=1
  else
    echo "FAIL cmake-saxpy-curand: does not build with HIPCXX=$clang"; tail -30 "$work"/hipcxx.*.log; failed=1
  fi
else
  echo "note: clang++-15 not installed; HIPCXX path not exercised"
fi
exit $failed
