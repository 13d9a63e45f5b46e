#!/bin/sh
# device-run.sh: on the GPU machine, builds and validates a stage made by `realprogs.py prepare` with
# `hipify-harness validate run` (programs split over parallel groups: validate builds one after another),
# then reruns the same binaries with realprogs.py as a cross-check. Not a substitute for either tool.
#
# usage: STAGE/device-run.sh OUTDIR [GROUPS]   (STAGE holds bin/hipify-harness, lib/, hip-include/, spec)
set -u
OUT=${1:?usage: device-run.sh OUTDIR [GROUPS]}
G=${2:-8}
cd "$(dirname "$0")" || exit 1
mkdir -p "$OUT"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
NV=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
i=0
rm -f group.*
for n in $(python3 -c "import json; print(' '.join(p['name'] for p in json.load(open('spec.json'))['programs']))"); do
  printf -- '--program %s ' "$n" >>"group.$((i % G))"
  i=$((i + 1))
done
for g in group.*; do
  # shellcheck disable=SC2046 # the group file is a list of options
  bin/hipify-harness validate run --spec harness/realprogs/realprogs-ported.json --work "W/$g" $(cat "$g") \
    --nvcc "$NV" --compat-include "$PWD/hip-include" --timeout 300 --json "W/$g.json" >"W.$g.txt" 2>&1 &
done
wait
cat W.group.*.txt >"$OUT/validate.txt"
python3 - "$OUT/validate.json" W/group.*.json <<'PY'
import json, sys
merged = []
for f in sys.argv[2:]:
    try:
        merged.append(json.load(open(f)))
    except (OSError, ValueError) as e:
        merged.append({"file": f, "error": str(e)})
json.dump(merged, open(sys.argv[1], "w"), indent=1)
PY
RP_DEADLINE=${RP_DEADLINE:-150} python3 realprogs.py run --stage . --out ../rp-run >"$OUT/realprogs-run.txt" 2>&1
cp ../rp-run/results.json "$OUT/realprogs-results.json" 2>/dev/null
tar czf "$OUT/logs.tgz" W/*/*/*.log W/*/*/run/*.stdout W/*/*/run/*.stderr ../rp-run/logs 2>/dev/null
exit 0
