# lib.sh: helpers shared by the CLI tests (sourced, never run on its own): a scratch directory removed
# on exit, failure reporting that names the case, and exit-status / output assertions.
# It knows nothing about hipify-c's options; each test_*.sh says what it checks.

HIPIFY=${1:?usage: sh test_X.sh HIPIFY_BINARY SOURCE_DIR}
SRC=${2:?usage: sh test_X.sh HIPIFY_BINARY SOURCE_DIR}
case $HIPIFY in /*) ;; *) HIPIFY=$(pwd)/$HIPIFY ;; esac
failures=0
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/hipify-cli.XXXXXX")
trap 'chmod -R u+rwx "$SCRATCH" 2>/dev/null; rm -rf "$SCRATCH"' EXIT
cd "$SCRATCH" || exit 1

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# run EXPECTED_STATUS NAME CMD...: runs CMD with stdout/stderr in $SCRATCH/out and $SCRATCH/err.
run() {
  expected=$1 name=$2
  shift 2
  "$@" >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
  status=$?
  if [ "$status" -ne "$expected" ]; then
    fail "$name: exit status $status, expected $expected"
    sed 's/^/  stderr: /' "$SCRATCH/stderr" | head -5
    return 1
  fi
  pass "$name"
}

# has FILE PATTERN NAME: FILE contains a line matching the basic regex PATTERN.
has() { grep -q -e "$2" "$1" || { fail "$3: '$2' not in $(basename "$1")"; sed 's/^/  | /' "$1" | head -8; }; }
hasnt() { ! grep -q -e "$2" "$1" || fail "$3: '$2' unexpectedly in $(basename "$1")"; }
same() { cmp -s "$1" "$2" || fail "$3: $1 and $2 differ"; }
exists() { [ -e "$1" ] || fail "$2: $1 missing"; }
absent() { [ ! -e "$1" ] && [ ! -L "$1" ] || fail "$2: $1 should not exist"; }
# lines FILE N NAME: FILE has exactly N lines.
lines() { n=$(wc -l <"$1"); [ "$n" -eq "$2" ] || fail "$3: $(basename "$1") has $n lines, expected $2"; }

# A small CUDA file that changes under translation, and one that does not.
write_cuda() {
  mkdir -p "$(dirname "$1")"
  printf '#include <cuda_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 0; }\nint main() { float *p; cudaMalloc(&p, 4); k<<<1, 1>>>(p); return (int)cudaFree(p); }\n' >"$1"
}
write_plain() {
  mkdir -p "$(dirname "$1")"
  printf '#include <cstdio>\nint main() { std::puts("no cuda here"); return 0; }\n' >"$1"
}

finish() {
  if [ "$failures" -ne 0 ]; then echo "$failures failure(s)"; exit 1; fi
  echo "all passed"
  exit 0
}
