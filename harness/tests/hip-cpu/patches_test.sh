#!/bin/sh
# patches_test.sh: each patch of harness/hip-cpu/patches proven by execution: patches_test.cpp built against the
# unpatched and the patched HIP-CPU; every mode must be right on the patched copy and wrong (or hang, or crash) on the
# unpatched one, so the test would fail without the patch; lane-divergence and both-arms (a ballot in each arm of a
# branch that divides a warp, told apart by the call sites of patch 0004) must end with the "not runnable" report,
# which the unpatched copy never gives.
# usage: patches_test.sh CXX UNPATCHED_INCLUDE PATCHED_INCLUDE SOURCE WORK. Exit 77 when either copy is absent.
set -u
cxx=$1 unpatched=$2 patched=$3 source=$4 work=$5
for dir in "$unpatched" "$patched"; do
    if [ ! -f "$dir/hip/hip_runtime.h" ]; then echo "SKIPPED: no HIP-CPU at $dir"; exit 77; fi
done
mkdir -p "$work"
for copy in unpatched patched; do
    eval include=\$$copy
    "$cxx" -std=c++17 -O1 -isystem "$include" "$source" -o "$work/$copy" -ltbb -lpthread || { echo "FAIL: build ($copy)"; exit 1; }
done
failed=0
for mode in thread-order shuffle-width divergent-warps lane-divergence both-arms shared-poison null-stream-order; do
    timeout 60 "$work/patched" $mode >"$work/$mode.patched.log" 2>&1; rc=$?
    timeout 60 "$work/unpatched" $mode >"$work/$mode.unpatched.log" 2>&1; urc=$?
    case $mode in
        lane-divergence) why="^HIP-CPU: not runnable: " ;;
        both-arms) why="^HIP-CPU: not runnable: lanes of one warp met in different warp operations (thread 0 at .*patches_test.cpp:[0-9]*.*, thread 10 at .*patches_test.cpp:[0-9]*" ;;
        *) why= ;;
    esac
    if [ -n "$why" ]; then
        if [ $rc -eq 86 ] && grep -q "$why" "$work/$mode.patched.log"; then
            echo "PASS: $mode: patched copy reports it: $(cat "$work/$mode.patched.log")"
        else echo "FAIL: $mode: patched copy exit $rc: $(cat "$work/$mode.patched.log")"; failed=1; fi
        # The unpatched copy runs it silently (its answer right or wrong by chance): the report is the patch's.
        if grep -q "not runnable" "$work/$mode.unpatched.log"; then
            echo "FAIL: $mode: the unpatched copy reports it too: the test cannot fail"; failed=1; fi
        continue
    fi
    if [ $rc -eq 0 ]; then echo "PASS: $mode: patched copy right"; else
        echo "FAIL: $mode: patched copy exit $rc: $(cat "$work/$mode.patched.log")"; failed=1; fi
    if [ $urc -eq 0 ]; then echo "FAIL: $mode: the unpatched copy is right too: the test cannot fail"; failed=1; else
        echo "PASS: $mode: unpatched copy wrong as expected (exit $urc)"; fi
done
exit $failed
