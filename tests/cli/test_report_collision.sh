# test_report_collision.sh: a report (--diff, --report, --stats-json, --sarif, --o-stats) that names a
# file the same run also writes (a translated output, a backup, the -o file, another report) is refused
# before anything is written: HC2026 names it, exit 2, and no output exists afterwards.
. "$(dirname "$0")/lib.sh"

write_cuda src/a.cu
write_plain src/b.cpp
for opt in --report --diff --stats-json --sarif; do
  rm -rf out
  run 2 "$opt onto a translated output" "$HIPIFY" -O out "$opt" out/a.cu src
  has stderr "out/a.cu: error: HC2026: $opt out/a.cu is also the translation of src/a.cu" "$opt names the clash"
  absent out "$opt: nothing written"
done
run 2 "--report onto a copied file" "$HIPIFY" -O out --report out/b.cpp src
absent out "a copied file: nothing written"
run 2 "--o-stats onto a translated output" "$HIPIFY" -O out --print-stats-csv --o-stats out/a.cu src
absent out "--o-stats: nothing written"
# the default CSV path clashes with a tree file of that name
write_plain t/hipify-stats.csv
run 2 "the default CSV onto a copied file" "$HIPIFY" -O tout --print-stats-csv t
has stderr 'HC2026' "the default CSV names HC2026"
absent tout "the default CSV: nothing written"
# a link to an output is the output
ln -s out/a.cu alias.html
run 2 "--report through a link to an output" "$HIPIFY" -O out --report alias.html src
[ -L alias.html ] || fail "the link was replaced"
absent out "through a link: nothing written"
# two reports on one file
run 2 "two reports on one path" "$HIPIFY" -O out --report r.html --sarif ./r.html src
has stderr 'HC2026: --sarif ./r.html is also the path of --report' "two reports: named"
absent r.html "two reports: none written"
# -o and a report on one file
run 2 "-o and --stats-json on one file" "$HIPIFY" src/a.cu -o x.cu --stats-json x.cu
absent x.cu "-o and a report: nothing written"
# --inplace: a report on the backup-to-be
cp src/a.cu keep.cu
run 2 "--inplace with --diff onto the backup" "$HIPIFY" --inplace --diff src/a.cu.prehip src
absent src/a.cu.prehip "--inplace: no backup written"
same src/a.cu keep.cu "--inplace: the input is untouched"
# not a clash: reports beside the outputs, several reports to standard output, --examine
run 0 "a report beside the outputs" "$HIPIFY" -O out --report out/report.html src
exists out/report.html "the report beside the outputs is written"
has out/a.cu 'hipMalloc' "the outputs are written"
run 0 "two reports to standard output" "$HIPIFY" -O out2 --stats-json - --sarif - src
run 0 "--examine writes no translation" "$HIPIFY" --examine --report src2.html src
finish
