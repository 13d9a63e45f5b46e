#!/usr/bin/env bash
# warp-wave64.sh: runs CUDA programs' HIP ports, plain and with --fix-warp-size, under 64-lane warps on the CPU
# (AMD's HIP-CPU runtime) and prints one table row per program; it judges results only by each program's own check.
#
# usage: scripts/warp-wave64.sh HIPIFY OUTDIR LIST
#   HIPIFY  a hipify-c binary; OUTDIR  a scratch folder (one subfolder per program and port);
#   LIST    lines "NAME<TAB>SOURCE<TAB>ARGS[<TAB>exit]" (# comments allowed; ARGS "-": none; "exit": the exit
#           status is the program's check): the program folder (every .cu/.cpp in it is
#           compiled) or one .cu file of a folder (its folder is translated, that file compiled), and arguments.
#           @ROOT@ in a path is this checkout, @HECBENCH@ is $HECBENCH (default /tmp/hecbench: a HeCBench
#           checkout: docs/warp-size.md says how to extract it from a mirror).
#           scripts/warp-wave64.txt is the list docs/warp-size.md's table was made with.
# Environment: HIP_CPU (default /work/shared/third_party/HIP-CPU: read its ORIGIN.md), CXX (g++), RUN_TIMEOUT
# (seconds a run may take, default 300), JOBS (programs at a time, default 1). Needs Debian's libtbb-dev.
# Each port is translated with --hip-kernel-execution-syntax (HIP-CPU has no <<<>>>), compiled with a small
# pre-include written here (the *_sync warp functions onto HIP-CPU's 64-lane __shfl/__ballot, a few math
# names HIP-CPU lacks; the project's shim is not included: it does not know HIP-CPU yet) and run once.
# Verdicts: right (the program's check passed), wrong (it printed FAIL/Error), no check (it ran, printed
# neither), not runnable (did not compile, crashed or timed out: the reason is given). A port whose
# translation is byte-identical to the plain one is not built again ("= plain").
# HIP-CPU's own limits make some runs unfaithful; they are not our defects: a warp operation called by only
# some warps of a block is a block-wide barrier (hang or wrong), __shfl* with width < 64 is wrong for lanes
# at or above the width, lanes are not in lockstep, shared memory starts zeroed.
set -u
[ $# -eq 3 ] || { sed -n '4,8p' "$0"; exit 2; }
HIPIFY=$(realpath "$1"); OUT=$2; LIST=$3
HC=${HIP_CPU:-/work/shared/third_party/HIP-CPU}
CXX=${CXX:-g++}
ROOT=$(cd "$(dirname "$0")/.." && pwd) # harness/include: the corpus programs' recorder
TMO=${RUN_TIMEOUT:-300}
mkdir -p "$OUT"
PRE="$OUT/hipcpu_pre.h"
cat > "$PRE" <<'PRE_EOF'
/* hipcpu_pre.h (written by scripts/warp-wave64.sh): CUDA 9 *_sync warp functions on HIP-CPU's 64-lane
 * primitives; the project's shim headers are skipped. Masks are ignored: HIP-CPU runs whole warps. */
#pragma once
#include <hip/hip_runtime.h>
#include <cstdint>
#include <cmath>
#include <algorithm>
#define HIPIFY_SHIM_H 1
#define HIPIFY_SHIM_WARP_H 1
#define HIPIFY_SHIM_MATH_H 1
using half = __half;
using half2 = __half2;
template <class M, class T> inline T __shfl_sync(M, T v, int l, int w = warpSize) { return __shfl(v, l, w); }
template <class M, class T> inline T __shfl_xor_sync(M, T v, int l, int w = warpSize) { return __shfl_xor(v, l, w); }
template <class M, class T> inline T __shfl_down_sync(M, T v, unsigned l, int w = warpSize) { return __shfl_down(v, l, w); }
template <class M, class T> inline T __shfl_up_sync(M, T v, unsigned l, int w = warpSize) { return __shfl_up(v, l, w); }
template <class M> inline unsigned long long __ballot_sync(M, int p) { return __ballot(p); }
template <class M> inline int __any_sync(M, int p) { return __any(p); }
template <class M> inline int __all_sync(M, int p) { return __all(p); }
inline unsigned long long __activemask() { return __ballot(1); }
template <class M> inline void __syncwarp(M) {}
inline void __syncwarp() {}
template <class M, class T> inline unsigned long long __match_any_sync(M, T v) {
    unsigned long long r = 0;
    for (int i = 0; i < warpSize; i++) {
        T o = __shfl(v, i);
        unsigned long long b = __ballot(o == v);
        if (i == (int)(threadIdx.x % warpSize)) r = b;
    }
    return r;
}
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
inline float min(float a, float b) { return a < b ? a : b; }
inline float max(float a, float b) { return a > b ? a : b; }
inline double min(double a, double b) { return a < b ? a : b; }
inline double max(double a, double b) { return a > b ? a : b; }
/* HIP-CPU's own __ffsll/__clzll overloads are ambiguous for unsigned long long arguments */
#define __ffsll(x) __builtin_ffsll((long long)(x))
#define __clzll(x) ((x) ? __builtin_clzll((unsigned long long)(x)) : 64)
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline float __fdividef(float a, float b) { return a / b; }
/* HIP-CPU's properties give the host's SIMD width as warpSize while kernels run 64 lanes: programs that
 * size their CPU reference by the device's warpSize read 64 */
inline hipError_t hipcpu_properties_wave64(hipDeviceProp_t *p, int d) {
    hipError_t e = hipGetDeviceProperties(p, d);
    p->warpSize = warpSize;
    return e;
}
#define hipGetDeviceProperties hipcpu_properties_wave64
PRE_EOF

# verdict DIR ARGS FILE CHECK: builds the port in DIR (all its .cu/.cpp files, or FILE alone), runs it; prints
# the verdict. CHECK "exit": the exit status is the program's check (the corpus programs' CPU references).
verdict() {
    local d=$1 args=$2 srcs=$3 check=$4 rc
    [ -n "$srcs" ] || srcs=$(cd "$d" && ls *.cu *.cpp 2>/dev/null | grep -v -i 'reference\|^a\.out')
    [ -n "$srcs" ] || { echo "not runnable (no source)"; return; }
    if ! (cd "$d" && timeout 600 $CXX -std=c++17 -O1 -w -x c++ -include "$(realpath "$PRE")" -I"$HC/include" -I. $(find . -mindepth 1 -type d -printf '-I%p ') -I"$ROOT/harness/include" $srcs \
            -o a.out -ltbb -lpthread > compile.log 2>&1); then
        echo "not runnable (compile: $(grep -m1 -o 'error: .*' "$d/compile.log" | cut -c8-90 | tr '|\t' '/ '))"
        return
    fi
    (cd "$d" && eval timeout "$TMO" ./a.out $args) > "$d/run.log" 2>&1
    rc=$?
    if [ $rc -eq 124 ]; then echo "not runnable (timeout ${TMO}s)"; return; fi
    if grep -qE 'FAIL|Error|error|mismatch|incorrect' "$d/run.log"; then echo "wrong ($(grep -m1 -E 'FAIL|Error|error|mismatch|incorrect' "$d/run.log" | cut -c1-60 | tr '|\t' '/ '))"; return; fi
    if [ $rc -ge 128 ]; then echo "not runnable (signal $((rc - 128)))"; return; fi
    if [ "$check" = exit ]; then [ $rc -eq 0 ] && echo "right" || echo "wrong (exit $rc)"; return; fi
    if grep -qE 'PASS|Pass|passed|OK' "$d/run.log"; then echo "right"; return; fi
    echo "no check (exit $rc)"
}

# row NAME SOURCE ARGS: translates, builds and runs one program; writes its table row to OUT/NAME/row.md.
row() {
    local name=$1 src=$2 args=$3 check=$4 w file="" hz fx left plain fixed
    w="$OUT/$name"; rm -rf "$w"; mkdir -p "$w"
    if [ -f "$src" ]; then file=$(basename "$src"); src=$(dirname "$src"); fi
    "$HIPIFY" --hip-kernel-execution-syntax -O "$w/plain" "$src" > "$w/plain.all" 2>&1
    "$HIPIFY" --hip-kernel-execution-syntax --fix-warp-size -O "$w/fixed" "$src" > "$w/fixed.all" 2>&1
    if [ -n "$file" ]; then  # the diagnostics of the program's own file and of the headers beside it
        grep -vE '\.(cu|cpp):' "$w/plain.all" > "$w/plain.diag"; grep -F "/$file:" "$w/plain.all" >> "$w/plain.diag"
        grep -vE '\.(cu|cpp):' "$w/fixed.all" > "$w/fixed.diag"; grep -F "/$file:" "$w/fixed.all" >> "$w/fixed.diag"
    else cp "$w/plain.all" "$w/plain.diag"; cp "$w/fixed.all" "$w/fixed.diag"; fi
    hz=$(grep -cE ' HC30(0[1-8]|1[0-5]): ' "$w/plain.diag")
    fx=$(grep -c ' HC3009: ' "$w/fixed.diag")
    left=$(grep -cE 'warning: HC30(0[1-8]|1[0-5]): ' "$w/fixed.diag")
    plain=$(verdict "$w/plain" "$args" "$file" "$check")
    if [ "$fx" -eq 0 ]; then fixed="= plain (nothing rewritten)"
    else fixed=$(verdict "$w/fixed" "$args" "$file" "$check"); fi
    printf '| %s | %s; %s rewritten, %s left | %s | %s |\n' "$name" "$hz" "$fx" "$left" "$plain" "$fixed" > "$w/row.md"
}

# JOBS programs at a time (default 1); the rows come out in LIST's order.
names=(); running=0
while IFS=$'\t' read -r name src args check; do
    case "$name" in ''|'#'*) continue ;; esac
    names+=("$name")
    if [ "$running" -ge "${JOBS:-1}" ]; then wait -n; running=$((running - 1)); fi
    running=$((running + 1))
    src=${src//@HECBENCH@/${HECBENCH:-/tmp/hecbench}}; src=${src//@ROOT@/$ROOT}
    [ "$args" = - ] && args=""
    row "$name" "$src" "$args" "${check:-}" &
done < "$LIST"
wait
printf '| program | hazards (warnings; rewritten with --fix-warp-size) | plain port | fixed port |\n|---|---|---|---|\n'
for name in "${names[@]}"; do cat "$OUT/$name/row.md" 2>/dev/null || echo "| $name | (no result) | | |"; done
