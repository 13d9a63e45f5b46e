#!/bin/sh
# test_cmake_module_carried.sh: a migrated top-level CMakeLists.txt gets one include() line and the HIP
# module is carried beside it (cmake/hipify-hip.cmake) through the output layer: with -O, -o FILE and
# --inplace, never to stdout, never over a different file of that name (HC1083, exit 3), and a port of
# the port changes nothing. A Makefile with rules likewise includes hipify-hip.mk, carried beside it.
. "$(dirname "$0")/lib.sh"

sample="$SRC/corpus/build/cmake-saxpy-curand"
run 0 "-O tree" "$HIPIFY" -O out "$sample"
has out/cmake/hipify-hip.cmake '^# hipify-c: HIP sources built as C++ by hipcc' "-O carries the module"
has out/CMakeLists.txt '^include(${CMAKE_CURRENT_LIST_DIR}/cmake/hipify-hip.cmake)' "-O: one include line"
hasnt out/CMakeLists.txt 'hipify_hip_sources' "-O: no block in the user's file"
n=$(wc -l <out/CMakeLists.txt)
[ "$n" -le 20 ] || fail "the 12-line sample migrates to $n lines (at most 20)"
[ "$(grep -c hipify out/CMakeLists.txt)" -eq 1 ] || fail "the additions to CMakeLists.txt are one line"

# A port of the port: the module is HIP already and the include line marks the file migrated.
run 0 "port of the port" "$HIPIFY" -O again out
diff -r -x .hipify_manifest.json out again >/dev/null || fail "a port of the port differs"

# -o FILE: beside that file; to stdout: nowhere.
mkdir single
run 0 "-o FILE" "$HIPIFY" "$sample/CMakeLists.txt" -o single/CMakeLists.txt
same single/cmake/hipify-hip.cmake out/cmake/hipify-hip.cmake "-o FILE carries the module"
run 0 "-o -" "$HIPIFY" "$sample/CMakeLists.txt" -o -
absent cmake "-o - writes no module"

# In place: beside the rewritten file; a second run changes nothing.
cp -r "$sample" inplace
run 0 "--inplace" "$HIPIFY" --inplace inplace
same inplace/cmake/hipify-hip.cmake out/cmake/hipify-hip.cmake "--inplace carries the module"
cp -r inplace inplace.before
run 0 "--inplace again" "$HIPIFY" --inplace inplace
diff -r inplace inplace.before >/dev/null || fail "a second --inplace run changed the tree"

# A different file of that name in the output is the user's: kept, reported, exit status 3.
mkdir -p other/cmake
printf '# mine\n' >other/cmake/hipify-hip.cmake
run 3 "-O onto a foreign module" "$HIPIFY" -O other "$sample"
has stderr 'HC1083' "-O onto a foreign module names HC1083"
has other/cmake/hipify-hip.cmake '^# mine$' "the foreign module is kept"

# The input tree's own file of that name (not a module of ours) is ported as a file of the tree and the
# module is not written over it.
cp -r "$sample" own && mkdir own/cmake && printf 'message(STATUS "own file")\n' >own/cmake/hipify-hip.cmake
run 3 "-O a tree with its own cmake/hipify-hip.cmake" "$HIPIFY" -O ownout own
has ownout/cmake/hipify-hip.cmake 'own file' "the tree's own file is kept in the port"
has own/cmake/hipify-hip.cmake 'own file' "the input is untouched"

# Makefiles: one include line at the top, the module beside the file, and a port of the port is stable.
run 0 "-O a Makefile tree" "$HIPIFY" --offload-arch gfx90a -O mk "$SRC/corpus/build/make-stencil"
has mk/hipify-hip.mk '^# hipify-c: HIP settings of this Makefile' "-O carries hipify-hip.mk"
has mk/Makefile '^include $(dir $(lastword $(MAKEFILE_LIST)))hipify-hip.mk' "the Makefile includes it"
[ "$(grep -c 'HIP_PLATFORM\|HIPCONFIG' mk/Makefile)" -eq 0 ] || fail "the module's settings are not copied into the Makefile"
run 0 "port of the Makefile port" "$HIPIFY" --offload-arch gfx90a -O mk2 mk
diff -r -x .hipify_manifest.json mk mk2 >/dev/null || fail "a port of the Makefile port differs"
printf '# mine\n' >mine.mk && mkdir mk3 && cp mine.mk mk3/hipify-hip.mk
run 3 "-O onto a foreign hipify-hip.mk" "$HIPIFY" --offload-arch gfx90a -O mk3 "$SRC/corpus/build/make-stencil"
same mk3/hipify-hip.mk mine.mk "the foreign hipify-hip.mk is kept"

exit $((failures > 0))
