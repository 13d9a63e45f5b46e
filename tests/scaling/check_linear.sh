#!/bin/sh
# check_linear.sh: translation time stays linear in the input on shapes that were once quadratic (issue
# D5: 32,000 same-named functions took 15 s, a 10 MB line 24 min). Each input is sized so that
# quadratic code needs minutes of CPU while linear code needs a few seconds; each run gets a CPU-time
# limit of 30 s (ulimit -t, not wall time, so a loaded machine does not make it flaky).
# Usage: check_linear.sh HIPIFY SOURCE_DIR
set -u
hipify=$1 top=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
run() { # SHAPE N EXPECT: translate the shape at size N under the CPU limit; EXPECT must occur in the output
  python3 "$top/bench/scaling_inputs.py" "$1" "$2" > "$work/$1.cu"
  ( ulimit -t 30; "$hipify" --fix-warp-size "$work/$1.cu" -o "$work/$1.hip" 2>/dev/null )
  rc=$?
  if [ $rc -ge 128 ]; then echo "FAIL $1 x$2: over 30 s of CPU (signal $((rc - 128))): not linear"; fail=1; return; fi
  if ! grep -q -- "$3" "$work/$1.hip"; then echo "FAIL $1 x$2: '$3' missing from the output (exit $rc)"; fail=1; return; fi
  echo "ok   $1 x$2 ($(wc -c < "$work/$1.cu") bytes)"
}
run samefn 160000 'void h(){}'
run params 40000 'warpSize'
run launch 200000 'k<<<1, 32>>>(p);'
run line 480000 'hipMemset(p, 0, 4)'
run localconst 80000 'warpSize'
run hazards 80000 'warpSize'
run bigfn 80000 'warpSize'
run samevar 80000 'warpSize'
run arrays 80000 '\[64\]'
run samearray 80000 '\[64\]'
run longstmt 40000 'warpSize'
run shfl 80000 'warpSize'
run steps 80000 'volatile float'
run ifdefs 40000 'hipFree'
run structs 80000 'hipGetDeviceProperties(&p, 0)'
run printf_builtin_index 160000 '(unsigned int)blockIdx.y'
run branches 80000 'warpSize'
run elsechain 80000 'warpSize'
run template_default_arg 20000 'int S7<T>::f(int a = sizeof(S7<T>))'
run divergent_barrier 80000 'blockIdx.x == 79999'
exit $fail
