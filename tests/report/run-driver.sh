#!/bin/sh
# run-driver.sh: writes the reports of the fixture tree into a fresh output directory (test fixture setup).
# It checks nothing itself beyond the driver's exit status; the report.* tests check the files.
set -eu
driver=$1 tree=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
"$driver" "$tree" "$out"
for f in port.diff report.html stats.json results.sarif; do
  test -s "$out/$f" || { echo "run-driver: $out/$f missing or empty" >&2; exit 1; }
done
