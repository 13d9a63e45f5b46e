#!/bin/sh
# device.sh: the sweep's GPU step, on the GPU machine (CUDA's runtime, no HIP, no Debian packages): unpacks
# each bundle sweep.sh made and runs its tests for both sides, PROCS processes at once over all bundles (the
# GPU shared, through CUDA's multi-process service where it starts). It builds nothing and edits nothing.
# Resumable: DONE names an earlier results.txt; the tests listed there are not run again, their lines kept.
# usage: device.sh BUNDLE_DIR [NAME...]   env: OUT (results.txt, logs.tar.gz), W (default /tmp/sweep-run),
#        PROCS (default 8), TEST_TIMEOUT (seconds a test, default 300), DONE, MPS (default 1; 0: without it)
# Under MPS a fatal GPU error of one process (an illegal instruction, say) ends the GPU work of every
# process then running (and an MPS server takes a bounded number of client processes): MPS=0 then.
# results.txt: one line a test and side, "project side test rc seconds".
set -u
B=$(cd "$1" && pwd); shift
W=${W:-/tmp/sweep-run}
OUT=${OUT:-$W/out}
PROCS=${PROCS:-8}
mkdir -p "$W/logs" "$OUT"
names=${*:-$(cd "$B" && ls ./*.tar.xz | sed 's|^\./||; s|\.tar\.xz$||')}
export CUDA_MPS_PIPE_DIRECTORY=$W/mps CUDA_MPS_LOG_DIRECTORY=$W/mps-log
mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
if [ "${MPS:-1}" != 0 ] && nvidia-cuda-mps-control -d 2>/dev/null; then echo "mps: on"; else
  unset CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY; echo "mps: off"; fi
: >"$W/jobs.txt"
for n in $names; do
  xz -dc "$B/$n.tar.xz" | tar -x -C "$W" || exit 1
  while IFS='|' read -r t cmd; do
    [ -n "$t" ] || continue
    for s in cuda hip; do
      if [ -n "${DONE:-}" ] && awk -v n="$n" -v s="$s" -v t="$t" '$1 == n && $2 == s && $3 == t {f = 1} END {exit !f}' "$DONE"; then
        continue
      fi
      printf '%s\t%s\t%s\t%s\n' "$n" "$s" "$t" "$cmd" >>"$W/jobs.txt"
    done
  done <"$W/$n/tests.txt"
done
[ -z "${DONE:-}" ] || cp "$DONE" "$W/done.txt"
echo "jobs: $(wc -l <"$W/jobs.txt")"
# one job: the test's command in its side's tree, its libraries first; the result line written at its end
run_job() { # project side test command
  t0=$(date +%s%N)
  ( cd "$W/$1/$2" && LD_LIBRARY_PATH="$W/$1/lib:/usr/local/cuda/lib64" timeout "${TEST_TIMEOUT:-300}" sh -c "$4" ) \
    >"$W/logs/$1.$2.$3.log" 2>&1
  rc=$?
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  printf '%s %s %s %s %d.%03d\n' "$1" "$2" "$3" "$rc" $((ms / 1000)) $((ms % 1000)) >>"$W/new.txt"
}
: >"$W/new.txt"
i=0
while IFS="$(printf '\t')" read -r n s t cmd; do
  run_job "$n" "$s" "$t" "$cmd" &
  i=$((i + 1))
  [ $((i % PROCS)) -ne 0 ] || wait
done <"$W/jobs.txt"
wait
cat "$W/done.txt" "$W/new.txt" 2>/dev/null | sort >"$OUT/results.txt"
(cd "$W" && tar -czf "$OUT/logs.tar.gz" logs)
echo quit | nvidia-cuda-mps-control 2>/dev/null
awk '{k = $1 " " $2; n[k]++; if ($4 == 0) p[k]++} END {for (k in n) printf "%s: %d/%d passed\n", k, p[k], n[k]}' "$OUT/results.txt" | sort
