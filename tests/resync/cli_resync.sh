# cli_resync.sh: --resync on small trees: clean merges, conflicts, additions, removals, renames, hand
# edits kept, the base read from git, a second re-sync that changes nothing, and refusals: no manifest,
# a mismatched base, other options, another tool, a dirty base. Nothing in the CUDA trees is written.
. "$2/tests/cli/lib.sh"
G="git -c user.email=t@t -c user.name=t"
mkdir tmpd && TMPDIR=$SCRATCH/tmpd && export TMPDIR # the scratch trees of --resync must all be removed

mkdir cuda
cat >cuda/a.cu <<'CU'
#include <cuda_runtime.h>
__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }
int run(float *d) {
  scale<<<1, 32>>>(d, 2.0f);
  return (int)cudaDeviceSynchronize();
}

int tuned() { return 1; }


int stable() { return 2; }


int upstream() { return 3; }
CU
printf '#include <cuda_runtime.h>\nint b() { return (int)cudaGetLastError(); }\n' >cuda/b.cu
printf 'int gone() { return 0; }\n' >cuda/gone.h
mkdir cuda/subdir && printf 'int sub() { return 0; }\n' >cuda/subdir/only.h
printf 'int gone_edited() { return 0; }\n' >cuda/gone_edited.h
printf 'int moved() {\n  return 7;\n}\nint more() { return 8; }\n' >cuda/old_name.h
printf 'int clash() { return 1; }\nint x;\n' >cuda/clash.h
git init -q cuda && git -C cuda add . && $G -C cuda commit -qm one
run 0 "port" "$HIPIFY" -O hip cuda
cp -r cuda cuda_v1 && rm -rf cuda_v1/.git

# hand edits of the usual kinds: a tuned constant, a note, a workaround beside an upstream change
sed -i 's/int tuned() { return 1; }/int tuned() { return 64; } \/\/ wave64/' hip/a.cu
echo '// kept note' >>hip/old_name.h
echo '// edited before removal' >>hip/gone_edited.h
sed -i 's/int clash() { return 1; }/int clash() { return 10; }/' hip/clash.h
echo 'int mine;' >hip/my_own_file.h
cp -r hip hip_before

# upstream: a change far from the edit, one on the edited line, a removal, a rename, an addition
sed -i 's/int upstream() { return 3; }/int upstream() { return 33; }/' cuda/a.cu
sed -i 's/cudaGetLastError/cudaPeekAtLastError/' cuda/b.cu
sed -i 's/int clash() { return 1; }/int clash() { return 2; }/' cuda/clash.h
git -C cuda rm -q gone.h gone_edited.h subdir/only.h && git -C cuda mv old_name.h new_name.h
printf '#include <cuda_runtime.h>\nint c() { return (int)cudaDeviceReset(); }\n' >cuda/c.cu && git -C cuda add c.cu
git -C cuda add -A && $G -C cuda commit -qm two
find cuda -type f -not -path '*/.git/*' -exec md5sum {} + | sort >cuda.sum

run 1 "dry run" "$HIPIFY" --resync hip --resync-dry-run cuda
diff -r hip hip_before >/dev/null || fail "dry run changed the HIP tree"
run 1 "re-sync (conflict: exit 1)" "$HIPIFY" --resync hip --resync-json r.json cuda
cp stdout resync.txt
has resync.txt '^  merged  *a.cu$' "far-apart edits merge cleanly"
grep -q 'wave64' hip/a.cu || fail "hand edit in a.cu lost"
grep -q 'return 33' hip/a.cu || fail "upstream change in a.cu missing"
has resync.txt '^  updated  *b.cu$' "unedited file updated"
grep -q 'hipPeekAtLastError' hip/b.cu || fail "b.cu not translated anew"
has resync.txt '^  conflict  *clash.h (1 conflict)$' "same-line edits conflict"
has hip/clash.h '^<<<<<<< HIP tree (hand-edited)$' "conflict markers written"
has hip/clash.h 'return 10' "conflict keeps ours"
has hip/clash.h 'return 2' "conflict shows theirs"
has resync.txt '^  removed  *gone.h$' "unedited removal"
absent hip/gone.h "removed upstream, unedited: removed"
absent hip/subdir "a directory its removed files left empty is removed"
has resync.txt '^  removed-kept  *gone_edited.h$' "edited removal reported"
has hip/gone_edited.h 'edited before removal' "removed upstream but hand-edited: kept"
has resync.txt '^  renamed  *old_name.h -> new_name.h$' "rename followed"
has hip/new_name.h 'kept note' "rename carries the hand edit"
absent hip/old_name.h "the old name is gone"
has resync.txt '^  added  *c.cu$' "addition"
has hip/c.cu 'hipDeviceReset' "added file translated"
has hip/my_own_file.h 'int mine' "a file of the port's own is left alone"
has r.json '"action":	"conflict"' "JSON lists the conflict"
has r.json '"conflict":	1' "JSON counts"
find cuda -type f -not -path '*/.git/*' -exec md5sum {} + | sort | cmp -s - cuda.sum || fail "the CUDA tree was changed"
has hip/.hipify_manifest.json "\"git_commit\": \"$(git -C cuda rev-parse HEAD)\"" "manifest moved to the new commit"
[ -z "$(ls -A tmpd)" ] || fail "scratch directories left: $(ls tmpd)"

# the file kept after its removal upstream is still an orphan to --drift (the manifest keeps it)
run 1 "drift after the re-sync" "$HIPIFY" --drift hip cuda
has stdout '^  orphan  *gone_edited.h: its CUDA source is gone (hand-edited)$' "kept orphan reported"
has hip/.hipify_manifest.json '"kept": \[' "manifest lists the kept file"

# an unresolved conflict is refused at its line; once resolved, the next re-sync has nothing to bring
run 2 "unresolved conflict" "$HIPIFY" --resync hip cuda
has stderr "hip/clash.h:[0-9]*: error: a conflict of an earlier re-sync is not resolved" "unresolved conflict named"
sed -i '/^<<<<<<< /,/^>>>>>>> /c int clash() { return 20; }' hip/clash.h
run 0 "second re-sync" "$HIPIFY" --resync hip cuda
hasnt stdout '^  \(updated\|merged\|conflict\|added\|removed\) ' "nothing to do"
run 1 "drift after the second re-sync" "$HIPIFY" --drift hip cuda
has stdout '^  orphan  *gone_edited.h: its CUDA source is gone (hand-edited)$' "kept orphan still reported"
rm hip/gone_edited.h
run 0 "re-sync after the orphan was deleted" "$HIPIFY" --resync hip cuda
hasnt hip/.hipify_manifest.json '"kept"' "a deleted kept file leaves the manifest"

# --base-cuda: the old tree given by hand
$HIPIFY -O hip2 cuda_v1 >/dev/null 2>&1
run 0 "base from a directory" "$HIPIFY" --resync hip2 --base-cuda cuda_v1 cuda
has stdout '^  renamed  *old_name.h -> new_name.h$' "base directory rename"

# a base that translates differently from the port as it was written names the files concerned
$HIPIFY -O hip4 cuda_v1 >/dev/null 2>&1
sed '/"path": "b.cu"/s/"out": "[0-9a-f]*"/"out": "0000000000000000000000000000000000000000"/' hip4/.hipify_manifest.json >m4
cp m4 hip4/.hipify_manifest.json
run 0 "base translates differently" "$HIPIFY" --resync hip4 --base-cuda cuda_v1 --resync-dry-run cuda
has stderr '^hip4/.hipify_manifest.json: warning: 1 file(s) of the base translate differently .*: b.cu; ' "the file is named"

# refusals: exit 2, file and line named, nothing written
$HIPIFY -O hip3 cuda_v1 >/dev/null 2>&1
cp -r hip3 hip3_before
run 2 "mismatched base" "$HIPIFY" --resync hip3 --base-cuda cuda cuda
has stderr 'hip3/.hipify_manifest.json:[0-9]*: error: cuda is not the CUDA tree this port was made from' "mismatch message"
has stderr 'gone.h (missing)' "mismatch names a file"
run 2 "other options" "$HIPIFY" --resync hip3 --base-cuda cuda_v1 --roc cuda
has stderr 'hip3/.hipify_manifest.json:6: error: the port was made with other options (given --roc, not recorded)' "options message"
sed 's/"tables_id": "[0-9a-f]*"/"tables_id": "0000000000000000"/' hip3/.hipify_manifest.json >m && cp m hip3/.hipify_manifest.json
run 2 "other tables" "$HIPIFY" --resync hip3 --base-cuda cuda_v1 cuda
has stderr 'hip3/.hipify_manifest.json:5: error: the port was made by hipify-c .* with tables 0000000000000000' "tool message"
run 0 "--allow-tool-change" "$HIPIFY" --resync hip3 --base-cuda cuda_v1 --allow-tool-change --resync-dry-run cuda
cp hip3_before/.hipify_manifest.json hip3/
run 2 "no base" "$HIPIFY" --resync hip3 cuda
has stderr 'records no git commit' "no commit: --base-cuda needed"
mkdir notaport && echo x >notaport/a.cu
run 2 "not a port" "$HIPIFY" --resync notaport cuda
has stderr "notaport: error: not a port made by hipify-c -O" "not a port message"
printf '{"format": "hipify-c-port-manifest",\n broken' >notaport/.hipify_manifest.json
run 2 "broken manifest" "$HIPIFY" --resync notaport cuda
has stderr 'notaport/.hipify_manifest.json:2: not a hipify-c port manifest' "broken manifest line"
diff -r -x .hipify_manifest.json hip3 hip3_before >/dev/null || fail "a refused re-sync wrote"
# a dirty tree's commit is no base
mkdir d && cp cuda_v1/a.cu d/ && git init -q d && git -C d add . && $G -C d commit -qm one && echo '// local' >>d/a.cu
$HIPIFY -O hipd d >/dev/null 2>&1
run 2 "dirty base" "$HIPIFY" --resync hipd d
has stderr 'hipd/.hipify_manifest.json:[0-9]*: error: the ported files were not those of commit' "dirty message"
[ -z "$(ls -A tmpd)" ] || fail "scratch directories left after refusals: $(ls tmpd)"
finish
