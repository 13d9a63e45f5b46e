# test_long_paths.sh: file names the system cannot take whole, and names that are not UTF-8. A path past
# PATH_MAX (4095 bytes) inside a tree is never cut (a cut path names another file or none) nor skipped
# in silence: HC2028, exit 1, the rest of the tree translated; -O refuses an output path past the limit
# the same way. A name that is not UTF-8 keeps --stats-json and --sarif valid JSON and the HTML valid
# UTF-8, spelled \xNN as on the terminal.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "SKIPPED: python3 needed to build and check the cases"; exit 77; }

# deep/d{200} x 22/k.cu: 4,400 bytes, made with relative steps (no single call sees the whole path)
python3 - <<'PY'
import os
os.makedirs('deep/short')
open('deep/short/a.cu', 'w').write('#include <cuda_runtime.h>\nint main(){void*q; cudaMalloc(&q,4); return 0;}\n')
os.chdir('deep')
for i in range(22):
    os.mkdir('d' * 200)
    os.chdir('d' * 200)
open('k.cu', 'w').write('#include <cuda_runtime.h>\nint main(){void*q; cudaMalloc(&q,4); return 0;}\n')
PY
for mode in --inplace --examine "-O out"; do
  # shellcheck disable=SC2086 # "-O out" is two words on purpose
  run 1 "$mode on a tree with a path past PATH_MAX" "$HIPIFY" $mode deep
  has stderr 'error: HC2028: path of 4[0-9]* bytes, over the limit of 4095' "$mode names the deep path"
  hasnt stderr 'HC2005\|No such file' "$mode does not report the cut path as missing"
done
has deep/short/a.cu 'hipMalloc' "--inplace translated the rest of the tree"
has out/short/a.cu 'hipMalloc' "-O translated the rest of the tree"
# an input path that fits, whose output path under a long -O does not
python3 - <<'PY'
import os
d = os.path.join('fit', *(['e' * 200] * 19))
os.makedirs(d)
open(os.path.join(d, 'k.cu'), 'w').write('#include <cuda_runtime.h>\nint main(){void*q; cudaMalloc(&q,4); return 0;}\n')
os.makedirs(os.path.join('o' * 200, 'p' * 200))
PY
long_out=$(printf 'o%.0s' $(seq 200))/$(printf 'p%.0s' $(seq 200))
run 3 "-O where the output path passes PATH_MAX" "$HIPIFY" -O "$long_out" fit
has stderr 'k.cu: error: HC2028: its output path under' "the output path that cannot be written is named"

# names that are not UTF-8: valid JSON, SARIF and HTML
mkdir -p latin
write_cuda "$(printf 'latin/caf\351.cu')"
write_cuda "$(printf 'latin/bad\377\376.cu')"
run 0 "-O with Latin-1 file names and every report" "$HIPIFY" -O lout --stats-json s.json --sarif s.sarif \
  --report s.html latin
if python3 - <<'PY'; then pass "JSON, SARIF and HTML are valid UTF-8 and JSON"; else fail "the reports are not valid"; fi
import json
for name in ('s.json', 's.sarif'):
    with open(name, 'rb') as f:
        doc = json.loads(f.read().decode('utf-8'))  # strict: raises on any byte that is not UTF-8
text = open('s.json', 'rb').read().decode('utf-8')
assert 'caf\\\\xE9.cu' in text, 'the name is spelled \\xE9 in the JSON'
assert 'bad\\\\xFF\\\\xFE.cu' in text, 'each byte spelled'
open('s.html', 'rb').read().decode('utf-8')
PY
finish
