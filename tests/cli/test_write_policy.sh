# test_write_policy.sh: how hipify-c writes: identical output is not rewritten (mtime kept), the input is
# never overwritten without --inplace, nothing lands outside the output directory (.., symbolic
# links), no temporary files are left, an output directory inside the input tree is refused.
. "$(dirname "$0")/lib.sh"

write_cuda src/a.cu
write_cuda src/deep/b.cu
printf 'text\n' >src/notes.txt

# Identical output is not rewritten: the mtime of every output file survives a second run (copied
# files are compared by size and mtime, so the inputs are made older than the outputs).
find src -exec touch -d '2000-01-01 00:00' {} +
run 0 "first -O run" "$HIPIFY" -O out src
find out -type f -exec touch -d '2001-01-01 00:00' {} +
run 0 "second -O run" "$HIPIFY" -O out src
[ -z "$(find out -type f -newermt '2001-01-02')" ] || fail "second -O run rewrote identical files: $(find out -type f -newermt '2001-01-02' | tr '\n' ' ')"
run 0 "-o FILE first" "$HIPIFY" src/a.cu -o single.cpp
touch -d '2001-01-01 00:00' single.cpp
run 0 "-o FILE identical" "$HIPIFY" src/a.cu -o single.cpp
[ -z "$(find single.cpp -newermt '2001-01-02')" ] || fail "-o rewrote an identical file"
# A changed input is written again.
printf '\n// more\n' >>src/deep/b.cu
run 0 "-O after a change" "$HIPIFY" -O out src
[ -n "$(find out/deep/b.cu -newermt '2001-01-02')" ] || fail "-O did not rewrite a file whose input changed"
has out/deep/b.cu '// more' "-O after a change"

# The input is never overwritten without --inplace.
cp src/a.cu keep.cu
run 2 "-o onto the input" "$HIPIFY" src/a.cu -o src/a.cu
has stderr 'HC2026: -o src/a.cu is also the input src/a.cu' "-o onto the input is refused before anything is written"
same src/a.cu keep.cu "-o onto the input left the input alone"
ln -s a.cu src/alias.cu
run 2 "-o onto a link to the input" "$HIPIFY" src/a.cu -o src/alias.cu
same src/a.cu keep.cu "-o onto a link left the input alone"
rm src/alias.cu
# (refused with a message and a non-zero status: 2 as a usage error or 3 as a refused write)
"$HIPIFY" -O src src >stdout 2>stderr
status=$?
[ "$status" -eq 2 ] || [ "$status" -eq 3 ] || fail "-O onto the input tree: exit status $status, expected 2 or 3"
[ -s stderr ] || fail "-O onto the input tree: no message"
same src/a.cu keep.cu "-O onto the input tree left the input alone"

# -o through a symbolic link writes the link's target and keeps the link (a dangling link's target is
# created); a link to the null device (a discard sink, the one device written) leaves the device a
# device. The real /dev/null is never named directly here, so a regression cannot replace it with a
# regular file. Other devices are refused: test_data_safety.sh.
ln -s /dev/null sink
run 0 "-o through a link to /dev/null" "$HIPIFY" src/a.cu -o sink
[ -L sink ] || fail "-o replaced the link to /dev/null"
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
ln -s real.cpp dangling.cpp
run 0 "-o through a dangling link" "$HIPIFY" src/a.cu -o dangling.cpp
[ -L dangling.cpp ] || fail "-o replaced the dangling link"
has real.cpp 'hipMalloc' "-o through a dangling link writes its target"

# Inputs named with .. or absolute paths still land inside the output directory.
mkdir -p work && cd work || exit 1
run 0 "-O with ../ input" "$HIPIFY" -O o ../src/a.cu
exists o/a.cu "../src/a.cu lands as o/a.cu"
run 0 "-O with absolute input" "$HIPIFY" -O o2 "$SCRATCH/src/deep/b.cu"
exists o2/b.cu "absolute input lands as o2/b.cu"
run 0 "-O with src/../ input" "$HIPIFY" -O o3 ../src/deep/../a.cu
exists o3/a.cu "a path with /../ lands by its base name"
cd "$SCRATCH" || exit 1
[ -z "$(find . -maxdepth 1 -name 'a.cu' -o -maxdepth 1 -name 'b.cu')" ] || fail "an output escaped to the parent directory"

# A symbolic link inside the output directory that points outside is refused, not followed.
mkdir -p outside linked
ln -s "$SCRATCH/outside" linked/deep
run 3 "-O through a symlink out of the output dir" "$HIPIFY" -O linked src
has stderr 'HC2010' "symlinked output names HC2010"
has stderr 'deep/b.cu' "symlinked output names the file"
[ -z "$(ls outside)" ] || fail "a file was written through the link into outside/"
exists linked/a.cu "the other files are still written"
ln -s "$SCRATCH/outside/evil.cu" linked/notes.txt 2>/dev/null || true
run 3 "-O onto a file symlink pointing out" "$HIPIFY" -O linked src
absent outside/evil.cu "write through a file link refused"

# --inplace: the input tree is the output directory, so a link in it that leads out is not written
# through; it is not even read (HC2027: outside the tree).
mkdir -p ip/tree ip/outside
printf 'void f() { cudaDeviceSynchronize(); }\n' > ip/outside/x.cu
printf 'void g() { cudaDeviceSynchronize(); }\n' > ip/tree/a.cu
ln -s ../outside/x.cu ip/tree/link.cu
run 0 "--inplace through a link out of the tree" "$HIPIFY" --inplace ip/tree
has stderr 'ip/tree/link.cu: warning: HC2027' "--inplace link out names HC2027"
has ip/outside/x.cu 'cudaDeviceSynchronize' "the file outside the tree is untouched"
absent ip/outside/x.cu.prehip "no backup written outside the tree"
has ip/tree/a.cu 'hipDeviceSynchronize' "the rest of the tree is still translated in place"

# No temporary files are left behind, and an output directory inside the input tree is refused (it
# used to be written and skipped by the walk; see test_data_safety.sh, D2).
[ -z "$(find . -name '*.hipify-*')" ] || fail "temporary files left: $(find . -name '*.hipify-*')"
run 2 "-O inside the input tree" "$HIPIFY" -O src/out src
has stderr 'HC2024' "-O inside the input tree names HC2024"
absent src/out "nothing written inside the input tree"
finish
