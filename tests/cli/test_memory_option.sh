# test_memory_option.sh: --memory SIZE bounds what the files translated at once may take together. Sizes
# are checked; a budget smaller than any file still translates everything, one file at a time, with the
# same output as any -j. (How much memory a run takes is measured by bench/memory_bench.sh, not here.)
. "$(dirname "$0")/lib.sh"

i=0
while [ $i -lt 12 ]; do write_cuda "t/k$i.cu"; write_plain "t/p$i.cpp"; i=$((i + 1)); done
for bad in 0 -5 abc 12X 5GG '' 99999999999999999G; do
  run 2 "--memory '$bad' refused" "$HIPIFY" --memory "$bad" --examine t
done
has stderr "is not a size" "the refusal says why"
run 0 "-j1" "$HIPIFY" -j1 -O o1 t
run 0 "-j2 with a budget smaller than any file" "$HIPIFY" -j2 --memory 1K -O o2 t
run 0 "-j2 with a large budget" "$HIPIFY" -j2 --memory 4G -O o3 t
diff -r o1 o2 >/dev/null || fail "a small budget changed the output"
diff -r o1 o3 >/dev/null || fail "a large budget changed the output"
has o2/k11.cu 'hipMalloc' "every file translated under a small budget"
run 0 "--memory=512M spelled with =" "$HIPIFY" --memory=512M --examine t
finish
