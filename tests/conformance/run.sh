# run.sh: runs the conformance suite (HIPIFY's lit tests, see docs/conformance.md) against a hipify-c
# binary and fails when fewer tests pass than min_pass says; it does not judge single tests.
# usage: sh run.sh HIPIFY_C SUITE_DIR MIN_PASS_FILE OUT_DIR   (exit 77: suite absent, reported SKIPPED)
tool=$1 suite=$2 min_file=$3 out=$4
runner=$suite/run-hipify-unit-tests.sh
if [ ! -f "$runner" ] || [ ! -d "$suite/hipify-unit-tests" ]; then
  echo "SKIPPED: conformance suite not found at $suite (run-hipify-unit-tests.sh and hipify-unit-tests/)"
  exit 77
fi
min=$(grep -v '^#' "$min_file" | tr -d ' \t' | grep -m1 .)
case $min in '' | *[!0-9]*) echo "FAIL: $min_file holds no pass count"; exit 1 ;; esac
rm -rf "$out"
summary=$(bash "$runner" "$tool" "$out" | tail -n 1)
echo "conformance: $summary (minimum $min, from $min_file; per-test logs in $out)"
passed=${summary%% passed*}
case $passed in '' | *[!0-9]*) echo "FAIL: the runner printed no pass count"; exit 1 ;; esac
grep '^FAIL' "$out/results.txt" | sed 's/^/  /'
if [ "$passed" -lt "$min" ]; then
  echo "FAIL: $passed passed, fewer than the $min that min_pass requires"
  exit 1
fi
[ "$passed" -gt "$min" ] && echo "note: more pass than min_pass says: raise it to $passed"
exit 0
