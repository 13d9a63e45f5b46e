# test_concurrent_edit.sh: --inplace never replaces a file that changed after it was read: an edit made
# while the run goes on stays in the file, no backup of the stale text is written, the run says so
# (HC2025, naming the file) and exits 3. A FIFO input holds the run at a known point between the read
# of the first file and its write, so the edit lands in that window every time.
. "$(dirname "$0")/lib.sh"

# edit_during_run NAME EDIT: runs --inplace on k.cu and the FIFO gate.h; EDIT runs while the run waits.
edit_during_run() {
  rm -f gate.h && mkfifo gate.h
  timeout 60 "$HIPIFY" --inplace -j1 k.cu gate.h >stdout 2>stderr &
  pid=$!
  exec 3>gate.h # returns once the run opened the FIFO: k.cu, the first job, has been read
  eval "$2"
  printf 'int gate;\n' >&3
  exec 3>&-
  wait "$pid"
  status=$?
}

write_cuda k.cu
edit_during_run "append" 'printf "// edited during the run\n" >>k.cu'
[ "$status" -eq 3 ] && pass "an edit during the run: exit 3" || fail "an edit during the run: exit $status, expected 3"
has k.cu 'edited during the run' "the user's edit is in the file"
has k.cu 'cudaMalloc' "the file is not replaced by the translation"
has stderr 'k.cu: error: HC2025' "HC2025 names the file"
absent k.cu.prehip "no backup of the stale text"

# a replacement with other content (an editor's save-by-rename) is an edit too
write_cuda k.cu
edit_during_run "rename" 'sed "s/return/ return/" k.cu >k.new && mv k.new k.cu'
[ "$status" -eq 3 ] || fail "a file replaced during the run: exit $status, expected 3"
has k.cu ' return' "the replacing file stays"
has k.cu 'cudaMalloc' "the replacing file is not translated over"

# a file removed during the run is not created again
write_cuda k.cu
edit_during_run "remove" 'rm k.cu'
[ "$status" -eq 3 ] || fail "a file removed during the run: exit $status, expected 3"
absent k.cu "a removed file is not recreated"

# untouched: translated as usual (the check costs nothing when nothing changed)
write_cuda k.cu
cp k.cu k.orig
edit_during_run "none" ':'
[ "$status" -eq 0 ] && pass "no edit: exit 0" || fail "no edit: exit $status, expected 0"
has k.cu 'hipMalloc' "no edit: translated"
same k.cu.prehip k.orig "no edit: the backup is the original"

# a FIFO named with --inplace is read, never replaced or written into
write_cuda k.cu
rm -f gate.cu && mkfifo gate.cu
timeout 60 "$HIPIFY" --inplace k.cu gate.cu >stdout 2>stderr &
pid=$!
printf '__global__ void g() {}\n' >gate.cu
wait "$pid"
status=$?
[ "$status" -eq 3 ] || fail "--inplace on a FIFO: exit $status, expected 3"
[ -p gate.cu ] || fail "--inplace on a FIFO: it is no longer a FIFO"
absent gate.cu.prehip "--inplace on a FIFO: no backup"
has stderr 'gate.cu: error: HC2023' "--inplace on a FIFO: HC2023 names it"
has k.cu 'hipMalloc' "--inplace on a FIFO: the regular file beside it is translated"
finish
