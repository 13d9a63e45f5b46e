#!/bin/sh
# regression-set.sh: ports pinned public CUDA projects with a given hipify-c and counts how many of their
# GPU translation units compile for gfx90a (hipcc -fsyntax-only) with no hand edit. Not part of make test.
#
# usage: scripts/regression-set.sh HIPIFY_BINARY [WORKDIR]   (default WORKDIR: /tmp/hipify-regression)
# env:   JOBS (parallel hipcc, default 2), HC_MIRROR (a directory of owner+name/repo git mirrors, used
#        before cloning from github.com), PROJECTS (space-separated subset of the names below),
#        LIST_ONLY=1 (fetch and list the translation units, compile nothing), CLASSIFY_ONLY=1 (port and
#        compile nothing: classify the logs of an earlier run of the same binary again),
#        TABLE=FILE (another project table, same columns; scripts/realworld-set.txt is the second set),
#        LIB_INCLUDE=DIR (added with -I: hipBLAS/hipFFT/hipSOLVER headers, see scripts/hiplib-headers.sh).
# Output: one line per project "name: C compiled, D failed with a diagnostic, S failed silently (of T);
# E explained by the first error, O where the original fails the same way" (E and O of the D: see
# regression-classify.py), then the totals; logs under WORKDIR/<label>/<name>/ (classes.txt: the class of each unit
# with its first hipcc error and the diagnostics that count, see regression-classify.py), where label
# is the binary's path hash so two binaries never share a port.
#
# A translation unit is a .cu file, or a .cpp/.cc file that includes a CUDA header, under the listed
# directories, that no other file of the project #includes (those are compiled as part of their includer).
set -u
HIPIFY=${1:?usage: regression-set.sh HIPIFY_BINARY [WORKDIR]}
WORK=${2:-/tmp/hipify-regression}
JOBS=${JOBS:-2}
MIRROR=${HC_MIRROR:-/work/.mirror}
case $HIPIFY in /*) ;; *) HIPIFY=$(pwd)/$HIPIFY ;; esac
SCRIPTS=$(cd "$(dirname "$0")" && pwd)
CACHE=$WORK/compile-cache
SALT=$(hipcc --version 2>&1 | cksum | cut -d' ' -f1)
command -v hipcc >/dev/null 2>&1 || { echo "hipcc not found" >&2; exit 77; }

# name | owner/repo | pinned commit | directories (space-separated) | extra include dirs | file filter (grep -E on the path)
#   [| extra hipcc flags, optional 7th column]
# The include dirs are those the projects' Makefiles pass (-I) that lie inside the project (rodinia:
# heartwall -I./AVI, leukocyte -I$(MATRIX_DIR), lud -I../common; cuda-samples: Common, FDTD3d's inc);
# the compile adds the unit's own directory.
PROJECT_TABLE='rodinia|yuhc/gpu-rodinia|9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4|cuda|cuda/util cuda/heartwall/AVI cuda/leukocyte/meschach_lib cuda/lud/common|.
llm.c|karpathy/llm.c|f1e2ace651495b74ae22d45d1723443fd00ecd3a|. dev/cuda|.|.
curand-samples|NVIDIA/CUDALibrarySamples|34377293fb148e90aad16fd762fa2445f941be55|cuRAND/Host|cuRAND/utils|_normal_example\.cpp$
cuda-samples-sim|NVIDIA/cuda-samples|c94ff366aed18c797b8a85dfaac7817b0228b420|Samples/5_Domain_Specific|Common Samples/5_Domain_Specific/FDTD3d/inc|.'
[ -n "${TABLE:-}" ] && PROJECT_TABLE=$(grep -v '^#' "$TABLE")

mkdir -p "$WORK/src"
label=$(printf '%s' "$HIPIFY" | cksum | cut -d' ' -f1)
echo "$HIPIFY" >"$WORK/label-$label.txt"

fetch() { # name repo commit paths -> $WORK/src/name: the source files under paths at that commit
  dest=$WORK/src/$1
  [ -f "$dest/.pinned-$3" ] && return 0
  rm -rf "$dest" && mkdir -p "$dest"
  git_dir=$MIRROR/$(echo "$2" | tr / +)/repo
  if ! { [ -d "$git_dir" ] && git --git-dir="$git_dir" cat-file -e "$3^{commit}" 2>/dev/null; }; then
    git_dir=$WORK/src/$1.git
    [ -d "$git_dir" ] || git clone -q --bare "https://github.com/$2" "$git_dir" || return 1
  fi
  # Only sources and build files: mirrors may lack large binary blobs, which the port does not need.
  git --git-dir="$git_dir" ls-tree -r "$3" -- $4 | while read -r mode type blob path; do
    case $path in *.cu|*.cuh|*.c|*.cc|*.cpp|*.cxx|*.h|*.hh|*.hpp|*.inc|*.inl|*.def|*Makefile*|*CMakeLists.txt|*.cmake) ;; *) continue ;; esac
    mkdir -p "$dest/$(dirname "$path")"
    git --git-dir="$git_dir" cat-file blob "$blob" >"$dest/$path" 2>/dev/null || rm -f "$dest/$path"
  done
  touch "$dest/.pinned-$3"
}

units() { # project dir, directories, filter -> relative paths of translation units
  (cd "$1" && for d in $2; do find "$d" -maxdepth 3 -type f \( -name '*.cu' -o -name '*.cpp' -o -name '*.cc' \); done) |
    sed 's|^\./||' | sort -u | grep -E "$3" | while read -r f; do
      case $f in *.cu) ;; *) grep -qE '#include[[:space:]]*[<"](cuda|curand|cublas|cufft|cusparse|cusolver)' "$1/$f" || continue ;; esac
      base=$(basename "$f")
      grep -rqsE "#include[[:space:]]*[<\"]([^\">]*/)?$base[\">]" "$1" && continue
      echo "$f"
    done
}

classify() { # uses name repo commit src out incs: one summary line, and the counts for the totals
  summary=$(python3 "$SCRIPTS/regression-classify.py" "$src" "$out" $incs) || { echo "$name: $summary" >&2; return 1; }
  echo "$name ($repo@$(echo "$commit" | cut -c1-12)): $summary"
  set -- $summary   # "C compiled, D failed with a diagnostic, S failed silently (of T); E explained by ..."
  echo "$1 $3 $8 ${13} ${19}" >>"$WORK/$label/counts.txt"
}

status=0
rm -f "$WORK/$label/counts.txt"
echo "$PROJECT_TABLE" | while IFS='|' read -r name repo commit dirs incs filter extra; do
  case " ${PROJECTS:-$name} " in *" $name "*) ;; *) continue ;; esac
  fetch "$name" "$repo" "$commit" "$dirs $incs" || { echo "$name: cannot fetch $repo@$commit" >&2; status=1; continue; }
  src=$WORK/src/$name out=$WORK/$label/$name
  if [ "${CLASSIFY_ONLY:-0}" = 1 ]; then classify; continue; fi
  rm -rf "$out" && mkdir -p "$out"
  # The JSON report gives each file's diagnostics with their severity, for the classification below.
  "$HIPIFY" -O "$out/port" --stats-json "$out/stats.json" "$src" >"$out/hipify.log" 2>&1
  units "$src" "$dirs" "$filter" >"$out/units.txt"
  if [ "${LIST_ONLY:-0}" = 1 ]; then echo "$name: $(wc -l <"$out/units.txt") units"; cat "$out/units.txt"; continue; fi
  flags="${extra:-}${LIB_INCLUDE:+ -I$LIB_INCLUDE}"
  for i in $incs; do flags="$flags -I$out/port/$i"; done
  # One hipcc per unit, JOBS at a time; each writes UNIT.ok or UNIT.fail with its log. A unit whose port
  # (itself and every project file it may include) is byte-identical to one compiled before, by any
  # binary, takes that result from WORKDIR/compile-cache instead (NO_CACHE=1: always compile).
  mkdir -p "$out/logs" "$CACHE"
  export out flags incs SCRIPTS CACHE SALT
  xargs -P "$JOBS" -I{} sh -c '
    f={}; log=$out/logs/$(echo "$f" | tr / _)
    key=$CACHE/$(python3 "$SCRIPTS/regression-classify.py" --key "$SALT" "$out/port" "$f" $incs)
    if [ "${NO_CACHE:-0}" != 1 ] && [ -f "$key.txt" ] && { [ -f "$key.ok" ] || [ -f "$key.fail" ]; }; then
      cp "$key.txt" "$log.txt"; if [ -f "$key.ok" ]; then touch "$log.ok"; else touch "$log.fail"; fi; exit 0
    fi
    if hipcc --offload-arch=gfx90a -fsyntax-only -x hip -I"$(dirname "$out/port/$f")" $flags "$out/port/$f" >"$log.txt" 2>&1
    then r=ok; else r=fail; fi
    touch "$log.$r"; cp "$log.txt" "$key.tmp$$" && mv "$key.tmp$$" "$key.txt" && touch "$key.$r"' <"$out/units.txt"
  find "$out/logs" -name '*.ok' | sed "s|$out/logs/||; s|\.ok$||" | sort >"$out/ok.txt"
  classify
done
# The loop runs in a pipeline's subshell: the totals come from the per-project lines it left.
awk '{ c += $1; d += $2; s += $3; e += $4; o += $5 } END { if (NR) printf "total: %d compiled, %d failed with a diagnostic, %d failed silently (of %d); %d explained by the first error, %d where the original fails the same way\n", c, d, s, c + d + s, e, o }' "$WORK/$label/counts.txt" 2>/dev/null
exit $status
