#!/bin/sh
# perl_compare.sh: hipify-c against hipify-perl on one real source tree, in one run so the ratio holds
# on a noisy machine: CPU and wall time of each translating every C/C++/CUDA file of the tree, hipify-c
# at -j1 with its default semantic policy and with a libclang parse of every file. hipify-perl is not
# part of this repository: pass the path of a copy (HIPIFY's bin/hipify-perl, one perl script).
# Usage: bench/perl_compare.sh HIPIFY_C HIPIFY_PERL TREE. Not a test: it prints numbers.
set -eu
hipify=$1 perl_tool=$2 tree=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "$tree" -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' -o -name '*.cc' -o -name '*.hpp' -o -name '*.h' \) | sort > "$work/files"
files=$(wc -l < "$work/files")
lines=$(xargs cat < "$work/files" | wc -l)
echo "tree: $tree, $files files, $lines lines"
measure() { # LABEL COMMAND...: one run, CPU and wall seconds
  label=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$work/t" "$@" >/dev/null 2>&1 || true
  read -r wall user sys < "$work/t"
  awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN { printf "%-34s %8.2f %8.2f\n", l, w, u + s }'
  awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f\n", u + s }' > "$work/cpu.$label"
}
printf '%-34s %8s %8s\n' tool wall_s cpu_s
# hipify-perl takes every file in one call (xargs splits only very long lists): its start-up, which
# compiles some 14,000 lines of patterns, is paid once, the fairest setting for it
cat > "$work/perl.sh" <<SH
xargs perl "$perl_tool" < "$work/files" > /dev/null 2>&1 || true
SH
measure hipify-perl sh "$work/perl.sh"
measure hipify-c-auto "$hipify" -j 1 -O "$work/out-auto" "$tree"
measure hipify-c-always "$hipify" -j 1 --semantic always -O "$work/out-always" "$tree"
p=$(cat "$work/cpu.hipify-perl") a=$(cat "$work/cpu.hipify-c-auto") b=$(cat "$work/cpu.hipify-c-always")
awk -v p="$p" -v a="$a" -v b="$b" 'BEGIN { if (a < 0.001) a = 0.001; if (b < 0.001) b = 0.001;
  printf "CPU ratio hipify-perl / hipify-c: %.1fx (auto), %.1fx (always)\n", p / a, p / b }'
