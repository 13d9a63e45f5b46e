#!/bin/sh
# test_unlisted_keeps_reviewed.sh: find_unlisted.py --write, run on a copy of mappings/, keeps a row a person
# reviewed in extra_cuda13.tsv and writes every unlisted name (none is left out silently). Needs CUDA's headers.
# usage: test_unlisted_keeps_reviewed.sh SOURCE_DIR CUDA_INCLUDE_DIR
src=$1 cuda=$2
[ -f "$cuda/cuda_runtime_api.h" ] || { echo "SKIPPED: no CUDA headers under $cuda"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$src"/mappings/*.tsv "$tmp"/ || exit 1
reason='(reviewed) test row: a person ruled the counterpart out'
# a reviewed row for a name the script writes on its own (first generated row), with a reason of its own
name=$(awk -F'\t' 'NR > 1 && $6 ~ /^\(absent from the reference tables; declared by CUDA/ { print $1; exit }' "$tmp/extra_cuda13.tsv")
[ -n "$name" ] || { echo "FAIL: no generated row in extra_cuda13.tsv"; exit 1; }
awk -F'\t' -v OFS='\t' -v n="$name" -v r="$reason" '$1 == n { $6 = r } { print }' "$tmp/extra_cuda13.tsv" > "$tmp/x" &&
    mv "$tmp/x" "$tmp/extra_cuda13.tsv"
python3 "$src/mappings/tools/find_unlisted.py" --cuda-include "$cuda" --mappings "$tmp" --write > "$tmp/log" || { cat "$tmp/log"; exit 1; }
got=$(awk -F'\t' -v n="$name" '$1 == n { print $6 }' "$tmp/extra_cuda13.tsv")
[ "$got" = "$reason" ] || { echo "FAIL: the reviewed row of $name became: '$got'"; exit 1; }
# a second run changes nothing (the output is stable), and every row has a section
cp "$tmp/extra_cuda13.tsv" "$tmp/first"
python3 "$src/mappings/tools/find_unlisted.py" --cuda-include "$cuda" --mappings "$tmp" --write > /dev/null || exit 1
cmp -s "$tmp/first" "$tmp/extra_cuda13.tsv" || { echo "FAIL: a second --write changed extra_cuda13.tsv"; diff "$tmp/first" "$tmp/extra_cuda13.tsv" | head; exit 1; }
echo "ok: the reviewed row of $name kept; $(tail -1 "$tmp/log")"
