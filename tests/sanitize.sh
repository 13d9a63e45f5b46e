#!/bin/sh
# sanitize.sh SOURCE_DIR BUILD_DIR [WERROR]: configures a second build with AddressSanitizer and
# UndefinedBehaviorSanitizer (-DHIPIFY_SANITIZE=ON), builds it and runs the unit, CLI and lit suites
# there (ctest -L "unit|cli|lit"); any sanitizer report fails the test that hit it. hipcc compile checks
# are left out (they test hipcc, not our code). It never touches the main build. WERROR (ON or OFF, the
# main build's HIPIFY_WERROR; ON when not given) keeps the second build as strict as the first.
set -u
src=${1:?usage: sanitize.sh SOURCE_DIR BUILD_DIR}
build=${2:?usage: sanitize.sh SOURCE_DIR BUILD_DIR}
werror=${3:-ON}
jobs=${HIPIFY_SANITIZE_JOBS:-2}

if ! printf 'int main(void){return 0;}\n' | ${CC:-cc} -fsanitize=address,undefined -x c - -o /dev/null 2>/dev/null; then
  echo "SKIPPED: the C compiler cannot build with -fsanitize=address,undefined"
  exit 77
fi
mkdir -p "$build"
# libclang's own allocations are not ours to fix: leaks are reported from our code only
printf 'leak:libclang\nleak:libLLVM\n' >"$build/lsan.supp"
start=$(date +%s)
if ! cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DHIPIFY_SANITIZE=ON -DHIPIFY_WERROR="$werror" \
      -DHIPCC_EXECUTABLE=/nonexistent/hipcc >"$build/configure.log" 2>&1; then
  tail -20 "$build/configure.log"; echo "sanitize: configure failed"; exit 1
fi
if ! cmake --build "$build" -j"$jobs" >"$build/build.log" 2>&1; then
  grep -E 'error|Error' "$build/build.log" | head -20; echo "sanitize: build failed"; exit 1
fi
built=$(date +%s)
echo "sanitize: built in $((built - start)) s"
ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1" \
LSAN_OPTIONS="suppressions=$build/lsan.supp" \
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
  ctest --test-dir "$build" -L "unit|cli|lit" -j"$jobs" --output-on-failure --timeout 900 >"$build/ctest.log" 2>&1
status=$?
grep -E 'tests passed|tests failed|Failed|\*\*\*|SKIPPED|Not Run' "$build/ctest.log" | tail -40
grep -l -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$build"/Testing/Temporary/LastTest*.log >/dev/null 2>&1 &&
  echo "sanitize: sanitizer reports in $build/Testing/Temporary/LastTest.log"
echo "sanitize: tests ran in $(($(date +%s) - built)) s"
exit $status
