#!/bin/sh
# cmake_packages_check.sh: configures and builds cmake-app/ (find_package(hip, hipblas, hiprand), roc::hipblas,
# hip::hiprand) against the HIP-on-NVIDIA CMake packages, and checks that the program links CUDA's own
# cuBLAS, cuRAND and runtime. It does not run the program. Exit 77 (SKIPPED) without the packages or cmake.
# usage: cmake_packages_check.sh PREFIX WORK   (PREFIX: the packages' prefix, build/nvidia-libs)
set -u
prefix=$1 work=$2 here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$prefix" ] || [ ! -f "$prefix/lib/cmake/hipblas/hipblas-config.cmake" ]; then
  echo "SKIPPED: the HIP-on-NVIDIA layer was not built (no nvcc or no HIP headers)"; exit 77
fi
rm -rf "$work" && mkdir -p "$work"
if ! cmake -S "$here/cmake-app" -B "$work" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1; then
  echo "FAIL: configure"; cat "$work/configure.log"; exit 1
fi
if ! cmake --build "$work" >"$work/build.log" 2>&1; then
  echo "FAIL: build"; cat "$work/build.log"; exit 1
fi
needed=$(readelf -d "$work/app" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
failed=0
for lib in libcublas libcurand libcudart; do
  if echo "$needed" | grep -q "^$lib\.so"; then echo "ok   app links $lib"; else echo "FAIL: app does not link $lib"; failed=1; fi
done
if echo "$needed" | grep -q 'libamdhip64\|libhipblas\|libhiprand'; then
  echo "FAIL: app links an AMD library: $needed"; failed=1
fi
exit $failed
