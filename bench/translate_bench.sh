#!/bin/sh
# translate_bench.sh: translation speed and peak memory of hipify-c on a generated tree of at least
# 100,000 CUDA lines (copies of the bundled corpus), at -j1 and -j2, in one run so the ratios compare.
# Usage: bench/translate_bench.sh [HIPIFY_BINARY] [MIN_LINES]. Not a test: it prints numbers.
. "$(dirname "$0")/bench_setup.sh"
min_lines=${2:-100000}
sources=$(find "$top/corpus" -name '*.cu' -o -name '*.cuh' | sort)
[ -n "$sources" ] || { echo "no corpus sources under $top/corpus" >&2; exit 1; }
lines=0 copy=0
while [ "$lines" -lt "$min_lines" ]; do
  copy=$((copy + 1))
  for f in $sources; do
    rel=${f#$top/corpus/}
    mkdir -p "$work/tree/c$copy/$(dirname "$rel")"
    cp "$f" "$work/tree/c$copy/$rel"
    lines=$((lines + $(wc -l < "$f")))
  done
done
files=$(find "$work/tree" -type f | wc -l)
echo "corpus: $files files, $lines lines ($copy copies of the bundled corpus)"
printf '%-16s %10s %10s %12s %14s %10s\n' jobs/semantic wall_s cpu_s lines/s_wall lines/s_per_cpu peak_MB
# the default policy at -j1 and -j2, then a libclang parse of every file for comparison
for run in 1:auto 2:auto 2:always; do
  j=${run%%:*} semantic=${run#*:}
  for _ in 1; do
    /usr/bin/time -f '%e %U %S %M' -o "$work/t" "$hipify" -j "$j" --semantic "$semantic" --examine "$work/tree" >/dev/null 2>&1 || true
    read -r wall user sys rss < "$work/t"
    awk -v j="$j/$semantic" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v l="$lines" 'BEGIN {
      cpu = u + s; if (w == 0) w = 0.001; if (cpu == 0) cpu = 0.001;
      printf "%-16s %10.2f %10.2f %12.0f %14.0f %10.1f\n", j, w, cpu, l / w, l / cpu, r / 1024 }'
  done
done
# Output identical at -j1 and -j2 (the CLI promises it): translate both ways and compare.
"$hipify" -j 1 -O "$work/o1" "$work/tree" >/dev/null 2>&1 || true
"$hipify" -j 2 -O "$work/o2" "$work/tree" >/dev/null 2>&1 || true
if diff -r "$work/o1" "$work/o2" >/dev/null; then echo "output -j1 == -j2: yes"; else echo "output -j1 == -j2: NO"; exit 1; fi
