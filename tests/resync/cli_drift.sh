# cli_drift.sh: --drift on a CUDA tree and its port kept side by side: a missing port, a stale one, a
# hand-edited one, an orphan, kernels without a HIP counterpart; by manifest and by modification time;
# text, JSON and HTML; neither tree is changed.
. "$2/tests/cli/lib.sh"

mkdir -p cuda/sub
printf '#include <cuda_runtime.h>\n__global__ void k1(float *p) { p[0] = 1; }\nint a() { return (int)cudaDeviceSynchronize(); }\n' >cuda/a.cu
printf '__global__ void k2(int *p) {}\n' >cuda/b.cu
printf 'int h;\n' >cuda/h.cuh
printf 'int old;\n' >cuda/old.h
run 0 "port" "$HIPIFY" -O hip cuda
run 0 "no drift" "$HIPIFY" --drift hip cuda
has stdout '^summary: ported 4, stale 0, missing 0, orphan 0, renamed 0, hand-edited 0; kernels 2, without HIP counterpart 0$' "clean summary"
# the CUDA tree moves on: b.cu changes, a new file with a kernel, old.h goes; the port is edited by hand
printf '__global__ void k2(int *p) { p[0] = 2; }\n' >cuda/b.cu
printf '/* __global__ void not_a_kernel() */\ntemplate <int N>\n__global__ void\n__launch_bounds__(256)\nk3(float *x) {}\n' >cuda/sub/new.cu
rm cuda/old.h
echo '// tuned' >>hip/h.cuh
find cuda hip -type f -exec md5sum {} + | sort >trees.sum
run 1 "drift found (exit 1)" "$HIPIFY" --drift hip --drift-json d.json --drift-html d.html cuda
has stdout '^  stale  *b.cu -> b.cu$' "stale port"
has stdout '^  missing  *sub/new.cu: no HIP counterpart$' "missing port"
has stdout '^  hand-edited  *h.cuh -> h.cuh$' "hand-edited port"
has stdout '^  orphan  *old.h: its CUDA source is gone$' "orphan"
has stdout '^cuda/sub/new.cu:3: kernel .k3. has no HIP counterpart$' "kernel without counterpart, at its line"
hasnt stdout 'not_a_kernel' "a kernel in a comment is no kernel"
has stdout '^summary: ported 2, stale 1, missing 1, orphan 1, renamed 0, hand-edited 1; kernels 3, without HIP counterpart 1$' "summary"
has d.json '"state":	"missing"' "JSON missing"
has d.json '"kernels_missing":	1' "JSON kernel count"
has d.html '<td>sub/new.cu</td>' "HTML lists the file"
find cuda hip -type f -exec md5sum {} + | sort | cmp -s - trees.sum || fail "a tree was changed"
# side by side without a manifest: counterparts by hipify's names, staleness by modification time
mkdir -p c2 h2
printf '__global__ void kk(int *p) {}\n' >c2/kern_cuda.cu
printf '__global__ void kk(int *p) {}\n' >h2/kern_hip.cpp
printf 'int x;\n' >c2/util.cuh
printf 'int x;\n' >h2/util.hip.h
touch -d '2020-01-01' h2/util.hip.h
printf '__global__ void lost(int *p) {}\n' >c2/lost.cu
run 1 "drift without a manifest" "$HIPIFY" --drift h2 c2
has stdout 'no manifest: by modification time' "says how it compared"
has stdout '^  stale  *util.cuh -> util.hip.h$' "stale by time, .cuh -> .hip.h"
hasnt stdout 'kern_cuda.cu: no HIP' "cuda -> hip in the name"
has stdout '^  missing  *lost.cu: no HIP counterpart$' "missing without manifest"
run 2 "broken manifest" sh -c "echo '{' >h2/.hipify_manifest.json && '$HIPIFY' --drift h2 c2"
has stderr 'h2/.hipify_manifest.json:1: not a hipify-c port manifest' "broken manifest named"
run 2 "report never replaces a tree file" "$HIPIFY" --drift hip --drift-json cuda/a.cu cuda

# an orphan edited by hand is reported as hand-edited, an untouched one is not; a CUDA file renamed
# (as it was, or with a line changed) is a rename of its port, not a missing file and an orphan
mkdir c3
printf 'int keep;\n' >c3/keep.h
printf 'int gone;\n' >c3/gone.h
printf 'int gone2;\n' >c3/gone2.h
printf 'int pure_rename() { return 1; }\n' >c3/pure_old.h
printf 'int a1;\nint a2;\nint a3;\nint a4;\n' >c3/moved_old.h
run 0 "port c3" "$HIPIFY" -O h3 c3
rm c3/gone.h c3/gone2.h
mv c3/pure_old.h c3/pure_new.h
rm c3/moved_old.h && printf 'int a1;\nint a2;\nint a3;\nint a4_changed;\n' >c3/moved_new.h
echo '// mine' >>h3/gone.h
echo '// mine' >>h3/moved_old.h
run 1 "drift with orphans" "$HIPIFY" --drift h3 c3 --drift-json d3.json
has stdout '^  orphan  *gone.h: its CUDA source is gone (hand-edited)$' "hand-edited orphan"
has stdout '^  orphan  *gone2.h: its CUDA source is gone$' "untouched orphan"
has stdout '^  renamed  *pure_old.h -> pure_new.h: the CUDA file was renamed; its port is still pure_old.h$' "pure rename"
has stdout '^  renamed  *moved_old.h -> moved_new.h: .* (hand-edited)$' "rename with a change, port hand-edited"
hasnt stdout '^  missing' "a renamed file is not missing"
has stdout '^summary: ported 1, stale 0, missing 0, orphan 2, renamed 2, hand-edited 2;' "summary with orphans and renames"
tr -d '\n\t ' <d3.json >d3.flat
has d3.flat '"hip":"gone.h","state":"orphan","hand_edited":true' "JSON hand-edited orphan"
has d3.flat '"cuda":"pure_new.h","hip":"pure_old.h","state":"renamed"' "JSON rename"

# a manifest that lists a file twice (content id made to match) is refused at the second entry's line,
# not read past the end of a list sized by the trees
cp h3/.hipify_manifest.json m3.json
line=$(grep -n '"path": "gone.h"' m3.json | cut -d: -f1)
entry=$(sed -n "${line}p" m3.json | sed 's/,*$//')
awk -v n="$line" -v e="$entry" '{print} NR == n {for (i = 0; i < 40; i++) print e ","}' m3.json >m3b.json
grep -o '"src": "[0-9a-f]*"' m3b.json | cut -d'"' -f4 >ids.txt
grep -o '{"path": "[^"]*"' m3b.json | cut -d'"' -f4 >paths.txt
content=$(paste -d' ' ids.txt paths.txt | LC_ALL=C sort -k2 | git hash-object --stdin)
sed "s/\"content_id\": \"[0-9a-f]*\"/\"content_id\": \"$content\"/" m3b.json >h3/.hipify_manifest.json
run 2 "duplicate manifest entry" "$HIPIFY" --drift h3 c3
has stderr "^h3/.hipify_manifest.json:$((line + 1)): the file \"gone.h\" is listed twice" "duplicate named at its line"
finish
