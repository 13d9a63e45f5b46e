#!/bin/sh
# e2e_build_nvidia.sh: migrates each CMake sample of corpus/build with `hipify-c -O`, then configures it for HIP on
# NVIDIA (-DCMAKE_HIP_PLATFORM=nvidia, the HIP-on-NVIDIA CMake packages) and builds it with nvcc for sm_90, checking
# that each program links CUDA's runtime and no AMD library and carries sm_90 code. It does not run them.
# Usage: e2e_build_nvidia.sh HIPIFY SOURCE_ROOT WORK_DIR PACKAGES_PREFIX. Exit 77 (SKIPPED) without nvcc/packages.
set -u
hipify=$1 root=$2 work=$3 prefix=$4
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ ! -x "$nvcc" ] || [ -z "$prefix" ] || [ ! -f "$prefix/lib/cmake/hip/hip-config.cmake" ]; then
  echo "SKIPPED: nvcc or the HIP-on-NVIDIA CMake packages are missing"; exit 77
fi
# sample directory : program it must produce (relative to its build directory) : nvcc options its compile must
# hold (',' between them; the project's own, in nvcc's spelling again; cmake-findcuda-legacy's
# cuda_add_executable(... OPTIONS -lineinfo), an option of its HIP sources only).
samples="cmake-saxpy-curand:saxpy_curand:--use_fast_math cmake-subdir-lib:reduce_app: cmake-findcuda-cxx11:cxx11_app:
cmake-cu-only-openmp:cu_only:--use_fast_math,-Xcompiler=-fno-strict-aliasing cmake-findcuda-legacy:legacy_vecops:-lineinfo
cmake-host-cpp:host_cpp:
cmake-header-only-lib:header_only_app:--extended-lambda,-DTRANSFORM_LIB_OPTIONS=1,-lineinfo"
failed=0
rm -rf "$work" && mkdir -p "$work"
for entry in $samples; do
  name=${entry%%:*} rest=${entry#*:}
  program=${rest%%:*} options=${rest#*:}
  out="$work/$name"
  if ! "$hipify" -O "$out" "$root/corpus/build/$name" >"$work/$name.hipify.log" 2>&1; then
    echo "FAIL $name: hipify-c failed"; cat "$work/$name.hipify.log"; failed=1; continue
  fi
  if ! (cd "$out" && cmake -S . -B build-nv -DCMAKE_HIP_PLATFORM=nvidia -DCMAKE_CUDA_ARCHITECTURES=90 \
        -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_PREFIX_PATH="$prefix" >"$work/$name.configure.log" 2>&1 &&
        cmake --build build-nv -j2 >"$work/$name.build.log" 2>&1); then
    echo "FAIL $name: the migrated project does not build for HIP on NVIDIA"; tail -30 "$work/$name".*.log
    failed=1; continue
  fi
  missing=""
  for o in $(echo "$options" | tr ',' ' '); do
    grep -r -q -e "$o" "$out/build-nv/CMakeFiles" || missing="$missing $o"
  done
  if [ -n "$missing" ]; then echo "FAIL $name: the compile lacks$missing"; failed=1; continue; fi
  bin="$out/build-nv/$program"
  needed=$(readelf -d "$bin" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
  if ! echo "$needed" | grep -q '^libcudart\.so'; then echo "FAIL $name: $program does not link libcudart"; failed=1; continue; fi
  if echo "$needed" | grep -q 'amdhip64\|libhiprand\|libhipblas'; then echo "FAIL $name: links an AMD library"; failed=1; continue; fi
  # nvcc's fat binary names the target of each device image it holds
  if ! grep -a -q 'sm_90' "$bin"; then echo "FAIL $name: $program carries no sm_90 code"; failed=1; continue; fi
  echo "ok   $name: $program builds for HIP on NVIDIA (sm_90), links $(echo "$needed" | grep -E 'cuda|cu[a-z]+\.so' | tr '\n' ' ')"
done
exit $failed
