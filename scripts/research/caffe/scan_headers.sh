#!/bin/bash
# scan_headers.sh: lists the headers under /usr/include that a source tree's .cpp and .cu files reach (the
# Caffe recipe carries those of them it needs to the GPU machine); it copies and changes nothing.
# .cu files are scanned by nvcc -M, as CUDA itself preprocesses them: CUDA 13 refuses a direct include of
# its cudart headers (math_functions.h) outside nvcc and keeps Thrust under include/cccl, so g++ -M cannot.
# .cpp files are scanned by g++ -M with CUDA's include folder (they include cublas_v2.h and friends).
# A file that does not scan is named with its first errors, and the exit status is 1: never a silent stop.
#
# usage: scan_headers.sh TREE OUTFILE [COMPILER-FLAG...]   (flags for both compilers: -D, -I relative to TREE)
# env: DIRS (the folders of TREE to scan, default .), JOBS (files scanned at once, default 2), CUDA_PATH (a toolkit whose include/ is searched besides nvcc's own include folders)
set -eu
TREE=${1:?usage: scan_headers.sh TREE OUTFILE [FLAG...]}
OUTFILE=${2:?usage: scan_headers.sh TREE OUTFILE [FLAG...]}
shift 2
JOBS=${JOBS:-2}
command -v nvcc >/dev/null || { echo "scan_headers: nvcc not in PATH (CUDA toolkit, for the .cu files)" >&2; exit 2; }
command -v g++ >/dev/null || { echo "scan_headers: g++ not in PATH (Debian package g++)" >&2; exit 2; }
# CUDA's include folders for g++: the ones nvcc itself passes (its --dryrun INCLUDES line), which are right
# however the toolkit is laid out (include/ or targets/ARCH/include) or reached (a link to nvcc, a wrapper);
# CUDA_PATH/include is added when CUDA_PATH is set or nvcc says nothing.
CUDA_INCLUDES=$(nvcc --dryrun -x cu -c /dev/null -o /dev/null 2>&1 |
  sed -n 's/^#\$ INCLUDES="\(.*\)".*/\1/p' | tr ' ' '\n' | sed -n 's/^-I//p' | tr '\n' ' ')
if [ -n "${CUDA_PATH:-}" ] || [ -z "$CUDA_INCLUDES" ]; then
  CUDA_INCLUDES="$CUDA_INCLUDES ${CUDA_PATH:-/usr/local/cuda}/include"
fi
cuda_runtime_h=
for dir in $CUDA_INCLUDES; do [ -f "$dir/cuda_runtime.h" ] && { cuda_runtime_h=$dir/cuda_runtime.h; break; }; done
[ -n "$cuda_runtime_h" ] || { echo "scan_headers: cuda_runtime.h is in none of nvcc's include folders ($CUDA_INCLUDES); set CUDA_PATH" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# scan_one FILE: FILE's dependency list to $tmp/d/NAME.d; on failure its errors to $tmp/fail/NAME.err
scan_one() {
  file=$1 name=$(printf '%s' "$1" | tr / _)
  case $1 in
    *.cu) set -- nvcc -M -x cu -std=c++17 "${FLAGS[@]}" "$1" ;;
    *) # shellcheck disable=SC2046
       set -- g++ -M -x c++ -std=c++17 "${FLAGS[@]}" $(printf -- '-isystem %s ' $CUDA_INCLUDES) "$1" ;;
  esac
  if ! "$@" >"$tmp/d/$name.d" 2>"$tmp/err.$name"; then
    { echo "$file ($1 -M)"; grep -m3 -E 'error' "$tmp/err.$name" || tail -3 "$tmp/err.$name"; } >"$tmp/fail/$name.err"
  fi
}
mkdir -p "$tmp/d" "$tmp/fail"
FLAGS=("$@")
export tmp CUDA_INCLUDES
export -f scan_one
# shellcheck disable=SC2086
(cd "$TREE" && find ${DIRS:-.} -name '*.cpp' -o -name '*.cu' | sed 's|^\./||' | sort >"$tmp/files")
n=$(wc -l <"$tmp/files")
[ "$n" -gt 0 ] || { echo "scan_headers: no .cpp or .cu file under $TREE" >&2; exit 1; }
# the flags travel as one quoted string: each xargs child rebuilds the array from it
FLAGS_Q=$(printf '%q ' "$@")
export FLAGS_Q
(cd "$TREE" && xargs -a "$tmp/files" -d '\n' -P"$JOBS" -n1 bash -c 'eval "FLAGS=($FLAGS_Q)"; scan_one "$1"' scan) || true
failed=$(find "$tmp/fail" -name '*.err' | wc -l)
if [ "$failed" -gt 0 ]; then
  echo "scan_headers: $failed of $n files under $TREE did not scan:" >&2
  for f in "$tmp"/fail/*.err; do sed '1s/^/  /; 2,$s/^/    /' "$f" >&2; done
  exit 1
fi
cat "$tmp"/d/*.d | tr ' \\' '\n\n' | grep '^/usr/include/' | sort -u >"$OUTFILE"
echo "scan_headers: $n files scanned, $(wc -l <"$OUTFILE") headers under /usr/include"
