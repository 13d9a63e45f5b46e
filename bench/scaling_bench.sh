#!/bin/sh
# scaling_bench.sh: shows that hipify-c's time grows linearly with input size. For each synthetic shape
# of input (bench/scaling_inputs.py: many same-named functions, launches, one huge line, macros,
# constants, hazards, ...) it translates the input at N and at 4N and prints lines per CPU-second at
# both and the time ratio: about 4 is linear, 16 quadratic. Not a test: it prints numbers.
# Usage: bench/scaling_bench.sh [HIPIFY_BINARY] [N] [SHAPE...]
. "$(dirname "$0")/bench_setup.sh"
n=${2:-5000}
[ $# -ge 2 ] && shift 2 || shift $#
shapes=${*:-samefn params launch line macros samemacro localconst hazards bigfn samevar arrays samearray longstmt shfl ifdefs structs}
cpu() { # CPU seconds of one translation (user + system)
  /usr/bin/time -f '%U %S' -o "$work/t" "$hipify" "$@" >/dev/null 2>&1 || true
  awk '{ printf "%.3f", $1 + $2 }' "$work/t"
}
printf '%-11s %9s %12s %9s %12s %7s\n' shape lines@N lines/s@N lines@4N lines/s@4N ratio
for s in $shapes; do
  python3 "$top/bench/scaling_inputs.py" "$s" "$n" > "$work/a.cu"
  python3 "$top/bench/scaling_inputs.py" "$s" $((4 * n)) > "$work/b.cu"
  la=$(wc -l < "$work/a.cu") lb=$(wc -l < "$work/b.cu")
  ta=$(cpu --fix-warp-size "$work/a.cu") tb=$(cpu --fix-warp-size "$work/b.cu")
  awk -v s="$s" -v la="$la" -v lb="$lb" -v ta="$ta" -v tb="$tb" 'BEGIN {
    if (ta < 0.001) ta = 0.001; if (tb < 0.001) tb = 0.001;
    printf "%-11s %9d %12.0f %9d %12.0f %7.1f\n", s, la, la / ta, lb, lb / tb, tb / ta }'
done
