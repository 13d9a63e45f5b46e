#!/bin/sh
# warp_mask_diag.sh: checks the compile-time mask diagnostics of hipify_shim_warp.h for wave64 (gfx90a)
# and wave32 (gfx1100): each expected warning appears on its line and the portable idiom stays silent.
# usage: warp_mask_diag.sh HIPCC INCLUDE_DIR SOURCE WORKDIR
set -eu
hipcc=$1 include=$2 source=$3 work=$4
if [ -z "$hipcc" ] || [ ! -x "$hipcc" ]; then echo "SKIPPED: hipcc not found"; exit 77; fi
mkdir -p "$work"
name=$(basename "$source")
status=0
for arch in gfx90a gfx1100; do
    "$hipcc" --offload-arch="$arch" -nogpulib --cuda-device-only -S -Wno-unused-command-line-argument \
        -I"$include" "$source" -o "$work/diag_$arch.s" >"$work/diag_$arch.log" 2>&1
    warned() { grep -q "$name:$1:.*hipify-shim: $2" "$work/diag_$arch.log"; }
    silent() { ! grep -q "$name:$1:.*hipify-shim" "$work/diag_$arch.log"; }
    case $arch in
    gfx90a) warned 6 "32-bit full mask" && silent 7 && silent 8 || status=1 ;;
    gfx1100) silent 6 && warned 7 "warp mask names lanes" && silent 8 || status=1 ;;
    esac
    if [ $status -ne 0 ]; then echo "FAIL: $arch diagnostics:"; cat "$work/diag_$arch.log"; exit 1; fi
    echo "PASS: $arch mask diagnostics as expected"
done
