#!/bin/sh
# install-deps.sh: installs the Debian 12 packages hipify-c needs to build and test, only those missing.
# It never touches anything outside the package manager; with no root and packages missing it stops.
set -eu
packages="build-essential cmake pkg-config python3 gperf libclang-22-dev llvm-22-tools
libpcre2-dev libcjson-dev libcmocka-dev libgit2-dev hipcc libamdhip64-dev chromium
python3-jsonschema git patch libhiprand-dev librocrand-dev libhipsparse-dev libtbb-dev"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing:$missing"
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "install-deps: missing packages and not root: apt-get install$missing" >&2; exit 1; fi
else SUDO=""; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
