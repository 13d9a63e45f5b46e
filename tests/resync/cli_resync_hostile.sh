# cli_resync_hostile.sh: a hostile re-sync trial. The upstream CUDA repository and a committed port are
# written by someone who wants a downstream --resync to write, read or remove files outside the port, or
# to drop the user's edits: a manifest in the CUDA tree, hostile options and paths in the port's own
# manifest, links in both trees, a file that fails to translate, reports aimed into the port. Every run
# must leave everything outside the port byte-identical and every hand edit in place, and say why.
. "$2/tests/cli/lib.sh"
G="git -c user.email=t@t -c user.name=t"
mkdir tmpd && TMPDIR=$SCRATCH/tmpd && export TMPDIR

mkdir outside && echo 'secret' >outside/canary.txt && echo 'keep me' >outside/notes.txt
snapshot() { find outside cuda -type f -not -path '*/.git/*' -exec md5sum {} + | sort; ls -A "$SCRATCH" | sort; }

mkdir cuda
printf '#include <cuda_runtime.h>\nint a() { return (int)cudaDeviceSynchronize(); }\n\n\nint p1;\n' >cuda/a.cu
printf '#include <cuda_runtime.h>\nint b() { return (int)cudaGetLastError(); }\n' >cuda/b.cu
git init -q cuda && git -C cuda add . && $G -C cuda commit -qm one
run 0 "port" "$HIPIFY" -O hip cuda
sed -i 's|^int p1;|int p1; // hand edit|' hip/a.cu
cp hip/a.cu a.edited

# upstream turns hostile: its own manifest, a link out of the tree, a NUL byte, a look-alike temporary
cat >cuda/.hipify_manifest.json <<JSON
{"format": "hipify-c-port-manifest", "format_version": 1, "tool_version": "0.1.0", "tables_id": "0",
 "options": ["--diff=$SCRATCH/outside/canary.txt", "--report=$SCRATCH/outside/notes.txt"],
 "cuda": {"dir": "x", "content_id": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"}, "files": []}
JSON
ln -s ../outside/canary.txt cuda/leak.h
printf 'int b\000;\n' >cuda/b.cu
printf 'int evil;\n' >cuda/.a.cu.hipify-tmp-1-AAAAAA
printf 'int more() { return 1; }\n' >>cuda/a.cu
git -C cuda add -A && $G -C cuda commit -qm hostile
snapshot >before.txt

run 1 "re-sync to the hostile upstream" "$HIPIFY" --resync hip cuda
snapshot | cmp -s - before.txt || fail "something outside the port changed"
has hip/a.cu 'hand edit' "the hand edit is kept"
has hip/a.cu 'int more' "upstream's change is merged"
exists hip/b.cu "the file that failed to translate is kept"
has stdout '^  untranslated  *b.cu$' "and reported"
absent hip/leak.h "a link out of the CUDA tree is not ported"
hasnt hip/.hipify_manifest.json 'canary' "the upstream manifest is not taken"
[ -z "$(ls -A tmpd)" ] || fail "scratch left"

# the port's own manifest turns hostile too: options that write, a path out of the tree
cp hip/.hipify_manifest.json m.good
sed -i "s|\"options\": \[|\"options\": [\"--stats-json=$SCRATCH/outside/canary.txt\", |" hip/.hipify_manifest.json
printf 'int again() { return 2; }\n' >>cuda/a.cu && $G -C cuda commit -qam again
snapshot >before.txt
run 2 "a manifest that writes" "$HIPIFY" --resync hip cuda
has stderr 'hip/.hipify_manifest.json:6: error: the manifest records the option' "refused at its line"
snapshot | cmp -s - before.txt || fail "the hostile manifest wrote outside"
sed 's|"path": "a.cu"|"path": "../outside/canary.txt"|' m.good >hip/.hipify_manifest.json
run 2 "a manifest path out of the tree" "$HIPIFY" --resync hip cuda
has stderr 'a file entry needs a relative "path" inside the tree' "refused"
cp m.good hip/.hipify_manifest.json

# a link in the port aimed outside, and a report aimed into the port (the base is named: the hostile
# commit holds a link and a look-alike temporary that no port has, so it cannot stand for the port)
mkdir base && git -C cuda archive HEAD~1 | tar -x -C base
rm hip/a.cu && ln -s ../outside/notes.txt hip/a.cu
snapshot >before.txt
run 2 "--resync-json into the port" "$HIPIFY" --resync hip --resync-json hip/b.cu cuda
run 3 "a link in the port aimed outside" "$HIPIFY" --resync hip --base-cuda base cuda
has stdout '^  link-refused  *a.cu$' "refused, reported"
snapshot | cmp -s - before.txt || fail "a link in the port let the re-sync write outside"
[ -z "$(ls -A tmpd)" ] || fail "scratch left"
finish
