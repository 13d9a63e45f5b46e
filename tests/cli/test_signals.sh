# test_signals.sh: temporaries of the output layer never outlive the run. SIGTERM (and SIGINT, SIGHUP)
# while a file is being written removes its temporary and ends the run by that signal; a temporary a
# harder kill left is removed by a later run once it is provably stale (its writer's process is gone,
# the file is this user's and at least a minute old: HC2029), and named but kept otherwise (HC2021).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "SKIPPED: python3 needed to start a run that SIGINT can reach"; exit 77; }

# --- a signal while a temporary exists ---
# Large files that are copied under -O give the writer time; the run is stopped (SIGSTOP) at a moment a
# temporary is seen on disk, sent the signal, and let go: the handler runs with the temporary in place.
mkdir -p big
for i in 1 2 3 4 5 6; do head -c 40000000 /dev/zero >big/f$i.dat; done
temps() { find "$1" -name '.*.hipify-tmp-*' 2>/dev/null | head -1; }
for sig in TERM INT HUP; do
  rm -rf out
  caught=""
  # a background job starts with SIGINT ignored (POSIX), which hipify-c respects: the default restored
  python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
    "$HIPIFY" -j1 -O out big >/dev/null 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if [ -n "$(temps out)" ]; then
      kill -STOP "$pid"
      if [ -n "$(temps out)" ]; then caught=$(temps out); kill -"$sig" "$pid"; kill -CONT "$pid"; break; fi
      kill -CONT "$pid"
    fi
  done
  wait "$pid"
  status=$?
  if [ -z "$caught" ]; then
    echo "note: SIG$sig: the run ended before a temporary was seen; case not exercised"
    continue
  fi
  [ "$status" -gt 128 ] && pass "SIG$sig ends the run by the signal ($status)" || fail "SIG$sig: exit $status"
  absent "$caught" "SIG$sig: the temporary being written is removed"
  [ -z "$(temps out)" ] || fail "SIG$sig: a temporary is left: $(temps out)"
done
rm -rf big out

# --- stale temporaries of earlier runs ---
dead_pid() { sh -c 'echo $$'; } # a process that has ended; its number is free
write_cuda src/k.cu
mkdir -p out
d=$(dead_pid)
: >"src/.k.cu.hipify-tmp-$d-Ab12Cd"
: >"out/.k.cu.hipify-tmp-$d-Cd34Ef"
: >"src/.new.cu.hipify-tmp-$d-Gh56Ij"      # too recent: its writer may be elsewhere
: >"src/.live.cu.hipify-tmp-$$-Kl78Mn"     # this shell is alive
: >"src/.old.cu.hipify-tmp-Op90Qr"          # no process id: cannot be proven ours
touch -d '2 hours ago' "src/.k.cu.hipify-tmp-$d-Ab12Cd" "out/.k.cu.hipify-tmp-$d-Cd34Ef" \
  "src/.live.cu.hipify-tmp-$$-Kl78Mn" src/.old.cu.hipify-tmp-Op90Qr
run 0 "--examine only names stale temporaries" "$HIPIFY" --examine src
exists "src/.k.cu.hipify-tmp-$d-Ab12Cd" "--examine removes nothing"
run 0 "-O removes stale temporaries" "$HIPIFY" -O out src
absent "src/.k.cu.hipify-tmp-$d-Ab12Cd" "a stale temporary in the input is removed"
absent "out/.k.cu.hipify-tmp-$d-Cd34Ef" "a stale temporary in the output is removed"
has stderr "src/.k.cu.hipify-tmp-$d-Ab12Cd: note: HC2029: removed: temporary file of hipify-c process $d" "HC2029 names it"
exists "src/.new.cu.hipify-tmp-$d-Gh56Ij" "a recent temporary is kept"
exists "src/.live.cu.hipify-tmp-$$-Kl78Mn" "a live process's temporary is kept"
exists src/.old.cu.hipify-tmp-Op90Qr "a temporary without a process id is kept"
has stderr "src/.live.cu.hipify-tmp-$$-Kl78Mn: warning: HC2021" "a kept temporary is named"
absent out/.live.cu.hipify-tmp-$$-Kl78Mn "a temporary is never copied"
# a link or a directory of that name is not a temporary file of ours
ln -s k.cu "src/.l.cu.hipify-tmp-$d-St12Uv"
run 0 "a link named like a temporary" "$HIPIFY" -O out src
[ -L "src/.l.cu.hipify-tmp-$d-St12Uv" ] || fail "a link named like a temporary was removed"
finish
