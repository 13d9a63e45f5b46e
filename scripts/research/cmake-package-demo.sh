#!/bin/bash
# cmake-package-demo.sh: the installed CMake package on a real multi-directory CUDA tree. It takes the
# sample directories under one directory of a git repository (cuda-samples' Samples/0_Introduction, by
# default) and the shared headers (Common/). A project of its own ports every directory with
# hipify_sources(), and the shared headers once. Then it counts what each rebuild re-ports. It writes
# nothing into REPO or PREFIX; everything happens under WORK.
# Usage: scripts/research/cmake-package-demo.sh PREFIX REPO COMMIT WORK [SAMPLES_DIR] [SHARED_DIR]
# PREFIX: where hipify-c was installed (cmake --install build --prefix PREFIX). COMPILE=1 also
# compiles the ported sources for gfx90a with hipcc (-k 0: the sources that do not compile are counted).
set -eu
PREFIX=$1 REPO=$2 COMMIT=$3 WORK=$4 SAMPLES=${5:-Samples/0_Introduction} SHARED=${6:-Common}
[ ! -e "$WORK" ] || { echo "cmake-package-demo: $WORK exists; give a new directory" >&2; exit 2; }
mkdir -p "$WORK" && cd "$WORK" && WORK=$(pwd)
git clone -q --no-checkout "$REPO" src
git -C src checkout -q "$COMMIT" -- "$SAMPLES" "$SHARED"
mkdir proj
{
  echo "cmake_minimum_required(VERSION 3.20)"
  echo "project(port_demo LANGUAGES CXX)"
  echo "find_package(hipify-c REQUIRED)"
  echo "set(SRC $WORK/src)"
  echo "set(PORT \${PROJECT_BINARY_DIR}/hip)"
  echo "file(GLOB_RECURSE shared \${SRC}/$SHARED/*.h \${SRC}/$SHARED/*.hpp \${SRC}/$SHARED/*.cuh)"
  echo "hipify_sources(SHARED HEADERS \${shared} BASE_DIR \${SRC} OUTPUT_DIR \${PORT} HIP_VERSION 5.2"
  echo "               INCLUDE_DIRS \${SRC}/$SHARED TARGET shared_headers)"
  for d in $(cd src && find "$SAMPLES" -mindepth 1 -maxdepth 1 -type d | sort); do
    name=$(basename "$d" | tr -c 'A-Za-z0-9_\n' '_')
    srcs=$(cd src && find "$d" -type f \( -name '*.cu' -o -name '*.cpp' \) | sort | sed "s|^|\${SRC}/|" | tr '\n' ' ')
    hdrs=$(cd src && find "$d" -type f \( -name '*.h' -o -name '*.cuh' -o -name '*.hpp' \) | sort | sed "s|^|\${SRC}/|" | tr '\n' ' ')
    [ -n "$srcs" ] || continue
    echo "hipify_sources(P_$name SOURCES $srcs ${hdrs:+HEADERS $hdrs} BASE_DIR \${SRC} OUTPUT_DIR \${PORT} HIP_VERSION 5.2"
    echo "               INCLUDE_DIRS \${SRC}/$SHARED \${SRC}/$d)"
    echo "add_custom_target(port_$name ALL DEPENDS \${P_$name})"
    echo "add_dependencies(port_$name shared_headers)"
    if [ "${COMPILE:-0}" = 1 ]; then
      echo "list(FILTER P_$name INCLUDE REGEX \"\\\\.(cu|cpp)\$\")"
      echo "add_library(obj_$name OBJECT \${P_$name})"
      echo "set_source_files_properties(\${P_$name} PROPERTIES LANGUAGE CXX)"
      echo "target_include_directories(obj_$name PRIVATE \${PORT}/$SHARED \${PORT}/$d)"
      echo "target_compile_options(obj_$name PRIVATE -x hip --offload-arch=gfx90a -w)"
      echo "add_dependencies(obj_$name port_$name)"
    fi
  done
} >proj/CMakeLists.txt
compiler=""
[ "${COMPILE:-0}" = 1 ] && compiler="-DCMAKE_CXX_COMPILER=$(command -v hipcc)"
cmake -S proj -B build -G Ninja -DCMAKE_PREFIX_PATH="$PREFIX" $compiler >configure.log
ported() { sed -n 's/.*hipify-c: porting \(.*\)$/\1/p' "$1" | sort; }
step() { # name: builds, prints how many files were ported and how long it took
  t0=$(date +%s.%N)
  cmake --build build -j2 -- -k 0 >"$1.log" 2>&1 || true
  t1=$(date +%s.%N)
  printf '%-28s re-ported %4d files in %6.1f s' "$1" "$(ported "$1.log" | wc -l)" "$(echo "$t1 - $t0" | bc)"
  [ "${COMPILE:-0}" = 1 ] && printf ', %d compiled, %d failed' "$(grep -c 'Building CXX object' "$1.log")" "$(grep -c '^FAILED: ' "$1.log")"
  echo
}
echo "project: $(grep -c '^hipify_sources(P_' proj/CMakeLists.txt) directories, $(cd src && find "$SAMPLES" -type f \( -name '*.cu' -o -name '*.cpp' \) | wc -l) sources, $(cd src && find "$SAMPLES" "$SHARED" -type f \( -name '*.h' -o -name '*.cuh' -o -name '*.hpp' \) | wc -l) headers"
step clean
step nothing-changed
one=$(cd src && find "$SAMPLES" -name '*.cu' | sort | head -1)
touch "src/$one"; step "touch $(basename "$one")"
ported "touch $(basename "$one").log" | sed 's/^/    /'
hdr=$SHARED/helper_string.h
touch "src/$hdr"; step "touch $(basename "$hdr")"
# what includes it, directly or through other headers, by a plain text search of the tree
want=$(cd src && { echo "$hdr"; h=$(basename "$hdr"); seen=""; while [ -n "$h" ]; do next=""; for x in $h; do
  for f in $(grep -rl --include='*.cu' --include='*.cpp' --include='*.h' --include='*.cuh' --include='*.hpp' "#include [<\"]$x[>\"]" "$SAMPLES";
             grep -rl --include='*.h' --include='*.cuh' --include='*.hpp' "#include [<\"]$x[>\"]" "$SHARED"); do
    case " $seen " in *" $f "*) ;; *) seen="$seen $f"; echo "$f"; next="$next $(basename "$f")";; esac; done; done; h=$next; done; } | sort -u)
got=$(ported "touch $(basename "$hdr").log")
if [ "$want" = "$got" ]; then echo "    exactly its $(echo "$want" | wc -l) includers (itself included), as grep finds them"
else echo "    differs from grep's includers:"; diff <(echo "$want") <(echo "$got") | sed 's/^/    /' || true; fi
touch "$PREFIX/bin/hipify-c"; step "new hipify-c"
