#!/bin/sh
# regression-set.sh: ports pinned public CUDA projects with a given hipify-c and counts how many of their
# GPU translation units compile for gfx90a (hipcc -fsyntax-only) with no hand edit. Not part of make test.
#
# usage: scripts/regression-set.sh HIPIFY_BINARY [WORKDIR]   (default WORKDIR: /tmp/hipify-regression)
# env:   JOBS (parallel hipcc, default 2), HC_MIRROR (a directory of owner+name/repo git mirrors, used
#        before cloning from github.com), PROJECTS (space-separated subset of the names below),
#        LIST_ONLY=1 (fetch and list the translation units, compile nothing),
#        TABLE=FILE (another project table, same columns; scripts/realworld-set.txt is the second set),
#        LIB_INCLUDE=DIR (added with -I: hipBLAS/hipFFT/hipSOLVER headers, see scripts/hiplib-headers.sh).
# Output: one line per project "name: OK/TOTAL compile", logs under WORKDIR/<label>/<name>/, where
# label is the binary's directory name hash so two binaries never share a port.
#
# A translation unit is a .cu file, or a .cpp/.cc file that includes a CUDA header, under the listed
# directories, that no other file of the project #includes (those are compiled as part of their includer).
set -u
HIPIFY=${1:?usage: regression-set.sh HIPIFY_BINARY [WORKDIR]}
WORK=${2:-/tmp/hipify-regression}
JOBS=${JOBS:-2}
MIRROR=${HC_MIRROR:-/work/.mirror}
case $HIPIFY in /*) ;; *) HIPIFY=$(pwd)/$HIPIFY ;; esac
command -v hipcc >/dev/null 2>&1 || { echo "hipcc not found" >&2; exit 77; }

# name | owner/repo | pinned commit | directories (space-separated) | extra include dirs | file filter (grep -E on the path)
#   [| extra hipcc flags, optional 7th column]
PROJECT_TABLE='rodinia|yuhc/gpu-rodinia|9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4|cuda|cuda/util|.
llm.c|karpathy/llm.c|f1e2ace651495b74ae22d45d1723443fd00ecd3a|. dev/cuda|.|.
curand-samples|NVIDIA/CUDALibrarySamples|34377293fb148e90aad16fd762fa2445f941be55|cuRAND/Host|cuRAND/utils|_normal_example\.cpp$
cuda-samples-sim|NVIDIA/cuda-samples|c94ff366aed18c797b8a85dfaac7817b0228b420|Samples/5_Domain_Specific|Common|.'
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

status=0
echo "$PROJECT_TABLE" | while IFS='|' read -r name repo commit dirs incs filter extra; do
  case " ${PROJECTS:-$name} " in *" $name "*) ;; *) continue ;; esac
  fetch "$name" "$repo" "$commit" "$dirs $incs" || { echo "$name: cannot fetch $repo@$commit" >&2; status=1; continue; }
  src=$WORK/src/$name out=$WORK/$label/$name
  rm -rf "$out" && mkdir -p "$out"
  "$HIPIFY" -O "$out/port" "$src" >"$out/hipify.log" 2>&1
  units "$src" "$dirs" "$filter" >"$out/units.txt"
  if [ "${LIST_ONLY:-0}" = 1 ]; then echo "$name: $(wc -l <"$out/units.txt") units"; cat "$out/units.txt"; continue; fi
  flags="${extra:-}${LIB_INCLUDE:+ -I$LIB_INCLUDE}"
  for i in $incs; do flags="$flags -I$out/port/$i"; done
  # One hipcc per unit, JOBS at a time; each writes UNIT.ok or UNIT.fail with its log.
  mkdir -p "$out/logs"
  export out flags
  xargs -P "$JOBS" -I{} sh -c '
    f={}; log=$out/logs/$(echo "$f" | tr / _)
    if hipcc --offload-arch=gfx90a -fsyntax-only -x hip -I"$(dirname "$out/port/$f")" $flags "$out/port/$f" >"$log.txt" 2>&1
    then touch "$log.ok"; else touch "$log.fail"; fi' <"$out/units.txt"
  total=$(wc -l <"$out/units.txt")
  ok=$(find "$out/logs" -name '*.ok' | wc -l)
  echo "$name ($repo@$(echo "$commit" | cut -c1-12)): $ok/$total compile"
  find "$out/logs" -name '*.ok' | sed "s|$out/logs/||; s|\.ok$||" | sort >"$out/ok.txt"
done
exit $status
