#!/bin/sh
# validate_gpu.sh: `hipify-harness validate run` on small unmodified CUDA programs (tests/validate-gpu) built
# as CUDA and as the hipify-c port for HIP's NVIDIA platform; needs nvcc and an NVIDIA GPU, else exit 77.
# props.cu is in the spec but not run here: it shows the managedMemory difference of Debian's HIP 5.2
# NVIDIA headers, which the validation platform, not this test, has to fix.
# usage: validate_gpu.sh HIPIFY_HARNESS HIPIFY_C NVCC FIXTURE_DIR WORK_DIR
set -u
harness=$1 hipify=$2 nvcc=$3 fixture=$4 work=$5
if [ ! -x "$nvcc" ] && ! command -v "$nvcc" > /dev/null 2>&1; then
  echo "SKIPPED: nvcc not found ($nvcc)"
  exit 77
fi
# Checked before building: the builds take minutes and prove nothing without a GPU to run them on.
if [ -n "${HIPIFY_HARNESS_NO_GPU:-}" ] || ! nvidia-smi -L 2> /dev/null | grep -q "^GPU "; then
  echo "SKIPPED: no NVIDIA GPU"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
cp -r "$fixture" "$work/src"
exec "$harness" validate run --spec "$work/src/spec.json" --work "$work/w" --hipify "$hipify" --nvcc "$nvcc" \
  --program vadd --program saxpy_files --json "$work/r.json"
