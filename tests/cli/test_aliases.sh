# test_aliases.sh: hipify-clang's and hipify-perl's option spellings give the same result as the
# canonical ones, every option of options.def is accepted with one and with two dashes, and the
# parsing options (-I, -D, --, -p, --cuda-path) reach the semantic pass.
. "$(dirname "$0")/lib.sh"

printf '#include <cuda_runtime.h>\nvoid f(void **p) {\n#ifdef USE_X\n  cudaMalloc(p, 1);\n#else\n  cudaFree(*p);\n#endif\n  cudaCtxResetPersistingL2Cache();\n}\n' >d.cu
write_cuda tree/a.cu
write_cuda tree/skipme/b.cu
write_cuda tree/keep/c.cu
write_cuda tree/keep/skip.cu

# same_run NAME CANONICAL-ARGS -- ALIAS-ARGS: both runs give the same stdout (timings aside) and stderr.
same_run() {
  name=$1; shift
  canon=""; while [ "$1" != "--" ]; do canon="$canon $1"; shift; done; shift
  # shellcheck disable=SC2086
  "$HIPIFY" $canon >c.raw 2>c.err; cs=$?
  "$HIPIFY" "$@" >a.raw 2>a.err; as=$?
  grep -v 'TIME ELAPSED' c.raw >c.out; grep -v 'TIME ELAPSED' a.raw >a.out
  if [ "$cs" -ne "$as" ] || ! cmp -s c.out a.out || ! cmp -s c.err a.err; then
    fail "$name: '$*' differs from '$canon' (status $as vs $cs)"; diff c.err a.err | head -4
  else pass "$name"; fi
}

same_run "-print-stats" --print-stats d.cu -o x.cpp -- -print-stats d.cu -o x.cpp
same_run "-quiet-warnings" --quiet-warnings d.cu -- -quiet-warnings d.cu
same_run "-examine" --examine d.cu -- -examine d.cu
same_run "--default-preprocessor" --skip-excluded-preprocessor-conditional-blocks d.cu -- --default-preprocessor d.cu
same_run "-skip-excluded-preprocessor-conditional-blocks" --skip-excluded-preprocessor-conditional-blocks d.cu -- -skip-excluded-preprocessor-conditional-blocks d.cu
same_run "-hip-kernel-execution-syntax" --hip-kernel-execution-syntax tree/a.cu -- -hip-kernel-execution-syntax tree/a.cu
same_run "-cuda-kernel-execution-syntax" --cuda-kernel-execution-syntax tree/a.cu -- -cuda-kernel-execution-syntax tree/a.cu
same_run "--o-dir" --examine --print-stats -O o1 tree -- --examine --print-stats --o-dir o1 tree
same_run "-o-dir=" --examine --print-stats -O o1 tree -- --examine --print-stats -o-dir=o1 tree
same_run "-output" -o x1.cpp d.cu -- -output x1.cpp d.cu
same_run "-I DIR / -IDIR / --include-dir=DIR" -I inc d.cu -- --include-dir=inc d.cu
same_run "-D NAME / -DNAME / --define NAME" --skip-excluded-preprocessor-conditional-blocks -D USE_X d.cu -- --skip-excluded-preprocessor-conditional-blocks --define USE_X d.cu
same_run "-DNAME attached" --skip-excluded-preprocessor-conditional-blocks -D USE_X d.cu -- --skip-excluded-preprocessor-conditional-blocks -DUSE_X d.cu
same_run "-- compiler arguments" --skip-excluded-preprocessor-conditional-blocks -D USE_X d.cu -- --skip-excluded-preprocessor-conditional-blocks d.cu -- -DUSE_X
same_run "-j2 / -j 2 / --jobs=2" -j 2 --examine tree -- --jobs=2 --examine tree

# -D reaches the semantic pass: the active branch changes.
run 0 "-D selects the branch" "$HIPIFY" --skip-excluded-preprocessor-conditional-blocks -DUSE_X d.cu
has stdout '  hipMalloc(p, 1);' "-D: active branch translated"
has stdout '  cudaFree(\*p);' "-D: inactive branch kept"
run 0 "no -D selects the other branch" "$HIPIFY" --skip-excluded-preprocessor-conditional-blocks d.cu
has stdout '  cudaMalloc(p, 1);' "no -D: inactive branch kept"
has stdout '  hipFree(\*p);' "no -D: active branch translated"

# -p reads per-file flags from compile_commands.json.
printf '[{"directory": "%s", "file": "%s/d.cu", "command": "nvcc -DUSE_X -c d.cu"}]\n' "$SCRATCH" "$SCRATCH" >compile_commands.json
run 0 "-p BUILD_DIR" "$HIPIFY" -p "$SCRATCH" --skip-excluded-preprocessor-conditional-blocks d.cu
has stdout '  hipMalloc(p, 1);' "-p: the database's -D is used"
run 0 "--build-path=DIR" "$HIPIFY" --build-path="$SCRATCH" --skip-excluded-preprocessor-conditional-blocks d.cu
has stdout '  hipMalloc(p, 1);' "--build-path: the database's -D is used"

# --cuda-path parses against a real CUDA installation when one exists.
if [ -f /usr/local/cuda/include/cuda_runtime.h ]; then
  run 0 "--cuda-path" "$HIPIFY" --cuda-path /usr/local/cuda --semantic always d.cu
  has stdout 'hipFree' "--cuda-path translates"
else
  echo "SKIPPED: --cuda-path: no CUDA installation in /usr/local/cuda"
fi

# hipify-perl's exclusions: directory and file names, comma separated.
run 0 "-exclude-dirs= -exclude-files=" "$HIPIFY" -O ex -exclude-dirs=skipme,nothere -exclude-files=skip.cu tree
exists ex/a.cu "exclusions keep a.cu"
exists ex/keep/c.cu "exclusions keep keep/c.cu"
absent ex/skipme "-exclude-dirs= skips the directory"
absent ex/keep/skip.cu "-exclude-files= skips the file"
run 0 "--exclude-dirs DIR (two words)" "$HIPIFY" -O ex2 --exclude-dirs skipme tree
absent ex2/skipme "--exclude-dirs DIR"

# Every option in options.def is known with two dashes and with one (values where they take one).
optdef="$SRC/translator/cli/options.def"
printf 'int x;\n' >trivial.c # cheap to translate: this loop only checks option parsing
[ -f "$optdef" ] || { fail "options.def not found under $SRC"; finish; }
awk -F'"' '/^HC_OPT\(/ { split($5, a, ","); kind = a[2]; gsub(/ /, "", kind); print $2, kind;
                           n = split($4, al, "|"); for (i = 1; i <= n; i++) if (al[i] != "") print al[i], kind }' "$optdef" |
  while read -r name kind; do
    [ -n "$name" ] || continue
    for dashes in - --; do
      if [ "$kind" = REQUIRED ]; then set -- "$dashes$name=1"; else set -- "$dashes$name"; fi
      "$HIPIFY" "$@" trivial.c >opt.out 2>opt.err
      if grep -q "unknown option" opt.err; then echo "FAIL: option $1 refused as unknown"; else echo "ok $1"; fi
    done
  done >opt.report
if grep -q FAIL opt.report; then cat opt.report; fail "options refused"; else pass "every options.def spelling accepted ($(grep -c '^ok' opt.report) spellings)"; fi
finish
