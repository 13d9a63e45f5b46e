#!/bin/bash
# recipe.sh: ports BVLC Caffe with one hipify-c run and proves the port: builds the original (nvcc) and the
# port (HIP on NVIDIA) from the build files each carries, compiles the port for gfx90a with Debian's hipcc
# (its Makefile, and its own CMake files), and prepares the bundle that device.sh builds and runs on the GPU
# machine (Caffe's own tests, LeNet training, caffe time). It never edits the port: the only file added to a
# port tree is Makefile.config, copied from the Makefile.config.example hipify-c migrated, as Caffe's
# installation guide says to do. It installs nothing: it checks first that what the steps asked for need
# is here, and names what is missing. It is a script, not a test: CI neither fetches nor builds Caffe.
#
# usage: scripts/research/caffe/recipe.sh STEP...   (from the hipify-c checkout; docs/validation.md, "Caffe")
#   prepare      extract Caffe at COMMIT, port it (hipify-c -O, build files included), lay out the build trees
#   amd          make the port's library and tools for gfx90a with Debian's hipcc (make -k: every unit is tried)
#   cmake-amd    configure the port's own CMake files for gfx90a (Debian's hipcc) in WORK/amd-cmake and build
#                CMAKE_TARGETS (default: caffe, the library)
#   cmake-nvidia configure the port's own CMake files for HIP on NVIDIA (nvcc, CMAKE_HIP_PLATFORM=nvidia) in
#                WORK/nv-cmake; builds CMAKE_NV_TARGETS if set (default: configure only)
#   bundle       write CARRY: both trees, the headers and libraries they need, the HIP-on-NVIDIA headers
#   report       summarise device.sh's results (RESULTS: its packed caffe-results.tar.gz files, or folders)
# env: WORK (default /tmp/caffe-recipe), HIPIFY (default build/bin/hipify-c), COMMIT, MIRROR (bare git of
#      BVLC/caffe), HC_MIRROR (the folder of the ROCm/hipBLAS and ROCm/rocThrust mirrors, default
#      /work/.mirror), CARRY (default .carry/caffe), HIP_LAYER (the hipBLAS/hipRAND-over-CUDA headers, default
#      build/nvidia-libs/include), OVERLAY (default build/nvidia-compat/include), JOBS (default 2),
#      HEADER_LIST (bundle: the system headers to carry, from an earlier scan, instead of scanning),
#      TREES_ONLY (bundle: rewrite only the two source trees), REUSE_DEPS (bundle: keep an existing
#      deps.tar.xz, the headers and libraries of this machine, which change only with its packages)
set -eEu
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HERE=$ROOT/scripts/research/caffe
WORK=${WORK:-/tmp/caffe-recipe}
HIPIFY=${HIPIFY:-$ROOT/build/bin/hipify-c}
COMMIT=${COMMIT:-9b891540183ddc834a02b2bd81b31afae71b2153}
MIRROR=${MIRROR:-/work/.mirror/BVLC+caffe/repo}
export HC_MIRROR=${HC_MIRROR:-/work/.mirror}
CARRY=${CARRY:-$ROOT/.carry/caffe}
HIP_LAYER=${HIP_LAYER:-$ROOT/build/nvidia-libs/include}
OVERLAY=${OVERLAY:-$ROOT/build/nvidia-compat/include}
JOBS=${JOBS:-2}
# Caffe's configuration, the same for every build: no OpenCV, OpenBLAS (Debian's), cuDNN and NCCL off
# (Makefile.config.example leaves them commented out). Debian keeps HDF5 under hdf5/serial.
CONFIG="USE_OPENCV=0 BLAS=open"
export CPATH=/usr/include/hdf5/serial LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/hdf5/serial
STEP=start
# A command that fails stops the recipe (set -e), and the exit names the step, the line and the command:
# never a silent non-zero exit. The ERR trap only remembers (it also sees failures that are tested).
trap 'last_line=$LINENO last_cmd=$BASH_COMMAND' ERR
trap 'rc=$?; [ $rc -eq 0 ] || [ -n "${REPORTED:-}" ] ||
  echo "recipe: step $STEP failed (exit $rc) at recipe.sh:${last_line:-?}: ${last_cmd:-?}" >&2' EXIT
fail() { echo "recipe: step $STEP: $*" >&2; REPORTED=1; exit 1; }

# What each step needs from this machine, one a line: STEP KIND WHAT PACKAGE. KIND: cmd (in PATH), file,
# lib (a name ldconfig knows); PACKAGE: the Debian 12 package that brings it, or how else to get it.
NEEDS='
prepare   cmd  git                 git
prepare   cmd  protoc              protobuf-compiler
prepare   file /usr/include/hip/hip_runtime.h libamdhip64-dev
amd       cmd  hipcc               hipcc
amd       cmd  make                make
amd       cmd  protoc              protobuf-compiler
amd       file /usr/include/rocprim/rocprim.hpp librocprim-dev
cmake-amd cmd  cmake               cmake
cmake-amd cmd  hipcc               hipcc
cmake-amd cmd  protoc              protobuf-compiler
cmake-amd file /usr/include/rocprim/rocprim.hpp librocprim-dev
cmake-nvidia cmd cmake             cmake
cmake-nvidia cmd nvcc              CUDA-13-toolkit(nvcc-in-PATH)
cmake-nvidia cmd protoc            protobuf-compiler
bundle    cmd  nvcc                CUDA-13-toolkit(nvcc-in-PATH)
bundle    file /usr/include/hip/hip_runtime.h libamdhip64-dev
cmake-nvidia file /usr/include/hip/hip_runtime.h libamdhip64-dev
bundle    cmd  g++                 g++
bundle    cmd  patchelf            patchelf
bundle    cmd  xz                  xz-utils
bundle    cmd  objdump             binutils
bundle    cmd  python3             python3
bundle    cmd  protoc              protobuf-compiler
bundle    lib  libprotoc.so.32     libprotoc32
bundle    lib  libhdf5_serial_cpp.so libhdf5-dev
bundle    lib  libhdf5_serial_hl_cpp.so libhdf5-dev
report    cmd  python3             python3
'
# the libraries Caffe builds with (headers and link names): every build step needs them
for s in amd cmake-amd cmake-nvidia bundle; do
  NEEDS="$NEEDS
$s file /usr/include/boost/version.hpp libboost-system-dev
$s lib  libboost_system.so     libboost-system-dev
$s lib  libboost_filesystem.so libboost-filesystem-dev
$s lib  libboost_thread.so     libboost-thread-dev
$s file /usr/include/glog/logging.h libgoogle-glog-dev
$s lib  libglog.so             libgoogle-glog-dev
$s file /usr/include/gflags/gflags.h libgflags-dev
$s lib  libgflags.so           libgflags-dev
$s file /usr/include/google/protobuf/message.h libprotobuf-dev
$s lib  libprotobuf.so         libprotobuf-dev
$s file /usr/include/hdf5/serial/hdf5.h libhdf5-dev
$s lib  libhdf5_serial.so      libhdf5-dev
$s lib  libhdf5_serial_hl.so   libhdf5-dev
$s file /usr/include/leveldb/db.h libleveldb-dev
$s lib  libleveldb.so          libleveldb-dev
$s file /usr/include/snappy.h  libsnappy-dev
$s lib  libsnappy.so           libsnappy-dev
$s file /usr/include/lmdb.h    liblmdb-dev
$s lib  liblmdb.so             liblmdb-dev
$s file /usr/include/x86_64-linux-gnu/openblas-pthread/cblas.h libopenblas-dev
$s lib  libopenblas.so         libopenblas-dev"
done

# check_needs STEP...: every missing command, file or library of those steps, with its package; exit 2 if any
check_needs() {
  missing="" pkgs="" lines=""
  have_libs=$(ldconfig -p 2>/dev/null | awk '{print $1}')
  while read -r step kind what pkg; do
    [ -n "$step" ] || continue
    case " $* " in *" $step "*) ;; *) continue ;; esac
    case $kind in
      cmd) command -v "$what" >/dev/null 2>&1 && continue ;;
      file) [ -e "$what" ] && continue ;;
      lib) printf '%s\n' "$have_libs" | grep -qxF "$what" && continue ;;
    esac
    case " $missing " in *" $what "*) continue ;; esac
    missing="$missing $what"
    lines="$lines$(printf '  %-28s %-5s for %-12s %s' "$what" "$kind" "$step" "$pkg")
"
    case $pkg in CUDA-*) ;; *) case " $pkgs " in *" $pkg "*) ;; *) pkgs="$pkgs $pkg" ;; esac ;; esac
  done <<<"$NEEDS"
  # what the recipe itself builds or fetches (docs/validation.md, "Reproduce")
  extra=$(check_own "$@")
  if [ -n "$missing$extra" ]; then
    echo "recipe: missing here (what, kind, for step, Debian package or where it comes from):" >&2
    printf '%s' "$lines" >&2
    [ -z "$extra" ] || echo "$extra" >&2
    echo "recipe: the steps '$*' need the above; the recipe installs nothing itself." >&2
    [ -z "$pkgs" ] || echo "recipe: Debian packages: apt-get install$pkgs" >&2
    REPORTED=1; exit 2
  fi
}

# check_own STEP...: what the recipe's steps need from this checkout and the mirrors, one line each
check_own() {
  for step in "$@"; do
    case $step in
      prepare)
        [ -x "$HIPIFY" ] || echo "  $HIPIFY: build hipify-c first (cmake --build build)"
        git --git-dir="$MIRROR" cat-file -e "$COMMIT^{commit}" 2>/dev/null ||
          echo "  BVLC/caffe at $COMMIT: a bare git mirror at MIRROR=$MIRROR (fetch github:BVLC/caffe)"
        for r in ROCm+hipBLAS ROCm+rocThrust; do
          git --git-dir="$HC_MIRROR/$r/repo" cat-file -e 'rocm-5.2.0^{commit}' 2>/dev/null ||
            echo "  ${r/+//} at rocm-5.2.0: a bare git mirror at $HC_MIRROR/$r/repo (fetch github:${r/+//})"
        done ;;
      bundle|cmake-nvidia)
        for d in "$OVERLAY" "$HIP_LAYER"; do
          [ -d "$d" ] || echo "  $d: the HIP-on-NVIDIA headers (cmake --build build)"
        done ;;
    esac
  done
  return 0
}

say() { printf '== %s\n' "$*"; }

# Caffe generates caffe.pb.{h,cc} with protoc at build time; made here so the GPU machine needs no protoc.
protos() { # tree
  mkdir -p "$1/.build_release/src/caffe/proto"
  protoc --proto_path="$1/src/caffe/proto" --cpp_out="$1/.build_release/src/caffe/proto" "$1/src/caffe/proto/caffe.proto"
}

prepare() {
  rm -rf "$WORK/orig" "$WORK/port" "$WORK/cuda" "$WORK/hip" "$WORK/amd"
  mkdir -p "$WORK/orig"
  git --git-dir="$MIRROR" archive "$COMMIT" | tar -x -C "$WORK/orig"
  sed -i -f "$HERE/original-protobuf.sed" "$WORK/orig/src/caffe/util/io.cpp"
  say "Caffe $COMMIT extracted: $(find "$WORK/orig" -type f | wc -l) files; io.cpp updated for protobuf 3.21"
  # hipBLAS and rocThrust headers (ROCm 5.2) for the gfx90a compile: Debian 12 ships neither.
  HIPLIBS="hipblas rocthrust" sh "$ROOT/scripts/hiplib-headers.sh" "$WORK/hiplib/include" >/dev/null
  # The port: one run over the whole tree, build files included.
  rc=0
  "$HIPIFY" -O "$WORK/port" "$WORK/orig" --offload-arch gfx90a --hip-path "/usr:$WORK/hiplib" \
    --stats-json "$WORK/port-stats.json" >"$WORK/port.log" 2>&1 || rc=$?
  say "hipify-c -O port orig: exit $rc, $(grep -c ': warning: ' "$WORK/port.log") warnings," \
    "$(grep -c ': note: ' "$WORK/port.log") notes; build files: $(grep -cE 'HC400[1-4]' "$WORK/port.log") diagnostics"
  [ $rc -eq 0 ] || fail "hipify-c exited $rc (2: usage, 3: an output it would not overwrite); its messages: $WORK/port.log"
  # The build trees: the port as hipify-c wrote it, plus Makefile.config (Caffe's documented step).
  for t in hip amd; do
    cp -a "$WORK/port" "$WORK/$t"
    cp "$WORK/$t/Makefile.config.example" "$WORK/$t/Makefile.config"
    protos "$WORK/$t"
  done
  # hand edits: every file of the port tree is byte-identical in the build trees
  for t in hip amd; do
    if ! diff -r -q -x .build_release -x Makefile.config "$WORK/port" "$WORK/$t" >/dev/null; then
      fail "$WORK/$t differs from the port $WORK/port beyond Makefile.config and .build_release"
    fi
  done
  say "hand edits to the port: 0 (build trees = port + Makefile.config copied from its migrated example)"
  # The original for CUDA 13: three cudaDeviceProp fields CUDA 13 removed (original-cuda13.sed).
  cp -a "$WORK/orig" "$WORK/cuda"
  sed -i -f "$HERE/original-cuda13.sed" "$WORK/cuda/src/caffe/common.cpp" "$WORK/cuda/src/caffe/test/test_platform.cpp"
  cp "$WORK/cuda/Makefile.config.example" "$WORK/cuda/Makefile.config"
  protos "$WORK/cuda"
  say "original: $(diff -r "$WORK/orig" "$WORK/cuda" -x .build_release -x Makefile.config | grep -c '^<') lines changed for CUDA 13"
}

# gfx90a: every GPU unit (.cu), the library's .cpp files and the tools, with the port's Makefile as it is.
# The link of libcaffe.so needs libhipblas, which Debian lacks: the objects are what is checked.
# CUDA_DIR points nowhere, as on a machine without CUDA: its include/ would put CUDA's thrust before
# rocThrust.
amd() {
  d=$WORK/amd
  [ -d "$d" ] || fail "$d missing: run the prepare step first"
  # hipBLAS and rocThrust where a user who installed them apart would point the compilers
  # libhipify_shim from this checkout's build; the one GPU unit of the tests as well as the library's.
  # make -k fails at the link of libcaffe.so (no libhipblas here): the objects are counted below.
  (export CPATH="$CPATH:$WORK/hiplib/include" LIBRARY_PATH="$LIBRARY_PATH:$ROOT/build/runtime-shim"; cd "$d" &&
    make -k -j"$JOBS" $CONFIG CUDA_DIR=/nonexistent-cuda lib tools .build_release/cuda/src/caffe/test/test_im2col_kernel.o) \
    >"$WORK/amd-build.log" 2>&1 || say "amd: make -k exit status $?: $WORK/amd-build.log"
  cu=$(find "$d/src" -name '*.cu' | wc -l)
  cu_ok=$(find "$d/.build_release/cuda/src" -name '*.o' 2>/dev/null | wc -l) # (CUDA_DIR: no CUDA for hipcc)
  cpp=$(find "$d/src/caffe" -name '*.cpp' -not -path '*/test/*' | wc -l)
  cpp_ok=$(find "$d/.build_release/src/caffe" -name '*.o' -not -path '*/test/*' 2>/dev/null | wc -l)
  tools=$(find "$d/tools" -name '*.cpp' | wc -l)
  tools_ok=$(find "$d/.build_release/tools" -name '*.o' 2>/dev/null | wc -l)
  say "gfx90a: GPU units $cu_ok/$cu, library .cpp $cpp_ok/$cpp (+caffe.pb.cc), tools $tools_ok/$tools compiled"
  grep -E '^[^ ]+:[0-9]+:[0-9]+: (fatal )?error' "$WORK/amd-build.log" | sort -u | head -20 || true
  grep -E 'cannot find -l|undefined reference' "$WORK/amd-build.log" | sort | uniq -c | head -5 || true
}

# Caffe's CMake options for every CMake build here: the configuration of the Makefile builds
CMAKE_OPTIONS=(-DCMAKE_BUILD_TYPE=Release -DUSE_OPENCV=OFF -DBLAS=Open -DUSE_CUDNN=OFF -DUSE_NCCL=OFF
  -DBUILD_python=OFF -DBUILD_docs=OFF "-DCMAKE_LIBRARY_PATH=$ROOT/build/runtime-shim")

# gfx90a through the port's own CMake files (the carried cmake/hipify-hip.cmake), Debian's hipcc 5.2.
# Debian 12 ships no hipBLAS and no rocThrust: their 5.2 headers (prepare wrote them to WORK/hiplib) are
# given as a user who installed them apart would have them, rocThrust on CPATH and hipBLAS as a CMake
# package (roc::hipblas, the target hipBLAS's own package defines) whose library is not here. So the
# library is built static (BUILD_SHARED_LIBS=OFF, a Caffe option): every unit compiles and is archived,
# and nothing links against the absent libhipblas.
cmake_amd() {
  [ -d "$WORK/hip" ] || fail "$WORK/hip missing: run the prepare step first"
  pkg=$WORK/hiplib/lib/cmake/hipblas
  mkdir -p "$pkg"
  cat >"$pkg/hipblas-config.cmake" <<EOC
# hipBLAS 5.2's headers (scripts/hiplib-headers.sh) as an installed hipBLAS names them; no library here.
if(NOT TARGET roc::hipblas)
  add_library(roc::hipblas INTERFACE IMPORTED)
  set_target_properties(roc::hipblas PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "$WORK/hiplib/include"
                        INTERFACE_LINK_LIBRARIES hipblas)
endif()
set(hipblas_FOUND TRUE)
EOC
  d=$WORK/amd-cmake
  rm -rf "$d"
  t0=$(date +%s)
  rc=0
  ( export CPATH="$CPATH:$WORK/hiplib/include"
    cmake -S "$WORK/hip" -B "$d" "${CMAKE_OPTIONS[@]}" -DBUILD_SHARED_LIBS=OFF -DCMAKE_PREFIX_PATH="$WORK/hiplib" \
      ${CMAKE_FLAGS:-} >"$WORK/amd-cmake-configure.log" 2>&1 || exit 10
    say "cmake-amd: configured ($(( $(date +%s) - t0 )) s): $(grep -m1 'hipify-c' "$d/CMakeCache.txt" | head -1)" >&2
    cmake --build "$d" -j"$JOBS" --target ${CMAKE_TARGETS:-caffe} >"$WORK/amd-cmake-build.log" 2>&1 || exit 11 ) || rc=$?
  [ $rc -ne 10 ] || fail "configure failed: $WORK/amd-cmake-configure.log: $(grep -m1 -A3 'CMake Error' "$WORK/amd-cmake-configure.log" | tr -s ' \n' ' ')"
  units=$(find "$d" -name '*.cu.o' | wc -l) objs=$(find "$d" -name '*.o' | wc -l)
  say "cmake-amd: build of ${CMAKE_TARGETS:-caffe}: exit $rc, $(( $(date +%s) - t0 )) s; objects $objs (of them .cu $units);" \
    "libraries: $(cd "$d" && find . -name 'libcaffe*' -o -name 'libcaffeproto*' | tr '\n' ' ')"
  grep -E '(^|/)[^ ]+:[0-9]+:[0-9]+: (fatal )?error' "$WORK/amd-cmake-build.log" | sort -u | head -20 || true
  [ $rc -eq 0 ] || fail "build failed: $WORK/amd-cmake-build.log"
}

# HIP on NVIDIA through the port's own CMake files: the module's NVIDIA branch (nvcc for the .cu files) and
# the CMake packages of runtime-shim/nvidia-libs; configured here, built where CMAKE_NV_TARGETS says.
cmake_nvidia() {
  [ -d "$WORK/hip" ] || fail "$WORK/hip missing: run the prepare step first"
  d=$WORK/nv-cmake
  rm -rf "$d"
  t0=$(date +%s)
  cmake -S "$WORK/hip" -B "$d" "${CMAKE_OPTIONS[@]}" -DCMAKE_HIP_PLATFORM=nvidia -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_CUDA_FLAGS="-static-global-template-stub=false -device-entity-has-hidden-visibility=false" \
    -DCUDA_ARCH_NAME=Manual -DCUDA_ARCH_BIN=90 -DCUDA_ARCH_PTX= -DCMAKE_PREFIX_PATH="$(dirname "$HIP_LAYER")" \
    ${CMAKE_FLAGS:-} >"$WORK/nv-cmake-configure.log" 2>&1 ||
    fail "configure failed: $WORK/nv-cmake-configure.log: $(grep -m1 -A3 'CMake Error' "$WORK/nv-cmake-configure.log" | tr -s ' \n' ' ')"
  say "cmake-nvidia: configured in $(( $(date +%s) - t0 )) s ($d)"
  [ -n "${CMAKE_NV_TARGETS:-}" ] || return 0
  cmake --build "$d" -j"$JOBS" --target $CMAKE_NV_TARGETS >"$WORK/nv-cmake-build.log" 2>&1 ||
    fail "build of $CMAKE_NV_TARGETS failed: $WORK/nv-cmake-build.log"
  say "cmake-nvidia: built $CMAKE_NV_TARGETS in $(( $(date +%s) - t0 )) s"
}

bundle() {
  for t in cuda hip; do [ -d "$WORK/$t" ] || fail "$WORK/$t missing: run the prepare step first"; done
  mkdir -p "$CARRY"
  tmp=$(mktemp -d)
  # the two trees, without what a build does not read
  mkdir -p "$tmp/trees"
  for t in cuda hip; do
    (cd "$WORK" && tar -c --exclude="$t/docs" --exclude="$t/data" --exclude="$t/python" --exclude="$t/matlab" \
      --exclude="$t/docker" --exclude="$t/examples/images" --exclude="$t/examples/web_demo" "$t") | tar -x -C "$tmp/trees"
  done
  # the CMake build adds those folders unconditionally: their CMakeLists.txt (each checks its own option)
  for t in cuda hip; do
    for d in python matlab docs; do mkdir -p "$tmp/trees/$t/$d" && cp "$WORK/$t/$d/CMakeLists.txt" "$tmp/trees/$t/$d/"; done
  done
  (cd "$tmp/trees" && tar -c cuda hip) | xz -T2 -6 >"$CARRY/trees.tar.xz"
  if [ -n "${TREES_ONLY:-}" ]; then rm -rf "$tmp"; ls -la "$CARRY"; return; fi
  if [ -n "${REUSE_DEPS:-}" ] && [ -s "$CARRY/deps.tar.xz" ]; then say "deps.tar.xz kept (REUSE_DEPS)"; else
  # the library headers the sources include (every source scanned, .cu files by nvcc -M: boost is carried
  # as the parts it reaches, the smaller libraries whole), and the libraries they link with everything those
  # need, glibc and the compiler's own libraries aside (the GPU machine has its own)
  mkdir -p "$tmp/deps/include" "$tmp/deps/lib"
  if [ -n "${HEADER_LIST:-}" ]; then cp "$HEADER_LIST" "$tmp/headers.txt"; else
    say "scanning the original's sources for the headers they include (nvcc -M, g++ -M; $JOBS at once)"
    DIRS="src tools" JOBS=$JOBS "$HERE/scan_headers.sh" "$WORK/cuda" "$tmp/headers.txt" -DUSE_LEVELDB -DUSE_LMDB -DNDEBUG \
      -I.build_release/src -I./src -I./include -I/usr/include/hdf5/serial ||
      fail "the header scan failed on the files named above (scan_headers.sh); HEADER_LIST=FILE skips the scan"
    cp "$tmp/headers.txt" "$WORK/headers.txt" # for HEADER_LIST in a later bundle
  fi
  (cd /usr/include && sed -n 's|^/usr/include/\(boost/[A-Za-z0-9_.]*\)$|\1|p; s|^/usr/include/\(boost/[A-Za-z0-9_.]*\)/.*|\1|p' \
      "$tmp/headers.txt" | sort -u | while read -r b; do [ -e "$b" ] && echo "$b"; done |
    xargs cp -r --parents -t "$tmp/deps/include")
  (cd /usr/include && cp -r --parents google glog gflags hdf5/serial leveldb lmdb.h snappy*.h -t "$tmp/deps/include")
  cp /usr/include/x86_64-linux-gnu/openblas-pthread/*.h "$tmp/deps/include/"
  for l in glog gflags protobuf boost_system boost_filesystem boost_thread hdf5_serial hdf5_serial_hl leveldb snappy lmdb openblas; do
    f=$(ldconfig -p | awk -v n="lib$l.so" '$1 == n {print $NF; exit}')
    [ -n "$f" ] || fail "lib$l.so not found by ldconfig"
    cp -L "$f" "$tmp/deps/lib/"
    for dep in $(ldd "$f" | awk '/=> \//{print $3}'); do
      case $(basename "$dep") in libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|libstdc++.so*|libgcc_s.so*) ;;
        *) cp -L -n "$dep" "$tmp/deps/lib/" ;;
      esac
    done
  done
  # names Caffe links by (-lhdf5, -lhdf5_hl, -lopenblas) and each library's soname
  (cd "$tmp/deps/lib" && ln -sf libhdf5_serial.so libhdf5.so && ln -sf libhdf5_serial_hl.so libhdf5_hl.so &&
    for f in *.so*; do s=$(objdump -p "$f" | awk '/SONAME/{print $2}'); [ -z "$s" ] || [ -e "$s" ] || ln -s "$f" "$s"; done)
  # each carried library finds the others beside it, at link time (ld reads DT_RUNPATH) and at run time
  for f in "$tmp"/deps/lib/*.so*; do [ -L "$f" ] || patchelf --set-rpath '$ORIGIN' "$f"; done
  (cd "$tmp" && tar -c deps) | xz -T2 -6 >"$CARRY/deps.tar.xz"
  fi
  # HIP on NVIDIA: the CUDA-13 overlay, the hipBLAS/hipRAND layer, Debian's HIP headers, the shim's sources
  mkdir -p "$tmp/hipnv/shim"
  cp -r "$OVERLAY" "$tmp/hipnv/overlay"
  cp -r "$HIP_LAYER" "$tmp/hipnv/layer"
  mkdir -p "$tmp/hipnv/include" && cp -r /usr/include/hip "$tmp/hipnv/include/"
  cp -r "$ROOT/runtime-shim/src" "$ROOT/runtime-shim/include" "$tmp/hipnv/shim/"
  # the CMake packages of HIP on NVIDIA (hip, hipblas, hiprand...) for the port's own CMake build, with
  # folders relative to the package prefix; protoc, which that build runs (the GPU machine has none)
  python3 "$ROOT/runtime-shim/nvidia-libs/cmake_packages.py" --def "$ROOT/translator/lib/build_libraries.def" \
    --headers "$ROOT/runtime-shim/nvidia-libs/headers.tsv" --out "$tmp/hipnv/pkg" --layer-include ../layer \
    --compat-include ../overlay --hip-include ../include
  mkdir -p "$tmp/hipnv/bin" "$tmp/hipnv/lib"
  cp /usr/bin/protoc "$tmp/hipnv/bin/" && cp -L "$(ldconfig -p | awk '/libprotoc.so.[0-9]/ {print $NF; exit}')" "$tmp/hipnv/lib/"
  patchelf --set-rpath '$ORIGIN/../lib:$ORIGIN/../../deps/lib' "$tmp/hipnv/bin/protoc"
  # HDF5's C++ libraries: CMake's FindHDF5 asks for them when the project enables C++ (the Makefile does not)
  for l in libhdf5_serial_cpp.so libhdf5_serial_hl_cpp.so; do
    cp -L "$(ldconfig -p | awk -v n="$l" '$1 == n {print $NF; exit}')" "$tmp/hipnv/lib/$l"
  done
  (cd "$tmp" && tar -c hipnv) | xz -T2 -6 >"$CARRY/hipnv.tar.xz"
  rm -f "$CARRY/bins.tar.xz" "$CARRY/hip.tar.xz" # built from older trees (device.sh pack makes it again); old name
  cp "$HERE/device.sh" "$HERE/hipcc-nvidia" "$HERE/lenet_data.py" "$HERE/gtest_pool.py" "$CARRY/"
  cp "$WORK/orig/models/bvlc_reference_caffenet/deploy.prototxt" "$CARRY/caffenet_deploy.prototxt"
  rm -rf "$tmp"
  say "bundle $CARRY: $(du -sh "$CARRY" | cut -f1)"; ls -la "$CARRY"
}

report() {
  [ -n "${RESULTS:-}" ] || fail "set RESULTS to the caffe-results.tar.gz files device.sh wrote (or folders), earliest first"
  # shellcheck disable=SC2086
  python3 "$HERE/report.py" $RESULTS
}

STEPS="prepare amd cmake-amd cmake-nvidia bundle report"
[ $# -gt 0 ] || { echo "usage: recipe.sh STEP... (STEP: ${STEPS// /, })" >&2; REPORTED=1; exit 2; }
for step in "$@"; do
  case " $STEPS " in *" $step "*) ;; *) echo "recipe: unknown step '$step' (steps: $STEPS)" >&2; REPORTED=1; exit 2 ;; esac
done
check_needs "$@"
for step in "$@"; do
  STEP=$step
  case $step in
    cmake-amd) cmake_amd ;;
    cmake-nvidia) cmake_nvidia ;;
    *) "$step" ;;
  esac
done
