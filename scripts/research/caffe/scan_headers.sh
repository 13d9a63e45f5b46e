#!/bin/bash
# scan_headers.sh: lists the headers under /usr/include that a source tree's .cpp and .cu files reach (the
# Caffe recipe carries those of them it needs to the GPU machine); it copies and changes nothing.
# .cu files are scanned by nvcc -M, as CUDA itself preprocesses them: CUDA 13 refuses a direct include of
# its cudart headers (math_functions.h) outside nvcc and keeps Thrust under include/cccl, so g++ -M cannot.
# .cpp files are scanned by g++ -M with CUDA's include folder (they include cublas_v2.h and friends).
# A file that does not scan is named with its first errors, and the exit status is 1: never a silent stop.
#
# usage: scan_headers.sh TREE OUTFILE [COMPILER-FLAG...]   (flags for both compilers: -D, -I relative to TREE)
# env: DIRS (the folders of TREE to scan, default .), JOBS (files scanned at once, default 2), CUDA_PATH (default: the folder above nvcc, else /usr/local/cuda)
set -eu
TREE=${1:?usage: scan_headers.sh TREE OUTFILE [FLAG...]}
OUTFILE=${2:?usage: scan_headers.sh TREE OUTFILE [FLAG...]}
shift 2
JOBS=${JOBS:-2}
if [ -z "${CUDA_PATH:-}" ]; then
  nvcc_bin=$(command -v nvcc || true)
  CUDA_PATH=$( [ -n "$nvcc_bin" ] && cd "$(dirname "$nvcc_bin")/.." && pwd || echo /usr/local/cuda)
fi
command -v nvcc >/dev/null || { echo "scan_headers: nvcc not in PATH (CUDA toolkit, for the .cu files)" >&2; exit 2; }
command -v g++ >/dev/null || { echo "scan_headers: g++ not in PATH (Debian package g++)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# scan_one FILE: FILE's dependency list to $tmp/d/NAME.d; on failure its errors to $tmp/fail/NAME.err
scan_one() {
  file=$1 name=$(printf '%s' "$1" | tr / _)
  case $1 in
    *.cu) set -- nvcc -M -x cu -std=c++17 "${FLAGS[@]}" "$1" ;;
    *) set -- g++ -M -x c++ -std=c++17 "${FLAGS[@]}" -isystem "$CUDA_PATH/include" "$1" ;;
  esac
  if ! "$@" >"$tmp/d/$name.d" 2>"$tmp/err.$name"; then
    { echo "$file ($1 -M)"; grep -m3 -E 'error' "$tmp/err.$name" || tail -3 "$tmp/err.$name"; } >"$tmp/fail/$name.err"
  fi
}
mkdir -p "$tmp/d" "$tmp/fail"
FLAGS=("$@")
export tmp CUDA_PATH
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
