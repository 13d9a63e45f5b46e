#!/bin/sh
# test_caffe_recipe.sh: the Caffe recipe's scripts (scripts/research/caffe) fail loudly and read what the GPU
# machine brings back: recipe.sh names what a step needs and is missing (Debian package included) and
# installs nothing; its header scan names each file that does not scan, and scans CUDA 13 sources (nvcc -M);
# report.py reads device.sh's one packed result file and compares every port side with the original.
# It runs no build of Caffe and needs no GPU (the scan cases need nvcc and are skipped without it).
. "$(dirname "$0")/lib.sh"

CAFFE=$SRC/scripts/research/caffe

# recipe.sh: an unknown step is a usage error; a missing command is named with its package, nothing written.
run 2 "recipe: unknown step" bash "$CAFFE/recipe.sh" bake
has stderr "unknown step 'bake'" "recipe: unknown step named"
mkdir bin
for c in bash sh dirname cat grep awk sed ldconfig git mkdir rm cp ls tr wc sort head tail; do
  p=$(command -v "$c") && ln -s "$p" "bin/$c"
done
PATH="$SCRATCH/bin" WORK="$SCRATCH/work" CARRY="$SCRATCH/carry" run 2 "recipe: bundle without patchelf" \
  bash "$CAFFE/recipe.sh" bundle
has stderr "patchelf .*patchelf" "recipe: the missing command and its Debian package"
has stderr "nvcc .*CUDA-13-toolkit" "recipe: nvcc named with where it comes from"
has stderr "apt-get install.* patchelf" "recipe: the packages to install, said not done"
has stderr "installs nothing" "recipe: says it installs nothing"
absent carry "recipe: a failed check writes no bundle"
absent work "recipe: a failed check writes no work folder"

# report.py: one packed result (as device.sh writes it) holding the original and the port's CMake build
mkdir -p res/xml-cuda res/xml-hipcmake
xml() { # file, then 'name status' pairs
  f=$1; shift
  { echo '<testsuites>'; echo '<testsuite name="S">'
    while [ $# -gt 0 ]; do
      if [ "$2" = failed ]; then
        printf '<testcase classname="S" name="%s" status="run"><failure message="boom"/></testcase>\n' "$1"
      else printf '<testcase classname="S" name="%s" status="%s"/>\n' "$1" "$2"; fi
      shift 2
    done; echo '</testsuite></testsuites>'; } >"$f"
}
xml res/xml-cuda/shard0.xml a run b run c notrun
xml res/xml-hipcmake/shard0.xml a run b failed c notrun
echo 'cuda shard 0 rc=0' >res/xml-cuda/shard0.log
echo 'hipcmake shard 0 rc=1' >res/xml-hipcmake/shard0.log
tar -C res -czf caffe-results.tar.gz .
run 0 "report: a packed result" python3 "$CAFFE/report.py" caffe-results.tar.gz
has stdout '^cuda .* 2 run: 2 passed, 0 failed; 1 not run' "report: the original's counts"
has stdout '^hipcmake .* 2 run: 1 passed, 1 failed' "report: the CMake-built port's counts"
has stdout 'differs, cuda vs hipcmake (of 2 both ran): 1' "report: the port side compared with the original"
has stdout 'S.b: cuda passed, hipcmake failed  boom' "report: the differing test with its message"
has stdout 'unfinished shard: shard0.log: hipcmake shard 0 rc=1' "report: the unfinished shard"
run 0 "report: the same result as a folder" python3 "$CAFFE/report.py" res
has stdout 'differs, cuda vs hipcmake (of 2 both ran): 1' "report: a folder reads the same"
# a member outside the folder is refused, not written
mkdir evil && echo x >evil/x && tar -czf evil.tar.gz --absolute-names "$SCRATCH/evil/x" 2>/dev/null
run 1 "report: an absolute member" python3 "$CAFFE/report.py" evil.tar.gz
has stderr "refusing member" "report: names the refused member"
run 1 "report: neither folder nor archive" python3 "$CAFFE/report.py" nothing-here
has stderr "neither a results folder nor a packed result" "report: says what it wanted"

# device.sh (the GPU machine's half): every result goes into ONE file in OUT, also the gtest XML; a step that
# fails is named, stops the steps after it, and its results are packed all the same. A stand-in test binary
# in the layout device.sh expects (the CMake-built port's test.testbin) writes gtest's XML where asked.
mkdir -p dev/bundle dev/w/hip dev/w/hip-cmake/test dev/out
cp "$CAFFE/device.sh" dev/bundle/
cat >dev/w/hip-cmake/test/test.testbin <<'EOF'
#!/bin/sh
for a in "$@"; do case $a in --gtest_output=xml:*) out=${a#--gtest_output=xml:} ;; esac; done
echo '[       OK ] S.a (0 ms)'
printf '<testsuites><testsuite name="S"><testcase classname="S" name="a" status="run"/></testsuite></testsuites>\n' >"$out"
EOF
chmod +x dev/w/hip-cmake/test/test.testbin
W="$SCRATCH/dev/w" OUT="$SCRATCH/dev/out" ONLY=hipcmake SHARDS=2 run 0 "device.sh: test, packed" \
  sh dev/bundle/device.sh dev/bundle test
[ "$(ls dev/out)" = caffe-results.tar.gz ] || fail "device.sh: OUT holds $(ls dev/out | tr '\n' ' ')(one file expected)"
tar -tzf dev/out/caffe-results.tar.gz >dev/listing
has dev/listing 'xml-hipcmake/shard0.xml' "device.sh: the shards' XML inside the packed file"
has dev/listing 'xml-hipcmake/shard1.log' "device.sh: the shards' logs inside the packed file"
run 0 "report: device.sh's packed file" python3 "$CAFFE/report.py" dev/out/caffe-results.tar.gz
has stdout '^hipcmake .* 1 run: 1 passed, 0 failed' "report: reads device.sh's packing"
W="$SCRATCH/dev/w" OUT="$SCRATCH/dev/out" ONLY=hipcmake run 1 "device.sh: a failing step" \
  sh dev/bundle/device.sh dev/bundle train test
has stderr 'device.sh: step train failed' "device.sh: names the failed step"
tar -tzf dev/out/caffe-results.tar.gz >dev/listing
has dev/listing 'xml-hipcmake/shard0.xml' "device.sh: earlier results still packed after a failure"
run 2 "device.sh: unknown step" sh dev/bundle/device.sh dev/bundle bake
has stderr 'unknown step bake' "device.sh: names the unknown step"

# scan_headers.sh: CUDA 13's headers through nvcc -M (g++ -M fails on both), and a file that does not scan
if command -v nvcc >/dev/null 2>&1; then
  mkdir -p tree/src/layers
  printf '#include <math_functions.h>\n#include <thrust/device_vector.h>\n' >tree/src/math.cu
  printf '#include <thrust/reduce.h>\n#include <vector>\n' >tree/src/layers/softmax.cu
  printf '#include <cstdio>\n#include <cuda_runtime.h>\n' >tree/src/host.cpp
  JOBS=2 run 0 "scan: CUDA 13 sources" bash "$CAFFE/scan_headers.sh" tree headers.txt -DNDEBUG
  has headers.txt '^/usr/include/.*stdio' "scan: the system headers reached"
  has stdout '3 files scanned' "scan: every file"
  printf '#include "missing_header.h"\n' >tree/src/layers/broken.cu
  run 1 "scan: a file that does not scan" bash "$CAFFE/scan_headers.sh" tree headers2.txt
  has stderr '1 of 4 files under tree did not scan' "scan: how many failed"
  has stderr 'src/layers/broken.cu (nvcc -M)' "scan: the failing file and its scanner"
  has stderr 'missing_header.h' "scan: its error"
  absent headers2.txt "scan: no partial list"
else
  echo "skip: scan_headers.sh cases (no nvcc)"
fi
finish
