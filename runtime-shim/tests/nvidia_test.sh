#!/bin/sh
# nvidia_test.sh: compiles HIP sources for NVIDIA with nvcc (through the compat overlay, which is
# version-guarded and so always safe) and, in run mode, runs the program. Exit 77 without nvcc or a GPU.
# usage: nvidia_test.sh compile|run NVCC PYTHON GENERATOR HIP_INCLUDE OUTPUT SOURCE... [-I... -D... -l... -L...]
set -eu
mode=$1 nvcc=$2 python=$3 generator=$4 hip_include=$5 output=$6
shift 6
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then echo "SKIPPED: nvcc not found; HIP on NVIDIA cannot be built here"; exit 77; fi
if [ "$mode" = run ]; then
    if ! nvidia-smi -L >/dev/null 2>&1; then echo "SKIPPED: no NVIDIA GPU to run $output on"; exit 77; fi
    [ -x "$output" ] || { echo "FAIL: $output was not built (run the compile test first)"; exit 1; }
    exec timeout 120 "$output"
fi
if [ ! -f "$hip_include/hip/nvidia_detail/nvidia_hip_runtime_api.h" ]; then
    echo "SKIPPED: no HIP headers for NVIDIA under $hip_include"; exit 77
fi
mkdir -p "$(dirname "$output")"
overlay=$(dirname "$output")/overlay
"$python" "$generator" --hip-include "$hip_include" --out "$overlay"
flags="" objects="" sources=""
for a in "$@"; do
    case $a in
    -l* | -L*) flags="$flags $a" ;;
    -*) flags="$flags $a" ;;
    *) sources="$sources $a" ;;
    esac
done
n=0
for src in $sources; do
    n=$((n + 1))
    case $src in *.c) lang=c ;; *) lang=cu ;; esac
    obj="$output.$n.o"
    echo "nvcc -x $lang -D__HIP_PLATFORM_NVIDIA__ -I$overlay -I$hip_include$flags -c $src"
    "$nvcc" -x $lang -D__HIP_PLATFORM_NVIDIA__ -I"$overlay" -I"$hip_include" $flags -c "$src" -o "$obj"
    objects="$objects $obj"
done
"$nvcc" $objects $flags -o "$output"
echo "PASS: built $output"
