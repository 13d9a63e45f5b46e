#!/bin/sh
# recipe.sh: ports BVLC Caffe with one hipify-c run and proves the port: builds the original (nvcc) and the
# port (HIP on NVIDIA) from the build files each carries, compiles the port for gfx90a with Debian's hipcc,
# and prepares the bundle that device.sh builds and runs on the GPU machine (Caffe's own tests, LeNet
# training, caffe time). It never edits the port: the only file added to a port tree is Makefile.config,
# copied from the Makefile.config.example hipify-c migrated, as Caffe's installation guide says to do.
# It is a script, not a test: CI neither fetches nor builds Caffe.
#
# usage: scripts/research/caffe/recipe.sh STEP...   (from the hipify-c checkout; docs/validation.md, "Caffe")
#   prepare   extract Caffe at COMMIT, port it (hipify-c -O, build files included), lay out the build trees
#   amd       make the port's library and tools for gfx90a with Debian's hipcc (make -k: every unit is tried)
#   bundle    write CARRY: both trees, the headers and libraries they need, the HIP-on-NVIDIA headers
#   report    summarise device.sh's results (RESULTS: the folder its OUT came back to)
# env: WORK (default /tmp/caffe-recipe), HIPIFY (default build/bin/hipify-c), COMMIT, MIRROR (bare git of
#      BVLC/caffe), CARRY (default .carry/caffe), HIP_LAYER (the hipBLAS/hipRAND-over-CUDA headers, default
#      build/nvidia-libs/include), OVERLAY (default build/nvidia-compat/include), JOBS (default 2),
#      HEADER_LIST (bundle: the system headers to carry, from an earlier g++ -M scan, instead of scanning),
#      TREES_ONLY (bundle: rewrite only the two source trees), REUSE_DEPS (bundle: keep an existing
#      deps.tar.xz, the headers and libraries of this machine, which change only with its packages)
set -eu
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HERE=$ROOT/scripts/research/caffe
WORK=${WORK:-/tmp/caffe-recipe}
HIPIFY=${HIPIFY:-$ROOT/build/bin/hipify-c}
COMMIT=${COMMIT:-9b891540183ddc834a02b2bd81b31afae71b2153}
MIRROR=${MIRROR:-/work/.mirror/BVLC+caffe/repo}
CARRY=${CARRY:-$ROOT/.carry/caffe}
HIP_LAYER=${HIP_LAYER:-$ROOT/build/nvidia-libs/include}
OVERLAY=${OVERLAY:-$ROOT/build/nvidia-compat/include}
JOBS=${JOBS:-2}
# Caffe's configuration, the same for every build: no OpenCV, OpenBLAS (Debian's), cuDNN and NCCL off
# (Makefile.config.example leaves them commented out). Debian keeps HDF5 under hdf5/serial.
CONFIG="USE_OPENCV=0 BLAS=open"
export CPATH=/usr/include/hdf5/serial LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/hdf5/serial

say() { printf '== %s\n' "$*"; }

# Caffe generates caffe.pb.{h,cc} with protoc at build time; made here so the GPU machine needs no protoc.
protos() { # tree
  mkdir -p "$1/.build_release/src/caffe/proto"
  protoc --proto_path="$1/src/caffe/proto" --cpp_out="$1/.build_release/src/caffe/proto" "$1/src/caffe/proto/caffe.proto"
}

prepare() {
  [ -x "$HIPIFY" ] || { echo "recipe: build hipify-c first ($HIPIFY)" >&2; exit 2; }
  rm -rf "$WORK/orig" "$WORK/port" "$WORK/cuda" "$WORK/hip" "$WORK/amd"
  mkdir -p "$WORK/orig"
  git --git-dir="$MIRROR" archive "$COMMIT" | tar -x -C "$WORK/orig"
  sed -i -f "$HERE/original-protobuf.sed" "$WORK/orig/src/caffe/util/io.cpp"
  say "Caffe $COMMIT extracted: $(find "$WORK/orig" -type f | wc -l) files; io.cpp updated for protobuf 3.21"
  # hipBLAS and rocThrust headers (ROCm 5.2) for the gfx90a compile: Debian 12 ships neither.
  HIPLIBS="hipblas rocthrust" sh "$ROOT/scripts/hiplib-headers.sh" "$WORK/hiplib/include" >/dev/null
  # The port: one run over the whole tree, build files included.
  set +e
  "$HIPIFY" -O "$WORK/port" "$WORK/orig" --offload-arch gfx90a --hip-path "/usr:$WORK/hiplib" \
    --stats-json "$WORK/port-stats.json" >"$WORK/port.log" 2>&1
  rc=$?
  set -e
  say "hipify-c -O port orig: exit $rc, $(grep -c ': warning: ' "$WORK/port.log") warnings," \
    "$(grep -c ': note: ' "$WORK/port.log") notes; build files: $(grep -cE 'HC400[1-4]' "$WORK/port.log") diagnostics"
  [ $rc -eq 0 ] || exit 1
  # The build trees: the port as hipify-c wrote it, plus Makefile.config (Caffe's documented step).
  for t in hip amd; do
    cp -a "$WORK/port" "$WORK/$t"
    cp "$WORK/$t/Makefile.config.example" "$WORK/$t/Makefile.config"
    protos "$WORK/$t"
  done
  # hand edits: every file of the port tree is byte-identical in the build trees
  for t in hip amd; do
    if ! diff -r -q -x .build_release -x Makefile.config "$WORK/port" "$WORK/$t" >/dev/null; then
      echo "recipe: $t differs from the port" >&2; exit 1
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
  set +e
  # hipBLAS and rocThrust where a user who installed them apart would point the compilers
  # libhipify_shim from this checkout's build; the one GPU unit of the tests as well as the library's
  (export CPATH="$CPATH:$WORK/hiplib/include" LIBRARY_PATH="$LIBRARY_PATH:$ROOT/build/runtime-shim"; cd "$d" &&
    make -k -j"$JOBS" $CONFIG CUDA_DIR=/nonexistent-cuda lib tools .build_release/cuda/src/caffe/test/test_im2col_kernel.o) \
    >"$WORK/amd-build.log" 2>&1
  set -e
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

bundle() {
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
  # the library headers the sources include (g++ -M over every source: boost is carried as the parts it
  # reaches, the smaller libraries whole), and the libraries they link with everything those need,
  # glibc and the compiler's own libraries aside (the GPU machine has its own)
  mkdir -p "$tmp/deps/include" "$tmp/deps/lib" "$tmp/dep"
  if [ -n "${HEADER_LIST:-}" ]; then cp "$HEADER_LIST" "$tmp/headers.txt"; else
    (cd "$WORK/cuda" && find src tools -name '*.cpp' -o -name '*.cu' | xargs -P"$JOBS" -I{} sh -c \
      'g++ -std=c++17 -M -x c++ -DUSE_LEVELDB -DUSE_LMDB -DNDEBUG -I.build_release/src -I./src -I./include \
         -I/usr/local/cuda/include -I/usr/include/hdf5/serial {} >"$0/$(echo {} | tr / _).d" 2>/dev/null' "$tmp/dep")
    cat "$tmp"/dep/*.d | tr ' \\' '\n\n' | grep '^/usr/include/' | sort -u >"$tmp/headers.txt"
  fi
  (cd /usr/include && sed -n 's|^/usr/include/\(boost/[A-Za-z0-9_.]*\)$|\1|p; s|^/usr/include/\(boost/[A-Za-z0-9_.]*\)/.*|\1|p' \
      "$tmp/headers.txt" | sort -u | while read -r b; do [ -e "$b" ] && echo "$b"; done |
    xargs cp -r --parents -t "$tmp/deps/include")
  (cd /usr/include && cp -r --parents google glog gflags hdf5/serial leveldb lmdb.h snappy*.h -t "$tmp/deps/include")
  cp /usr/include/x86_64-linux-gnu/openblas-pthread/*.h "$tmp/deps/include/"
  for l in glog gflags protobuf boost_system boost_filesystem boost_thread hdf5_serial hdf5_serial_hl leveldb snappy lmdb openblas; do
    f=$(ldconfig -p | awk -v n="lib$l.so" '$1 == n {print $NF; exit}')
    [ -n "$f" ] || { echo "recipe: lib$l.so not found" >&2; exit 1; }
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
  python3 "$HERE/report.py" "${RESULTS:?RESULTS: the folder device.sh's OUT came back to}"
}

for step in "$@"; do
  case $step in
    prepare|amd|bundle|report) "$step" ;;
    *) echo "usage: recipe.sh prepare|amd|bundle|report ..." >&2; exit 2 ;;
  esac
done
