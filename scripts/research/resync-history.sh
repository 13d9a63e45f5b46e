#!/bin/sh
# resync-history.sh: re-syncs a hand-edited port across real history. It ports a git repository at
# an old commit, makes hand edits of the usual kinds, and moves the CUDA tree to a later commit. Then
# --resync brings the changes in. It counts files merged, conflicts, and hand edits kept or lost.
# It never writes into REPO: the work happens in a clone under WORK.
# Usage: scripts/research/resync-history.sh HIPIFY REPO OLD_COMMIT NEW_COMMIT WORK [EDIT_EVERY [SUBDIR]]
# SUBDIR ports one directory of the repository (a sparse checkout: the rest of the tree is never read).
set -eu
HIPIFY=$1 REPO=$2 OLD=$3 NEW=$4 WORK=$5 EVERY=${6:-3} SUB=${7:-}
case $HIPIFY in /*) ;; *) HIPIFY=$(pwd)/$HIPIFY ;; esac
[ ! -e "$WORK" ] || { echo "resync-history: $WORK exists; give a new directory" >&2; exit 2; }
mkdir -p "$WORK" && cd "$WORK"
git clone -q --no-checkout "$REPO" cuda
[ -z "$SUB" ] || git -C cuda sparse-checkout set "$SUB"
git -C cuda checkout -q "$OLD"
CUDA=cuda${SUB:+/$SUB}
t0=$(date +%s)
"$HIPIFY" -O hip "$CUDA" >port.log 2>&1 || true # diagnostics and files hipify-c could not read are in port.log
t1=$(date +%s)
echo "port of $(git -C cuda rev-parse --short HEAD): $(find hip -type f ! -name .hipify_manifest.json | wc -l) files, $((t1 - t0)) s"

# Hand edits, each marked HANDEDIT-N so that it can be found again, in every EVERY-th source of the port:
#   tune  - a launch or block-size constant changed (the commonest AMD edit: wave64, LDS size)
#   guard - a platform workaround after the HIP include
#   note  - a reviewer's comment above the first kernel
# plus a HIP-only helper file and an edited Makefile.
n=0
for f in $(cd hip && find . -type f \( -name '*.cu' -o -name '*.cuh' \) | sort); do
  n=$((n + 1))
  [ $((n % EVERY)) -eq 0 ] || continue
  p=hip/${f#./}
  if grep -q 'block_size = [0-9]' "$p"; then
    sed -i "0,/block_size = \([0-9]*\)/s//block_size = \1 \/* HANDEDIT-$n tune: wave64 *\//" "$p"
    echo "tune $p HANDEDIT-$n" >>edits.txt
  fi
  if grep -q '^#include <hip/hip_runtime.h>' "$p"; then
    sed -i "0,/^#include <hip\/hip_runtime.h>/s//&\n#ifdef __HIP_PLATFORM_AMD__ \/\/ HANDEDIT-$n.g guard\n#define LLMC_AMD_WORKAROUND 1\n#endif/" "$p"
    echo "guard $p HANDEDIT-$n.g" >>edits.txt
  fi
  if grep -q '^__global__' "$p"; then
    sed -i "0,/^__global__/s//\/\/ HANDEDIT-$n.n note: checked on gfx90a\n&/" "$p"
    echo "note $p HANDEDIT-$n.n" >>edits.txt
  fi
done
printf '// HANDEDIT-hip-only: helpers that exist only in the HIP tree\n#pragma once\n' >hip/hip_only_helpers.h
echo "new hip/hip_only_helpers.h HANDEDIT-hip-only" >>edits.txt
if [ -f hip/Makefile ]; then
  printf '\n# HANDEDIT-make: AMD targets\nHIP_ARCHS ?= gfx90a\n' >>hip/Makefile
  echo "make hip/Makefile HANDEDIT-make" >>edits.txt
fi
echo "hand edits: $(wc -l <edits.txt) in $(cut -d' ' -f2 edits.txt | sort -u | wc -l) files"

git -C cuda checkout -q "$NEW"
echo "CUDA moved to $(git -C cuda rev-parse --short HEAD): $(git -C cuda rev-list --count "$OLD..$NEW") commits," \
     "$(git -C cuda diff --shortstat "$OLD" "$NEW" -- ${SUB:-.})"
t0=$(date +%s)
status=0
"$HIPIFY" --resync hip --resync-json resync.json "$CUDA" >resync.txt 2>resync.log || status=$?
t1=$(date +%s)
echo "resync: exit $status, $((t1 - t0)) s"
grep '^summary:' resync.txt

# every hand edit: still there (cleanly, or inside a conflict), or in a file removed upstream and kept
kept=0 conflicted=0 lost=0
while read -r kind path mark; do
  where=$path
  if [ ! -f "$where" ]; then # followed a rename?
    where=$(grep -rl -- "$mark" hip 2>/dev/null | head -1 || true)
  fi
  if [ -n "$where" ] && [ -f "$where" ] && grep -q -- "$mark" "$where"; then
    if awk -v m="$mark" '/^<<<<<<< /{c=1} /^>>>>>>> /{c=0} index($0, m) && c {found=1} END{exit !found}' "$where"; then
      conflicted=$((conflicted + 1))
    else
      kept=$((kept + 1))
    fi
  else
    lost=$((lost + 1)); echo "LOST: $kind $path $mark"
  fi
done <edits.txt
echo "hand edits: kept cleanly $kept, inside a conflict region $conflicted, lost $lost"
echo "files with conflict markers: $(grep -rl '^<<<<<<< HIP tree' hip | wc -l)"

# The re-synced tree against a fresh port of the new commit: outside the files with conflicts, every
# line that differs should be a hand edit (the guard block is 4 lines around its marker).
"$HIPIFY" -O fresh "$CUDA" >fresh.log 2>&1 || true
conf=$(grep -rl '^<<<<<<< HIP tree' hip | sed 's|^hip/||' || true)
cp -r hip cmp_hip && cp -r fresh cmp_fresh
# files removed upstream but hand-edited are kept by design: counted apart
kept_removed=$(sed -n 's/^  removed-kept  *//p' resync.txt)
for k in $kept_removed; do rm -f "cmp_hip/$k"; done
find cmp_hip -type d -empty -delete
echo "files removed upstream but hand-edited, kept: $(echo $kept_removed | wc -w)"
confl=0
for c in $conf; do
  confl=$((confl + $(diff "fresh/$c" "hip/$c" | grep -c '^[<>] ' || true)))
  rm -f "cmp_hip/$c" "cmp_fresh/$c"
done
# per diff hunk: the new lines that are not hand edits, and the lost lines unless a hand edit replaced them
other=$(diff -r -x .hipify_manifest.json cmp_fresh cmp_hip 2>/dev/null | awk '
  function flush() { if (!edit) n += lost; n += added; lost = added = edit = 0 }
  /^[0-9]/ || /^diff / || /^Only in / { flush(); if (/^Only in / && !index($0, "hip_only_helpers.h")) n++; next }
  /^< / { lost++; next }
  /^> / { if (index($0, "HANDEDIT")) edit = 1; else if ($0 != "> #define LLMC_AMD_WORKAROUND 1" && $0 != "> #endif") added++ }
  END { flush(); print n + 0 }')
echo "lines differing from a fresh port of the new commit, besides hand edits: $other (plus $confl in files with conflicts)"
