# test_bad_input.sh: bad input (binary, not UTF-8 (translated, noted), empty, over 64 MiB, unreadable, symbolic link
# loops and dangling links, unterminated comments and strings): one clear line naming the file (and
# the line where there is one), the rest of the tree still processed, a non-zero exit, no crash.
. "$(dirname "$0")/lib.sh"

# one_case NAME FILE PATTERN: translating FILE alone prints exactly one line matching PATTERN that
# names the file, exits non-zero without crashing, and writes no translation to stdout.
one_case() {
  "$HIPIFY" "$2" >stdout 2>stderr
  status=$?
  [ "$status" -ne 0 ] || fail "$1: exit status 0, expected non-zero"
  [ "$status" -lt 128 ] || fail "$1: crashed (status $status)"
  n=$(grep -c -e "$3" stderr)
  [ "$n" -eq 1 ] || { fail "$1: expected one line matching '$3', got $n"; sed 's/^/  | /' stderr | head -5; }
  grep -e "$3" stderr | grep -q -F "$2" || fail "$1: the message does not name $2"
  case $1 in empty*|unterminated*) ;; *) [ -s stdout ] && fail "$1: output written for an untranslatable file" ;; esac
  [ "$status" -eq 0 ] || [ "$status" -ge 128 ] || [ "$n" -ne 1 ] || pass "$1"
}

mkdir -p t/sub
write_cuda t/good.cu
write_cuda t/sub/also_good.cu
printf 'int a;\000\000binary' >t/bin.cu
printf 'int caf\351 = 1;\n' >t/latin1.cu
printf 'int ok = 1;\nint bad = 2; // \300\257 overlong\n' >t/overlong.cu
: >t/empty.cu
truncate -s 65M t/huge.cu
printf 'int x;\n/* never closed\ncudaMalloc(p, 1);\n' >t/comment.cu
printf '#include <cuda_runtime.h>\nconst char *s = "open;\nvoid f() { cudaFree(0); }\n' >t/string.cu
mkdir t/loop && ln -s .. t/loop/up
ln -s nowhere.cu t/dangling.cu
ln -s self.cu t/self.cu

one_case "binary file" t/bin.cu 'error: HC2002: binary file'
# Not UTF-8 is not bad input: translated, the bytes kept, one note naming the line, exit status 0.
for f in latin1 overlong; do
  run 0 "not UTF-8 ($f) translated" "$HIPIFY" t/$f.cu
  n=$(grep -c 'note: HC2003: bytes that are not UTF-8 from line' stderr)
  [ "$n" -eq 1 ] || fail "not UTF-8 ($f): expected one HC2003 note, got $n"
  grep -q -F "t/$f.cu:" stderr || fail "not UTF-8 ($f): the note does not name the file"
done
has stderr 't/overlong.cu:2:[0-9]*: note: HC2003: bytes that are not UTF-8 from line 2 on' "overlong: line named"
one_case "empty file" t/empty.cu 'HC2009'
one_case "file over 64 MiB" t/huge.cu 'error: HC2004: file of 68157440 bytes exceeds the 64 MiB limit'
one_case "unterminated comment" t/comment.cu 't/comment.cu:2:1: error: HC2007: unterminated /\* comment starting at line 2'
one_case "unterminated string" t/string.cu 't/string.cu:2:[0-9]*: .*HC2008: unterminated string'
one_case "dangling link" t/dangling.cu 'HC2006'
one_case "link to itself" t/self.cu 'HC2006'
one_case "missing file" t/none.cu 'HC2005: cannot read file'

# An unreadable file: root reads anything, so run as nobody when we are root (setpriv), else chmod.
mkdir -p ur && chmod 755 "$SCRATCH" ur && printf 'int x;\n' >ur/secret.cu && chmod 000 ur/secret.cu
if [ "$(id -u)" -ne 0 ]; then
  one_case "unreadable file" ur/secret.cu 'HC2005: cannot read file: Permission denied'
elif command -v setpriv >/dev/null 2>&1 && setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$HIPIFY"; then
  setpriv --reuid=65534 --regid=65534 --clear-groups "$HIPIFY" ur/secret.cu >stdout 2>stderr
  status=$?
  if [ "$status" -eq 1 ] && grep -q 'ur/secret.cu: error: HC2005: cannot read file: Permission denied' stderr; then
    pass "unreadable file (as nobody)"
  else
    fail "unreadable file (as nobody): status $status"; sed 's/^/  | /' stderr | head -3
  fi
else
  echo "SKIPPED: unreadable file: running as root without setpriv or without access for nobody"
fi

# The whole tree: every bad file reported, the good ones translated, non-zero exit, no crash.
"$HIPIFY" -O out t >stdout 2>stderr
status=$?
[ "$status" -eq 1 ] || fail "tree with bad files: exit status $status, expected 1"
for f in bin.cu huge.cu comment.cu dangling.cu self.cu loop/up; do
  grep -q "t/$f" stderr || fail "tree: t/$f not reported"
done
has stderr 'symbolic link loop' "tree: loop reported"
has out/good.cu 'hipMalloc' "tree: good file translated"
has out/sub/also_good.cu 'hipFree' "tree: nested good file translated"
absent out/bin.cu "tree: untranslatable binary .cu not written"
absent out/huge.cu "tree: oversized file not written"
has out/latin1.cu "$(printf 'caf\351')" "tree: a file that is not UTF-8 is translated, its bytes kept"
[ "$(grep -c 'error: HC200[2-7]' stderr)" -ge 5 ] || fail "tree: fewer error lines than bad files"
[ "$status" -ne 1 ] || pass "tree with bad files"
grep -q 't/empty.cu' stderr && fail "tree: an empty file found by the walk is reported"
[ -f out/empty.cu ] && [ ! -s out/empty.cu ] || fail "tree: the empty file is not copied as it is"

# An empty header or placeholder in a tree is not bad input: copied as it is, exit status 0.
mkdir -p e/cmake && write_cuda e/k.cu && : >e/empty.h && : >e/cmake/add.cmake
run 0 "tree with empty files" "$HIPIFY" -O eout e
[ -f eout/empty.h ] && [ ! -s eout/empty.h ] && [ -f eout/cmake/add.cmake ] || fail "empty files of a tree not copied"

# A NUL byte in a file that is only copied (not a source) is fine: data files are not checked.
mkdir -p d && printf '\000\001\002' >d/blob.bin && write_cuda d/k.cu
run 0 "binary data file copied" "$HIPIFY" -O dout d && same dout/blob.bin d/blob.bin "binary data copied"
finish
