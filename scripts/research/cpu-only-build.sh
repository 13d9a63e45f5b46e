#!/bin/sh
# cpu-only-build.sh: ports a framework with hipify-c and checks that its CPU-only configuration still builds:
# compiles every C++ source of the original and of the port with the host compiler (-fsyntax-only) and counts.
# It does not build GPU code or link; it is not part of make test (it needs the framework's host libraries).
#
# usage: scripts/research/cpu-only-build.sh HIPIFY_BINARY [WORKDIR]   (default WORKDIR: /tmp/hipify-cpuonly)
# env:   REPO (bare git directory, default the BVLC/caffe mirror), COMMIT (default: its HEAD),
#        SRC (directory whose *.cpp are compiled, default src/caffe), EXCLUDE (grep -E of paths left out,
#        default /test/: the unit tests need a built gtest), KEEP_ORIGINAL=1 (reuse WORKDIR's count of the
#        original from an earlier run with another binary), FLAGS (compiler flags; default caffe's
#        CPU_ONLY set), PROTO (a .proto file to run protoc on first, default caffe's), JOBS (default 2).
# Output: "original: N/T compile", "port: M/T compile", and the files that compile only in the original.
# A port that keeps the CPU-only build working compiles exactly the files the original does.
set -u
HIPIFY=${1:?usage: cpu-only-build.sh HIPIFY_BINARY [WORKDIR]}
WORK=${2:-/tmp/hipify-cpuonly}
case $HIPIFY in /*) ;; *) HIPIFY=$(pwd)/$HIPIFY ;; esac
REPO=${REPO:-/work/.mirror/BVLC+caffe/repo}
COMMIT=${COMMIT:-$(git --git-dir="$REPO" rev-parse HEAD)}
SRC=${SRC:-src/caffe}
EXCLUDE=${EXCLUDE-/test/}
PROTO=${PROTO-src/caffe/proto/caffe.proto}
FLAGS=${FLAGS:--DCPU_ONLY -DUSE_OPENCV -DUSE_LEVELDB -DUSE_LMDB -Iinclude -Ibuild/src -Isrc -I/usr/include/hdf5/serial -I/usr/include/opencv4}
JOBS=${JOBS:-2}
CXX=${CXX:-g++}

if [ "${KEEP_ORIGINAL:-0}" = 1 ] && [ -f "$WORK/o.ok" ]; then
  rm -rf "$WORK/port"
else
  rm -rf "$WORK" && mkdir -p "$WORK/original"
  git --git-dir="$REPO" archive "$COMMIT" | tar -x -C "$WORK/original" || exit 1
fi
echo "commit: $COMMIT"
"$HIPIFY" -O "$WORK/port" "$WORK/original" >"$WORK/port.log" 2>&1
rc=$?
[ "$rc" -le 1 ] || { echo "hipify-c failed ($rc), see $WORK/port.log"; exit 1; }
# The port mirrors the input root under its name when it is a directory (hipify-c -O).
[ -d "$WORK/port/original" ] && port=$WORK/port/original || port=$WORK/port

count() { # tree, output prefix -> writes PREFIX.all (every source) and PREFIX.ok (those that compile)
  (cd "$1" || exit 1
   if [ -n "$PROTO" ]; then
     mkdir -p "build/$(dirname "$PROTO")" && protoc --proto_path="$(dirname "$PROTO")" --cpp_out="build/$(dirname "$PROTO")" "$PROTO" || exit 1
   fi
   find "$SRC" -name '*.cpp' | { if [ -n "$EXCLUDE" ]; then grep -vE "$EXCLUDE"; else cat; fi; } | sort >"$2.all"
   # Preprocessed text of each file (no line markers, so that the two trees compare equal where the port
   # changed nothing the compiler reads); a file that fails to preprocess gets none.
   mkdir -p "$2.pp"
   xargs -P "$JOBS" -I{} sh -c 'f="{}"; '"$CXX"' -std=c++11 -E -P -w '"$FLAGS"' "$f" >"'"$2"'.pp/$(echo "$f" | tr / +)" 2>/dev/null ||
     rm -f "'"$2"'.pp/$(echo "$f" | tr / +)"' <"$2.all"
   [ "${PP_ONLY:-0}" = 1 ] && exit 0
   # A file whose preprocessed text equals the original's compiles as the original does (COMPARE set);
   # only the others are compiled.
   while read -r f; do
     pp=$(echo "$f" | tr / +)
     if [ -n "${COMPARE:-}" ] && [ -f "$2.pp/$pp" ] && cmp -s "$2.pp/$pp" "$COMPARE.pp/$pp"; then
       grep -qxF "$f" "$COMPARE.ok" && echo "$f" >>"$2.same"
     elif [ -f "$2.pp/$pp" ]; then
       echo "$f"
     fi
   done <"$2.all" >"$2.todo"
   xargs -P "$JOBS" -I{} sh -c 'if '"$CXX"' -std=c++11 -fsyntax-only -w '"$FLAGS"' "{}" >/dev/null 2>&1; then echo "{}"; fi' \
     <"$2.todo" | cat - "$2.same" 2>/dev/null | sort >"$2.ok"
   echo "$(basename "$2"): $(wc -l <"$2.todo") compiled, the rest preprocess as the original or not at all" >&2)
}

[ "${KEEP_ORIGINAL:-0}" = 1 ] && [ -f "$WORK/o.ok" ] || count "$WORK/original" "$WORK/o"
[ -d "$WORK/o.pp" ] || PP_ONLY=1 count "$WORK/original" "$WORK/o"
rm -rf "$WORK/p.pp" "$WORK/p.same"
COMPARE=$WORK/o count "$port" "$WORK/p"
echo "original: $(wc -l <"$WORK/o.ok")/$(wc -l <"$WORK/o.all") compile"
echo "port: $(wc -l <"$WORK/p.ok")/$(wc -l <"$WORK/p.all") compile"
echo "compile in the original only:"
comm -23 "$WORK/o.ok" "$WORK/p.ok" | sed 's/^/  /'
echo "compile in the port only:"
comm -13 "$WORK/o.ok" "$WORK/p.ok" | sed 's/^/  /'
