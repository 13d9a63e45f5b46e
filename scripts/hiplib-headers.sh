#!/bin/sh
# hiplib-headers.sh: writes the public headers of hipBLAS, hipFFT, hipSOLVER and rocThrust as released with
# ROCm 5.2 into DIR, so that ports of projects using them can be syntax-checked where the libraries are not
# installed (LIB_INCLUDE of regression-set.sh). It builds no library; nothing links against these.
#
# usage: scripts/hiplib-headers.sh DIR   env: HC_MIRROR (owner+name/repo git mirrors, else git clone),
#        HIPLIBS (which of "hipblas hipfft hipsolver rocthrust" to write; default all)
set -eu
DIR=${1:?usage: hiplib-headers.sh DIR}
MIRROR=${HC_MIRROR:-/work/.mirror}
TAG=rocm-5.2.0
LIBS=" ${HIPLIBS:-hipblas hipfft hipsolver rocthrust} "
want() { case "$LIBS" in *" $1 "*) return 0 ;; esac; return 1; }
git_dir() { # owner/repo -> a git directory holding TAG
  g=$MIRROR/$(echo "$1" | tr / +)/repo
  git --git-dir="$g" cat-file -e "$TAG^{commit}" 2>/dev/null && { echo "$g"; return; }
  g=$DIR/.src/$(echo "$1" | tr / +).git
  [ -d "$g" ] || git clone -q --bare "https://github.com/$1" "$g"
  echo "$g"
}
put() { # git-dir path-in-repo destination
  mkdir -p "$(dirname "$3")" && git --git-dir="$1" show "$TAG:$2" >"$3"
}
# CMake generates the export and version headers at build time: the same macros, written here.
generated() { # upper-case prefix, export header path, version header path
  printf '#pragma once\n#define %s_EXPORT __attribute__((visibility("default")))\n#define %s_NO_EXPORT\n#define %s_DEPRECATED __attribute__((deprecated))\n' "$1" "$1" "$1" >"$2"
  printf '#pragma once\n#define %s_VERSION_MAJOR 0\n#define %s_VERSION_MINOR 0\n#define %s_VERSION_PATCH 0\n' "$1" "$1" "$1" >"$3"
}
if want hipblas; then
  g=$(git_dir ROCm/hipBLAS)
  put "$g" library/include/hipblas.h "$DIR/hipblas/hipblas.h"
  generated HIPBLAS "$DIR/hipblas/hipblas-export.h" "$DIR/hipblas/hipblas-version.h"
fi
if want hipfft; then
  g=$(git_dir ROCm/hipFFT)
  for f in hipfft.h hipfftXt.h; do put "$g" library/include/$f "$DIR/hipfft/$f"; done
  generated HIPFFT "$DIR/hipfft/hipfft-export.h" "$DIR/hipfft/hipfft-version.h"
fi
if want hipsolver; then
  g=$(git_dir ROCm/hipSOLVER)
  for f in hipsolver.h internal/hipsolver-compat.h internal/hipsolver-functions.h internal/hipsolver-types.h; do
    put "$g" library/include/$f "$DIR/hipsolver/$f"
  done
  generated HIPSOLVER "$DIR/hipsolver/internal/hipsolver-export.h" "$DIR/hipsolver/internal/hipsolver-version.h"
fi
# rocThrust is header-only over rocPRIM (Debian's librocprim-dev): its thrust/ tree, and the version
# header its CMake configures from rocthrust_version.hpp.in.
if want rocthrust; then
g=$(git_dir ROCm/rocThrust)
git --git-dir="$g" ls-tree -r --name-only "$TAG" thrust | grep -E '\.(h|hpp|inl|cuh)$' | while read -r f; do
  put "$g" "$f" "$DIR/$f"
done
printf '#pragma once\n#define ROCTHRUST_VERSION_MAJOR 2\n#define ROCTHRUST_VERSION_MINOR 10\n#define ROCTHRUST_VERSION_PATCH 9\n#define ROCTHRUST_VERSION (ROCTHRUST_VERSION_MAJOR * 100000 + ROCTHRUST_VERSION_MINOR * 100 + ROCTHRUST_VERSION_PATCH)\n' >"$DIR/rocthrust_version.hpp"
fi
echo "$DIR: headers of$LIBS($TAG)"
