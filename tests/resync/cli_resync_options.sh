# cli_resync_options.sh: every option a port honours is honoured by --resync or refused by name, never
# ignored: what a re-sync has no use for (reports, --examine, --fail-on, --depfile, --no-manifest) is
# refused with nothing written; --quiet-warnings quiets its warnings; --cuda-version is recorded and compared
# like the other translation options; --drift, which translates nothing, refuses every option of a port or a
# translation; the options of --resync and --drift are refused without their mode.
. "$2/tests/cli/lib.sh"
G="git -c user.email=t@t -c user.name=t"
mkdir tmpd && TMPDIR=$SCRATCH/tmpd && export TMPDIR

mkdir cuda
printf '#include <cuda_runtime.h>\nint a() { return (int)cudaDeviceSynchronize(); }\n' >cuda/a.cu
git init -q cuda && git -C cuda add . && $G -C cuda commit -qm one
run 0 "port" "$HIPIFY" -O hip cuda
cp -r hip hip_before

for opt in --print-stats --print-stats-csv --o-stats=s.csv --stats-json=s.json --diff=d.diff --report=r.html \
           --sarif=s.sarif --fail-on=warning --depfile=x.d --no-manifest --examine --no-output; do
  oname=${opt%%=*}
  run 2 "--resync $opt refused" "$HIPIFY" --resync hip "$opt" cuda
  has stderr "^hipify-c: --resync does not take $oname (" "$opt named"
  diff -r hip hip_before >/dev/null || fail "--resync $opt changed the port"
done
ls tmpd | grep -q . && fail "a refused re-sync left a scratch directory"
for f in s.csv s.json d.diff r.html s.sarif x.d; do absent "$f" "nothing written for a refused re-sync"; done

# what the run itself is given goes to both translations
run 0 "-j, --memory, -v honoured" "$HIPIFY" --resync hip -j2 --memory 1K -v cuda
has stderr '^hipify-c: semantic pass arguments:' "-v reaches the translations"
has stderr 'a.cu: [0-9]* edits' "-v names each translated file"

# --quiet-warnings: the re-sync's own warnings obey it (a manifest whose recorded output no longer matches)
cp -r hip hipq
sed '/"path": "a.cu"/s/"out": "[0-9a-f]*"/"out": "0000000000000000000000000000000000000000"/' hipq/.hipify_manifest.json >m
cp m hipq/.hipify_manifest.json
run 0 "a warning without -q" "$HIPIFY" --resync hipq --resync-dry-run cuda
has stderr 'warning: 1 file(s) of the base translate differently' "the warning"
run 0 "--quiet-warnings" "$HIPIFY" --resync hipq --resync-dry-run --quiet-warnings cuda
hasnt stderr 'warning' "--quiet-warnings quiets the re-sync's warnings"

# --cuda-version shapes the translation: recorded, and a different one is refused like any other option
run 0 "port with --cuda-version" "$HIPIFY" -O hipv --cuda-version 11.8 cuda
has hipv/.hipify_manifest.json '"--cuda-version=11.8.0"' "recorded"
run 0 "replayed" "$HIPIFY" --resync hipv cuda
run 2 "another --cuda-version refused" "$HIPIFY" --resync hipv --cuda-version 12.0 cuda
has stderr 'the port was made with other options' "said as other options"
run 2 "a --cuda-version not recorded refused" "$HIPIFY" --resync hip --cuda-version 12.0 cuda
has stderr 'given --cuda-version=12.0.0, not recorded' "named"

# --drift translates nothing: an option of a port or a translation is refused by name
run 0 "drift" "$HIPIFY" --drift hip cuda
for opt in -O=o --inplace --examine --print-stats --diff=d.diff --fail-on=note --no-manifest -j=2 --memory=1G -v \
           --hip-path=none --roc --hip-version=6.2 --cuda-version=11.8 -I=inc --semantic=never --rules=r.txt; do
  case $opt in -O=*|-j=*|-I=*) set -- "${opt%%=*}" "${opt#*=}" ;; *) set -- "$opt" ;; esac
  case $opt in -O=*) want=--out-dir ;; -j=*) want=--jobs ;; -v) want=--verbose ;; -I=*) want=--extra-arg=-Iinc ;;
               *) want=${opt%%=*} ;; esac
  run 2 "--drift $opt refused" "$HIPIFY" --drift hip "$@" cuda
  has stderr "^hipify-c: --drift compares the trees .*: $want[=.0-9a-z]* does not apply; nothing was done$" "$opt named"
done
absent o "nothing written"
absent d.diff "nothing written"

# the options of a mode, without it
for opt in --base-cuda=cuda --resync-json=j.json --resync-dry-run --allow-tool-change; do
  run 2 "$opt without --resync" "$HIPIFY" "$opt" -O out cuda
  has stderr "^hipify-c: ${opt%%=*} needs --resync$" "$opt named"
done
for opt in --drift-json=j.json --drift-html=j.html; do
  run 2 "$opt without --drift" "$HIPIFY" "$opt" -O out cuda
  has stderr "^hipify-c: ${opt%%=*} needs --drift$" "$opt named"
done
absent out "nothing written"
run 2 "--resync with --drift" "$HIPIFY" --resync hip --drift hip cuda
has stderr 'exclude each other' "said"
diff -r hip hip_before >/dev/null || fail "the port changed"
finish
