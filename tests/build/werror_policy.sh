#!/bin/sh
# werror_policy.sh: warnings are errors only where the project asks for them. A plain
# `cmake -DCMAKE_BUILD_TYPE=Release` configure (a user's or a packager's) leaves -Werror out; the Makefile's
# developer build (make build / make test) turns it on; and the harness library, the code gcc -O3 once warned
# about, builds warning-free at -O3 with -Werror. It does not build the whole project (make test does).
# Usage: werror_policy.sh SOURCE_ROOT WORK_DIR
set -u
root=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fail=0
release=$work/release

# 1. A plain Release configure: HIPIFY_WERROR off, no -Werror in any compile command.
if ! cmake -S "$root" -B "$release" -DCMAKE_BUILD_TYPE=Release >"$work/configure-plain.log" 2>&1; then
  tail -20 "$work/configure-plain.log"; echo "FAIL: a plain Release configure failed"; exit 1
fi
if grep -qx 'HIPIFY_WERROR:BOOL=OFF' "$release/CMakeCache.txt"; then
  echo "ok   a plain configure leaves HIPIFY_WERROR off"
else
  echo "FAIL: a plain configure sets $(grep '^HIPIFY_WERROR' "$release/CMakeCache.txt")"; fail=1
fi
if grep -q -- '-Werror' "$release/compile_commands.json"; then
  echo "FAIL: a plain configure compiles with -Werror:"; grep -m1 -o -- '"command": "[^"]*-Werror' "$release/compile_commands.json"
  fail=1
else
  echo "ok   a plain configure compiles without -Werror"
fi

# 2. The Makefile's developer build asks for -Werror, for a fresh build folder and for one configured plainly.
for dir in "$work/fresh" "$release"; do
  if make -n -C "$root" BUILD="$dir" build 2>&1 | grep -q -- '-DHIPIFY_WERROR=ON'; then
    echo "ok   make build configures $(basename "$dir") with -DHIPIFY_WERROR=ON"
  else
    echo "FAIL: make build does not turn HIPIFY_WERROR on for $(basename "$dir"):"
    make -n -C "$root" BUILD="$dir" build 2>&1 | grep -i cmake
    fail=1
  fi
done

# 3. The same Release folder with -Werror on: the harness library builds (gcc -O3 warned in arrayfile.c).
if ! cmake -S "$root" -B "$release" -DHIPIFY_WERROR=ON >"$work/configure-werror.log" 2>&1; then
  tail -20 "$work/configure-werror.log"; echo "FAIL: the -Werror configure failed"; exit 1
fi
if grep -q -- '-Werror' "$release/compile_commands.json"; then
  echo "ok   HIPIFY_WERROR=ON compiles with -Werror"
else
  echo "FAIL: HIPIFY_WERROR=ON compiles without -Werror"; fail=1
fi
if cmake --build "$release" --target harness_core -j2 >"$work/build-werror.log" 2>&1; then
  echo "ok   the harness library builds at -O3 with -Werror"
else
  grep -E 'warning|error' "$work/build-werror.log" | head -20
  echo "FAIL: the harness library does not build at -O3 with -Werror (log: $work/build-werror.log)"; fail=1
fi
[ $fail -eq 0 ] && rm -rf "$release"
exit $fail
