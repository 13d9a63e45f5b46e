#!/bin/sh
# validate_cpu.sh: validate's wave64 tier end to end (tests/validate-cpu/spec.json): a right port agrees with the
# CUDA stdout a GPU run left, differs from another, takes smaller inputs judged by its own checks only, a 32-lane
# ballot fails its own check under 64 lanes, HIP-CPU's not-runnable stop, the source scan's refusal and a program
# with no wave64 build are SKIPPED with their reasons; a misspelt key of "hip-cpu" is refused.
# usage: validate_cpu.sh HARNESS HIPIFY SPEC_DIR HIP_CPU_INCLUDE CXX WORK. Exit 77 without HIP-CPU.
set -u
harness=$1 hipify=$2 dir=$3 hip_cpu=$4 cxx=$5 work=$6
if [ ! -f "$hip_cpu/hip/hip_runtime.h" ]; then echo "SKIPPED: no HIP-CPU at $hip_cpu"; exit 77; fi
rm -rf "$work"
mkdir -p "$work/w/agree/run" "$work/w/differ/run" "$work/w/small/run"
failed=0
check() { # check WHAT PATTERN FILE
    if grep -q "$2" "$3"; then echo "PASS: $1"; else echo "FAIL: $1: no '$2' in $3:"; cat "$3"; failed=1; fi
}
# What a GPU run of the CUDA side leaves in WORK/NAME/run: the sum of warp_sum's 8192 numbers is 390.
printf 'n = 8192\nsum = 390\nPASS\n' >"$work/w/agree/run/cuda.stdout"
printf 'n = 8192\nsum = 391\nPASS\n' >"$work/w/differ/run/cuda.stdout"
cp "$work/w/differ/run/cuda.stdout" "$work/w/small/run/cuda.stdout"
"$harness" validate cpu --spec "$dir/spec.json" --work "$work/w" --hipify "$hipify" --hip-cpu "$hip_cpu" --cxx "$cxx" \
    --timeout 900 --json "$work/r.json" >"$work/out.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: validate cpu exit $rc, expected 1 (differ and lane_count fail)"; failed=1; }
check "agree equals the CUDA run's stdout" \
      "agree *validate-cpu *PASS.*stdout 3 lines agree.*compared with the CUDA run's recorded streams" "$work/out.txt"
check "differ fails on the CUDA run's other sum" \
      "differ *validate-cpu *FAIL.*stdout line 2: cuda sum = 391 | hip-cpu sum = 390" "$work/out.txt"
check "small runs its own inputs and is not compared" \
      "small *validate-cpu *PASS.*smaller inputs (hip-cpu.args): judged by its own checks" "$work/out.txt"
check "small ran with 1024 numbers" "^n = 1024$" "$work/w/small/run-cpu/hip-cpu.stdout"
check "lane_count's 32-lane ballot fails its own check under 64 lanes" \
      "lane_count *validate-cpu *FAIL.*must_match '^PASS\$'.*hip-cpu no line matches" "$work/out.txt"
check "lane_vote is stopped as not runnable" \
      "lane_vote *validate-cpu *SKIPPED.*not runnable on HIP-CPU: .*warp operation" "$work/out.txt"
check "warp_sync is refused before building" \
      "warp_sync *validate-cpu *SKIPPED.*not runnable on HIP-CPU.*warp-synchronous-volatile" "$work/out.txt"
[ ! -e "$work/w/warp_sync/hip-cpu/warp_sync" ] || { echo "FAIL: warp_sync was built"; failed=1; }
check "a program without a wave64 build says so" \
      "no_cpu_build *validate-cpu *SKIPPED.*no wave64 build" "$work/out.txt"
# The CUDA side's streams are only read: the GPU run's folder is left as it was.
check "the CUDA run's stdout is left alone" "sum = 391" "$work/w/differ/run/cuda.stdout"
# A misspelt key inside "hip-cpu" is refused with its line, never ignored.
sed 's/"args": \[1024\]/"arg": [1024]/' "$dir/spec.json" >"$work/typo.json"
sed -i "s|\"tree\": \"|\"tree\": \"$dir/|" "$work/typo.json"
"$harness" validate cpu --spec "$work/typo.json" --work "$work/typo" >"$work/typo.txt" 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: a misspelt hip-cpu key: exit $rc, expected 2"; failed=1; }
check "a misspelt hip-cpu key is named" "unknown key 'arg' (did you mean 'args'?)" "$work/typo.txt"
exit $failed
