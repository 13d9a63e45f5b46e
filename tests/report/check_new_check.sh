#!/bin/sh
# check_new_check.sh: tools/new-check on a scratch copy of the sources writes a check that is wired
# everywhere (the hygiene checks pass, the module and the pass compile warning-free), refuses a second run
# of the same name without changing a byte, and the hygiene checker fails on planted mistakes. It does not
# build hipify-c with the new check (the lit test it writes runs in the developer's own build).
# Usage: check_new_check.sh SOURCE_ROOT C_COMPILER
set -u
src=$1 cc=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
mkdir -p "$work/tests"
for d in translator docs tools bench tests/lit tests/scaling tests/report; do
  mkdir -p "$work/$(dirname "$d")" && cp -R "$src/$d" "$work/$d" || { echo "FAIL: cannot copy $d"; exit 1; }
done
hygiene() { python3 "$work/tests/report/check_diag_hygiene.py" "$work" > "$work/hygiene.log" 2>&1; }
new_check() {
  python3 "$work/tools/new-check" --root "$work" barrier_in_branch --trigger __syncthreads_legacy \
    --title "Legacy barrier spelling" --message "'%s' is a legacy barrier; use __syncthreads" \
    --help-text "Scaffold test." > "$work/new-check.log" 2>&1
}
hygiene || no "the hygiene checks fail on the sources as they are: $(cat "$work/hygiene.log")"
new_check || no "new-check exited $?: $(cat "$work/new-check.log")"
code=$(sed -n 's/^\(HC[0-9]*\) is yours.*/\1/p' "$work/new-check.log")
[ -n "$code" ] || no "new-check named no id"
for f in translator/lib/unportable_barrier_in_branch.c tests/lit/unportable/barrier_in_branch.cu "docs/diagnostics/$code.md"; do
  [ -f "$work/$f" ] || no "$f not written"
done
grep -q "unp_check_barrier_in_branch(&s, i)" "$work/translator/lib/pass_unportable.c" || no "the check is not called"
grep -q "\[HC_D_BARRIER_IN_BRANCH\] = HC_EFFORT_MANUAL" "$work/translator/report/report_util.c" || no "no report effort"
grep -q "diagnostics/$code.md" "$work/docs/unportable.md" || no "no row in docs/unportable.md"
grep -q "^run barrier_in_branch " "$work/tests/scaling/check_linear.sh" || no "no linear-cost shape"
python3 "$work/bench/scaling_inputs.py" barrier_in_branch 3 | grep -c "__syncthreads_legacy" | grep -qx 3 || no "the shape does not generate"
grep -q "CHECK: barrier_in_branch.cu" "$work/tests/lit/unportable/barrier_in_branch.cu" || no "the lit test checks nothing"
hygiene || no "the hygiene checks fail after new-check: $(cat "$work/hygiene.log")"
for f in unportable_barrier_in_branch.c pass_unportable.c; do
  "$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$work/translator/lib" -I"$work/translator/include" \
    "$work/translator/lib/$f" || no "$f does not compile"
done
# a second run of the same name changes nothing
before=$(cd "$work" && find translator docs tests bench -type f -exec cksum {} + | sort)
new_check && no "a second new-check of the same name succeeded"
after=$(cd "$work" && find translator docs tests bench -type f -exec cksum {} + | sort)
[ "$before" = "$after" ] || no "a refused new-check changed files"
# planted mistakes: each must fail the hygiene checks
cp "$work/translator/lib/unportable_barrier_in_branch.c" "$work/keep.c"
sed -i 's/"__syncthreads_legacy", "__syncthreads_legacy")/"__syncthreads_legacy", "__syncthreads_legacy", "x")/' \
  "$work/translator/lib/unportable_barrier_in_branch.c"
hygiene && no "a call with one template argument too many passed"
cp "$work/keep.c" "$work/translator/lib/unportable_barrier_in_branch.c"
cp "$work/translator/report/report_util.c" "$work/keep_util.c"
sed -i '/\[HC_D_BARRIER_IN_BRANCH\]/d' "$work/translator/report/report_util.c"
hygiene && no "a warning with no report effort passed"
cp "$work/keep_util.c" "$work/translator/report/report_util.c"
hygiene || no "restoring the planted mistakes did not restore the hygiene checks"
sed -i "s/\"$code\"/\"HC1099\"/" "$work/translator/include/hipify/diagnostics.def"
hygiene && no "an id outside its section's range passed"
[ $fail = 0 ] && echo "new-check: $code written and wired; hygiene checks hold and catch planted mistakes"
exit $fail
