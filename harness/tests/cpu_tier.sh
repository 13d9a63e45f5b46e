#!/bin/sh
# cpu_tier.sh: the wave64 tier end to end on six small programs (tests/cpu-tier): a warp-synchronous program, one
# with extern __shared__ dynamic shared memory and one with cooperative groups (HIP-CPU builds neither) are refused
# by the source scan, a lane-divergent ballot and ballots in both arms of a lane-dependent branch are reported
# not runnable by the patched HIP-CPU, and a block reduction passes on its own checks, then against a planted CUDA
# recording that agrees, fails against one that differs, and passes again with --own-checks-only.
# usage: cpu_tier.sh HARNESS HIPIFY CORPUS RECORD_INCLUDE HIP_CPU_INCLUDE CXX WORK. Exit 77 without HIP-CPU.
set -u
harness=$1 hipify=$2 corpus=$3 record_include=$4 hip_cpu=$5 cxx=$6 work=$7
if [ ! -f "$hip_cpu/hip/hip_runtime.h" ]; then echo "SKIPPED: no HIP-CPU at $hip_cpu"; exit 77; fi
rm -rf "$work"
mkdir -p "$work"
common="--corpus $corpus --work $work/w --include $record_include --hipify $hipify --hip-cpu $hip_cpu --cxx $cxx --timeout 900"
failed=0
check() { # check WHAT PATTERN FILE
    if grep -q "$2" "$3"; then echo "PASS: $1"; else echo "FAIL: $1: no '$2' in $3:"; cat "$3"; failed=1; fi
}
"$harness" build --step hip-cpu $common --json "$work/build.json" >"$work/build.out" 2>&1
echo "build exit $?"
check "warp-synchronous volatile code refused before building" \
      "volatile_reduce.*SKIPPED.*not runnable on HIP-CPU.*warp-synchronous-volatile" "$work/build.out"
[ ! -e "$work/w/volatile_reduce/volatile_reduce.hip-cpu" ] || { echo "FAIL: volatile_reduce was built"; failed=1; }
check "extern __shared__ refused before building, naming HIP_DYNAMIC_SHARED" \
      "dynamic_shared.*SKIPPED.*not runnable on HIP-CPU.*HIP_DYNAMIC_SHARED.*dynamic-shared-extern" "$work/build.out"
[ ! -e "$work/w/dynamic_shared/dynamic_shared.hip-cpu" ] || { echo "FAIL: dynamic_shared was built"; failed=1; }
check "cooperative groups refused before building, naming hip_cooperative_groups.h" \
      "cg_reduce.*SKIPPED.*not runnable on HIP-CPU.*hip_cooperative_groups.h.*cooperative-groups" "$work/build.out"
[ ! -e "$work/w/cg_reduce/cg_reduce.hip-cpu" ] || { echo "FAIL: cg_reduce was built"; failed=1; }
"$harness" run-cpu $common --program lane_vote >"$work/vote.out" 2>&1; rc=$?
check "lane-divergent ballot reported not runnable" "lane_vote.*SKIPPED.*not runnable on HIP-CPU" "$work/vote.out"
[ $rc -eq 77 ] || { echo "FAIL: lane_vote run-cpu exit $rc, expected 77 (SKIPPED)"; failed=1; }
"$harness" run-cpu $common --program both_arms >"$work/arms.out" 2>&1; rc=$?
check "ballots in both arms of a lane-dependent branch reported not runnable" \
      "both_arms.*SKIPPED.*not runnable on HIP-CPU: lanes of one warp met in different warp operations" "$work/arms.out"
[ $rc -eq 77 ] || { echo "FAIL: both_arms run-cpu exit $rc, expected 77 (SKIPPED)"; failed=1; }
"$harness" run-cpu $common --program block_sum >"$work/own.out" 2>&1; rc=$?
check "block_sum passes its own checks" "block_sum.*PASS.*no CUDA recording" "$work/own.out"
[ $rc -eq 0 ] || { echo "FAIL: block_sum run-cpu exit $rc"; failed=1; }
# A CUDA recording made by the same program (the values a GPU gives) agrees; one with shifted sums must not.
HC_RECORD_FILE="$work/w/block_sum/cuda.rec" "$work/w/block_sum/block_sum.hip-cpu" >/dev/null 2>&1
"$harness" run-cpu $common --program block_sum >"$work/same.out" 2>&1; rc=$?
check "block_sum equals an agreeing CUDA recording" "block_sum.*PASS.*equal the CUDA run" "$work/same.out"
[ $rc -eq 0 ] || { echo "FAIL: block_sum run-cpu exit $rc against an agreeing recording"; failed=1; }
SUM_BIAS=1 HC_RECORD_FILE="$work/w/block_sum/cuda.rec" "$work/w/block_sum/block_sum.hip-cpu" >/dev/null 2>&1
"$harness" run-cpu $common --program block_sum >"$work/differ.out" 2>&1; rc=$?
check "block_sum fails against a differing CUDA recording" "block_sum.*FAIL.*differs from the CUDA recording: block_sums" \
      "$work/differ.out"
[ $rc -eq 1 ] || { echo "FAIL: block_sum run-cpu exit $rc against a differing recording, expected 1"; failed=1; }
# Outputs that depend on the warp width are judged by the program's own checks: the differing recording is ignored.
"$harness" run-cpu $common --program block_sum --own-checks-only >"$work/own-only.out" 2>&1; rc=$?
check "--own-checks-only ignores the CUDA recording" "block_sum.*PASS.*own-checks-only" "$work/own-only.out"
[ $rc -eq 0 ] || { echo "FAIL: block_sum run-cpu --own-checks-only exit $rc"; failed=1; }
exit $failed
