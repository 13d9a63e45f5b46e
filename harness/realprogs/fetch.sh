#!/bin/sh
# fetch.sh: extracts the pinned sources of the real-program validation set (realprogs.json) from git
# mirrors (or GitHub) into src/<program>/; third-party sources are never committed, only fetched.
#
# usage: harness/realprogs/fetch.sh [DEST]   (default DEST: the src/ folder next to this script)
# env:   HC_MIRROR (folder of owner+name/repo bare mirrors, default /work/.mirror); a repository missing
#        there is cloned bare from github.com into DEST/.git-cache.
# Each program tree is self-contained: the sample's own folder at its root, plus, for cuda-samples, the
# Common/ helper headers it includes (so hipify-c translates them too and the port never mixes them).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
DEST=${1:-$here/src}
MIRROR=${HC_MIRROR:-/work/.mirror}
mkdir -p "$DEST"

SAMPLES=NVIDIA/cuda-samples@c94ff366aed18c797b8a85dfaac7817b0228b420
RODINIA=yuhc/gpu-rodinia@9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4

gitdir() { # owner/name commit -> a git dir holding that commit
  g=$MIRROR/$(echo "$1" | tr / +)/repo
  if [ -d "$g" ] && git --git-dir="$g" cat-file -e "$2^{commit}" 2>/dev/null; then echo "$g"; return; fi
  g=$DEST/.git-cache/$(echo "$1" | tr / +)
  [ -d "$g" ] || git clone -q --bare "https://github.com/$1" "$g"
  echo "$g"
}

# extract REPO@COMMIT PATH DESTDIR [FILTER]: every file under PATH (blobs under 4 MiB whose path matches
# the grep -E FILTER, default: sources, build files and data) into DESTDIR, PATH's prefix removed.
extract() {
  repo=${1%@*} commit=${1#*@} path=$2 out=$3 filter=${4:-.}
  g=$(gitdir "$repo" "$commit")
  git --git-dir="$g" ls-tree -r -l "$commit" -- "$path" | while read -r mode type blob size p; do
    [ "$type" = blob ] || continue
    case $size in *[!0-9]*|"") continue ;; esac
    [ "$size" -lt 4194304 ] || continue
    printf '%s\n' "$p" | grep -qE "$filter" || continue
    case $p in */CMakeLists.txt|*/.vscode/*|*.sln|*.vcxproj*) continue ;; esac
    rel=${p#"$path"}; rel=${rel#/}
    mkdir -p "$out/$(dirname "$rel")"
    git --git-dir="$g" cat-file blob "$blob" >"$out/$rel"
  done
}

# The Common/ headers cuda-samples programs include (no GL, D3D, NPP, nvJPEG, cuSOLVER, NVRTC helpers).
COMMON='Common/(helper_cuda|helper_cuda_drvapi|helper_functions|helper_string|helper_timer|helper_image|helper_math|exception|drvapi_error_string|multithreading)\.(h|cpp)$'

# name | sample folder under Samples/
SAMPLE_LIST='
asyncAPI 0_Introduction/asyncAPI
clock 0_Introduction/clock
fp16ScalarProduct 0_Introduction/fp16ScalarProduct
matrixMul 0_Introduction/matrixMul
mergeSort 0_Introduction/mergeSort
simpleAtomicIntrinsics 0_Introduction/simpleAtomicIntrinsics
simpleAttributes 0_Introduction/simpleAttributes
simpleCallback 0_Introduction/simpleCallback
simpleCooperativeGroups 0_Introduction/simpleCooperativeGroups
simpleCubemapTexture 0_Introduction/simpleCubemapTexture
simpleLayeredTexture 0_Introduction/simpleLayeredTexture
simpleMultiCopy 0_Introduction/simpleMultiCopy
simpleOccupancy 0_Introduction/simpleOccupancy
simplePitchLinearTexture 0_Introduction/simplePitchLinearTexture
simplePrintf 0_Introduction/simplePrintf
simpleStreams 0_Introduction/simpleStreams
simpleTemplates 0_Introduction/simpleTemplates
simpleVoteIntrinsics 0_Introduction/simpleVoteIntrinsics
simpleZeroCopy 0_Introduction/simpleZeroCopy
systemWideAtomics 0_Introduction/systemWideAtomics
template 0_Introduction/template
vectorAdd 0_Introduction/vectorAdd
simpleHyperQ 0_Introduction/simpleHyperQ
simpleAWBarrier 0_Introduction/simpleAWBarrier
convolutionSeparable 2_Concepts_and_Techniques/convolutionSeparable
eigenvalues 2_Concepts_and_Techniques/eigenvalues
histogram 2_Concepts_and_Techniques/histogram
interval 2_Concepts_and_Techniques/interval
reduction 2_Concepts_and_Techniques/reduction
reductionMultiBlockCG 2_Concepts_and_Techniques/reductionMultiBlockCG
scalarProd 2_Concepts_and_Techniques/scalarProd
scan 2_Concepts_and_Techniques/scan
shfl_scan 2_Concepts_and_Techniques/shfl_scan
sortingNetworks 2_Concepts_and_Techniques/sortingNetworks
streamOrderedAllocation 2_Concepts_and_Techniques/streamOrderedAllocation
threadFenceReduction 2_Concepts_and_Techniques/threadFenceReduction
inlinePTX 2_Concepts_and_Techniques/inlinePTX
StreamPriorities 3_CUDA_Features/StreamPriorities
binaryPartitionCG 3_CUDA_Features/binaryPartitionCG
warpAggregatedAtomicsCG 3_CUDA_Features/warpAggregatedAtomicsCG
simpleCudaGraphs 3_CUDA_Features/simpleCudaGraphs
graphMemoryNodes 3_CUDA_Features/graphMemoryNodes
jacobiCudaGraphs 3_CUDA_Features/jacobiCudaGraphs
globalToShmemAsyncCopy 3_CUDA_Features/globalToShmemAsyncCopy
cudaTensorCoreGemm 3_CUDA_Features/cudaTensorCoreGemm
newdelete 3_CUDA_Features/newdelete
BlackScholes 5_Domain_Specific/BlackScholes
binomialOptions 5_Domain_Specific/binomialOptions
fastWalshTransform 5_Domain_Specific/fastWalshTransform
quasirandomGenerator 5_Domain_Specific/quasirandomGenerator
SobolQRNG 5_Domain_Specific/SobolQRNG
FDTD3d 5_Domain_Specific/FDTD3d
alignedTypes 6_Performance/alignedTypes
transpose 6_Performance/transpose
LargeKernelParameter 6_Performance/LargeKernelParameter
'

echo "$SAMPLE_LIST" | while read -r name dir; do
  [ -n "$name" ] || continue
  out=$DEST/cs-$name
  [ -f "$out/.pinned" ] && continue
  rm -rf "$out" && mkdir -p "$out"
  extract "$SAMPLES" "Samples/$dir" "$out" '\.(cu|cuh|h|hpp|c|cpp|inc|pgm|ppm|dat|bin|raw|txt)$'
  extract "$SAMPLES" Common "$out/Common" "$COMMON"
  touch "$out/.pinned"
done

# rodinia programs that need no input file (the data/ folder is not in the repository): name | folder
RODINIA_LIST='
lud lud
nw nw
pathfinder pathfinder
'
echo "$RODINIA_LIST" | while read -r name dir; do
  [ -n "$name" ] || continue
  out=$DEST/rodinia-$name
  [ -f "$out/.pinned" ] && continue
  rm -rf "$out" && mkdir -p "$out"
  extract "$RODINIA" "cuda/$dir" "$out" '\.(cu|cuh|h|hpp|c|cpp|pgm|txt)$'
  extract "$RODINIA" cuda/util "$out/util" '\.h$'
  touch "$out/.pinned"
done
echo "sources in $DEST: $(ls "$DEST" | wc -l) program trees"
