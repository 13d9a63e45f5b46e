#!/bin/sh
# validate_e2e.sh: end-to-end tests of `hipify-harness validate` with no GPU: the "CUDA" and "HIP" sides are
# plain C programs built with cc (tests/validate/), so every comparison rule runs for real. Modes:
#   compare  one spec of thirteen programs: pass, tolerance, ignore patterns, exit status, raw/npy/text outputs,
#            missing output, timeout, declared platform difference, inputs and stdin, the hipify-c path, a
#            side that does not build (FAIL, and its build row), no GPU; AMD platform notes (a program
#            reading prop.managedMemory gets the managedMemory row of platform_differences.tsv, others do not;
#            a malformed table is refused);
#            and a Makefile program validated twice (stale CUDA objects in the tree)
#   bundle   validate build --bundle (stages packed), then the moved bundle's run.sh validate; the 64 MiB refusal
# usage: validate_e2e.sh MODE HIPIFY_HARNESS HIPIFY_C FIXTURE_DIR WORK_DIR
set -u
mode=$1 harness=$2 hipify=$3 fixture=$4 work=$5
. "$(dirname "$0")/checks.sh"

rm -rf "$work"
mkdir -p "$work"
cp -r "$fixture/tree" "$fixture/stub-include" "$fixture/stale" "$fixture/managed" "$work/"
sed "s|@STUB@|$work/stub-include|" "$fixture/spec.json.in" > "$work/spec.json"

if [ "$mode" = compare ]; then
  "$harness" validate run --spec "$work/spec.json" --work "$work/w" --hipify "$hipify" --without-gpu \
    --json "$work/r.json" --junit "$work/r.xml" --html "$work/r.html" > "$work/out.txt" 2>&1
  rc=$?
  cat "$work/out.txt"
  [ $rc -eq 1 ] || fail "exit status $rc, expected 1 (some programs differ)"
  expect_row "$work/out.txt" same validate PASS "exit 0 on both" "stdout 3 lines agree"
  expect_row "$work/out.txt" whereami validate PASS "stdout 1 lines agree"
  expect_row "$work/out.txt" ignore validate PASS "(2/2 ignored)"
  expect_row "$work/out.txt" near validate PASS "stdout 2 lines agree"
  expect_row "$work/out.txt" far validate FAIL "stdout line 2" "cuda sum = 10.0000" "hip sum = 10.5000" "10.0000 vs 10.5000"
  expect_row "$work/out.txt" exit validate FAIL "exit status" "cuda exit 0" "hip exit 3"
  expect_row "$work/out.txt" raw validate FAIL "out.bin element [5]" "cuda 2.5" "hip 9.25" "1 of 8 f32 elements differ"
  expect_row "$work/out.txt" npy validate FAIL "x.npy element [1, 2]" "cuda 6 " "hip 6.5" "<f8"
  expect_row "$work/out.txt" missing validate FAIL "result.txt file" "cuda written" "hip missing"
  expect_row "$work/out.txt" slow validate FAIL "timed out after 2 s"
  expect_row "$work/out.txt" platform validate PLATFORM "a device-side assert is reported differently" "hip device assert: ERROR"
  expect_row "$work/out.txt" input validate FAIL "result.txt line 2" "cuda sums 7.000 30.000" "hip sums 7.000 45.000"
  expect_row "$work/out.txt" translated validate PASS "stdout 1 lines agree"
  expect_row "$work/out.txt" broken validate FAIL "not built: the cuda build failed (exit 1); log: " "/broken/build-cuda.log"
  grep -Eq "^broken +build-cuda +FAIL .*log: .*/broken/build-cuda.log" "$work/out.txt" || fail "broken: no failed build row with its log"
  grep -q '#include <hip/hip_runtime.h>' "$work/w/translated/hip/translated.cu" ||
    fail "translated: the port was not made by hipify-c"
  grep -q '"where":	"out.bin"' "$work/r.json" || fail "r.json lacks the out.bin difference"
  grep -q '"environment":.*' "$work/r.json" && grep -q '"date":	"20' "$work/r.json" || fail "r.json lacks the date"
  grep -q '<failure message="exit status' "$work/r.xml" || fail "r.xml lacks the exit status failure"
  grep -q 'declared platform difference' "$work/r.xml" || fail "r.xml does not mark the platform difference"
  grep -q 'class="PLATFORM"' "$work/r.html" || fail "r.html lacks the PLATFORM row"
  # AMD platform notes: the program that reads prop.managedMemory gets that row (detected in its sources, not
  # from a comment or from warpSizeX), and its FAIL says the difference may come from it; programs that do
  # not use a key get no note; a spec naming the key has the row cited as declared.
  expect_row "$work/out.txt" managed validate FAIL "Unified Memory not supported" "may come from an AMD platform difference" \
    "managedMemory (on AMD: the HMM-support flag"
  expect_row "$work/out.txt" managed-declared validate PLATFORM "declared platform difference (managedMemory:" \
    "may come from an AMD platform difference"
  # The console prints each note once, after the table, with the programs it applies to; rows name the keys.
  [ "$(grep -c "AMD platform note managedMemory: on AMD the HMM-support flag" "$work/out.txt")" = 1 ] ||
    fail "the console table does not show the managedMemory note exactly once"
  grep -q "^  AMD platform note managedMemory: on AMD the HMM-support flag.*; programs: managed, managed-declared$" \
    "$work/out.txt" || fail "the managedMemory note does not list its programs"
  [ "$(grep -c "^    AMD platform notes (below): managedMemory$" "$work/out.txt")" = 2 ] ||
    fail "the managed rows do not name their note by key"
  python3 - "$work/r.json" <<'PY' || fail "r.json: AMD platform notes wrong (see above)"
import json, sys
results = {r["program"]: r for r in json.load(open(sys.argv[1]))["results"] if r["step"] == "validate"}
def keys(name):
    return [n["key"] for n in results[name].get("platform_notes", [])]
problems = []
if keys("managed") != ["managedMemory"]:
    problems.append("managed: notes %s, expected ['managedMemory'] (warpSize only in a comment / warpSizeX)" % keys("managed"))
note = (results["managed"].get("platform_notes") or [{}])[0]
if not note.get("detected") or note.get("declared") or "HMM" not in note.get("hip_on_amd", "") or not note.get("advice"):
    problems.append("managed: the note lacks detected/hip_on_amd/advice: %s" % note)
if results["managed"].get("platform_note_may_explain") is not True:
    problems.append("managed: platform_note_may_explain is not true")
declared = (results["managed-declared"].get("platform_notes") or [{}])[0]
if declared.get("key") != "managedMemory" or not declared.get("declared"):
    problems.append("managed-declared: the note is not marked declared: %s" % declared)
for name in ("far", "same", "exit"):
    if "platform_notes" in results[name]:
        problems.append("%s uses no key but has notes %s" % (name, keys(name)))
if keys("platform") != ["assert"]:
    problems.append("platform: its expect names 'assert'; notes %s" % keys("platform"))
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
  sed -n '/<td>managed<\/td><td>validate/p' "$work/r.html" | grep -q '<b>managedMemory</b>.*HIP on AMD: the HMM-support flag' ||
    fail "r.html: the managed row lacks the managedMemory note"
  sed -n '/<td>far<\/td><td>validate/p' "$work/r.html" | grep -q 'class="note"' && fail "r.html: far has a note"
  grep -q 'AMD platform note managedMemory' "$work/r.xml" || fail "r.xml lacks the managedMemory note"
  # A malformed table is refused with its file and line, before anything is built.
  printf 'key\tkind\tcuda_on_nvidia\thip_on_amd\tadvice\tsource\tcuda_pattern\nx\tapi\ta\tb\n' > "$work/bad.tsv"
  "$harness" validate build --spec "$work/spec.json" --work "$work/wt" --program same \
    --platform-differences "$work/bad.tsv" > "$work/badtsv.txt" 2>&1
  rc=$?
  [ $rc -eq 2 ] && grep -q "bad.tsv:2: 4 columns, expected 7" "$work/badtsv.txt" ||
    fail "malformed table: exit status $rc, $(cat "$work/badtsv.txt")"
  # Build products left in the tree by the CUDA build must not stand in for the port's on the next run.
  sed "s|@STUB@|$work/stub-include|" "$fixture/stale.json.in" > "$work/stale.json"
  for round in 1 2; do
    "$harness" validate run --spec "$work/stale.json" --work "$work/ws" --hipify "$hipify" --without-gpu \
      > "$work/stale$round.txt" 2>&1
    cat "$work/stale$round.txt"
    expect_row "$work/stale$round.txt" stale validate FAIL "cuda built from: original | hip built from: port"
  done
  # With no GPU and no --without-gpu, the staged programs are SKIPPED (77), never passed.
  HIPIFY_HARNESS_NO_GPU=1 "$harness" validate --work "$work/w" --program same > "$work/nogpu.txt" 2>&1
  rc=$?
  [ $rc -eq 77 ] || fail "no GPU: exit status $rc, expected 77"
  expect_row "$work/nogpu.txt" same validate SKIPPED "HIPIFY_HARNESS_NO_GPU"
  # Asking for a program that was not staged is a usage error, not an empty success.
  "$harness" validate --work "$work/w" --program nope --without-gpu > "$work/nope.txt" 2>&1
  rc=$?
  [ $rc -eq 2 ] && grep -q "no program 'nope' staged" "$work/nope.txt" || fail "unknown program: exit status $rc"
  # A spec error is a usage error (2) naming the program and the field.
  printf '{"programs": [{"name": "x", "build": {"cuda": "true", "hip": "true"}, "exe": "a"}]}' > "$work/bad.json"
  "$harness" validate build --spec "$work/bad.json" --work "$work/wb" > "$work/bad.txt" 2>&1
  rc=$?
  [ $rc -eq 2 ] || fail "bad spec: exit status $rc, expected 2"
  grep -q "program x: 'tree'" "$work/bad.txt" || fail "bad spec: message does not name the program and field"
elif [ "$mode" = bundle ]; then
  "$harness" validate build --spec "$work/spec.json" --work "$work/w" --program same --program raw \
    --program input --program managed --bundle "$work/b" > "$work/build.txt" 2>&1
  rc=$?
  cat "$work/build.txt"
  [ $rc -eq 0 ] || fail "validate build --bundle: exit status $rc"
  grep -q "bundle .*MiB of 64 MiB allowed" "$work/build.txt" || fail "no bundle size line"
  # Each program travels packed (nvcc binaries shrink about fivefold) and is unpacked on the run side.
  [ -f "$work/b/raw/stage.tar.gz" ] && [ ! -e "$work/b/raw/stage" ] || fail "the bundle does not hold raw/stage.tar.gz alone"
  # The bundle must stand alone: move it, delete the work folder and the sources, run it there.
  mv "$work/b" "$work/moved"
  rm -rf "$work/w" "$work/tree"
  "$work/moved/run.sh" validate --without-gpu --json "$work/rb.json" > "$work/run.txt" 2>&1
  rc=$?
  cat "$work/run.txt"
  [ $rc -eq 1 ] || fail "bundle run: exit status $rc, expected 1"
  [ -f "$work/moved/platform_differences.tsv" ] || fail "the bundle lacks platform_differences.tsv"
  grep -q "no platform_differences.tsv found" "$work/run.txt" && fail "run.sh did not find the bundled table"
  expect_row "$work/run.txt" same validate PASS "stdout 3 lines agree"
  expect_row "$work/run.txt" raw validate FAIL "out.bin element [5]"
  expect_row "$work/run.txt" input validate FAIL "cuda sums 7.000 30.000"
  # The notes travel with the bundle: found there with the sources gone (the table is the bundle's copy).
  expect_row "$work/run.txt" managed validate FAIL "may come from an AMD platform difference" "managedMemory"
  # Over 64 MiB the bundle is refused with the reason, and nothing is written.
  cp -r "$fixture/tree" "$work/"
  head -c 73400320 /dev/urandom > "$work/tree/data/big.bin" # 70 MiB that no compression shrinks
  sed 's|"files": \["../data/in.txt"\]|"files": ["../data/in.txt", "../data/big.bin"]|' "$work/spec.json" > "$work/big.json"
  "$harness" validate build --spec "$work/big.json" --work "$work/w2" --program input --bundle "$work/b2" \
    > "$work/big.txt" 2>&1
  rc=$?
  cat "$work/big.txt"
  [ $rc -eq 1 ] || fail "oversized bundle: exit status $rc, expected 1"
  grep -q "refused: the bundle would hold 7[0-9.]* MiB, over the 64 MiB limit (largest program: input" "$work/big.txt" ||
    fail "oversized bundle: no refusal message"
  [ ! -e "$work/b2/validate.json" ] || fail "oversized bundle: written anyway"
  rm -rf "$work/w2" "$work/tree/data/big.bin"
else
  echo "unknown mode $mode"
  exit 2
fi

checks_done "validate $mode"
