#!/bin/sh
# check-diff.sh: applies the generated port.diff to copies of the original tree, once with git apply and
# once with patch -p1, and requires each result to equal the translated tree byte for byte.
# It does not judge the translation itself, only that the diff reproduces it exactly.
set -eu
tree=$(cd "$1" && pwd) out=$(cd "$2" && pwd)
diff_file=$out/port.diff
expected=$out/translated
work=$(mktemp -d /tmp/hc-report-diff.XXXXXX)
trap 'rm -rf "$work"' EXIT
# Outside any repository, so git apply patches the working directory as plain files.
export GIT_CEILING_DIRECTORIES=/tmp
status=0
check() {
  tool=$1 dir=$2
  # The runtime-shim headers carried beside ported files (translator/cli/carry.c) are copies of
  # runtime-shim/include, not translations: port.diff does not hold them (docs/real-trees.md).
  if diff -r -x .hipify_manifest.json -x 'hipify_shim*' "$expected" "$dir" >"$work/$tool.out" 2>&1; then
    echo "PASS: $tool reproduces the translated tree ($(find "$dir" -type f ! -name .hipify_manifest.json | wc -l) files)"
  else
    echo "FAIL: $tool result differs from the translated tree:"; cat "$work/$tool.out"; status=1
  fi
}
test -s "$diff_file" || { echo "FAIL: $diff_file is empty"; exit 1; }
grep -c '^diff --git ' "$diff_file" | sed 's/^/files in diff: /'

if command -v git >/dev/null 2>&1; then
  cp -R "$tree" "$work/git"
  (cd "$work/git" && git apply --check -p1 "$diff_file" && git apply -p1 "$diff_file") || { echo "FAIL: git apply"; status=1; }
  check "git apply" "$work/git"
else
  echo "FAIL: git is not installed"; status=1
fi
if command -v patch >/dev/null 2>&1; then
  cp -R "$tree" "$work/patch"
  (cd "$work/patch" && patch -p1 --batch --quiet --binary <"$diff_file") || { echo "FAIL: patch -p1"; status=1; }
  check "patch -p1" "$work/patch"
else
  echo "FAIL: patch is not installed"; status=1
fi
exit $status
