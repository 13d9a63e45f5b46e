# test_output_modes.sh: every output mode: stdout (default and -o -), -o FILE, -O/--out-dir/--o-dir
# mirroring with non-CUDA files copied or left out (--only-changed), --inplace with .prehip backups
# and --no-backup, --examine writing nothing. It does not check reports (tests/report does).
. "$(dirname "$0")/lib.sh"

write_cuda src/a.cu
write_cuda src/deep/er/b.cuh
write_plain src/deep/plain.cpp
printf 'notes, no code\n' >src/README.txt
printf '\000\001binary' >src/data.bin

# One file: stdout by default and with -o -; -o FILE writes the same bytes.
run 0 "stdout default" "$HIPIFY" src/a.cu && cp stdout stdout.cpp
has stdout.cpp 'hipMalloc(&p, 4)' "stdout default"
run 0 "-o -" "$HIPIFY" -o - src/a.cu && same stdout stdout.cpp "-o - equals stdout"
run 0 "-o FILE" "$HIPIFY" src/a.cu -o one.cpp && same one.cpp stdout.cpp "-o FILE equals stdout"
[ -s stdout ] && fail "-o FILE: nothing should go to stdout"
run 0 "-oFILE (attached)" "$HIPIFY" -oone2.cpp src/a.cu && same one2.cpp stdout.cpp "-oFILE"
run 0 "--output=FILE" "$HIPIFY" --output=one3.cpp src/a.cu && same one3.cpp stdout.cpp "--output=FILE"
run 0 "-o into a new directory" "$HIPIFY" src/a.cu -o new/dir/one.cpp && same new/dir/one.cpp stdout.cpp "-o creates parents"

# Tree mode: the tree is mirrored, sources translated, other files copied byte for byte.
for opt in -O --out-dir --o-dir -o-dir; do
  rm -rf mirror
  run 0 "$opt mirrors the tree" "$HIPIFY" "$opt" mirror src || continue
  same mirror/a.cu stdout.cpp "$opt: a.cu translated"
  has mirror/deep/er/b.cuh 'hipFree' "$opt: nested header translated"
  same mirror/deep/plain.cpp src/deep/plain.cpp "$opt: plain C++ copied unchanged"
  same mirror/README.txt src/README.txt "$opt: text file copied"
  same mirror/data.bin src/data.bin "$opt: binary file copied, not refused"
done
run 0 "--out-dir=DIR" "$HIPIFY" --out-dir=mirror2 src && same mirror2/a.cu stdout.cpp "--out-dir=DIR"

# --only-changed: only files whose translation differs are written.
rm -rf changed
run 0 "--only-changed" "$HIPIFY" -O changed --only-changed src
exists changed/a.cu "--only-changed"
exists changed/deep/er/b.cuh "--only-changed"
absent changed/deep/plain.cpp "--only-changed leaves unchanged sources out"
absent changed/README.txt "--only-changed leaves other files out"
absent changed/data.bin "--only-changed leaves binary files out"

# Several files on the command line with -O: each under its relative path.
rm -rf multi
run 0 "-O with several files" "$HIPIFY" -O multi src/a.cu src/deep/er/b.cuh
exists multi/src/a.cu "-O with several files keeps relative paths"
exists multi/src/deep/er/b.cuh "-O with several files keeps relative paths"

# --inplace: the file is rewritten, the original kept as FILE.prehip; unchanged files get no backup.
cp -r src ip
run 0 "--inplace" "$HIPIFY" --inplace ip
same ip/a.cu stdout.cpp "--inplace rewrites"
same ip/a.cu.prehip src/a.cu "--inplace keeps the original as .prehip"
exists ip/deep/er/b.cuh.prehip "--inplace backs up nested files"
absent ip/deep/plain.cpp.prehip "--inplace: no backup of an unchanged file"
same ip/deep/plain.cpp src/deep/plain.cpp "--inplace: unchanged file untouched"
same ip/data.bin src/data.bin "--inplace: binary file untouched"
run 0 "-inplace on its own output" "$HIPIFY" -inplace ip
same ip/a.cu.prehip src/a.cu "second --inplace run keeps the first backup (nothing changed)"
cp -r src nb
run 0 "--inplace --no-backup" "$HIPIFY" --inplace --no-backup nb
same nb/a.cu stdout.cpp "--no-backup rewrites"
[ -z "$(find nb -name '*.prehip')" ] || fail "--no-backup left .prehip files"
cp src/a.cu single.cu
run 0 "--inplace on one file" "$HIPIFY" --inplace single.cu && same single.cu stdout.cpp "--inplace one file"
exists single.cu.prehip "--inplace one file keeps a backup"

# --examine: statistics only, nothing written anywhere (not even with -O).
listing() { find . ! -name stdout ! -name stderr | sort; }
touch -d '1 hour ago' stamp
find src -exec touch -d '2 hours ago' {} +
before=$(listing)
run 0 "--examine tree" "$HIPIFY" --examine --print-stats src
has stdout 'TOTAL statistics' "--examine prints statistics"
run 0 "--examine one file" "$HIPIFY" --examine src/a.cu
[ -s stdout ] && fail "--examine one file: no translation on stdout"
run 0 "-examine with -O" "$HIPIFY" -examine -O examined src
absent examined "--examine with -O writes no output directory"
[ "$(listing)" = "$before" ] || fail "--examine created files"
[ -z "$(find src -newer stamp)" ] || fail "--examine touched the input tree"

# Mode conflicts and missing modes are usage errors.
run 2 "-o with a directory" "$HIPIFY" -o x.cpp src
has stderr '\-o takes one input file' "-o with a directory"
run 2 "tree without a mode" "$HIPIFY" src
has stderr 'need --out-dir DIR, --inplace or --examine' "tree without a mode"
run 2 "-o and -O together" "$HIPIFY" -o x.cpp -O y src/a.cu
run 2 "--inplace and -O together" "$HIPIFY" --inplace -O y src/a.cu
# hipify-clang accepts --no-backup on its own: a note, and the run goes on
run 0 "--no-backup without --inplace" "$HIPIFY" --no-backup -O y src
has stderr 'no-backup changes nothing without --inplace' "--no-backup alone: note"
exists y/a.cu "--no-backup alone: the run goes on"
run 2 "--only-changed without -O" "$HIPIFY" --only-changed --inplace src
finish
