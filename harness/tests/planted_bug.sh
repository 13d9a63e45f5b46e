#!/bin/sh
# planted_bug.sh: proves the harness catches a translation bug without a GPU. It translates the Embed program with
# hipify-c, plants the bug AMD's hand port of Caffe once shipped (the double atomicAdd emulation written with value
# casts instead of __double_as_longlong/__longlong_as_double bit reinterpretation), runs the correct and the planted
# translations on the CPU (tests/cpu-hip emulates the HIP runtime), and requires `hipify-harness compare` to pass
# the correct pair and fail the planted one on the double-precision weight gradient. It is no GPU test.
# usage: planted_bug.sh HIPIFY HARNESS CORPUS_DIR RECORD_INCLUDE CPU_HIP_INCLUDE WORK_DIR CXX
set -eu
# Paths become absolute before the script changes directory; bare command names stay as they are.
absolute() { case $1 in /*) echo "$1" ;; */*) echo "$PWD/$1" ;; *) echo "$1" ;; esac; }
hipify=$(absolute "$1") harness=$(absolute "$2") corpus=$(absolute "$3") record_include=$(absolute "$4")
cpu_hip=$(absolute "$5") work=$(absolute "$6") cxx=$7
case $corpus in */*) ;; *) corpus="$PWD/$corpus" ;; esac
rm -rf "$work" && mkdir -p "$work"
cd "$work"

# 1. Translate with the real translator (launches as hipLaunchKernelGGL, which the CPU emulation provides).
"$hipify" --hip-kernel-execution-syntax "$corpus/embed.cu" -o embed.hip.cpp
"$hipify" --hip-kernel-execution-syntax "$corpus/common/caffe_common.cuh" -o caffe_common.cuh
grep -q '__double_as_longlong' embed.hip.cpp || { echo "FAIL: the translation lost __double_as_longlong"; exit 1; }

# 2. Plant the bug: value conversions where the bits must be reinterpreted.
sed 's/__double_as_longlong(/(long long)(/g; s/__longlong_as_double(/(double)(/g' embed.hip.cpp > planted.hip.cpp
if cmp -s embed.hip.cpp planted.hip.cpp; then echo "FAIL: the bug could not be planted"; exit 1; fi

# 3. Build both for the CPU.
for variant in embed planted; do
  "$cxx" -std=c++17 -O2 -I "$cpu_hip" -I . -I "$record_include" -x c++ "$variant.hip.cpp" -o "$variant"
done

# 4. Run: the correct translation twice with different poison bytes, the planted one once.
HC_POISON=0xA5 HC_RECORD_FILE=good1.rec ./embed
HC_POISON=0x5A HC_RECORD_FILE=good2.rec ./embed
planted_status=0
HC_POISON=0x5A HC_RECORD_FILE=planted.rec ./planted 2>planted.stderr || planted_status=$?

# 5. The harness must accept the correct pair and reject the planted one, naming the broken buffer.
"$harness" compare good1.rec good2.rec --sidecar "$corpus/embed.harness.json" > good.txt || {
  cat good.txt; echo "FAIL: compare rejected two correct runs"; exit 1; }
if "$harness" compare good1.rec planted.rec --sidecar "$corpus/embed.harness.json" --junit planted.xml > planted.txt; then
  cat planted.txt; echo "FAIL: compare accepted the planted bug"; exit 1
fi
grep -q 'FAIL embed_backward_weight_diff_f64' planted.txt || {
  cat planted.txt; echo "FAIL: the report does not name the double-precision gradient"; exit 1; }
grep -q '<failure' planted.xml || { echo "FAIL: no JUnit failure written"; exit 1; }
# The float path (atomicAdd) is untouched by the bug and must still match.
if grep -q 'FAIL embed_backward_weight_diff_f32' planted.txt; then cat planted.txt; echo "FAIL: float path flagged"; exit 1; fi
[ "$planted_status" -ne 0 ] || { echo "FAIL: the program's own CPU-reference check missed the planted bug"; exit 1; }
head -4 planted.txt
echo "PASS: the planted __double_as_longlong bug was caught (program exit $planted_status, compare failed)"
