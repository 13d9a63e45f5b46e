# test_copy_safety.sh: what -O may carry out of the input tree. A symbolic link inside an input
# directory that leads outside it is neither read nor copied (HC2027 names it; links inside the tree
# still are); no output, copy or backup is made setuid or setgid; --offload-arch values are checked
# before they can reach a migrated build script.
. "$(dirname "$0")/lib.sh"

# links out of the tree: a file link (a secret outside), a directory link, and links that stay inside
mkdir -p outside/dir src/inner
printf 'SECRET CONTENT\n' >outside/secret.txt
write_cuda outside/dir/k.cu
write_cuda src/a.cu
ln -s "$SCRATCH/outside/secret.txt" src/abs.txt
ln -s ../outside/secret.txt src/rel.txt
ln -s ../outside/dir src/linkdir
ln -s ../a.cu src/inner/same.cu
ln -s inner src/alias
run 0 "-O with links out of the tree" "$HIPIFY" -O out src
absent out/abs.txt "a link to an absolute path outside is not copied"
absent out/rel.txt "a relative link that leads out is not copied"
absent out/linkdir "a directory link that leads out is not walked"
if grep -rq 'SECRET' out; then fail "content from outside the tree reached the output"; fi
has stderr 'src/abs.txt: warning: HC2027' "HC2027 names the absolute link"
has stderr 'src/rel.txt: warning: HC2027' "HC2027 names the relative link"
has stderr 'src/linkdir: warning: HC2027' "HC2027 names the directory link"
has out/inner/same.cu 'hipMalloc' "a link inside the tree is still translated"
has out/alias/same.cu 'hipMalloc' "a directory link inside the tree is still walked"
run 0 "--examine skips them too" "$HIPIFY" --examine src
has stderr 'HC2027' "--examine names the links"
run 4 "--fail-on warning sees the skipped links" "$HIPIFY" -O out3 --fail-on warning src
# a link named on the command line is the user's choice and is read
run 0 "a link named on the command line" "$HIPIFY" src/rel.txt -o named.txt
has named.txt 'SECRET' "a named link is read"

# setuid and setgid bits never reach an output
mkdir -p bits
printf '#!/bin/sh\necho hi\n' >bits/tool.sh
write_cuda bits/k.cu
chmod 6755 bits/tool.sh
chmod 6755 bits/k.cu
run 0 "-O with setuid files" "$HIPIFY" -O bitsout bits
for f in bitsout/tool.sh bitsout/k.cu; do
  [ -n "$(find "$f" -perm /6000)" ] && fail "$f is setuid or setgid"
  [ -n "$(find "$f" -perm -0755)" ] || fail "$f lost its permission bits"
done
run 0 "--inplace on a setuid file" "$HIPIFY" --inplace bits/k.cu
[ -n "$(find bits/k.cu bits/k.cu.prehip -perm /6000)" ] && fail "--inplace output or backup is setuid"

# --offload-arch: targets are checked; anything else never reaches a build script
mkdir -p cm
printf 'cmake_minimum_required(VERSION 3.18)\nproject(p LANGUAGES CXX CUDA)\nadd_executable(p k.cu)\n' >cm/CMakeLists.txt
write_cuda cm/k.cu
for bad in 'gfx90a")
execute_process(COMMAND touch pwned)
#' 'gfx90a;$(id)' 'gfx90a gfx942' 'sm_70' 'gfx90a:xnack' '' ';'; do
  label=$(printf '%s' "$bad" | tr '\n' ' ')
  run 2 "--offload-arch '$label' refused" "$HIPIFY" -O cmout --offload-arch "$bad" cm
  absent cmout "--offload-arch '$label': nothing written"
done
has stderr "is not an AMD target\|no target" "the refusal says why"
for good in gfx90a 'gfx90a;gfx1100' 'gfx90a,gfx942' 'gfx90a:xnack+:sramecc-' gfx11-generic native; do
  rm -rf cmout
  run 0 "--offload-arch '$good' accepted" "$HIPIFY" -O cmout --offload-arch "$good" cm
done
has cmout/cmake/hipify-hip.cmake 'native' "an accepted target reaches the build script (the carried HIP module)"
finish
