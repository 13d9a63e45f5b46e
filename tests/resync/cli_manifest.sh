# cli_manifest.sh: the manifest a tree port (-O) leaves and the --depfile of a -o translation: what they
# record, that a user's file of the manifest's name is never replaced, and --no-manifest.
. "$2/tests/cli/lib.sh"

# --depfile: the output depends on the input, the headers it includes (beside it, through -I, nested),
# and the binary; a system header and a missing one are not listed
mkdir -p src/inc extra
printf '#include "inc/a.h"\n#include <b.h>\n#include <vector>\n#include "missing.h"\n#include <cuda_runtime.h>\n__global__ void k() {}\nint main() { return (int)cudaDeviceSynchronize(); }\n' >src/k.cu
printf '#include "c.h"\n' >src/inc/a.h
echo 'int c;' >src/inc/c.h
echo 'int b;' >extra/b.h
run 0 "depfile" "$HIPIFY" src/k.cu -o out/k.hip.cpp --depfile out/k.d -I extra
has out/k.d '^out/k.hip.cpp: \\$' "depfile target"
has out/k.d '^ src/k.cu \\$' "depfile source"
has out/k.d '^ src/inc/a.h \\$' "depfile quoted include"
has out/k.d '^ src/inc/c.h \\$' "depfile nested include"
has out/k.d '^ extra/b.h \\$' "depfile -I include"
has out/k.d 'hipify-c$' "depfile binary"
hasnt out/k.d 'missing.h' "depfile missing header"
hasnt out/k.d 'vector' "depfile system header"
hasnt out/k.d '^ \. ' "depfile: an unresolved include adds no '.'"
run 0 "depfile -MF spelling" "$HIPIFY" src/k.cu -o out/k2.hip.cpp -MF out/k2.d
exists out/k2.d "-MF"
run 2 "depfile needs -o" "$HIPIFY" -O o2 src --depfile x.d
has stderr 'depfile needs -o' "depfile usage message"
run 2 "depfile input is never the target" "$HIPIFY" src/k.cu -o out/k3.hip.cpp --depfile src/k.cu
cmp -s src/k.cu out/k.d && fail "input replaced"
head -1 src/k.cu | grep -q 'inc/a.h' || fail "input src/k.cu was changed"

# the manifest: version, tables id, options, content id, one line per file with src/out blob ids
run 0 "tree port" "$HIPIFY" -O port --roc src
M=port/.hipify_manifest.json
exists "$M" "manifest written"
has "$M" '"format": "hipify-c-port-manifest"' "manifest format"
has "$M" "\"tables_id\": \"$("$HIPIFY" --tables-id | sed 's/.* tables //')\"" "manifest tables id = --tables-id"
has "$M" '"--roc"' "manifest records --roc"
hasnt "$M" '"-O' "manifest leaves output options out"
src_id=$(git hash-object src/k.cu) out_id=$(git hash-object port/k.cu)
has "$M" "{\"path\": \"k.cu\", \"src\": \"$src_id\", \"out\": \"$out_id\"}" "manifest file line (git blob ids)"
has "$M" '"path": "inc/a.h"' "manifest lists headers"
hasnt "$M" 'git_commit' "no git repository: no commit"
# a git repository: the commit and its state are recorded
mkdir g && cp -r src g/src && (cd g && git init -q && git add . && git -c user.email=t@t -c user.name=t commit -qm one)
run 0 "git tree port" "$HIPIFY" -O gport g/src
has gport/.hipify_manifest.json "\"git_commit\": \"$(git -C g rev-parse HEAD)\"" "manifest git commit"
has gport/.hipify_manifest.json '"git_prefix": "src"' "manifest git prefix"
has gport/.hipify_manifest.json '"git_dirty": false' "clean tree"
echo '// local' >>g/src/inc/c.h
run 0 "dirty git tree port" "$HIPIFY" -O gport g/src
has gport/.hipify_manifest.json '"git_dirty": true' "dirty tree"
# the commit stands for the port only when every ported file is that commit's: an ignored file is not
(cd g && git checkout -q src/inc/c.h && echo 'src/gen.h' >.gitignore && git add .gitignore &&
 git -c user.email=t@t -c user.name=t commit -qm ignore) && echo 'int gen;' >g/src/gen.h
run 0 "ignored file port" "$HIPIFY" -O gport2 g/src
has gport2/.hipify_manifest.json '"git_dirty": true' "an ignored file that is ported: dirty"
rm g/src/gen.h
run 0 "clean again" "$HIPIFY" -O gport3 --exclude-files gen.h g/src
has gport3/.hipify_manifest.json '"git_dirty": false' "clean again"

# a user's file of that name is never replaced, and a port of a tree that has one writes its own
mkdir user && echo '{"mine": true}' >user/.hipify_manifest.json
run 0 "user file kept" "$HIPIFY" -O user src
has user/.hipify_manifest.json 'mine' "user's file kept"
has stderr 'not a hipify-c port manifest; left as it is' "user's file: warning"
mkdir src2 && cp src/k.cu src2/ && echo '{"theirs": 1}' >src2/.hipify_manifest.json
run 0 "input's own file" "$HIPIFY" -O port2 src2
hasnt port2/.hipify_manifest.json 'theirs' "the input's manifest is not copied"
has port2/.hipify_manifest.json '"path": "k.cu"' "the port's own manifest"
run 0 "--no-manifest" "$HIPIFY" -O port3 --no-manifest src
absent port3/.hipify_manifest.json "--no-manifest"
run 0 "examine writes none" "$HIPIFY" --examine src
finish
