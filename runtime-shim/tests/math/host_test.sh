#!/bin/sh
# host_test.sh: builds shim_math_test.cpp with the host C++ compiler (with -frounding-math, so fesetround is
# honoured) and runs it. Exit 77 when there is no C++ compiler.
# usage: host_test.sh SHIM_INCLUDE TEST_SOURCE OUTPUT
set -u
inc=$1 src=$2 out=$3
cxx=$(command -v c++ || command -v g++ || command -v clang++) || { echo "SKIPPED: no C++ compiler"; exit 77; }
mkdir -p "$(dirname "$out")"
"$cxx" -std=c++17 -O1 -frounding-math -Wall -Wextra -Werror -I"$inc" "$src" -o "$out" || { echo "FAIL: does not build"; exit 1; }
exec "$out"
