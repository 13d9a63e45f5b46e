#!/usr/bin/env bash
# warp-wave64.sh: runs CUDA programs' HIP ports, plain and with --fix-warp-size, under 64-lane warps on the CPU
# (AMD's HIP-CPU runtime) and prints one table row per program; it judges results only by each program's own check.
#
# usage: scripts/warp-wave64.sh HIPIFY OUTDIR LIST
#   HIPIFY  a hipify-c binary; OUTDIR  a scratch folder (one subfolder per program and port);
#   LIST    lines "NAME<TAB>SOURCE<TAB>ARGS[<TAB>CHECK[<TAB>FLAGS]]" (# comments allowed; ARGS "-": none; CHECK
#           "exit": the exit status is the program's check, "-" or empty: its output is; FLAGS: the -D options its
#           Makefile passes, added to the compile): the program folder (every .cu/.cpp in it is
#           compiled) or one .cu file of a folder (its folder is translated, that file compiled; the diagnostics
#           counted are that file's, the .cu files it includes' and the headers'), and arguments.
#           @ROOT@ in a path is this checkout, @HECBENCH@ is $HECBENCH (default /tmp/hecbench: a HeCBench
#           checkout: docs/warp-size.md says how to extract it from a mirror).
#           scripts/warp-wave64.txt is the list docs/warp-size.md's table was made with.
# Environment: HIP_CPU (default: the wave64 tier's patched copy, BUILD/hip-cpu of a build of this checkout in
# ./build, else the unpatched /work/shared/third_party/HIP-CPU with a warning: read harness/hip-cpu/README.md), CXX
# (g++), RUN_TIMEOUT (seconds a run may take, default 300), JOBS (programs at a time, default 1). Needs Debian's
# libtbb-dev. Each port is translated with --hip-kernel-execution-syntax (HIP-CPU has no <<<>>>) and compiled as
# the harness's hip-cpu step compiles one: -include hip/hip_runtime.h (precompiled where the copy has it), the
# shim's HIP-CPU branch (hipify_shim_hipcpu.h) and its *_sync helpers (hipify_shim_warp.h); then run once.
# Verdicts: right (the program's check passed), wrong (it printed FAIL/Error), no check (it ran, printed
# neither), not runnable (did not compile, crashed, timed out, or the patched HIP-CPU stopped it because the run
# could not be faithful: the reason is given). A port that does not compile and shows a construct of
# harness/hip-cpu/limits.tsv (which the harness's tier refuses unbuilt) has that row's key beside the error. A port whose translation is byte-identical to the plain one is not
# built again ("= plain"). What the patched HIP-CPU still runs unfaithfully is listed in harness/hip-cpu/README.md.
set -u
[ $# -eq 3 ] || { sed -n '4,8p' "$0"; exit 2; }
HIPIFY=$(realpath "$1"); OUT=$2; LIST=$3
ROOT=$(cd "$(dirname "$0")/.." && pwd) # harness/include: the corpus programs' recorder
if [ -n "${HIP_CPU:-}" ]; then HC=$HIP_CPU
elif [ -f "$ROOT/build/hip-cpu/include/hip/hip_runtime.h" ]; then HC=$ROOT/build/hip-cpu
else HC=/work/shared/third_party/HIP-CPU
    echo "warp-wave64.sh: no patched HIP-CPU in $ROOT/build/hip-cpu: the unpatched copy runs divergent warp code unfaithfully" >&2
fi
CXX=${CXX:-g++}
TMO=${RUN_TIMEOUT:-300}
mkdir -p "$OUT"
PCH=""; [ -f "$HC/pch/hip/hip_runtime.h.gch" ] && PCH="-I$HC/pch"

# limit DIR: the key of the first row of limits.tsv whose pattern the port's sources show (comments not removed,
# unlike the harness's scan).
limit() {
    local key pat
    while IFS=$'\t' read -r key _ _ _ _ _ pat; do
        [ "$key" = key ] && continue
        grep -rqP --include='*.cu' --include='*.cuh' --include='*.h' --include='*.hpp' --include='*.cpp' -- "$pat" "$1" \
            && { echo "$key"; return; }
    done < "$ROOT/harness/hip-cpu/limits.tsv"
}

# verdict DIR ARGS FILE CHECK FLAGS: builds the port in DIR (all its .cu/.cpp files, or FILE alone), runs it; prints
# the verdict. CHECK "exit": the exit status is the program's check (the corpus programs' CPU references).
verdict() {
    local d=$1 args=$2 srcs=$3 check=$4 flags=$5 rc lim
    [ -n "$srcs" ] || srcs=$(cd "$d" && ls *.cu *.cpp 2>/dev/null | grep -v -i 'reference\|^a\.out')
    [ -n "$srcs" ] || { echo "not runnable (no source)"; return; }
    if ! (cd "$d" && timeout 600 $CXX -std=c++17 -O1 -pthread -w $PCH $flags -I. $(find . -mindepth 1 -type d -printf '-I%p ') \
            -I"$ROOT/harness/include" -I"$ROOT/runtime-shim/include" -isystem "$HC/include" -include hip/hip_runtime.h \
            -include hipify_shim_hipcpu.h -include hipify_shim_warp.h -x c++ $srcs -x none -o a.out -ltbb > compile.log 2>&1); then
        lim=$(limit "$d"); [ -n "$lim" ] && lim="; limits.tsv: $lim"
        if grep -q 'error: ' "$d/compile.log"; then
            echo "not runnable (compile: $(grep -m1 -o 'error: .*' "$d/compile.log" | cut -c8-90 | tr '|\t' '/ ')$lim)"
        else echo "not runnable (compile did not finish in 600 s)"; fi
        return
    fi
    (cd "$d" && eval timeout "$TMO" ./a.out $args) > "$d/run.log" 2>&1
    rc=$?
    if [ $rc -eq 124 ]; then echo "not runnable (timeout ${TMO}s)"; return; fi
    if [ $rc -eq 86 ] && grep -q '^HIP-CPU: not runnable: ' "$d/run.log"; then
        echo "not runnable ($(grep -m1 '^HIP-CPU: not runnable: ' "$d/run.log" | cut -c24-150 | tr '|\t' '/ '))"; return; fi
    if grep -qE 'FAIL|Error|error|mismatch|incorrect' "$d/run.log"; then echo "wrong ($(grep -m1 -E 'FAIL|Error|error|mismatch|incorrect' "$d/run.log" | cut -c1-60 | tr '|\t' '/ '))"; return; fi
    if [ $rc -ge 128 ]; then echo "not runnable (signal $((rc - 128)))"; return; fi
    if [ "$check" = exit ]; then [ $rc -eq 0 ] && echo "right" || echo "wrong (exit $rc)"; return; fi
    if grep -qE 'PASS|Pass|passed|OK' "$d/run.log"; then echo "right"; return; fi
    echo "no check (exit $rc)"
}

# row NAME SOURCE ARGS: translates, builds and runs one program; writes its table row to OUT/NAME/row.md.
row() {
    local name=$1 src=$2 args=$3 check=$4 flags=$5 w file="" hz fx left plain fixed own f
    case "$name" in ''|.|..|*/..|../*|*/../*) echo "warp-wave64.sh: bad program name '$name'" >&2; return ;; esac
    w="$OUT/$name"; rm -rf "$w"; mkdir -p "$w"
    if [ -f "$src" ]; then file=$(basename "$src"); src=$(dirname "$src"); fi
    "$HIPIFY" --hip-kernel-execution-syntax -O "$w/plain" "$src" > "$w/plain.all" 2>&1
    "$HIPIFY" --hip-kernel-execution-syntax --fix-warp-size -O "$w/fixed" "$src" > "$w/fixed.all" 2>&1
    if [ -n "$file" ]; then  # the diagnostics of the program's own file, the .cu files it includes, the headers
        own="$file $(grep -oE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]+\.(cu|cpp)"' "$src/$file" |
                     sed -E 's/.*"([^"]+)"/\1/')"
        grep -vE '\.(cu|cpp):' "$w/plain.all" > "$w/plain.diag"; grep -vE '\.(cu|cpp):' "$w/fixed.all" > "$w/fixed.diag"
        for f in $own; do
            grep -F "/$f:" "$w/plain.all" >> "$w/plain.diag"; grep -F "/$f:" "$w/fixed.all" >> "$w/fixed.diag"
        done
    else cp "$w/plain.all" "$w/plain.diag"; cp "$w/fixed.all" "$w/fixed.diag"; fi
    hz=$(grep -cE ' HC30(0[1-8]|1[0-5]|17): ' "$w/plain.diag")
    fx=$(grep -c ' HC3009: ' "$w/fixed.diag")
    left=$(grep -cE 'warning: HC30(0[1-8]|1[0-5]|17): ' "$w/fixed.diag")
    plain=$(verdict "$w/plain" "$args" "$file" "$check" "$flags")
    if [ "$fx" -eq 0 ]; then fixed="= plain (nothing rewritten)"
    else fixed=$(verdict "$w/fixed" "$args" "$file" "$check" "$flags"); fi
    printf '| %s | %s; %s rewritten, %s left | %s | %s |\n' "$name" "$hz" "$fx" "$left" "$plain" "$fixed" > "$w/row.md"
}

# JOBS programs at a time (default 1); the rows come out in LIST's order.
names=(); running=0
while IFS=$'\t' read -r name src args check flags; do
    case "$name" in ''|'#'*) continue ;; esac
    names+=("$name")
    if [ "$running" -ge "${JOBS:-1}" ]; then wait -n; running=$((running - 1)); fi
    running=$((running + 1))
    src=${src//@HECBENCH@/${HECBENCH:-/tmp/hecbench}}; src=${src//@ROOT@/$ROOT}
    [ "$args" = - ] && args=""
    [ "${check:-}" = - ] && check=""
    row "$name" "$src" "$args" "${check:-}" "${flags:-}" &
done < "$LIST"
wait
printf '| program | hazards (warnings; rewritten with --fix-warp-size) | plain port | fixed port |\n|---|---|---|---|\n'
for name in "${names[@]}"; do cat "$OUT/$name/row.md" 2>/dev/null || echo "| $name | (no result) | | |"; done
