#!/usr/bin/env bash
# output-identity.sh: proves a refactoring preserves behaviour by running two hipify-c binaries over every
# input we have and comparing translations, --stats-json, stderr and exit codes byte for byte. It judges nothing else.
#
# usage: scripts/output-identity.sh OLD NEW
#        scripts/output-identity.sh --record BIN DIR     (save BIN's outputs in DIR, to compare later)
# OLD and NEW are hipify-c binaries or directories made by --record (a baseline recorded once need not
# be run again after each step). Prints 'N cases compared, I identical, D differ' and exits 1 when any
# differs, 2 on a usage error. IDENTITY_JOBS (default 2) cases run at once.
#
# Cases (each its own process, named after its input so that adding inputs renames nothing):
#   - corpus/ and tests/lit/ each as one tree with -O, plain and with --fix-warp-size;
#   - each tests/lit/**/*.cu and *.cuh alone with the options of each distinct '%hipify' RUN line;
#   - the conformance inputs (CONFORMANCE_DIR, default /work/shared/conformance/hipify-unit-tests) with the
#     options and compiler arguments of their RUN line, as the conformance runner passes them;
#   - a real tree (REAL_TREE, default /tmp/identity-caffe: BVLC caffe extracted from the mirror when
#     missing) with -O, plain and with --fix-warp-size.
# Only what differs between two runs on the same input is masked: wall times ("seconds" in --stats-json,
# "TIME ELAPSED s:" of --print-stats, time_elapsed_us of --print-stats-csv) and the git commit a port
# manifest records for an input inside this checkout (the same files under a new commit; its content_id
# still compares).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
CONF=${CONFORMANCE_DIR:-/work/shared/conformance/hipify-unit-tests}
REAL=${REAL_TREE:-/tmp/identity-caffe}
MIRROR=${REAL_TREE_MIRROR:-/work/.mirror/BVLC+caffe/repo}
JOBS=${IDENTITY_JOBS:-2}

WALL_TIMES='s/("seconds":[[:space:]]*)[0-9.e+-]+/\1X/; s/(TIME ELAPSED s: )[0-9.]+/\1X/; s/(,time_elapsed_us,)[0-9]+/\1X/; s/("git_commit": ")[0-9a-f]+"/\1X"/'

# same_case A B: the two records of one case agree, wall times aside.
same_case() {
    diff -r "$1" "$2" > /dev/null 2>&1 && return 0
    local f
    [ "$(cd "$1" && find . | LC_ALL=C sort)" = "$(cd "$2" && find . | LC_ALL=C sort)" ] || return 1
    while IFS= read -r f; do
        cmp -s "$1/$f" "$2/$f" || cmp -s <(sed -E "$WALL_TIMES" "$1/$f") <(sed -E "$WALL_TIMES" "$2/$f") || return 1
    done < <(cd "$1" && find . -type f)
    return 0
}

die() { echo "output-identity: $*" >&2; exit 2; }

prepare_real_tree() {
    [ -d "$REAL" ] && return 0
    [ -d "$MIRROR" ] || { echo "output-identity: no $REAL and no mirror at $MIRROR: real tree skipped" >&2; return 0; }
    mkdir -p "$REAL" && git --git-dir="$MIRROR" archive HEAD | tar -x -C "$REAL" || die "cannot extract $MIRROR"
}

# A case name from a path below a root: corpus/warp/x.cu -> corpus__warp__x.cu
case_name() { echo "$1" | sed 's|/|__|g'; }

# The options of each distinct %hipify RUN line of a lit file, one set a line: the words after %hipify up
# to a pipe or redirection, without %s, lit temporaries, and options that name an output or rules file.
lit_run_options() {
    grep -o '%hipify[^|>]*' "$1" | sed -E 's/^%hipify//' | awk '{
        out = ""; skip = 0
        for (i = 1; i <= NF; i++) {
            if (skip) { skip = 0; continue }
            if ($i == "&&" || $i == ";") break
            if ($i == "-o" || $i == "--out-dir" || $i == "-O" || $i == "--o-stats" || $i == "--stats-json" ||
                $i == "--diff" || $i == "--report" || $i == "--sarif" || $i == "--rules") { skip = 1; continue }
            if ($i ~ /%/ || $i == "2") continue
            out = out (out == "" ? "" : " ") $i
        }
        if (out != "") print out }' | LC_ALL=C sort -u
}

# Prints one case a line: NAME<TAB>MODE<TAB>INPUT<TAB>OPTIONS<TAB>COMPILER-ARGS (MODE: file or tree).
# Whole trees run in one process each (the cost of a case is mostly starting the tool); files run alone
# only where they have options of their own.
list_cases() {
    local f rel k opts
    printf 'corpus-tree\ttree\t%s\t\t\n' "$here/corpus"
    printf 'corpus-tree@warp\ttree\t%s\t--fix-warp-size\t\n' "$here/corpus"
    printf 'lit-tree\ttree\t%s\t\t\n' "$here/tests/lit"
    printf 'lit-tree@warp\ttree\t%s\t--fix-warp-size\t\n' "$here/tests/lit"
    while IFS= read -r f; do
        rel=$(case_name "${f#"$here"/}")
        k=0
        while IFS= read -r opts; do
            k=$((k + 1))
            printf '%s@run%d\tfile\t%s\t%s\t\n' "$rel" "$k" "$f" "$opts"
        done < <(lit_run_options "$f")
    done < <(find "$here/tests/lit" -type f \( -name '*.cu' -o -name '*.cuh' \) | LC_ALL=C sort)
    if [ -d "$CONF" ]; then
        local run hopts copts
        while IFS= read -r f; do
            run=$(grep -m1 '// RUN:' "$f") || continue
            hopts=$(echo "$run" | sed -E 's/.*%hipify_args( [0-9]+)? //; s/%clang_args.*//')
            copts=$(echo "$run" | sed -nE 's/.*%clang_args(.*)$/\1/p')
            hopts=${hopts//\"/}; copts=${copts//\"/}
            printf 'conf__%s\tfile\t%s\t--hip-version 6.3 %s\t-I%s %s\n' "$(case_name "${f#"$CONF"/}")" "$f" "$hopts" \
                "$(dirname "$f")" "$copts"
        done < <(grep -rl '// RUN:' "$CONF" | LC_ALL=C sort)
    fi
    if [ -d "$REAL" ]; then
        printf 'real-tree\ttree\t%s\t\t\n' "$REAL"
        printf 'real-tree@warp\ttree\t%s\t--fix-warp-size\t\n' "$REAL"
    fi
}

# run_case BIN DIR SCRATCH LINE: runs one case in its own scratch directory (outputs named relative to
# it, so messages naming them read the same on every run) and keeps out, stats.json, stdout, stderr, rc.
run_case() {
    local bin=$1 dir=$2 name mode input opts cargs s
    IFS=$'\t' read -r name mode input opts cargs <<< "$4"
    s="$3/$name"
    mkdir -p "$s" "$dir/$name"
    # shellcheck disable=SC2086
    if [ "$mode" = tree ]; then
        (cd "$s" && timeout 600 "$bin" -j1 $opts "$input" -O out --stats-json stats.json > stdout 2> stderr; echo $? > rc)
    else
        (cd "$s" && timeout 120 "$bin" $opts "$input" -o out --stats-json stats.json -- $cargs > stdout 2> stderr; echo $? > rc)
    fi
    local f
    for f in stats.json stdout stderr hipify-stats.csv; do # wall times masked once here: most cases then compare with diff -r
        [ -f "$s/$f" ] && sed -E "$WALL_TIMES" "$s/$f" > "$s/$f.masked" && mv "$s/$f.masked" "$s/$f"
    done
    printf '%s\n' "$4" > "$s/case"
    rm -rf "${dir:?}/$name"
    mv "$s" "$dir/$name"
}

# record BIN DIR: every case with BIN, IDENTITY_JOBS at a time, results under DIR/<case>/.
record() {
    local bin=$1 dir=$2 scratch
    [ -x "$bin" ] || die "$bin is not an executable"
    bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
    mkdir -p "$dir" || die "cannot create $dir"
    scratch=$(mktemp -d /tmp/output-identity.XXXXXX) || die "no scratch directory"
    export -f run_case
    export WALL_TIMES
    list_cases | tr '\n' '\0' | xargs -0 -P "$JOBS" -I{} bash -c 'run_case "$1" "$2" "$3" "$4"' _ "$bin" "$dir" "$scratch" {}
    rm -rf "$scratch"
}

if [ "${1:-}" = --record ]; then
    [ $# = 3 ] || die "usage: $0 --record BIN DIR"
    prepare_real_tree
    record "$2" "$3"
    echo "recorded $(find "$3" -mindepth 1 -maxdepth 1 -type d | wc -l) cases in $3"
    exit 0
fi
[ $# = 2 ] || die "usage: $0 OLD NEW  |  $0 --record BIN DIR"
prepare_real_tree
work=$(mktemp -d /tmp/output-identity-cmp.XXXXXX) || die "no scratch directory"
sides=()
for s in "$1" "$2"; do
    if [ -d "$s" ]; then sides+=("$s"); else d="$work/${#sides[@]}"; record "$s" "$d"; sides+=("$d"); fi
done
total=0 same=0
while IFS= read -r name; do
    total=$((total + 1))
    if [ -d "${sides[1]}/$name" ] && same_case "${sides[0]}/$name" "${sides[1]}/$name"; then
        same=$((same + 1))
    else
        echo "DIFFERS: $name"
    fi
done < <(cd "${sides[0]}" && find . -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | LC_ALL=C sort)
# a case only NEW has (an input added since OLD was recorded) is named, not counted
extra=$(comm -13 <(cd "${sides[0]}" && ls | LC_ALL=C sort) <(cd "${sides[1]}" && ls | LC_ALL=C sort) | wc -l)
rm -rf "$work"
note=""
[ "$extra" -gt 0 ] && note=" ($extra cases only in NEW, not compared)"
echo "$total cases compared, $same identical, $((total - same)) differ$note"
[ "$same" = "$total" ]
