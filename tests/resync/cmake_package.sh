# cmake_package.sh: the installed CMake package from a clean prefix: a multi-directory CUDA project
# (cmake-project/) ports itself at build time and is built for gfx90a with hipcc; touching a source, a
# header and hipify-c itself re-ports exactly the files that depend on them; hipify-c's diagnostics
# reach the build log as file:line:col. A plain Makefile using --depfile does the same.
# Usage: sh cmake_package.sh HIPIFY SOURCE_DIR BUILD_DIR
BUILD=$(cd "${3:?usage: sh cmake_package.sh HIPIFY SOURCE_DIR BUILD_DIR}" && pwd)
SRCDIR=$(cd "$2" && pwd)
. "$2/tests/cli/lib.sh"
# Ninja when there is one (an identical port then recompiles nothing), else Make
if [ -n "${HC_TEST_GENERATOR:-}" ]; then GEN=$HC_TEST_GENERATOR; elif command -v ninja >/dev/null 2>&1; then GEN=Ninja; else GEN="Unix Makefiles"; fi

run 0 "install to a prefix" cmake --install "$BUILD" --prefix "$SCRATCH/prefix"
cp -r "$SRCDIR/tests/resync/cmake-project" proj
HIPCC=${HC_TEST_HIPCC-$(command -v hipcc || true)} # HC_TEST_HIPCC= checks the path without hipcc
if [ -n "$HIPCC" ]; then
  COMPILER="-DCMAKE_CXX_COMPILER=$HIPCC" TARGETS=""
else # the porting steps are still checked; the HIP compile is not
  echo "SKIPPED: hipcc not found: the ported sources are not compiled"
  COMPILER="" TARGETS="--target demo_shared_headers kernels_port app_port"
  printf 'add_custom_target(kernels_port DEPENDS ${KERNELS})\n' >>proj/kernels/CMakeLists.txt
  printf 'add_custom_target(app_port DEPENDS ${APP})\n' >>proj/app/CMakeLists.txt
  sed -i 's/^add_library(kernels/#/; s/^set_source_files/#/; s/^target_/#/; s/^add_dependencies/#/; s/^add_executable/#/; s/^list(FILTER/#/' \
    proj/kernels/CMakeLists.txt proj/app/CMakeLists.txt
fi
run 0 "configure" cmake -S proj -B b -G "$GEN" -DCMAKE_PREFIX_PATH="$SCRATCH/prefix" $COMPILER
# ported: the list of files a build re-ported, sorted, from the build's descriptions
build() { cmake --build b -j2 $TARGETS >"$1" 2>&1 || { fail "build $1"; sed 's/^/  | /' "$1" | tail -20; }
          sed -n 's/.*hipify-c: porting \(.*\)$/\1/p' "$1" | sort | tr '\n' ' '; }
expect() { [ "$1" = "$2" ] && pass "$3: re-ported $1" || fail "$3: re-ported '$1', expected '$2'"; }

got=$(build clean.log)
expect "$got" "app/buffers.h app/main.cu include/common.cuh include/util.h kernels/reduce.cu kernels/saxpy.cu " "clean build"
has clean.log "$SCRATCH/proj/kernels/reduce.cu:19:3: warning: HC1001: 'cudaDeviceGetTexture1DLinearMaxWidth'" "diagnostic in the build log as file:line:col"
exists b/hip/kernels/saxpy.cu "ported tree in the build tree"
has b/hip/kernels/saxpy.cu 'hipGetLastError' "port translated"
has b/hip/include/common.cuh 'define DEMO_HIP_CHECK' "RULES applied"
has b/hip/kernels/saxpy.cu 'DEMO_HIP_CHECK(hipGetLastError' "RULES applied in another directory"
has clean.log 'hipify-c: copying include/plain.h (excluded)' "EXCLUDE copies"
same proj/include/plain.h b/hip/include/plain.h "excluded file unchanged"
[ -z "$TARGETS" ] && { exists b/app/demo "linked for gfx90a"; has clean.log 'Linking CXX executable' "link step ran"; }
expect "$(build nothing.log)" "" "no change"

touch proj/kernels/reduce.cu
expect "$(build source.log)" "kernels/reduce.cu " "touched source"
[ -z "$TARGETS" ] && [ "$GEN" = Ninja ] && hasnt source.log 'Building CXX object kernels' "identical port: not recompiled"
touch proj/include/common.cuh
expect "$(build header.log)" "app/main.cu include/common.cuh kernels/saxpy.cu " "touched header (its includers)"
touch proj/include/util.h
expect "$(build nested.log)" "app/main.cu include/common.cuh include/util.h kernels/reduce.cu kernels/saxpy.cu " "touched nested header"
printf '// a changed comment\n' >>proj/app/buffers.h
got=$(build edit.log)
expect "$got" "app/buffers.h app/main.cu " "edited header"
[ -z "$TARGETS" ] && has edit.log 'Building CXX object app/CMakeFiles/demo.dir' "changed port recompiled"
# a changed rules file re-ports every file ported with it (not the file excluded from porting)
touch proj/port.rules
expect "$(build rules.log)" "app/buffers.h app/main.cu include/common.cuh include/util.h kernels/reduce.cu kernels/saxpy.cu " "touched rules file"
# a new hipify-c (new tables, new rules): everything is ported again
touch "$SCRATCH/prefix/bin/hipify-c"
expect "$(build tool.log)" "app/buffers.h app/main.cu include/common.cuh include/util.h kernels/reduce.cu kernels/saxpy.cu " "new hipify-c"

# plain Make with the depfile (the example in docs/keeping-a-port-alive.md)
mkdir -p mk/src mk/include
cp proj/kernels/saxpy.cu mk/src/ && cp proj/include/common.cuh proj/include/util.h mk/include/
cat >mk/Makefile <<MK
HIPIFY ?= $SCRATCH/prefix/bin/hipify-c
PORT   := build/hip
SRCS   := src/saxpy.cu

all: \$(SRCS:%=\$(PORT)/%)

\$(PORT)/%.cu: %.cu
	@mkdir -p \$(dir \$@)
	\$(HIPIFY) \$< -o \$@ --depfile \$@.d -I include

-include \$(SRCS:%=\$(PORT)/%.d)
MK
make -C mk >make1.log 2>&1 || fail "make"
has make1.log 'saxpy.cu -o build/hip/src/saxpy.cu' "make ports"
make -C mk >make2.log 2>&1
hasnt make2.log 'saxpy.cu -o' "make: nothing to do"
sleep 1; touch mk/include/util.h
make -C mk >make3.log 2>&1
has make3.log 'saxpy.cu -o build/hip/src/saxpy.cu' "make: nested header re-ports its includer"
finish
