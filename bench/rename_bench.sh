#!/bin/sh
# rename_bench.sh: what finding renames costs a --resync: N ported files are renamed and modified upstream
# (each keeps most of its lines, so only line similarity can pair it), against a control where the same
# files are modified in place (measured twice, for the noise). A dry-run re-sync of each, in CPU seconds,
# by one or two hipify-c binaries: the rename search's cost is the difference, and the script prints the
# ratio between the binaries. Not a test.
# Usage: bench/rename_bench.sh [HIPIFY_BINARY] [N] [OTHER_HIPIFY_BINARY]
. "$(dirname "$0")/bench_setup.sh"
n=${2:-1800}
other=${3:-}
G="git -c user.email=b@b -c user.name=b"

# tree DIR NAME_PREFIX VARIANT: N headers of 122 lines each, most of them unique to the file (VARIANT
# changes one line of each)
tree() {
  mkdir -p "$1/src"
  awk -v n="$n" -v dir="$1/src" -v pre="$2" -v variant="$3" 'BEGIN {
    for (i = 0; i < n; i++) {
      f = sprintf("%s/%s%04d.h", dir, pre, i)
      print "#pragma once" > f
      print "#include <stddef.h>" >> f
      for (k = 0; k < 40; k++) {
        printf "static inline int f%d_%d(int x) {\n", i, k >> f
        printf "  return x * %d + %d;\n", i + 1, (k == 5 && variant) ? 1000 + k : k >> f
        print "}" >> f
      }
      close(f)
    }
  }'
}

# port DIR: a git repository of the original tree and its -O port
setup() {
  tree "$work/$1/cuda" old_ 0
  git init -q "$work/$1/cuda" && git -C "$work/$1/cuda" add . && $G -C "$work/$1/cuda" commit -qm one
  "$hipify" -O "$work/$1/hip" "$work/$1/cuda" >/dev/null 2>&1
  rm -rf "$work/$1/cuda/src"
  tree "$work/$1/cuda" "$2" 1
  git -C "$work/$1/cuda" add -A && $G -C "$work/$1/cuda" commit -qm two
}
setup renamed new_
setup control old_

secs() { # CPU seconds (user + system, children included) of one dry-run re-sync of case $2 by binary $1
  /usr/bin/time -f '%U %S' -o "$work/t" "$1" --resync "$work/$2/hip" --resync-dry-run --allow-tool-change \
    --resync-json "$work/$2.json" "$work/$2/cuda" >"$work/out" 2>&1 || [ $? -eq 1 ] ||
    { echo "re-sync failed:"; cat "$work/out"; exit 1; }
  awk '{ printf "%.2f", $1 + $2 }' "$work/t"
}

printf '%d files of 122 lines renamed and modified (dry-run re-sync, CPU seconds)\n' "$n"
printf '%-7s %9s %9s %9s %14s %9s\n' binary control control2 renamed rename-search renamed#
for b in "$hipify" ${other:+"$other"}; do
  tc=$(secs "$b" control) tr=$(secs "$b" renamed) tc2=-
  [ "$b" = "$hipify" ] && tc2=$(secs "$b" control) # twice: how much a run varies by itself
  nr=$(grep -c '"action":.*"renamed"' "$work/renamed.json" || true)
  printf '%-7s %9s %9s %9s %14s %9s\n' "$([ "$b" = "$hipify" ] && echo first || echo second)" "$tc" "$tc2" "$tr" \
    "$(echo "$tr $tc" | awk '{ printf "%.2f", $1 - $2 }')" "$nr"
  echo "$tr $tc $tc2" >>"$work/search"
done
# the search's cost is the renamed run less the control; below the control's own variation it is noise
awk 'NR == 1 { a = $1 - $2; noise = $2 - $3; if (noise < 0) noise = -noise; if (noise < 0.1) noise = 0.1 }
     NR == 2 { b = $1 - $2 }
     END {
       printf "first: rename search %.2f s (a run varies by %.2f s)\n", a, noise
       if (NR < 2) exit
       if (a > noise) printf "rename search: second / first = %.1f\n", b / a
       else printf "rename search: second %.2f s, first within the noise: second / first >= %.1f\n", b, b / noise
     }' "$work/search"
