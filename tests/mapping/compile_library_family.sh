#!/bin/sh
# compile_library_family.sh: translates a family's lit input and compiles it with hipcc for gfx90a when
# that library's HIP headers are installed; otherwise says SKIPPED and why (exit 77). Checks no output text.
# usage: compile_library_family.sh HIPIFY SOURCE_DIR FAMILY HEADER PACKAGE_NOTE [HIPIFY_OPTION]
set -u
hipify=$1 src=$2 family=$3 header=$4 note=$5 option=${6:-}
hipcc=$(command -v hipcc) || { echo "SKIPPED: hipcc not installed: cannot compile the $family output"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# Is the library's header reachable by hipcc's include search (not only /usr/include)?
printf '#include <%s>\n' "$header" > "$tmp/probe.cpp"
if ! "$hipcc" --offload-arch=gfx90a -x hip -E "$tmp/probe.cpp" -o /dev/null 2>/dev/null; then
  echo "SKIPPED: <$header> not found: $note; the $family translation is checked by lit (tests/lit/families/$family.cu) but not compiled"
  exit 77
fi
"$hipify" --hip-version 5.2 $option "$src/tests/lit/families/$family.cu" -o "$tmp/out.hip" 2>/dev/null ||
  { echo "FAIL: hipify-c $option failed on $family.cu"; exit 1; }
if "$hipcc" --offload-arch=gfx90a -x hip -c "$tmp/out.hip" -o "$tmp/out.o"; then
  echo "PASS: $family.cu translated with hipify-c $option compiles with hipcc for gfx90a"
  exit 0
fi
echo "FAIL: translated $family.cu does not compile"
exit 1
