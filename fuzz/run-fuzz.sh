#!/bin/sh
# run-fuzz.sh SOURCE_DIR BUILD_DIR SECONDS [cli|harness|manifest]: builds hipify_fuzz with clang (libFuzzer + ASan +
# UBSan) in BUILD_DIR and fuzzes hc_translate_buffer for SECONDS on the seed corpus and the lit inputs;
# with "cli", builds hipify_fuzz_cli and fuzzes the command line and the output layer instead (seeds in
# fuzz/seeds-cli); with "harness", hipify_fuzz_harness on the harness's spec reader and path rules (seeds
# in fuzz/seeds-harness and the harness's test specs); with "manifest", hipify_fuzz_manifest on the port
# manifest reader and the --resync replay allow-list (seeds in fuzz/seeds-manifest). Exits 77 (CTest: skipped) when no clang with libFuzzer is installed; never edits the
# source tree.
set -u
src=${1:?usage: run-fuzz.sh SOURCE_DIR BUILD_DIR SECONDS}
build=${2:?usage: run-fuzz.sh SOURCE_DIR BUILD_DIR SECONDS}
seconds=${3:-30}
mode=${4:-translate}
target=hipify_fuzz
[ "$mode" = cli ] && target=hipify_fuzz_cli
[ "$mode" = harness ] && target=hipify_fuzz_harness
[ "$mode" = manifest ] && target=hipify_fuzz_manifest

cc=""
for c in clang-15 clang-14 clang clang-22 /usr/lib/llvm-22/bin/clang; do  # clang-15 comes with hipcc
  command -v "$c" >/dev/null 2>&1 || continue
  # the compiler must link a libFuzzer program (libclang-rt-NN-dev)
  probe=$(mktemp -d)
  printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' >"$probe/p.c"
  if "$c" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then cc=$c; fi
  rm -rf "$probe"
  [ -n "$cc" ] && break
done
if [ -z "$cc" ]; then
  echo "SKIPPED: no clang with libFuzzer (apt-get install clang-15 libclang-rt-15-dev; hipcc pulls them in)"
  exit 77
fi
build="$build-$(basename "$cc")" # one build directory per compiler: CMake cannot switch compilers in place
echo "fuzz: building $target with $cc in $build"
if ! CC=$cc cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIPIFY_FUZZ=ON -DHIPIFY_SANITIZE=ON \
      -DHIPIFY_WERROR=OFF >"$build.configure.log" 2>&1; then
  tail -20 "$build.configure.log"; echo "fuzz: configure failed"; exit 1
fi
if ! cmake --build "$build" -j2 --target "$target" >"$build.build.log" 2>&1; then
  tail -30 "$build.build.log"; echo "fuzz: build failed"; exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/hipify-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" "$work/artifacts"
# lit inputs become seeds with a leading option byte (0: keep launches, token passes only)
# the harness's own specs are seeds for its target
[ "$mode" = harness ] && for f in "$src"/harness/tests/validate/*.json.in "$src"/harness/tests/validate-gpu/spec.json; do
  [ -f "$f" ] && cp "$f" "$work/corpus/$(basename "$f").json"
done
[ "$mode" = translate ] && for f in "$src"/tests/lit/core/*.cu "$src"/tests/lit/core/programs/*.cu; do
  [ -f "$f" ] && { printf '\000'; cat "$f"; } >"$work/corpus/$(basename "$f").bin"
done
# libclang's own allocations are not ours to fix: leaks are reported from our code only
printf 'leak:libclang\nleak:libLLVM\n' >"$work/lsan.supp"
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1"
export LSAN_OPTIONS="suppressions=$work/lsan.supp"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
echo "fuzz: running $target for $seconds s"
# (libFuzzer's default error exit code is 77, which CTest would read as "skipped")
if [ "$mode" = harness ]; then
  TMPDIR=$work "$build/bin/$target" -seed=1 -max_total_time="$seconds" -max_len=4096 -timeout=30 -rss_limit_mb=4096 \
    -dict="$src/fuzz/harness.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
    -error_exitcode=1 -timeout_exitcode=1 \
    "$work/corpus" "$src/fuzz/seeds-harness" >"$work/fuzz.log" 2>&1
elif [ "$mode" = manifest ]; then
  TMPDIR=$work "$build/bin/$target" -seed=1 -max_total_time="$seconds" -max_len=4096 -timeout=30 -rss_limit_mb=4096 \
    -dict="$src/fuzz/manifest.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 -close_fd_mask=3 \
    -error_exitcode=1 -timeout_exitcode=1 \
    "$work/corpus" "$src/fuzz/seeds-manifest" >"$work/fuzz.log" 2>&1
elif [ "$mode" = cli ]; then
  # the program's own messages (stdout, stderr) are closed: -close_fd_mask=3 keeps only libFuzzer's
  TMPDIR=$work "$build/bin/$target" -seed=1 -max_total_time="$seconds" -max_len=512 -timeout=30 -rss_limit_mb=4096 \
    -dict="$src/fuzz/cli.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 -close_fd_mask=3 \
    -error_exitcode=1 -timeout_exitcode=1 \
    "$work/corpus" "$src/fuzz/seeds-cli" >"$work/fuzz.log" 2>&1
else
  "$build/bin/$target" -seed=1 -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=4096 \
    -dict="$src/fuzz/cuda.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
    -error_exitcode=1 -timeout_exitcode=1 \
    "$work/corpus" "$src/fuzz/seeds" >"$work/fuzz.log" 2>&1
fi
status=$?
tail -25 "$work/fuzz.log"
if [ "$status" -ne 0 ]; then
  for a in "$work"/artifacts/*; do
    [ -f "$a" ] || continue
    mkdir -p "$build/crashes" && cp "$a" "$build/crashes/"
    echo "fuzz: reproducer kept in $build/crashes/$(basename "$a")"
  done
  echo "fuzz: FAILED (status $status)"
  exit 1
fi
echo "fuzz: no crash in $seconds s"
exit 0
