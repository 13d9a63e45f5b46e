# cli_resync_safety.sh: --resync against a port or a CUDA tree that works against it: a manifest that
# names output paths or compiler commands, a manifest committed in the CUDA tree, files edited while the
# re-sync runs, links and modes in the port, colliding output paths, files that fail to translate,
# binary conflicts, and the scratch tree after a signal. Nothing outside the port may be written.
. "$2/tests/cli/lib.sh"
G="git -c user.email=t@t -c user.name=t"
mkdir tmpd && TMPDIR=$SCRATCH/tmpd && export TMPDIR # the scratch trees of --resync must all be removed

# new_port NAME [OPTION...]: a CUDA repository NAME.cuda (two commits) and its port NAME.hip made at the
# first with the options
new_port() {
  n=$1
  shift
  mkdir "$n.cuda"
  printf '#include <cuda_runtime.h>\nint a() { return (int)cudaDeviceSynchronize(); }\n\n\nint p1;\n\n\nint p2;\n' >"$n.cuda/a.cu"
  printf '#include <cuda_runtime.h>\nint b() { return (int)cudaGetLastError(); }\n' >"$n.cuda/b.cu"
  git init -q "$n.cuda" && git -C "$n.cuda" add . && $G -C "$n.cuda" commit -qm one
  "$HIPIFY" -O "$n.hip" "$@" "$n.cuda" >/dev/null 2>&1 || fail "$n: port"
  printf 'int more() { return 1; }\n' >>"$n.cuda/a.cu"
  $G -C "$n.cuda" commit -qam two
}
# manifest_options NAME WORDS: puts the JSON words (already quoted) first in the port's recorded options
manifest_options() {
  sed -i "s|\"options\": \[|\"options\": [$2, |" "$1.hip/.hipify_manifest.json"
}

# ---- a manifest is data: only translation options are replayed ----
for opt in '--diff=PWN' '--report=PWN' '--stats-json=PWN' '--sarif=PWN' '--o-stats=PWN' '-o=PWN' '--output=PWN' \
           '--depfile=PWN' '--out-dir=PWN' '--inplace' '--extra-arg=-MF' '--extra-arg=-Xclang' \
           '--extra-arg=-fplugin=PWN' '--extra-arg=-Wp,-MD,PWN' 'PWN'; do
  pn=m$(printf %s "$opt" | tr -c 'a-zA-Z0-9\n' _)
  new_port "$pn"
  cp -r "$pn.hip" "$pn.before"
  manifest_options "$pn" "\"$(printf %s "$opt" | sed "s|PWN|$SCRATCH/$pn.pwned|")\""
  run 2 "manifest option $opt refused" "$HIPIFY" --resync "$pn.hip" "$pn.cuda"
  has stderr "$pn.hip/.hipify_manifest.json:6: error: the manifest records the option" "$opt: names the manifest and line"
  absent "$pn.pwned" "$opt: nothing written where the manifest says"
  diff -r -x .hipify_manifest.json "$pn.hip" "$pn.before" >/dev/null || fail "$opt: the port changed"
done
# a two-word compiler argument takes its value with it; an allowed option is replayed
new_port ok
manifest_options ok '"--extra-arg=-I", "--extra-arg=/nonexistent", "--extra-arg=-DX=1", "--roc"'
run 0 "allowed options replayed" "$HIPIFY" --resync ok.hip ok.cuda
has ok.hip/.hipify_manifest.json '"--roc"' "the replayed options are recorded again"
# an allowed option with a value it refuses: named at the manifest's line before anything is translated
for opt in '--semantic=sometimes' '--suppress=HC9999' '--offload-arch=gfx90a;rm'; do
  pn=v$(printf %s "$opt" | tr -c 'a-zA-Z0-9\n' _)
  new_port "$pn"
  cp -r "$pn.hip" "$pn.before"
  manifest_options "$pn" "\"$opt\""
  run 2 "manifest value $opt refused" "$HIPIFY" --resync "$pn.hip" "$pn.cuda"
  has stderr "$pn.hip/.hipify_manifest.json:6: error: the manifest records the option \"$opt\", whose value" \
    "$opt: names the manifest and line"
  diff -r -x .hipify_manifest.json "$pn.hip" "$pn.before" >/dev/null || fail "$opt: the port changed"
done
# an option the user gives on the command line is the user's own, not the manifest's
new_port vouched --extra-arg=-fms-extensions
run 0 "given on the command line" "$HIPIFY" --resync vouched.hip --extra-arg=-fms-extensions --resync-dry-run vouched.cuda
run 2 "not given: refused" "$HIPIFY" --resync vouched.hip --resync-dry-run vouched.cuda
has stderr 'the option "--extra-arg=-fms-extensions"' "names the option"

# a manifest committed in the CUDA tree is never taken as the port's, nor copied into it
new_port up
cat >up.cuda/.hipify_manifest.json <<JSON
{
  "format": "hipify-c-port-manifest",
  "format_version": 1,
  "tool_version": "0.1.0",
  "tables_id": "0",
  "options": ["--diff=$SCRATCH/up.pwned"],
  "cuda": {"dir": "x", "content_id": "bee310894d33f1732df8ab8b53a6b63c6eae8011"},
  "files": []
}
JSON
git -C up.cuda add .hipify_manifest.json && $G -C up.cuda commit -qm hostile
run 0 "re-sync to a CUDA tree holding a manifest" "$HIPIFY" --resync up.hip up.cuda
hasnt up.hip/.hipify_manifest.json 'pwned' "the upstream's manifest is not the port's"
has up.hip/.hipify_manifest.json "\"git_commit\": \"$(git -C up.cuda rev-parse HEAD)\"" "the port's manifest is its own"
printf 'int again() { return 2; }\n' >>up.cuda/b.cu && $G -C up.cuda commit -qam three
run 0 "second re-sync" "$HIPIFY" --resync up.hip up.cuda
absent up.pwned "the upstream's options were never replayed"
run 0 "-O of a tree holding a manifest" "$HIPIFY" -O up.port2 up.cuda
hasnt up.port2/.hipify_manifest.json 'pwned' "a port never copies an input's manifest"
has stderr 'a port manifest in the input tree is not copied' "the note says so"

# ---- writes: the file must still hold what was read; links are not followed; modes are kept ----
# A file edited between the re-sync's read and its write: an interposed mkostemp (the output layer makes
# its temporary right before it compares and renames) appends to the file EDIT_DURING once, when the
# temporary's name holds EDIT_MATCH; with SIGNAL_DURING it sends the process that signal instead.
cat >edit_during.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int mkostemp(char *tmpl, int flags) {
    static int done;
    const char *victim = getenv("EDIT_DURING"), *match = getenv("EDIT_MATCH");
    if (match && !done && strstr(tmpl, match) && getenv("SIGNAL_DURING")) raise(atoi(getenv("SIGNAL_DURING")));
    if (victim && match && !done && strstr(tmpl, match)) {
        FILE *f = fopen(victim, "a");
        if (f) fputs("// edited during the re-sync\n", f), fclose(f);
        done = 1;
    }
    int (*real)(char *, int) = (int (*)(char *, int))dlsym(RTLD_NEXT, "mkostemp");
    return real(tmpl, flags);
}
C
# (not in an AddressSanitizer build: its runtime must come first in the process, and a preloaded library aborts it)
if ! ldd "$HIPIFY" 2>/dev/null | grep -q libasan && ${CC:-cc} -shared -fPIC -o edit_during.so edit_during.c -ldl 2>/dev/null; then
  new_port ed
  sed -i 's|^int p1;|int p1; // hand edit|' ed.hip/a.cu
  run 3 "an edit made during the re-sync: that file refused" env LD_PRELOAD=$SCRATCH/edit_during.so \
    EDIT_DURING=$SCRATCH/ed.hip/a.cu EDIT_MATCH=ed.hip/.a.cu.hipify-tmp "$HIPIFY" --resync ed.hip ed.cuda
  has ed.hip/a.cu 'edited during the re-sync' "the edit made meanwhile is kept"
  has ed.hip/a.cu 'hand edit' "the earlier hand edit is kept"
  has stderr 'ed.hip/a.cu: error: changed while re-syncing; kept as it is now' "the refusal names the file"
  hasnt ed.hip/.hipify_manifest.json "$(git -C ed.cuda rev-parse HEAD)" "the manifest stays at the old base"
else
  echo "skip: no C compiler for the interposed edit, or an ASan build"
fi

# a link inside the port is never written through, and says so
new_port ln
rm ln.hip/a.cu && ln -s b.cu ln.hip/a.cu && cp ln.hip/b.cu ln.b.before
run 3 "a link in the port" "$HIPIFY" --resync ln.hip ln.cuda
same ln.hip/b.cu ln.b.before "the link's target is not written"
[ -L ln.hip/a.cu ] || fail "the link itself is replaced"
has stdout '^  link-refused  *a.cu$' "reported as a refused link, not unchanged"
has stderr 'ln.hip/a.cu: error: a symbolic link inside the port' "the error names the link"
# a linked directory inside the port, leading to another directory of the port
new_port ld
mkdir ld.cuda/sub && printf 'int s() { return 1; }\n' >ld.cuda/sub/s.h && git -C ld.cuda add . && $G -C ld.cuda commit -qm sub
rm -rf ld.hip && "$HIPIFY" -O ld.hip ld.cuda >/dev/null 2>&1
mkdir ld.hip/real && mv ld.hip/sub/s.h ld.hip/real/ && rmdir ld.hip/sub && ln -s real ld.hip/sub
cp ld.hip/real/s.h ld.s.before
sed -i 's/return 1/return 2/' ld.cuda/sub/s.h && $G -C ld.cuda commit -qam change
run 3 "a linked directory in the port" "$HIPIFY" --resync ld.hip ld.cuda
same ld.hip/real/s.h ld.s.before "not written through the linked directory"
# a merged file keeps its permission bits
new_port mode
sed -i 's|^int p1;|int p1; // mine|' mode.hip/a.cu && chmod 600 mode.hip/a.cu
run 0 "merge of a mode-600 file" "$HIPIFY" --resync mode.hip mode.cuda
has mode.hip/a.cu 'int more' "merged"
[ "$(stat -c %a mode.hip/a.cu)" = 600 ] || fail "the merge changed the mode to $(stat -c %a mode.hip/a.cu)"

# ---- one collision rule for every path an option names to write ----
new_port col
echo '// my notes' >col.hip/notes.txt && cp col.hip/notes.txt col.notes.before && cp col.hip/.hipify_manifest.json col.manifest.before
run 2 "--resync-json onto a hand-edited file, dry run" "$HIPIFY" --resync col.hip --resync-dry-run --resync-json col.hip/notes.txt col.cuda
has stderr 'HC2026: --resync-json col.hip/notes.txt lies inside the port col.hip' "named"
same col.hip/notes.txt col.notes.before "the port's file is kept"
run 2 "--resync-json onto the manifest" "$HIPIFY" --resync col.hip --resync-json ./col.hip/.hipify_manifest.json col.cuda
same col.hip/.hipify_manifest.json col.manifest.before "the manifest is kept"
run 2 "--resync-json into the CUDA tree" "$HIPIFY" --resync col.hip --resync-json col.cuda/r.json col.cuda
absent col.cuda/r.json "nothing written into the CUDA tree"
mkdir col.base && git -C col.cuda archive HEAD~1 | tar -x -C col.base
run 2 "--resync-json into the base tree" "$HIPIFY" --resync col.hip --base-cuda col.base --resync-json col.base/r.json col.cuda
absent col.base/r.json "nothing written into the base tree"
run 2 "--drift-json on --drift-html" "$HIPIFY" --drift col.hip --drift-json d.out --drift-html ./d.out col.cuda
has stderr 'HC2026: --drift-html ./d.out is also the path of --drift-json' "named"
absent d.out "nothing written"
run 2 "--drift-html into the port" "$HIPIFY" --drift col.hip --drift-html col.hip/d.html col.cuda
absent col.hip/d.html "nothing written into the port"
printf '__global__ void k() {}\n' >one.cu
run 2 "--depfile on -o" "$HIPIFY" one.cu -o one.hip.cu --depfile one.hip.cu
absent one.hip.cu "nothing written"
run 2 "--depfile on --report" "$HIPIFY" one.cu -o one.hip.cu --depfile r.html --report r.html
absent one.hip.cu "nothing written"
cp one.cu one.before
run 2 "--depfile on the input" "$HIPIFY" one.cu -o one.hip.cu --depfile one.cu
same one.cu one.before "the input is kept"
run 0 "--depfile beside -o" "$HIPIFY" one.cu -o one.hip.cu --depfile one.d
has one.d 'one.hip.cu:' "the depfile names the output"

# ---- nothing of upstream's is dropped: files that fail to translate, binary conflicts ----
new_port nul
cp nul.hip/b.cu nul.b.before
printf 'int b\000x;\n' >nul.cuda/b.cu && $G -C nul.cuda commit -qam nul
run 1 "a CUDA file that fails to translate" "$HIPIFY" --resync nul.hip nul.cuda
same nul.hip/b.cu nul.b.before "the HIP file is kept, not removed"
has stdout '^  untranslated  *b.cu$' "reported as untranslated"
has stderr 'nul.cuda/b.cu: error: the new CUDA file could not be translated' "an error names the file"
has nul.hip/a.cu 'int more' "the other files are re-synced"

new_port bin
printf 'IMG\000\001\002\n' >bin.cuda/data.bin && git -C bin.cuda add data.bin && $G -C bin.cuda commit -qm bin
rm -rf bin.hip && "$HIPIFY" -O bin.hip bin.cuda >/dev/null 2>&1
printf 'IMG\000\001\003 mine\n' >bin.hip/data.bin && cp bin.hip/data.bin bin.mine
printf 'IMG\000\001\004 upstream\n' >bin.cuda/data.bin && $G -C bin.cuda commit -qam 'bin changed'
run 1 "a binary conflict" "$HIPIFY" --resync bin.hip bin.cuda
has stdout '^  binary-conflict  *data.bin$' "reported"
same bin.hip/data.bin bin.mine "ours kept"
printf 'int later() { return 3; }\n' >>bin.cuda/b.cu && $G -C bin.cuda commit -qam later
run 1 "the next re-sync reports it again" "$HIPIFY" --resync bin.hip bin.cuda
has stdout '^  binary-conflict  *data.bin$' "reported again"
has stderr 'data.bin: error: a binary conflict of an earlier re-sync is not resolved' "named as left from before"
has bin.hip/b.cu 'int later' "the rest is re-synced meanwhile"
cp bin.cuda/data.bin bin.hip/data.bin
printf 'int last() { return 4; }\n' >>bin.cuda/b.cu && $G -C bin.cuda commit -qam last
run 0 "resolved: no longer reported" "$HIPIFY" --resync bin.hip bin.cuda
hasnt stdout 'binary-conflict' "resolved"
hasnt bin.hip/.hipify_manifest.json '"unresolved"' "the manifest forgets it"

# ---- the scratch tree goes with the process on SIGINT, SIGTERM and SIGHUP ----
if [ -f edit_during.so ]; then
  for sig in 2 15 1; do
    new_port sig$sig
    env LD_PRELOAD=$SCRATCH/edit_during.so SIGNAL_DURING=$sig EDIT_MATCH=/hipify-resync. \
      "$HIPIFY" --resync sig$sig.hip sig$sig.cuda >stdout 2>stderr
    st=$?
    [ "$st" -eq $((128 + sig)) ] || fail "signal $sig: exit status $st, expected $((128 + sig))"
    [ -z "$(ls -A tmpd)" ] && pass "signal $sig: scratch removed" || fail "signal $sig: scratch left: $(ls tmpd)"
    rm -rf tmpd/*
  done
fi
finish
