# test_help.sh: --help, --man and --version come from the one option table: every option and alias in
# options.def appears in both (with its argument name), the exit statuses are documented, and the
# version is the library's. It does not judge the wording.
. "$(dirname "$0")/lib.sh"

optdef="$SRC/translator/cli/options.def"
[ -f "$optdef" ] || { fail "options.def not found under $SRC"; finish; }
run 0 "--help" "$HIPIFY" --help && cp stdout help.txt
[ -s stderr ] && fail "--help wrote to stderr"
run 0 "-h" "$HIPIFY" -h && same stdout help.txt "-h equals --help"
run 0 "-help" "$HIPIFY" -help && same stdout help.txt "-help equals --help"
run 0 "--man" "$HIPIFY" --man && cp stdout man.roff
has man.roff '^\.TH HIPIFY-C 1' "--man is a roff page"

awk -F'"' '/^HC_OPT\(/ { print $2 "|" $4 "|" $6 }' "$optdef" >opts
[ "$(wc -l <opts)" -ge 40 ] || fail "options.def parsed to fewer than 40 options"
while IFS='|' read -r name aliases argname; do
  grep -q -e "--$name\b" help.txt || fail "--help lacks --$name"
  roff=$(printf '%s' "$name" | sed 's/-/\\\\-/g')
  grep -q -e "\\\\-\\\\-$roff" man.roff || fail "--man lacks --$name"
  if [ -n "$argname" ]; then
    grep -e "--$name\b" help.txt | grep -q -F "$argname" || fail "--help: --$name without its argument $argname"
  fi
  for a in $(printf '%s' "$aliases" | tr '|' ' '); do
    grep -q -e "--$a\b" help.txt || fail "--help lacks alias --$a of --$name"
  done
done <opts
pass "every option of options.def in --help and --man ($(wc -l <opts) options)"

for code in 0 1 2 3 4; do
  grep -q "$code " help.txt || fail "--help does not document exit status $code"
  grep -A3 '^\.SH EXIT STATUS' man.roff | grep -q "$code " || fail "--man does not document exit status $code"
done
has help.txt 'single dash' "--help says long options work with one dash"

run 0 "--version" "$HIPIFY" --version
version=$(sed -n 's/^#define HC_VERSION_STRING "\(.*\)"/\1/p' "$SRC/translator/include/hipify/hipify.h")
has stdout "^hipify-c $version\$" "--version prints the library version"
grep -q "hipify-c $version" man.roff || fail "--man names another version than $version"
run 0 "-version" "$HIPIFY" -version
finish
