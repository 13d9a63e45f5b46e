# test_exit_codes.sh: every documented exit status: 0 success, 1 an input could not be translated or an
# error was diagnosed, 2 usage error, 3 an output could not be written, 4 --fail-on reached; and which
# wins when several apply (3 over 1 over 4).
. "$(dirname "$0")/lib.sh"

write_cuda ok.cu
printf '#include <cuda_runtime.h>\nvoid f() { cudaCtxResetPersistingL2Cache(); }\n' >warn.cu
printf '__global__ void k() {}\n' >note.cu
printf 'int a;\000' >bin.cu
printf 'int x; /* open\n' >comment.cu
mkdir -p tree && cp ok.cu bin.cu tree/
printf 'a regular file\n' >plainfile

# 0
run 0 "0: clean translation" "$HIPIFY" ok.cu -o ok.out
run 0 "0: warnings alone do not fail" "$HIPIFY" warn.cu -o warn.out
has stderr 'warning: HC1001' "0: the warning is printed"
run 0 "0: --help" "$HIPIFY" --help
run 0 "0: --version" "$HIPIFY" --version
run 0 "0: --fail-on error with only warnings" "$HIPIFY" --fail-on error warn.cu -o warn.out
run 0 "0: --fail-on warning with only notes" "$HIPIFY" --fail-on warning note.cu -o note.out

# 1
run 1 "1: binary input" "$HIPIFY" bin.cu
run 1 "1: an error diagnostic (unterminated comment)" "$HIPIFY" comment.cu -o comment.out
run 1 "1: one bad file in a tree" "$HIPIFY" -O tout tree
exists tout/ok.cu "1: the good file of the tree is still written"
run 1 "1: a missing input among good ones" "$HIPIFY" -O mout ok.cu missing.cu
exists mout/ok.cu "1: the good input is still written"
run 1 "1: --query of an unknown name" "$HIPIFY" --query notacudaname

# 2
run 2 "2: no input" "$HIPIFY"
has stderr 'no input files' "2: no input"
run 2 "2: unknown long option" "$HIPIFY" --no-such-option ok.cu
has stderr "unknown option '--no-such-option'" "2: unknown long option named"
run 2 "2: unknown single-dash option" "$HIPIFY" -no-such-option ok.cu
run 2 "2: unknown short option" "$HIPIFY" -Z ok.cu
run 2 "2: missing option value" "$HIPIFY" ok.cu -o
has stderr "needs a value" "2: missing option value"
run 2 "2: value given to a flag" "$HIPIFY" --print-stats=yes ok.cu
has stderr "takes no value" "2: value given to a flag"
run 2 "2: bad --jobs" "$HIPIFY" -j 0 ok.cu
run 2 "2: bad --jobs text" "$HIPIFY" --jobs=many ok.cu
run 2 "2: bad --hip-version" "$HIPIFY" --hip-version x.y ok.cu
run 2 "2: bad --semantic" "$HIPIFY" --semantic sometimes ok.cu
run 2 "2: bad --fail-on" "$HIPIFY" --fail-on fatal ok.cu
run 2 "2: bad --suppress id" "$HIPIFY" --suppress HC9999 ok.cu
run 2 "2: missing --rules file" "$HIPIFY" --rules no-such-rules.txt ok.cu
run 2 "2: -p without compile_commands.json" "$HIPIFY" -p "$SCRATCH/tree" ok.cu
run 2 "2: tree without an output mode" "$HIPIFY" tree

# 3
run 3 "3: -o below a regular file" "$HIPIFY" ok.cu -o plainfile/x.cpp
has stderr 'HC2011' "3: the write failure names HC2011"
run 3 "3: -O onto a regular file" "$HIPIFY" -O plainfile tree/ok.cu
run 3 "3: a report that cannot be written" "$HIPIFY" --stats-json plainfile/s.json ok.cu -o ok.out
run 3 "3: --print-stats-csv that cannot be written" "$HIPIFY" --print-stats-csv --o-stats plainfile/s.csv ok.cu -o ok.out
run 3 "3 wins over 1" "$HIPIFY" -O plainfile ok.cu bin.cu

# 4
run 4 "4: --fail-on warning" "$HIPIFY" --fail-on warning warn.cu -o warn.out
run 4 "4: --fail-on note" "$HIPIFY" --fail-on note note.cu -o note.out
run 4 "4: -fail-on=warning" "$HIPIFY" -fail-on=warning warn.cu -o warn.out
run 4 "4: --fail-on with --quiet-warnings still counts" "$HIPIFY" --fail-on warning --quiet-warnings warn.cu -o warn.out
[ -s stderr ] && fail "4: --quiet-warnings printed a warning"
run 1 "1 wins over 4" "$HIPIFY" --fail-on warning -O both warn.cu bin.cu
finish
