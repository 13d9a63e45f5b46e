#!/bin/sh
# test_escape_messages.sh: option values, file names and arguments the user controls reach the terminal
# escaped (case D17 of test_data_safety) in usage errors, -v and rules-file errors; diagnostics are test_data_safety's.
. "$(dirname "$0")/lib.sh"

esc=$(printf '\033')
bel=$(printf '\007')
title=$(printf '\033]0;pwn\007') # sets a terminal's window title when printed raw
# no_raw NAME: neither ESC nor BEL from the title sequence reached stderr or stdout
no_raw() {
  ! grep -q "$esc\|$bel" "$SCRATCH/stderr" "$SCRATCH/stdout" || fail "$1: a raw control character was printed"
}
write_cuda a.cu

for opt in semantic fail-on doc-format doc-roc jobs hip-version suppress; do
  run 2 "--$opt with an escape sequence in its value" "$HIPIFY" "--$opt=x${title}" a.cu
  no_raw "--$opt"
  has stderr "'x\\\\x1B\]0;pwn\\\\x07'" "--$opt value printed escaped"
done

run 2 "an unknown option with an escape sequence" "$HIPIFY" "--x${title}" a.cu
no_raw "unknown option"
has stderr "unknown option '--x\\\\x1B\]0;pwn\\\\x07'" "unknown option printed escaped"

cp a.cu "s${title}.cu"
run 0 "-v with an escape sequence in -I and in the file name" "$HIPIFY" -v "-Iinc${title}" "s${title}.cu" -o out.hip
no_raw "-v"
has stderr '-Iinc\\x1B\]0;pwn\\x07' "-v compiler argument escaped"
has stderr 's\\x1B\]0;pwn\\x07\.cu: ' "-v file name escaped"

printf 'this is not a rule\n' >"r${title}.rules"
run 2 "a bad rules file whose name has an escape sequence" "$HIPIFY" --rules "r${title}.rules" a.cu -o out.hip
no_raw "--rules"
has stderr 'r\\x1B\]0;pwn\\x07\.rules' "rules file name escaped"
finish
