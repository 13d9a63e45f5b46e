# checks.sh: what the harness's shell tests share: counting failed checks (fail, checks_done), a row of the
# result table (expect_row) and a refused run (expect_refused). Sourced by validate_e2e.sh and
# validate_hostile.sh; it runs nothing itself.
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_row FILE PROGRAM STEP STATUS [TEXT...]: the table row of PROGRAM's STEP has STATUS and each TEXT.
expect_row() {
  file=$1 program=$2 step=$3 status=$4
  shift 4
  row=$(grep -E "^$program +$step +" "$file" | head -1)
  case "$row" in
    *" $status "*) ;;
    *) fail "$program $step: expected $status, got: ${row:-no row}"; return ;;
  esac
  for text in "$@"; do
    case "$row" in
      *"$text"*) ;;
      *) fail "$program $step: '$text' missing from: $row" ;;
    esac
  done
}

# expect_refused RC OUT_FILE TEXT WHAT: the harness exited 2 and said TEXT.
expect_refused() {
  rc=$1 out=$2 text=$3 what=$4
  [ "$rc" -eq 2 ] || fail "$what: exit status $rc, expected 2 (refused)"
  grep -q -- "$text" "$out" || { fail "$what: '$text' not said:"; cat "$out"; }
}

# checks_done LABEL: says how the checks went; its status is the script's (0: none failed).
checks_done() {
  [ $failures -eq 0 ] && echo "$1: all checks passed" || echo "$1: $failures check(s) failed"
  [ $failures -eq 0 ]
}
