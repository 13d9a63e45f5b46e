#!/bin/sh
# validate_hostile.sh: `hipify-harness` used as a careless or hostile user would, with no GPU and no nvcc: the
# programs are small shell scripts that the spec's build commands write, so each case controls what a side
# does. Modes:
#   paths      nothing outside WORK is deleted or written: a '..' executable path, a work folder holding or
#              inside the tree, WORK/NAME a link, "files": [".."], reports inside the tree, corpus builds
#   results    false results: unknown keys, a side that did not build, the program's own verdict, kept
#              streams, results written as each program finishes and --resume, --timeout values and use,
#              an unwritable standard output, both sides failing (BOTHFAIL), AMD platform notes once per run,
#              declared outputs (and record files) that are FIFOs
#   processes  a background child and a setsid() child of the program are killed and reaped, also at a timeout
#   streams    a stdout over the line-comparison limit is compared without being held, and the report says so
#   layout     include paths above the tree (also_translate), a setup command, several ignore patterns
#   amd        build's default AMD targets and device libraries are those this harness was configured with
#   writes     a FIFO, a link or a file linked elsewhere at WORK/results.jsonl; a signal while a file is written
# usage: validate_hostile.sh MODE HIPIFY_HARNESS HIPIFY_C WORK_DIR [CONFIGURED_AMD_ARCHS CONFIGURED_DEVICE_LIBS]
set -u
mode=$1 harness=$2 hipify=$3 work=$4
. "$(dirname "$0")/checks.sh"

# mkprog PATH BODY: a shell-script program (the "binary" both sides build by doing nothing).
mkprog() { mkdir -p "$(dirname "$1")" && printf '#!/bin/sh\n%s\n' "$2" > "$1" && chmod +x "$1"; }

rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
cd "$work" || exit 1

if [ "$mode" = paths ]; then
  # 1. An executable path that climbs out of the port must be refused before anything is touched.
  mkdir -p t1/tree && echo precious > t1/victim.txt
  printf '__global__ void k() {}\nint main() { return 0; }\n' > t1/tree/a.cu
  ups=../../../../../../../../../../../../../../../../../../../..
  cat > t1/spec.json <<END
{"programs": [{"name": "p", "tree": "tree", "build": "true",
  "exe": {"cuda": "p", "hip": "$ups$work/t1/victim.txt"}}]}
END
  "$harness" validate build --spec t1/spec.json --work t1/w --hipify "$hipify" > t1/out.txt 2>&1
  expect_refused $? t1/out.txt "'exe' path .* leaves the folder it is relative to" "exe with .."
  [ "$(cat t1/victim.txt 2>/dev/null)" = precious ] || fail "exe with ..: the victim file was deleted or changed"
  [ ! -e t1/w ] || fail "exe with ..: the work folder was created before the spec was checked"

  # 2. A work folder that holds the tree (--work . with a program named after its folder) or lies inside it.
  mkdir -p t2/prog/run t2/prog/stage t2/prog/hip
  echo mine > t2/prog/run/keep.txt && echo mine > t2/prog/stage/keep.txt && echo mine > t2/prog/hip/keep.cu
  printf 'int main(void) { return 0; }\n' > t2/prog/main.cu
  mkprog t2/prog/main.sh 'echo ok'
  cat > t2/spec.json <<END
{"programs": [{"name": "prog", "tree": "prog", "build": "cp main.sh main", "exe": "main"}]}
END
  (cd t2 && "$harness" validate run --spec spec.json --work . --hipify "$hipify" --without-gpu) > t2/out.txt 2>&1
  expect_refused $? t2/out.txt "overlap" "--work holding the tree"
  (cd t2 && "$harness" validate run --spec spec.json --work prog/out --hipify "$hipify" --without-gpu) > t2/in.txt 2>&1
  expect_refused $? t2/in.txt "overlap" "--work inside the tree"
  for f in run/keep.txt stage/keep.txt hip/keep.cu; do
    [ "$(cat "t2/prog/$f" 2>/dev/null)" = mine ] || fail "--work overlapping the tree: t2/prog/$f was touched"
  done
  [ ! -e t2/prog/out ] && [ ! -e t2/prog/main ] || fail "--work overlapping the tree: something was written into it"
  # WORK/NAME as a link into the user's files: never cleared through the link.
  mkdir -p t2/w t2/elsewhere/stage && echo mine > t2/elsewhere/stage/keep.txt && ln -s ../elsewhere t2/w/prog
  (cd t2 && "$harness" validate run --spec spec.json --work w --hipify "$hipify" --without-gpu) > t2/link.txt 2>&1
  expect_refused $? t2/link.txt "is a symbolic link" "WORK/NAME a link"
  [ "$(cat t2/elsewhere/stage/keep.txt 2>/dev/null)" = mine ] || fail "WORK/NAME a link: the link's target was cleared"
  # The reports and the bundle are outputs too: never inside a program's sources.
  (cd t2 && "$harness" validate run --spec spec.json --work w2 --json prog/r.json --without-gpu) > t2/json.txt 2>&1
  expect_refused $? t2/json.txt "--json .* overlaps the tree" "--json inside the tree"
  (cd t2 && "$harness" validate build --spec spec.json --work w2 --bundle w2/b) > t2/bundle.txt 2>&1
  expect_refused $? t2/bundle.txt "--bundle .* overlap" "--bundle inside --work"
  [ ! -e t2/w2 ] || fail "refused runs created the work folder"
  # A report path that is a symbolic link is not written through: the file it points at stays as it was.
  echo precious > t2/victim.txt && ln -s victim.txt t2/r-link.json
  (cd t2 && "$harness" validate run --spec spec.json --work w3 --hipify "$hipify" --json r-link.json --without-gpu) \
    > t2/rl.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -q "cannot write r-link.json" t2/rl.txt || fail "report through a link: exit status $rc"
  [ "$(cat t2/victim.txt)" = precious ] && [ -L t2/r-link.json ] || fail "report through a link: the target was written"
  # The corpus build refuses a work folder inside the corpus as well.
  mkdir -p t2/corpus && printf '__global__ void k() {}\nint main() { return 0; }\n' > t2/corpus/k.cu
  "$harness" build --corpus t2/corpus --work t2/corpus/w --hipify "$hipify" --nvcc none --hipcc none \
    > t2/corpus.txt 2>&1
  expect_refused $? t2/corpus.txt "overlap" "corpus build with --work inside the corpus"
  [ ! -e t2/corpus/w ] || fail "corpus build: the work folder was made inside the corpus"
  # WORK/PROGRAM of a corpus build, and NAME in a bundle, as links: nothing is written or cleared through them.
  mkdir -p t2/cw t2/keep/stage && echo mine > t2/keep/k.cuda && echo mine > t2/keep/stage/keep.txt
  ln -s ../keep t2/cw/k
  "$harness" build --corpus t2/corpus --work t2/cw --hipify "$hipify" --nvcc none --hipcc none > t2/cw.txt 2>&1
  expect_row t2/cw.txt k setup FAIL "is a symbolic link"
  [ "$(cat t2/keep/k.cuda)" = mine ] && [ ! -e t2/keep/hip ] && [ ! -e t2/keep/translate.log ] ||
    fail "corpus build: wrote through WORK/PROGRAM, a link"
  mkdir -p t2/b && ln -s ../keep t2/b/prog
  (cd t2 && "$harness" validate build --spec spec.json --work w4 --hipify "$hipify" --bundle b) > t2/bl.txt 2>&1
  expect_row t2/bl.txt "\\(bundle\\)" bundle ERROR "cannot write the bundle"
  [ "$(cat t2/keep/stage/keep.txt 2>/dev/null)" = mine ] || fail "bundle: cleared NAME/stage through a link"
  # Reports follow hipify-c's rules: two reports on one file, or a report on an input, are refused before the
  # run starts; nothing is written and the input is as it was.
  cp t2/corpus/k.cu t2/k.cu.orig
  "$harness" build --corpus t2/corpus --work t2/rw --hipify "$hipify" --nvcc none --hipcc none --json t2/r.out \
    --junit t2/./r.out > t2/rc.txt 2>&1
  expect_refused $? t2/rc.txt "--junit and --json name one file" "two reports on one file"
  [ ! -e t2/r.out ] && [ ! -e t2/rw ] || fail "two reports on one file: something was written"
  "$harness" build --corpus t2/corpus --work t2/rw --hipify "$hipify" --nvcc none --hipcc none \
    --html t2/corpus/k.cu > t2/ri.txt 2>&1
  expect_refused $? t2/ri.txt "--html t2/corpus/k.cu lies in or is the input" "a report on an input"
  cmp -s t2/corpus/k.cu t2/k.cu.orig && [ ! -e t2/rw ] || fail "a report on an input: the input or WORK was written"
  echo 'k\tkept' > t2/xf.tsv
  "$harness" build --corpus t2/corpus --work t2/rw --hipify "$hipify" --nvcc none --hipcc none --xfail t2/xf.tsv \
    --json t2/xf.tsv > t2/rx.txt 2>&1
  expect_refused $? t2/rx.txt "lies in or is the input t2/xf.tsv" "a report on the xfail list"

  # 12. "files": [".."] names the folder holding the work folder: refused at once, with the reason.
  mkdir -p t12/tree && printf 'x\n' > t12/tree/in.txt && mkprog t12/tree/p 'echo ok'
  cat > t12/spec.json <<END
{"programs": [{"name": "p", "tree": "tree", "port": "tree", "build": "true", "exe": "p", "files": [".."]}]}
END
  start=$(date +%s)
  "$harness" validate run --spec t12/spec.json --work t12/w --without-gpu > t12/out.txt 2>&1
  expect_refused $? t12/out.txt "'files' entry '..' names the tree or a folder above it" "files [..]"
  [ $(($(date +%s) - start)) -le 3 ] || fail "files [..]: the refusal took over 3 s"
  # An input folder that holds the work folder under another name is refused as well.
  sed 's|"files": \[".."\]|"files": ["../../t12"]|' t12/spec.json > t12/spec2.json
  "$harness" validate run --spec t12/spec2.json --work t12/w --without-gpu > t12/out2.txt 2>&1
  expect_refused $? t12/out2.txt "the work folder .* and the input .* overlap" "files holding WORK"
  [ ! -e t12/w ] || fail "files [..]: the work folder was made"
  # An input folder with a link back up (data/up -> ..) is copied once, without following the link.
  mkdir -p t12/tree/data && echo d > t12/tree/data/d.txt && ln -s .. t12/tree/data/up
  sed 's|"files": \[".."\]|"files": ["data"]|' t12/spec.json > t12/spec3.json
  start=$(date +%s)
  timeout 60 "$harness" validate build --spec t12/spec3.json --work t12/w3 > t12/out3.txt 2>&1
  rc=$?
  [ $rc -eq 0 ] && [ $(($(date +%s) - start)) -le 10 ] || fail "an input with a link up: exit status $rc"
  expect_row t12/out3.txt p stage PASS "1 input(s)"
  [ -f t12/w3/p/stage/inputs/data/d.txt ] && [ ! -e t12/w3/p/stage/inputs/data/up ] ||
    fail "an input with a link up: copied wrongly"
elif [ "$mode" = results ]; then
  mkdir -p tree && printf 'int main(void) { return 0; }\n' > tree/main.cu
  mkprog tree/p 'echo ok'
  mkprog tree/good 'echo 1'
  mkprog tree/bad 'echo 1'
  mkprog tree/sf 'echo Test FAIL'
  mkprog tree/np 'echo done'
  mkprog tree/sp 'echo Test PASS'
  mkprog tree/first 'echo 1'
  mkprog tree/second 'sleep 30'
  # 4. A misspelt key is an error with its line, not a comparison silently switched off.
  cat > typo.json <<END
{"programs": [{"name": "p", "tree": "tree", "port": "tree",
  "build": "true", "exe": "p",
  "compare": {"output": [{"path": "o.txt"}]}}]}
END
  "$harness" validate run --spec typo.json --work w4 --without-gpu > typo.txt 2>&1
  expect_refused $? typo.txt "typo.json:3: unknown key 'output' (did you mean 'outputs'?)" "unknown key"
  printf '{"programs": [{"name": "p", "tree": "tree", "build": "true", "exe": "p",\n "rnu": {}}]}\n' > typo2.json
  "$harness" validate build --spec typo2.json --work w4 > typo2.txt 2>&1
  expect_refused $? typo2.txt "typo2.json:2: unknown key 'rnu' (did you mean 'run'?)" "unknown program key"

  # 5. A side that did not build fails the run, also when another program passed and when run from the bundle.
  cat > s5.json <<END
{"programs": [
  {"name": "good", "tree": "tree", "port": "tree", "build": "true", "exe": "good"},
  {"name": "bad", "tree": "tree", "port": "tree", "build": {"cuda": "true", "hip": "exit 1"},
   "exe": "bad"}]}
END
  "$harness" validate build --spec s5.json --work w5 > b5.txt 2>&1
  "$harness" validate --work w5 --without-gpu > r5.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "a side that did not build: exit status $rc, expected 1"
  expect_row r5.txt good validate PASS
  expect_row r5.txt bad validate FAIL "not built: the hip build failed (exit 1)" "build-hip.log"
  HIPIFY_HARNESS_NO_GPU=1 "$harness" validate --work w5 > r5n.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "a side that did not build, no GPU: exit status $rc, expected 1"

  # 6. Both sides printing FAIL the same way do not agree: the program's own verdict decides; a PASS keeps
  #    the streams it compared.
  cat > s6.json <<END
{"defaults": {"verdict": {"must_not_match": "FAIL"}},
 "programs": [
  {"name": "selffail", "tree": "tree", "port": "tree", "build": "true", "exe": "sf"},
  {"name": "nopass", "tree": "tree", "port": "tree", "build": "true", "exe": "np",
   "verdict": {"must_match": ["^Test PASS"]}},
  {"name": "selfpass", "tree": "tree", "port": "tree", "build": "true", "exe": "sp",
   "verdict": {"must_match": "^Test PASS"}}]}
END
  "$harness" validate run --spec s6.json --work w6 --without-gpu --json r6.json > r6.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "own verdict: exit status $rc, expected 1"
  expect_row r6.txt selffail validate FAIL "verdict must_not_match 'FAIL': cuda a line matches | hip a line matches"
  expect_row r6.txt nopass validate FAIL "verdict must_match '^Test PASS': cuda no line matches | hip no line matches"
  expect_row r6.txt selfpass validate PASS "own verdict holds on both (2 pattern(s))"
  [ "$(cat w6/selfpass/run/cuda.stdout 2>/dev/null)" = "Test PASS" ] && [ -f w6/selfpass/run/hip.stdout ] ||
    fail "a PASS did not keep the compared stdout (w6/selfpass/run/*.stdout)"
  [ ! -e w6/selfpass/run/cuda ] || fail "a PASS kept its run folder (only the streams stay)"
  grep -q '"log":.*/w6/selfpass/run"' r6.json || fail "the JSON row of a PASS does not name its run folder"

  # 7. Each result is written as the program finishes; a killed run is resumed without rerunning the done ones.
  cat > s7.json <<END
{"programs": [
  {"name": "first", "tree": "tree", "port": "tree", "build": "true", "exe": "first"},
  {"name": "second", "tree": "tree", "port": "tree", "build": "true", "exe": "second"}]}
END
  "$harness" validate build --spec s7.json --work w7 > b7.txt 2>&1
  "$harness" validate --work w7 --without-gpu > r7.txt 2>&1 &
  pid=$!
  for i in $(seq 1 100); do
    grep -q '"program":"first","step":"validate"' w7/results.jsonl 2>/dev/null && break
    sleep 0.1
  done
  grep -q '"program":"first","step":"validate","status":"PASS"' w7/results.jsonl 2>/dev/null ||
    fail "results.jsonl lacks the first program's result while the second runs"
  kill -9 $pid
  wait $pid 2>/dev/null
  sed -i 's/sleep 30/echo 2/' w7/second/stage/cuda/second w7/second/stage/hip/second
  "$harness" validate --work w7 --without-gpu --resume --json r7.json > r7b.txt 2>&1
  rc=$?
  [ $rc -eq 0 ] || fail "resume: exit status $rc"
  grep -q "first: result kept from an earlier run" r7b.txt || fail "resume: the first program ran again"
  grep -q "second: running cuda" r7b.txt || fail "resume: the second program did not run"
  expect_row r7b.txt first validate PASS
  expect_row r7b.txt second validate PASS
  [ "$(grep -c '"step":"validate"' w7/results.jsonl)" -eq 2 ] || fail "resume: results.jsonl does not hold both results"
  "$harness" validate build --spec s7.json --work w7 --resume > b7r.txt 2>&1
  expect_refused $? b7r.txt "--resume goes on with a staged run" "--resume with --spec"
  # The corpus run logs its rows the same way (no GPU here: SKIPPED rows) and resumes from them.
  mkdir -p wc/a wc/b && touch wc/a/a.cuda wc/b/b.cuda
  HIPIFY_HARNESS_NO_GPU=1 "$harness" run --work wc > rc.txt 2>&1
  [ "$(grep -c '"step":"run"' wc/results.jsonl 2>/dev/null)" = 2 ] || fail "corpus run: results.jsonl lacks a row per program"
  HIPIFY_HARNESS_NO_GPU=1 "$harness" run --work wc --resume > rc2.txt 2>&1
  [ "$(grep -c 'result kept from an earlier run' rc2.txt)" = 2 ] || fail "corpus run --resume ran the programs again"

  # 8. --timeout must be a positive number and limits the runs; a lost stdout is an error.
  for bad in abc -5 0 nan 1e999; do
    "$harness" validate --work w7 --timeout "$bad" > t8.txt 2>&1
    expect_refused $? t8.txt "--timeout '$bad': expected a positive number" "--timeout $bad"
  done
  "$harness" validate --work w7 --iters x > t8.txt 2>&1
  expect_refused $? t8.txt "--iters 'x'" "--iters x"
  sed -i 's/echo 2/sleep 20/' w7/second/stage/cuda/second w7/second/stage/hip/second
  start=$(date +%s)
  "$harness" validate --work w7 --program second --without-gpu --timeout 1 > t8.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] && [ $(($(date +%s) - start)) -le 8 ] || fail "--timeout 1 not honoured for runs (exit $rc)"
  expect_row t8.txt second validate FAIL "timed out after 1 s"
  if [ -w /dev/full ]; then
    "$harness" validate --work w7 --program first --without-gpu > /dev/full 2> full.txt
    rc=$?
    [ $rc -ne 0 ] && grep -q "cannot write the standard output" full.txt || fail "stdout on /dev/full: exit status $rc"
  else
    echo "SKIPPED check: no /dev/full"
  fi

  # 8b. Both sides failing the same way is BOTHFAIL, not PASS: counted in the summary, the JSON and JUnit, and
  #     it fails the run (unless the spec leaves the exit status out). AMD platform notes are printed once per
  #     run, after the table, and not at all for a program that was not built (no "platform difference" there).
  mkdir -p ntree && printf 'int f(cudaDeviceProp p) { return p.managedMemory; }\n' > ntree/main.cu
  mkprog ntree/ok 'echo fine'
  mkprog ntree/both 'echo checking; exit 1'
  printf 'key\tkind\tcuda_on_nvidia\thip_on_amd\tadvice\tsource\tcuda_pattern\n' > notes.tsv
  printf 'managedMemory\tprop\t1 on H100\tthe HMM flag\tcheck the flag\tROCm docs\t\\.managedMemory\\b\n' >> notes.tsv
  cat > s8b.json <<END
{"programs": [
  {"name": "both", "tree": "ntree", "port": "ntree", "build": "true", "exe": "both"},
  {"name": "ok1", "tree": "ntree", "port": "ntree", "build": "true", "exe": "ok"},
  {"name": "nobuild", "tree": "ntree", "port": "ntree", "build": {"cuda": "true", "hip": "exit 1"}, "exe": "ok"},
  {"name": "ok2", "tree": "ntree", "port": "ntree", "build": "true", "exe": "ok"},
  {"name": "noexit", "tree": "ntree", "port": "ntree", "build": "true", "exe": "both", "compare": {"exit": false}}]}
END
  "$harness" validate run --spec s8b.json --work w8b --without-gpu --platform-differences notes.tsv --json r8b.json \
    --junit r8b.xml > r8b.txt 2>&1
  rc=$?
  cat r8b.txt
  [ $rc -eq 1 ] || fail "both sides failed: exit status $rc, expected 1"
  expect_row r8b.txt both validate BOTHFAIL "both sides failed: exit 1 on both" "stdout 1 lines agree"
  expect_row r8b.txt ok1 validate PASS
  expect_row r8b.txt noexit validate PASS "exit 1 on both"
  expect_row r8b.txt nobuild validate FAIL "not built: the hip build failed"
  grep -E "^nobuild +validate " r8b.txt | grep -q "platform difference" && fail "a build failure is described as a platform difference"
  grep -A1 -E "^nobuild +validate " r8b.txt | grep -q "AMD platform notes" && fail "a program not built has AMD platform notes"
  grep -q "^  and 1 failed on both sides, 0 declared platform differences, 0 errors$" r8b.txt ||
    fail "the summary does not count the program that failed on both sides"
  [ "$(grep -c "AMD platform note managedMemory" r8b.txt)" = 1 ] || fail "the managedMemory note is not printed exactly once"
  grep -q "^  AMD platform note managedMemory: on AMD the HMM flag; advice: check the flag; programs: both, ok1, ok2, noexit$" \
    r8b.txt || fail "the managedMemory note does not list the programs it applies to"
  [ "$(grep -c "^    AMD platform notes (below): managedMemory$" r8b.txt)" = 4 ] || fail "the rows do not name their note"
  grep -q '<failure message="both sides failed: exit 1 on both.*" type="BOTHFAIL">' r8b.xml ||
    fail "r8b.xml lacks the BOTHFAIL failure"
  grep -q 'failures="3"' r8b.xml || fail "r8b.xml does not count BOTHFAIL as a failure (2 FAIL rows and it)"
  python3 - r8b.json <<'PY' || fail "r8b.json: BOTHFAIL or notes wrong (see above)"
import json, sys
report = json.load(open(sys.argv[1]))
rows = {r["program"]: r for r in report["results"] if r["step"] == "validate"}
problems = []
if rows["both"]["status"] != "BOTHFAIL":
    problems.append("both: status %s" % rows["both"]["status"])
if report["counts"].get("BOTHFAIL") != 1 or report["counts"].get("FAIL") != 2 or report["ok"] is not False:
    problems.append("counts %s, ok %s" % (report["counts"], report["ok"]))
if "platform_notes" in rows["nobuild"]:
    problems.append("nobuild has notes %s" % rows["nobuild"]["platform_notes"])
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY

  # 8c. A declared output that is a FIFO (or a record file, for compare) is refused at once, never waited on:
  #     on both sides an ERROR, on one side a difference.
  mkprog tree/fifo 'mkfifo o.txt o.bin && echo made'
  mkprog tree/plain 'echo x > o.txt && echo made'
  cat > s8c.json <<END
{"defaults": {"timeout": 30},
 "programs": [
  {"name": "fifo", "tree": "tree", "port": "tree", "build": "true", "exe": "fifo",
   "compare": {"outputs": [{"path": "o.txt"}]}},
  {"name": "fifoone", "tree": "tree", "port": "tree", "build": "true", "exe": {"cuda": "plain", "hip": "fifo"},
   "compare": {"outputs": [{"path": "o.txt"}]}},
  {"name": "fiforaw", "tree": "tree", "port": "tree", "build": "true", "exe": "fifo",
   "compare": {"outputs": [{"path": "o.bin", "format": "raw", "dtype": "f32"}]}}]}
END
  start=$(date +%s)
  timeout 120 "$harness" validate run --spec s8c.json --work w8c --without-gpu > r8c.txt 2>&1
  rc=$?
  cat r8c.txt
  [ $rc -eq 1 ] && [ $(($(date +%s) - start)) -le 20 ] || fail "FIFO outputs: exit status $rc after $(($(date +%s) - start)) s"
  expect_row r8c.txt fifo validate ERROR "o.txt file: cuda a FIFO | hip a FIFO" "must be a plain file"
  expect_row r8c.txt fifoone validate FAIL "o.txt file: cuda a plain file | hip a FIFO"
  expect_row r8c.txt fiforaw validate ERROR "o.bin file: cuda a FIFO | hip a FIFO"
  mkfifo r.rec
  timeout 60 "$harness" compare r.rec r.rec > r8c2.txt 2>&1
  expect_refused $? r8c2.txt "r.rec (not a plain file)" "compare of a FIFO"
elif [ "$mode" = processes ]; then
  # 9. What the program leaves running is killed when it ends; a setsid() child too; and at a timeout.
  mkdir -p tree && touch tree/x
  cat > tree/bg.sh <<'END'
#!/bin/sh
sleep 300 &
echo $! >> "$PIDS"
setsid sh -c 'echo $$ >> "$PIDS"; exec sleep 300' &
sleep 1
echo started
[ "$1" = hang ] && sleep 300
exit 0
END
  chmod +x tree/bg.sh
  cat > s9.json <<END
{"programs": [
  {"name": "leaves", "tree": "tree", "port": "tree", "build": "true", "exe": "bg.sh",
   "run": {"env": {"PIDS": "$work/pids"}}},
  {"name": "hangs", "tree": "tree", "port": "tree", "build": "true", "exe": "bg.sh",
   "run": {"args": ["hang"], "timeout": 3, "env": {"PIDS": "$work/pids"}}}]}
END
  : > pids
  "$harness" validate run --spec s9.json --work w9 --without-gpu > r9.txt 2>&1
  expect_row r9.txt leaves validate PASS "cuda left" "hip left" "process(es) running, killed"
  expect_row r9.txt hangs validate FAIL "timed out after 3 s"
  [ "$(wc -l < pids)" -eq 8 ] || fail "expected 8 child pids, got $(wc -l < pids)"
  sleep 0.5
  for pid in $(cat pids); do
    if kill -0 "$pid" 2>/dev/null; then
      fail "process $pid ($(cat /proc/$pid/cmdline 2>/dev/null | tr '\0' ' ')) outlived its run"
      kill -9 "$pid" 2>/dev/null
    fi
  done
elif [ "$mode" = streams ]; then
  # 10. 80 MiB of stdout per side: compared up to the limit without holding both, the report says so.
  mkdir -p tree && touch tree/x
  cat > tree/big.sh <<'END'
#!/bin/sh
# 80 MiB of 100-byte lines; the HIP side's last line differs when asked to
awk -v tail="$1" 'BEGIN { s = sprintf("%099d", 0); for (i = 0; i < 838860; i++) print s; print (tail ? "end 2" : "end 1") }'
END
  chmod +x tree/big.sh
  cat > s10.json <<END
{"programs": [
  {"name": "same", "tree": "tree", "port": "tree", "build": "true", "exe": "big.sh"},
  {"name": "differ", "tree": "tree", "port": "tree", "build": {"cuda": "true", "hip": "true"},
   "exe": {"cuda": "big.sh", "hip": "big2.sh"}}]}
END
  # (the HIP side's own copy: only the executable is staged)
  sed 's/-v tail="$1"/-v tail=1/' tree/big.sh > tree/big2.sh && chmod +x tree/big2.sh
  # (ulimit -v: the harness must not need the two streams in memory, 160 MiB, plus their line index; a
  #  sanitizer build reserves terabytes of address space and cannot start under any such limit)
  limit="ulimit -v 400000"
  if ! (ulimit -v 400000 && "$harness" --help) > /dev/null 2>&1; then
    echo "note: this harness cannot start under ulimit -v (a sanitizer build?): memory not limited"
    limit=true
  fi
  ($limit; "$harness" validate run --spec s10.json --work w10 --without-gpu) > r10.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "streams: exit status $rc, expected 1"
  expect_row r10.txt same validate PASS "byte-identical (over the 64 MiB limit of line comparison)"
  expect_row r10.txt differ validate FAIL "stdout line 838861 (byte 83886004): cuda end 1 | hip end 2" \
    "over the 64 MiB limit of line comparison" "not byte-identical"
  rm -rf w10
elif [ "$mode" = layout ]; then
  # 11. -I../common: the port keeps the folders above the tree that also_translate names; a setup step; several
  #     ignore patterns for timing lines.
  mkdir -p proj/common proj/app
  printf '#define GREETING "hello from common"\n' > proj/common/greet.cuh
  printf '#include "greet.cuh"\nint main() { return 0; }\n' > proj/app/main.cu
  mkprog proj/app/app.sh 'echo result 42; echo Kernel time 3 ms; echo Elapsed $$; date "+%N ms"; cat out/in.txt'
  cat > s11.json <<'END'
{"defaults": {"ignore": ["^Kernel time", "(?i)elapsed", "[0-9.]+ ?ms$"]},
 "programs": [{"name": "app", "tree": "proj/app", "also_translate": ["../common"],
  "build": "test -f ../common/greet.cuh && cp app.sh app && chmod +x app",
  "exe": "app", "run": {"setup": "mkdir -p out && echo made > out/in.txt"}}]}
END
  "$harness" validate run --spec s11.json --work w11 --hipify "$hipify" --without-gpu > r11.txt 2>&1
  rc=$?
  cat r11.txt
  [ $rc -eq 0 ] || fail "layout: exit status $rc"
  expect_row r11.txt app build-hip PASS
  expect_row r11.txt app validate PASS "stdout 2 lines agree (3/3 ignored)"
  [ -f w11/app/hip/common/greet.cuh ] && [ -f w11/app/hip/app/main.cu ] ||
    fail "layout: the port does not keep common/ beside app/"
  grep -q "made" w11/app/run/cuda.stdout || fail "layout: the setup command did not run before the program"
  # A failing setup command stops the run with its log.
  sed 's|mkdir -p out \&\& echo made > out/in.txt|exit 3|' s11.json > s11b.json
  "$harness" validate run --spec s11b.json --work w11b --hipify "$hipify" --without-gpu > r11b.txt 2>&1
  expect_row r11b.txt app validate ERROR "the cuda setup command failed (exit 3)"
elif [ "$mode" = amd ]; then
  # 12b. build's AMD targets default to those the configured hipcc builds, with the device libraries found
  #      at configure time: the documented command needs no --amd-arch or --amd-device-libs.
  archs=${5:-} libs=${6:-}
  mkdir -p corpus && printf '__global__ void k() {}\nint main() { return 0; }\n' > corpus/k.cu
  printf '#!/bin/sh\necho "$@" > %s/hipcc-args\nfor a; do case $a in -o) o=1;; *) [ -n "${o:-}" ] && { touch "$a"; chmod +x "$a"; o=; };; esac; done\n' \
    "$work" > fake-hipcc && chmod +x fake-hipcc
  "$harness" build --corpus corpus --work w --hipify "$hipify" --step translate --step hip-amd --hipcc ./fake-hipcc \
    > b.txt 2>&1
  rc=$?
  cat b.txt
  [ $rc -eq 0 ] || fail "amd: exit status $rc"
  args=$(cat hipcc-args 2>/dev/null)
  echo "hipcc got: $args"
  if [ -n "$archs" ]; then
    want=$(echo "$archs" | tr ',' '\n' | sed 's/^/--offload-arch=/' | tr '\n' ' ')
    case "$args " in *"$want"*) ;; *) fail "amd: default targets are not the configured ones ($want)";; esac
  else
    case "$args" in *"--offload-arch=gfx90a "*) ;; *) fail "amd: no hipcc configured, the default is not gfx90a";; esac
    case "$args" in *gfx1100*) fail "amd: gfx1100 by default without a probed device library";; esac
  fi
  if [ -n "$libs" ]; then
    case "$args" in *"--rocm-device-lib-path=$libs"*) ;; *) fail "amd: the configured device libraries are not passed";; esac
  fi
elif [ "$mode" = writes ]; then
  # 13. What the harness writes piece by piece (WORK/results.jsonl) never goes into a FIFO, through a link or
  #     into another name of a file: a FIFO is refused at once (no reader to wait for), a link is left as it is,
  #     and a file linked elsewhere is replaced, not truncated.
  mkdir -p t13/tree && mkprog t13/tree/p 'echo ok'
  cat > t13/spec.json <<END
{"programs": [{"name": "p", "tree": "tree", "port": "tree", "build": "true", "exe": "p"}]}
END
  mkdir -p t13/w && mkfifo t13/w/results.jsonl
  timeout 30 "$harness" validate run --spec t13/spec.json --work t13/w --without-gpu > t13/fifo.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "results.jsonl a FIFO: exit status $rc, expected 1"
  grep -q "cannot write .*results.jsonl" t13/fifo.txt || fail "results.jsonl a FIFO: not named"
  [ -p t13/w/results.jsonl ] || fail "results.jsonl a FIFO: replaced"
  rm t13/w/results.jsonl
  echo precious > t13/victim.txt && ln -s ../victim.txt t13/w/results.jsonl
  "$harness" validate run --spec t13/spec.json --work t13/w --without-gpu > t13/link.txt 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -q "cannot write .*results.jsonl" t13/link.txt || fail "results.jsonl a link: exit status $rc"
  [ -L t13/w/results.jsonl ] && [ "$(cat t13/victim.txt)" = precious ] || fail "results.jsonl a link: written through"
  rm t13/w/results.jsonl && ln t13/victim.txt t13/w/results.jsonl
  "$harness" validate run --spec t13/spec.json --work t13/w --without-gpu > t13/hard.txt 2>&1
  rc=$?
  [ $rc -eq 0 ] || { fail "results.jsonl linked elsewhere: exit status $rc"; cat t13/hard.txt; }
  [ "$(cat t13/victim.txt)" = precious ] || fail "results.jsonl linked elsewhere: the other name was truncated"
  grep -q '"program": *"p"' t13/w/results.jsonl || fail "results.jsonl linked elsewhere: no row written"

  # 14. SIGTERM, SIGINT or SIGHUP while a file is being written (large inputs staged into WORK) removes the output
  #     layer's temporary file, and the harness ends by that signal. The run is stopped (SIGSTOP) at a moment a
  #     temporary is seen, sent the signal and let go, so the handler runs with the temporary in place.
  mkdir -p t14/tree/data && mkprog t14/tree/p 'echo ok'
  for i in 1 2 3 4; do head -c 40000000 /dev/zero > t14/tree/data/f$i.dat; done
  cat > t14/spec.json <<END
{"programs": [{"name": "p", "tree": "tree", "port": "tree", "build": "true", "exe": "p", "files": ["data"]}]}
END
  temps() { find t14/w -name '.*.hipify-tmp-*' 2>/dev/null | head -1; }
  for sig in TERM INT HUP; do
    rm -rf t14/w
    caught=""
    if [ $sig = INT ]; then # a background job starts with SIGINT ignored, which the harness respects: restored
      command -v python3 > /dev/null || { echo "note: SIGINT: python3 needed to restore it; case not exercised"; continue; }
      python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
        "$harness" validate build --spec t14/spec.json --work t14/w > /dev/null 2>&1 &
    else
      "$harness" validate build --spec t14/spec.json --work t14/w > /dev/null 2>&1 &
    fi
    pid=$!
    while kill -0 "$pid" 2> /dev/null; do
      if [ -n "$(temps)" ]; then
        kill -STOP "$pid"
        if [ -n "$(temps)" ]; then caught=$(temps); kill -"$sig" "$pid"; kill -CONT "$pid"; break; fi
        kill -CONT "$pid"
      fi
    done
    wait "$pid"
    rc=$?
    if [ -z "$caught" ]; then
      echo "note: SIG$sig: the run ended before a temporary was seen; case not exercised"
      continue
    fi
    [ $rc -gt 128 ] || fail "SIG$sig: exit status $rc, expected death by the signal"
    [ ! -e "$caught" ] || fail "SIG$sig: the temporary $caught is left"
    [ -z "$(temps)" ] || fail "SIG$sig: a temporary is left: $(temps)"
    echo "SIG$sig: $caught removed, exit status $rc"
  done
  rm -rf t14
else
  echo "unknown mode $mode"
  exit 2
fi

checks_done "validate $mode"
