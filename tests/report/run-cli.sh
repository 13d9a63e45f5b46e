#!/bin/sh
# run-cli.sh: runs the real hipify-c on the fixture tree with all four report options and -O, so the
# report.cli.* tests check the writers on the translator's own results. Checks only the exit status
# (0, or 1 when some constructs have no HIP equivalent) and that every report exists.
set -u
hipify=$1 tree=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
"$hipify" --diff "$out/port.diff" --report "$out/report.html" --stats-json "$out/stats.json" \
  --sarif "$out/results.sarif" -O "$out/translated" "$tree" >"$out/hipify.log" 2>&1
status=$?
if [ "$status" -gt 1 ]; then
  cat "$out/hipify.log"; echo "run-cli: hipify-c exited with $status" >&2; exit 1
fi
for f in port.diff report.html stats.json results.sarif; do
  test -s "$out/$f" || { echo "run-cli: $out/$f missing or empty" >&2; exit 1; }
done
echo "run-cli: hipify-c exit $status, $(grep -c ': warning: ' "$out/hipify.log") warnings"
