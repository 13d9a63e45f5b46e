# test_jobs.sh: -j N processes files in parallel with output identical to -j 1 (translated tree,
# statistics, CSV, JSON report, diagnostics order), and no progress line when stderr is not a terminal.
. "$(dirname "$0")/lib.sh"

# A tree of real inputs: the lit programs and corpus files, copied under several directories.
for d in one two three; do
  mkdir -p "tree/$d"
  cp "$SRC"/tests/lit/core/programs/*.cu "tree/$d/" 2>/dev/null
  cp "$SRC"/tests/lit/core/*.cu "tree/$d/" 2>/dev/null
done
n=$(find tree -type f | wc -l)
[ "$n" -ge 60 ] || { fail "expected at least 60 input files, found $n"; finish; }

for j in 1 2 4; do
  run 0 "-j $j" "$HIPIFY" -j "$j" -O "out$j" --print-stats --print-stats-csv --o-stats "stats$j.csv" --stats-json "stats$j.json" tree
  grep -v 'TIME ELAPSED' stdout >"stdout$j"
  cp stderr "stderr$j"
  grep -v time_elapsed "stats$j.csv" >"csv$j"
  sed 's/"[a-z_]*seconds"[^,}]*//g; s/"time[a-z_]*"[^,}]*//g; s/"elapsed[a-z_]*"[^,}]*//g' "stats$j.json" >"json$j"
done
for j in 2 4; do
  diff -r out1 "out$j" >/dev/null || fail "-j $j output tree differs from -j 1"
  same stdout1 "stdout$j" "-j $j statistics equal -j 1"
  same stderr1 "stderr$j" "-j $j diagnostics (and their order) equal -j 1"
  same csv1 "csv$j" "-j $j CSV equals -j 1"
  same json1 "json$j" "-j $j JSON equals -j 1 (timings aside)"
done
# every file, and the port manifest beside them
# (the runtime-shim headers carried beside ports that include hipify_shim.h are not inputs)
[ "$(find out1 -type f ! -name .hipify_manifest.json ! -name 'hipify_shim*' | wc -l)" -eq "$n" ] || fail "-j 1 did not write every file"
has stdout1 'TOTAL statistics' "-j: totals printed"
if grep -q "$(printf '\r')" stderr2; then fail "progress line written although stderr is not a terminal"; else pass "no progress line on a pipe"; fi

# On a terminal (script(1) gives one) a progress line counts the files and is cleared at the end.
if command -v script >/dev/null 2>&1; then
  script -qec "'$HIPIFY' -j 2 -O outpty tree/one" /dev/null >pty.log 2>&1
  total=$(find tree/one -type f | wc -l)
  grep -q "\[$total/$total\]" pty.log || fail "no [$total/$total] progress on a terminal"
  clears=$(grep -o "$(printf '\033')\\[K" pty.log | wc -l)
  [ "$clears" -gt "$total" ] || fail "progress line not cleared at the end ($clears clears for $total files)"
  diff -r -x .hipify_manifest.json out1/one outpty >/dev/null || fail "output under a terminal differs"
  pass "progress line on a terminal"
else
  echo "SKIPPED: progress line: no script(1) to provide a terminal"
fi
finish
