#!/bin/sh
# sweep.sh: the standing real-code sweep. For each project of projects.txt: extract it at its pinned commit,
# port the whole tree with one `hipify-c -O` run, build the original (nvcc) and the port (HIP on NVIDIA)
# through the build files each carries, compile the port for gfx90a with Debian's hipcc, and pack a bundle
# that device.sh runs on the GPU machine (the project's own tests, both sides at once); then one table.
# It never edits a port: the build trees are the port as written, and the check below counts every file
# that differs (a hand edit); an edit of the original for CUDA 13 is the recipe's, shown in the logs.
#
# usage: scripts/sweep/sweep.sh STEP [NAME...]   (from the hipify-c checkout; docs/validation.md)
#   prepare   extract, port, lay out the build trees (cuda = original, hip, amd = the port as written)
#   build     build the cuda and hip sides and compile the amd side, each step logged with its exit status
#   bundle    write CARRY/NAME.tar.xz: both sides' test programs, what they need to run, the test list
#   report    the table, from the build logs and RESULTS (the folder device.sh's OUT came back to)
# env: WORK (default /tmp/hipify-sweep), HIPIFY (default build/bin/hipify-c), CARRY (default .carry/sweep),
#      MIRRORS (default /work/.mirror), JOBS (default 2), LIST (default scripts/sweep/projects.txt),
#      RECIPES (the folder of NAME.sh recipes, default scripts/sweep/recipes: a list and recipes kept outside
#      the repository work the same way)
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/scripts/sweep
WORK=${WORK:-/tmp/hipify-sweep}
HIPIFY=${HIPIFY:-$ROOT/build/bin/hipify-c}
CARRY=${CARRY:-$ROOT/.carry/sweep}
MIRRORS=${MIRRORS:-/work/.mirror}
JOBS=${JOBS:-2}
LIST=${LIST:-$HERE/projects.txt}
RECIPES=${RECIPES:-$HERE/recipes}
CUDA=${CUDA_PATH:-/usr/local/cuda}
CUDA_REAL=$(readlink -f "$CUDA") # ldd names CUDA's libraries by either path (/usr/local/cuda-13.0/...)
# HIP on NVIDIA here (docs/build-migration.md): nvcc behind a hipcc (scripts/research/caffe/hipcc-nvidia)
# with the CUDA-13 overlay, the library layer and Debian's HIP headers (in a folder of their own, so that
# /usr/include is not put before the compiler's own headers); the CMake packages of runtime-shim/nvidia-libs.
NVENV=$WORK/.hip-nvidia
export HIPIFY_NVIDIA_INCLUDES="-I$ROOT/build/nvidia-compat/include -I$ROOT/build/nvidia-libs/include -isystem $NVENV/include"

say() { printf '== %s\n' "$*"; }
field() { grep -v '^#' "$LIST" | awk -F'|' -v n="$1" -v f="$2" '$1 == n {print $f}'; }
names() { if [ $# -gt 0 ]; then echo "$@"; else grep -v '^#' "$LIST" | cut -d'|' -f1; fi; }
git_dir() { echo "$MIRRORS/$(echo "$1" | tr / +)/repo"; }

nvidia_env() {
  mkdir -p "$NVENV/bin" "$NVENV/include" "$NVENV/lib"
  [ -e "$NVENV/include/hip" ] || ln -s /usr/include/hip "$NVENV/include/hip"
  cp "$ROOT/scripts/research/caffe/hipcc-nvidia" "$NVENV/bin/hipcc" && chmod +x "$NVENV/bin/hipcc"
  # and its hipconfig: a Makefile's HIP module asks it for the platform and the host compiler's -D/-I
  cp "$HERE/hipconfig-nvidia" "$NVENV/bin/hipconfig" && chmod +x "$NVENV/bin/hipconfig"
  # the HIP libraries' names for a link (-lhipblas): the layer is header-only over CUDA's libraries
  # (runtime-shim/nvidia-libs), so each name is a linker script that links CUDA's
  for p in hipblas:cublas hipfft:cufft hiprand:curand hipsparse:cusparse hipsolver:cusolver; do
    [ -e "$NVENV/lib/lib${p%%:*}.so" ] || echo "INPUT(-l${p#*:})" >"$NVENV/lib/lib${p%%:*}.so"
  done
  # libhipify_shim for NVIDIA (docs/shim.md): its C sources through nvcc against HIP's headers
  if [ ! -s "$NVENV/lib/libhipify_shim.a" ]; then
    ( cd "$NVENV/lib" && for f in "$ROOT"/runtime-shim/src/*.c; do
        "$CUDA/bin/nvcc" -x c -D__HIP_PLATFORM_NVIDIA__ $HIPIFY_NVIDIA_INCLUDES -I"$ROOT/runtime-shim/include" \
          -I"$ROOT/runtime-shim/src" -Xcompiler -fPIC -c "$f" -o "$(basename "$f" .c).o" || exit 1
      done && ar rcs libhipify_shim.a ./*.o && rm -f ./*.o )
  fi
}

# a tree at a commit into a folder; a mirror fetched without its largest blobs cannot archive them: those
# files are left out (a git archive of the whole tree would stop at the first) and listed in lacking.txt
extract() { # git_dir commit folder prefix-for-the-list
  set -- "$1" "$2" "$3" "$4" "$(mktemp)"
  git --git-dir="$1" ls-tree -r "$2" | awk '$2 == "blob"' >"$5"
  awk '{print $3}' "$5" | git --git-dir="$1" cat-file --batch-check | paste - "$5" |
    awk -F'\t' '$1 ~ / missing$/ {print $3}' >"$5.lack"
  sed "s|^|$4|" "$5.lack" >>"$w/lacking.txt"
  g=$1 c=$2 d=$3 l=$5
  set --
  while IFS= read -r f; do set -- "$@" ":(exclude,literal)$f"; done <"$l.lack"
  rm -f "$l" "$l.lack"
  git --git-dir="$g" archive "$c" -- . "$@" | tar -x -C "$d"
}

prepare_one() { # name
  n=$1 w=$WORK/$1
  repo=$(field "$n" 2) commit=$(field "$n" 3) subs=$(field "$n" 4)
  [ -n "$repo" ] || { echo "sweep: $n is not in $LIST" >&2; return 1; }
  rm -rf "$w" && mkdir -p "$w/orig"
  : >"$w/lacking.txt"
  extract "$(git_dir "$repo")" "$commit" "$w/orig" ""
  for s in $subs; do # path=owner/repo at the commit the project's tree records
    p=${s%%=*} r=${s#*=}
    c=$(git --git-dir="$(git_dir "$repo")" ls-tree "$commit" "$p" | awk '{print $3}')
    mkdir -p "$w/orig/$p" && extract "$(git_dir "$r")" "$c" "$w/orig/$p" "$p/"
  done
  [ ! -s "$w/lacking.txt" ] || say "$n: $(wc -l <"$w/lacking.txt") files the mirror lacks are left out ($w/lacking.txt)"
  # an edit of the original that every build needs (its published code compiles with no CUDA): the recipe's
  # orig_fix, run in orig before the port is made, so both sides are of one edited original (logged, and in
  # steps.txt); an edit for CUDA 13 alone stays the cuda side's (cuda_build)
  unset -f orig_fix 2>/dev/null || true
  . "$RECIPES/$n.sh"
  fix=""
  if command -v orig_fix >/dev/null 2>&1; then
    set +e
    (cd "$w/orig" && set -x && orig_fix) >"$w/orig-fix.log" 2>&1
    fix="orig orig-fix rc=$?"
    set -e
  fi
  set +e
  "$HIPIFY" -O "$w/port" "$w/orig" --offload-arch gfx90a >"$w/port.log" 2>&1
  rc=$?
  set -e
  say "$n: $repo@$commit, $(find "$w/orig" -type f | wc -l) files; hipify-c -O: exit $rc," \
    "$(grep -c ': warning: ' "$w/port.log") warnings, $(grep -c ': error: ' "$w/port.log") errors"
  echo "port rc=$rc" >"$w/steps.txt"
  [ -z "$fix" ] || echo "$fix" | tee -a "$w/steps.txt"
  cp -a "$w/orig" "$w/cuda"
  cp -a "$w/port" "$w/hip"
  cp -a "$w/port" "$w/amd"
}

# a build step of a side: its command's output in logs/SIDE-STEP.log, its exit status in steps.txt
step() { # side name command...
  s=$1 t=$2; shift 2
  set +e
  ( "$@" ) >"$W/logs/$s-$t.log" 2>&1
  rc=$?
  set -e
  echo "$s $t rc=$rc" | tee -a "$W/steps.txt"
  return 0
}

build_one() { # name
  W=$WORK/$1
  mkdir -p "$W/logs"
  sed -i '/^\(cuda\|hip\|amd\) /d; /^hand-edits/d' "$W/steps.txt"
  . "$RECIPES/$1.sh"
  ( cd "$W/cuda" && cuda_build )
  ( cd "$W/hip" && PATH="$NVENV/bin:$PATH" LIBRARY_PATH="$NVENV/lib:$CUDA/lib64" hip_build )
  ( cd "$W/amd" && amd_build )
  # hand edits: every file of the port must be in the build trees as hipify-c wrote it
  e=0
  for t in hip amd; do
    e=$((e + $(diff -rq "$W/port" "$W/$t" 2>/dev/null | grep -vc "^Only in $W/$t" || true)))
  done
  echo "hand-edits $e" >>"$W/steps.txt"
}

# the bundle: for each side the files its tests read (the recipe's artifacts, relative to the tree), the
# shared libraries they load that the GPU machine lacks (CUDA's own and the C/C++ runtime it has), tests.txt
bundle_one() { # name
  W=$WORK/$1
  . "$RECIPES/$1.sh"
  tmp=$(mktemp -d) && mkdir -p "$tmp/$1/lib"
  for s in cuda hip; do
    mkdir -p "$tmp/$1/$s"
    # what a side did not build is not there: its tests fail on the GPU machine (exit 127)
    (cd "$W/$s" && artifacts "$s" | while read -r f; do [ ! -e "$f" ] || cp -r --parents "$f" "$tmp/$1/$s"; done)
  done
  find "$tmp/$1" -type f -perm -u+x | while read -r f; do
    ldd "$f" 2>/dev/null | awk '/=> \//{print $3}' | while read -r l; do
      case $l in "$CUDA"/*|"$CUDA_REAL"/*|*/libc.so*|*/libm.so*|*/libpthread.so*|*/libdl.so*|*/librt.so*|*/ld-linux*|\
        */libstdc++.so*|*/libgcc_s.so*|*/libcuda.so*|*/libnvidia-ml.so*) ;;
        *) cp -L -n "$l" "$tmp/$1/lib/" ;;
      esac
    done
  done
  tests >"$tmp/$1/tests.txt"
  mkdir -p "$CARRY"
  (cd "$tmp" && tar -c "$1") | xz -T"$JOBS" -6 >"$CARRY/$1.tar.xz"
  rm -rf "$tmp"
  cp "$HERE/device.sh" "$CARRY/"
  say "$1: $(du -h "$CARRY/$1.tar.xz" | cut -f1), $(tests | wc -l) tests a side"
}

report() {
  python3 "$HERE/report.py" --work "$WORK" --results "${RESULTS:-}" $(names "$@")
}

step_name=${1:?usage: sweep.sh prepare|build|bundle|report [NAME...]}; shift
case $step_name in
  prepare) [ -x "$HIPIFY" ] || { echo "sweep: build hipify-c first ($HIPIFY)" >&2; exit 2; }
           for n in $(names "$@"); do prepare_one "$n"; done ;;
  build) nvidia_env; for n in $(names "$@"); do build_one "$n"; done ;;
  bundle) for n in $(names "$@"); do bundle_one "$n"; done; du -sh "$CARRY" ;;
  report) report "$@" ;;
  *) echo "usage: sweep.sh prepare|build|bundle|report [NAME...]" >&2; exit 2 ;;
esac
