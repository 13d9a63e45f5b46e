#!/bin/sh
# run-corpus.sh: the main job of `make run`: ports the bundled corpus into OUT/ and writes the review
# reports and statistics beside it. Usage: scripts/run-corpus.sh HIPIFY_BINARY OUT_DIR
set -u
hipify=$1
out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
case $hipify in /*) ;; *) hipify=$(pwd)/$hipify ;; esac
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
cd "$top" || exit 1 # reports name the tree "corpus", not this checkout's absolute path
rm -rf "$out/corpus"
mkdir -p "$out"
"$hipify" --print-stats --print-stats-csv --o-stats "$out/stats.csv" \
  --diff "$out/port.diff" --report "$out/report.html" --stats-json "$out/stats.json" --sarif "$out/results.sarif" \
  -O "$out/corpus" corpus
status=$?
echo
echo "ported tree:   $out/corpus"
echo "review report: $out/report.html"
echo "unified diff:  $out/port.diff"
echo "statistics:    $out/stats.json $out/stats.csv"
echo "SARIF:         $out/results.sarif"
if [ "$status" -eq 0 ]; then
  echo "hipify-c: done (warnings above name the places that still need a person)"
else
  echo "hipify-c exit status: $status (see README.md, Exit codes)"
fi
exit "$status"
