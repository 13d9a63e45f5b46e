#!/bin/sh
# probe_test.sh: checks the overlay probe's four verdicts with stand-in compilers whose success depends only on
# whether the overlay is on the include path; it does not run nvcc. Exit 77 (SKIPPED) without HIP headers.
# usage: probe_test.sh PYTHON GENERATOR HIP_INCLUDE WORKDIR
set -eu
python=$1 generator=$2 hip_include=$3 work=$4
if [ ! -f "$hip_include/hip/nvidia_detail/nvidia_hip_runtime_api.h" ]; then
    echo "SKIPPED: no HIP headers for NVIDIA under $hip_include"; exit 77
fi
rm -rf "$work"
mkdir -p "$work/bin"
# Each stand-in "compiles" according to its rule; the probe puts the overlay first as -I<tmp>/overlay.
fake() {
    printf '#!/bin/sh\ncase "$*" in *"/overlay "*) overlay=yes ;; *) overlay=no ;; esac\n%s\n' "$2" > "$work/bin/$1"
    chmod +x "$work/bin/$1"
}
fake both-work 'exit 0'
fake overlay-breaks '[ $overlay = no ]'
fake plain-breaks '[ $overlay = yes ]'
fake none-works 'exit 1'
status=0
for case in both-work:recommended overlay-breaks:not-needed plain-breaks:needed none-works:broken; do
    compiler=${case%%:*} expected=${case#*:}
    got=$("$python" "$generator" --probe --nvcc "$work/bin/$compiler" --hip-include "$hip_include" 2>/dev/null || true)
    if [ "$got" = "$expected" ]; then
        echo "ok: $compiler -> $got"
    else
        echo "FAIL: $compiler -> '$got', expected $expected"
        status=1
    fi
done
exit $status
