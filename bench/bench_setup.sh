# bench_setup.sh: the start every benchmark script shares: strict mode, the checkout ($top), the hipify-c to
# measure ($hipify: the script's first argument, else the build's) and a scratch folder ($work) removed on exit.
# Sourced by the scripts of bench/ (. "$(dirname "$0")/bench_setup.sh"); it measures nothing itself.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
hipify=${1:-$top/build/bin/hipify-c}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
