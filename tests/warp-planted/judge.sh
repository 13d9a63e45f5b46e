#!/bin/sh
# judge.sh: runs planted warp-size programs' plain and --fix-warp-size ports under 64 lanes (scripts/warp-wave64.sh on
# HIP-CPU) and fails on a fixed port that is wrong where the plain one is right, a wrong fixed port that left no hazard
# as written (the rewrite claimed the whole file), or a wrong plain port with no report.
# usage: judge.sh HIPIFY HIP_CPU_INCLUDE WORK [NAME...]: HIP_CPU_INCLUDE is the patched copy's include folder (the
# build's hip-cpu/include); NAMEs pick rows of planted.txt (default: all). Exit 77 without HIP-CPU. It judges only
# these rules: a wrong fixed port whose hazard stays reported and kept passes.
set -u
hipify=$1 include=$2 work=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -f "$include/hip/hip_runtime.h" ]; then echo "SKIPPED: no HIP-CPU at $include"; exit 77; fi
include=$(cd "$include" && pwd) # the programs are compiled from their own folders
rm -rf "$work"
mkdir -p "$work"
if [ $# -eq 0 ]; then grep -v '^#' "$here/planted.txt" > "$work/list.txt"
else for n in "$@"; do grep "^$n	" "$here/planted.txt"; done > "$work/list.txt"; fi
HIP_CPU=$(dirname "$include") RUN_TIMEOUT=${RUN_TIMEOUT:-300} "$here/../../scripts/warp-wave64.sh" "$hipify" "$work/out" \
    "$work/list.txt" > "$work/table.md" 2>&1
cat "$work/table.md"
failed=0
# | NAME | H; F rewritten, L left | PLAIN | FIXED |
while IFS='|' read -r _ name counts plain fixed _; do
    case "$name" in *p[0-9]*) ;; *) continue ;; esac
    hazards=$(echo "$counts" | sed 's/^ *\([0-9]*\);.*/\1/')
    left=$(echo "$counts" | sed 's/.* \([0-9]*\) left.*/\1/')
    case "$fixed" in
    " wrong (exit 86)"*) ;;
    " wrong"*) [ "$left" != 0 ] || { echo "FAIL:$name: wrong fixed port with every hazard rewritten:$fixed"; failed=1; } ;;
    esac
    case "$plain" in
    " right"*) case "$fixed" in " wrong"*) echo "FAIL:$name: right plain, wrong fixed:$fixed"; failed=1 ;; esac ;;
    " wrong (exit 86)"*) ;; # HIP-CPU's own "not runnable" status
    " wrong"*) [ "$hazards" != 0 ] || { echo "FAIL:$name: wrong plain port with no hazard reported"; failed=1; } ;;
    esac
done < "$work/table.md"
[ "$(grep -c '^| p[0-9]' "$work/table.md")" -eq "$(grep -c . "$work/list.txt")" ] || { echo "FAIL: rows missing"; failed=1; }
# a run where nothing compiled judged nothing
grep -q '^| p[0-9][^|]*|[^|]*| \(right\|wrong\)' "$work/table.md" || { echo "FAIL: no plain port ran"; failed=1; }
[ $failed -eq 0 ] && echo "PASS: no fixed port made wrong or left wrong with nothing reported, no wrong plain port unreported"
exit $failed
