# test_data_safety.sh: reproducers of unsafe writes (cases D1..D17, and several roots mirrored at once):
# every write goes through one output layer that keeps links, devices, modes, backups and inputs safe.
# Each case checks the exit status and the state of the files; it runs as root in CI, so nothing here
# relies on a permission being denied, and no real /dev node is ever named as an output.
. "$(dirname "$0")/lib.sh"

# D1: reports (--stats-json, --report, --sarif, --diff, --o-stats) write through a symbolic link and
# keep it; a device node is refused (exit 3) and stays a device; a FIFO is written in place.
write_cuda src/k.cu
for opt in --stats-json --report --sarif --diff; do
  rm -f real.out link.out
  : >real.out
  ln -s real.out link.out
  run 0 "D1 $opt through a link" "$HIPIFY" -O out "$opt" link.out src
  [ -L link.out ] || fail "D1 $opt replaced the symbolic link with a file"
  [ -s real.out ] || fail "D1 $opt did not write the link's target"
done
rm -f real.csv link.csv && ln -s real.csv link.csv
run 0 "D1 --o-stats through a dangling link" "$HIPIFY" -O out --print-stats-csv --o-stats link.csv src
[ -L link.csv ] || fail "D1 --o-stats replaced the dangling link"
has real.csv 'converted_refs' "D1 --o-stats wrote the dangling link's target"
if mknod devfull c 1 7 2>/dev/null; then # a private node of /dev/full's kind: the real one is never risked
  for opt in --stats-json --report --sarif --diff; do
    run 3 "D1 $opt onto a device node" "$HIPIFY" -O out "$opt" devfull src
    [ -c devfull ] || fail "D1 $opt replaced the device node"
  done
  has stderr 'HC2023' "D1 a device output names HC2023"
  run 3 "D1 -o onto a device node" "$HIPIFY" src/k.cu -o devfull
  [ -c devfull ] || fail "D1 -o replaced the device node"
  ln -s devfull fulllink
  run 3 "D1 --diff through a link to a device node" "$HIPIFY" -O out --diff fulllink src
  [ -L fulllink ] && [ -c devfull ] || fail "D1 the link or the device node changed"
else
  echo "note: mknod not permitted here; the device-node cases are skipped"
fi
# the null device is the one device written (in place, a discard sink), and it stays a device
ln -s /dev/null nulllink
run 0 "D1 --diff through a link to /dev/null" "$HIPIFY" -O out --diff nulllink src
[ -L nulllink ] && [ -c /dev/null ] || fail "D1 link to /dev/null or /dev/null itself changed"
mkfifo fifo
cat fifo >fifo.got &
reader=$!
run 0 "D1 --sarif into a FIFO" "$HIPIFY" -O out --sarif fifo src
wait "$reader"
[ -p fifo ] || fail "D1 the FIFO was replaced"
has fifo.got '"version"' "D1 SARIF arrived through the FIFO"
# "-" is standard output for reports as for -o (it used to create a file named "-")
run 0 "D1 --stats-json -" "$HIPIFY" -O out --stats-json - src
has stdout '"files"' "D1 --stats-json - prints the JSON"
absent ./- "D1 no file named -"
# a report never replaces an input
cp src/k.cu keep.cu
run 3 "D1 --diff onto an input" "$HIPIFY" -O out --diff src/k.cu src
same src/k.cu keep.cu "D1 the input named as report is untouched"

# a report never replaces a .prehip backup either
printf 'ORIGINAL\n' >k0.cu.prehip
run 3 "D1 --diff onto a backup" "$HIPIFY" -O out --diff k0.cu.prehip src
has k0.cu.prehip 'ORIGINAL' "D1 the backup named as report is untouched"

# D2: -O inside an input directory (or containing one) is refused before anything is written.
mkdir -p t/sub
echo 'int precious;' >t/sub/a.cu
echo 'void f(){cudaDeviceReset();}' >t/a.cu
run 2 "D2 -O at a subfolder of the input" "$HIPIFY" -O t/sub t
has stderr 'HC2024' "D2 names HC2024"
has t/sub/a.cu 'int precious;' "D2 the file in the subfolder survives"
run 2 "D2 -O at a new subfolder of the input" "$HIPIFY" -O t/new t
absent t/new "D2 nothing created inside the input"
mkdir -p wrap/in && echo 'void g(){cudaDeviceReset();}' >wrap/in/b.cu
run 2 "D2 -O at a parent of the input" "$HIPIFY" -O wrap wrap/in
has wrap/in/b.cu 'cudaDeviceReset' "D2 the input under the output directory is untouched"

# D3: a second --inplace that changes the file keeps the first backup (the CUDA original), with a note.
write_cuda k3.cu
cp k3.cu k3.orig
run 0 "D3 first --inplace" "$HIPIFY" --inplace k3.cu
same k3.cu.prehip k3.orig "D3 first backup is the original"
run 0 "D3 second --inplace that changes the file" "$HIPIFY" --inplace --hip-kernel-execution-syntax k3.cu
has k3.cu 'hipLaunchKernelGGL' "D3 second run translated"
same k3.cu.prehip k3.orig "D3 the earlier original is still the backup"
has stderr 'HC2020' "D3 the kept backup is mentioned"
ln -s elsewhere.txt k4.cu.prehip 2>/dev/null; write_cuda k4.cu
run 0 "D3 a backup name taken by a link" "$HIPIFY" --inplace k4.cu
[ -L k4.cu.prehip ] && absent elsewhere.txt "D3 a link at the backup name is not written through"

# D6, D16: an endless or empty device as input: bounded time, an error, a message.
start=$(date +%s)
run 1 "D6 -O with /dev/zero as input" timeout 120 "$HIPIFY" -O out6 /dev/zero
[ $(($(date +%s) - start)) -lt 60 ] || fail "D6 /dev/zero took a minute or more"
has stderr 'HC2004' "D6 names the size limit"
[ -z "$(find out6 -size +1M 2>/dev/null)" ] || fail "D6 a large output was written"
run 1 "D16 /dev/zero alone" timeout 120 "$HIPIFY" /dev/zero
has stderr 'HC2004' "D16 /dev/zero names HC2004"
run 1 "D16 /dev/null alone" "$HIPIFY" /dev/null
has stderr 'HC2009' "D16 /dev/null is an empty file (HC2009)"

# D7: write errors on stdout are failures (exit 3, message), for the translation and for statistics.
if [ -w /dev/full ]; then
  "$HIPIFY" src/k.cu >/dev/full 2>err7; s=$?
  [ "$s" -eq 3 ] || fail "D7 translation into /dev/full: exit $s, expected 3"
  grep -q 'HC2011' err7 || fail "D7 no message for a failed stdout"
  "$HIPIFY" -O out --print-stats src >/dev/full 2>err7; s=$?
  [ "$s" -eq 3 ] || fail "D7 --print-stats into /dev/full: exit $s, expected 3"
  "$HIPIFY" --help >/dev/full 2>err7; s=$?
  [ "$s" -eq 3 ] || fail "D7 --help into /dev/full: exit $s, expected 3"
  [ -c /dev/full ] || fail "D7 /dev/full is no longer a device"
fi
# a reader that goes away: EPIPE is an error too (1 MB of output cannot fit a pipe buffer)
i=0; : >big.cu
while [ $i -lt 200 ]; do
  printf 'void f%d(float **p) { cudaMalloc(p, 4); cudaMalloc(p, 4); cudaMalloc(p, 4); cudaMalloc(p, 4); cudaFree(*p); }\n%s\n' $i "$(printf '%4000s' '' | tr ' ' '/')" >>big.cu
  i=$((i + 1))
done
( "$HIPIFY" big.cu 2>err7b; echo $? >st7 ) | head -c 1 >/dev/null
[ "$(cat st7)" -eq 3 ] || fail "D7 closed pipe: exit $(cat st7), expected 3"
grep -q 'HC2011' err7b || fail "D7 closed pipe: no message"

# D8: -o /dev/stdout (and -o -) into a pipe writes in place and ends.
( timeout 30 "$HIPIFY" src/k.cu -o /dev/stdout; echo $? >st8 ) | cat >got8
[ "$(cat st8)" -eq 0 ] || fail "D8 -o /dev/stdout into a pipe: exit $(cat st8)"
has got8 'hipMalloc' "D8 the translation came through the pipe"
( timeout 30 "$HIPIFY" src/k.cu -o -; echo $? >st8 ) | cat >got8
[ "$(cat st8)" -eq 0 ] && grep -q hipMalloc got8 || fail "D8 -o - into a pipe"
( timeout 30 "$HIPIFY" src/k.cu -o /dev/fd/1; echo $? >st8 ) | cat >got8
[ "$(cat st8)" -eq 0 ] && grep -q hipMalloc got8 || fail "D8 -o /dev/fd/1 into a pipe"

# D11, and several roots at once: they are mirrored under their own names; collisions are refused.
mkdir -p two/src two/include
write_cuda two/src/a.cu
printf '#pragma once\nint helper();\n' >two/include/a.h
cd two || exit 1
run 0 "12.6 -O out src include" "$HIPIFY" -O out src include
exists out/src/a.cu "12.6 src mirrored under out/src"
exists out/include/a.h "12.6 include mirrored under out/include"
cd "$SCRATCH" || exit 1
mkdir -p r1/src r2/src
write_cuda r1/src/x.cu
write_plain r2/src/x.cu
run 2 "D11 two roots with the same relative path" "$HIPIFY" -O out11 r1/src r2/src
has stderr 'HC2022' "D11 names HC2022"
has stderr 'r1/src/x.cu' "D11 names the first file"
has stderr 'r2/src/x.cu' "D11 names the second file"
absent out11 "D11 nothing written"
run 0 "D11 one root keeps its layout" "$HIPIFY" -O out11b r1/src
exists out11b/x.cu "D11 a single root's contents go directly under the output directory"

# D12: -O keeps mode bits of copied and translated files.
mkdir -p m
printf '#!/bin/sh\necho hi\n' >m/run.sh && chmod 755 m/run.sh
write_cuda m/k.cu && chmod 750 m/k.cu
run 0 "D12 -O with an executable script" "$HIPIFY" -O o12 m
[ "$(stat -c %a o12/run.sh)" = 755 ] || fail "D12 copied script has mode $(stat -c %a o12/run.sh), expected 755"
[ "$(stat -c %a o12/k.cu)" = 750 ] || fail "D12 translated file has mode $(stat -c %a o12/k.cu), expected 750"

# D13: the backup has the mode of the original; --inplace keeps the file's own mode.
write_cuda p.cu && chmod 600 p.cu
run 0 "D13 --inplace on a 0600 file" "$HIPIFY" --inplace p.cu
[ "$(stat -c %a p.cu.prehip)" = 600 ] || fail "D13 backup mode $(stat -c %a p.cu.prehip), expected 600"
[ "$(stat -c %a p.cu)" = 600 ] || fail "D13 file mode $(stat -c %a p.cu), expected 600"

# D14: temporaries of an interrupted run (current and earlier names) are reported, never translated,
# copied or deleted; a run leaves none of its own.
mkdir -p st
write_cuda st/k.cu
printf 'half' >st/.k.cu.hipify-tmp-Ab12Cd
printf 'half' >st/k.cu.hipify-Xy34Zw
run 0 "D14 stale temporaries in the tree" "$HIPIFY" -O o14 st
has stderr 'HC2021' "D14 names HC2021"
has stderr 'st/.k.cu.hipify-tmp-Ab12Cd' "D14 names the current-style temporary"
has stderr 'st/k.cu.hipify-Xy34Zw' "D14 names the earlier-style temporary"
absent o14/.k.cu.hipify-tmp-Ab12Cd "D14 the temporary is not copied"
exists st/.k.cu.hipify-tmp-Ab12Cd "D14 the temporary is not deleted"
printf 'half' >o14/.k.cu.hipify-tmp-Ef56Gh
run 0 "D14 a stale temporary in the output directory" "$HIPIFY" -O o14 st
has stderr 'o14/.k.cu.hipify-tmp-Ef56Gh' "D14 names the temporary in the output directory"
run 0 "D14 --inplace on the tree" "$HIPIFY" --inplace st
[ "$(find st -name '*hipify-tmp*' | wc -l)" -eq 1 ] || fail "D14 a run left its own temporary: $(find st -name '*hipify*')"

# D14, for real: a run killed with SIGKILL while it rewrites a tree in place leaves every file either
# as it was or fully translated, and nothing but recognisable temporaries, which the next run names.
# (Where the kill lands varies; the checks hold wherever it lands.)
mkdir -p kill
i=0
while [ $i -lt 60 ]; do cp big.cu "kill/f$i.cu"; i=$((i + 1)); done
"$HIPIFY" --inplace --no-backup -j 2 kill >/dev/null 2>&1 &
victim=$!
n=0 # kill as soon as the first file is rewritten: the other writes are under way then
while [ $n -lt 600 ] && ! grep -q hipMalloc kill/f0.cu 2>/dev/null && kill -0 "$victim" 2>/dev/null; do
  sleep 0.05; n=$((n + 1))
done
kill -9 "$victim" 2>/dev/null
wait "$victim" 2>/dev/null
for f in kill/*.cu; do
  cmp -s "$f" big.cu || grep -q 'hipMalloc' "$f" || fail "D14 $f is neither the original nor a translation"
  [ "$(tail -c 64 "$f")" = "$(tail -c 64 big.cu)" ] || fail "D14 $f is truncated"
done
for f in kill/* kill/.[!.]*; do
  [ -e "$f" ] || continue
  case $(basename "$f") in *.cu) ;; .*.hipify-tmp-??????|.*.hipify-tmp-*-??????) ;; *) fail "D14 unexpected leftover $f" ;; esac
done
left=$(find kill -name '.*.hipify-tmp-*' | wc -l)
run 0 "D14 the run after a kill" "$HIPIFY" -O killout kill
[ "$(grep -c 'HC2021' stderr)" -eq "$left" ] || fail "D14 $left temporaries left, $(grep -c HC2021 stderr) named"
echo "note: D14 kill left $left temporaries"

# D17: control characters in file names are escaped in diagnostics.
esc=$(printf '\033')
: >"$(printf 'x\033]0;pwn\007.cu')"
run 1 "D17 an empty file with escapes in its name" "$HIPIFY" "$(printf 'x\033]0;pwn\007.cu')"
! grep -q "$esc" stderr || fail "D17 a raw escape character reached the terminal"
has stderr 'x\\x1B\]0;pwn\\x07\.cu' "D17 the name is printed escaped"
finish
