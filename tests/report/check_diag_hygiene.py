#!/usr/bin/env python3
"""check_diag_hygiene.py: the mistakes a new diagnostic can make that no other test sees. (1) Ids are in
ascending order inside each section of diagnostics.def and inside the section's id range. (2) Every call
that emits a table diagnostic (hc_unit_diag, warp_hazard) passes as many arguments as the message
template has conversions. (3) Every warning and error has an explicit report-effort entry (diag_effort in
report_util.c) unless its flag's family decides it. (4) Every id of a section whose header names a docs
page appears on that page. It does not judge the wording of messages or pages (check_docs.py checks pages).

usage: check_diag_hygiene.py SOURCE_ROOT
"""
import importlib.util
import os
import re
import sys

# Emitters of table diagnostics: (function, index of the id argument, index of the first template argument).
EMITTERS = (("hc_unit_diag", 1, 4), ("warp_hazard", 1, 4))
# Flags whose whole family has one effort in hc_report_diag_effort, so their ids need no entry.
FAMILY_EFFORT_FLAGS = {"warp-size"}
CONVERSION = re.compile(r"%(?:%|[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t)?[diouxXsScpfFeEgG])")


def load_gen(root):
    spec = importlib.util.spec_from_file_location("gen", os.path.join(root, "tools", "gen-diag-pages.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def sections(def_text):
    """[(header line number, low, high, docs page or None, [(line number, code number)])] in file order."""
    out = []
    for n, line in enumerate(def_text.split("\n"), 1):
        head = re.match(r"^/\*\s*(?:HC)?(\d)xxx:|^/\*\s*(?:HC)?(\d{4})-(?:HC)?(\d{4}):", line)
        if head:
            low, high = ((int(head.group(1)) * 1000, int(head.group(1)) * 1000 + 999) if head.group(1)
                         else (int(head.group(2)), int(head.group(3))))
            doc = re.search(r"docs/[\w.-]+\.md", line)
            out.append((n, low, high, doc.group(0) if doc else None, []))
            continue
        row = re.match(r'^HC_DIAG\(\w+,\s*"HC(\d{4})"', line)
        if row and out:
            out[-1][4].append((n, int(row.group(1))))
    return out


def split_call(text, open_paren):
    """The argument texts of the call whose '(' is at open_paren, and the index after its ')'."""
    args, cur, depth, i = [], [], 0, open_paren + 1
    while i < len(text):
        ch = text[i]
        if ch in "\"'":
            end = i + 1
            while end < len(text) and text[end] != ch:
                end += 2 if text[end] == "\\" else 1
            cur.append(text[i:end + 1])
            i = end + 1
            continue
        if text.startswith("/*", i):
            i = text.index("*/", i) + 2
            continue
        if text.startswith("//", i):
            i = text.index("\n", i)
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                args.append("".join(cur).strip())
                return args, i + 1
            depth -= 1
        elif ch == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
            i += 1
            continue
        cur.append(ch)
        i += 1
    return None, len(text)


def check_calls(root, conversions, errors):
    checked = 0
    for sub in ("translator/lib", "translator/cli", "translator/report"):
        folder = os.path.join(root, sub)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".c"):
                continue
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            for fn, id_at, first in EMITTERS:
                for m in re.finditer(r"\b%s\s*\(" % fn, text):
                    args, _ = split_call(text, m.end() - 1)
                    line = text.count("\n", 0, m.start()) + 1
                    if args is None or len(args) <= id_at:
                        continue
                    if re.match(r"^(const\s+)?\w+\s*\*?\s*\w+$", args[0]) and " " in args[0]:
                        continue  # the declaration or definition, not a call
                    ids = re.findall(r"\bHC_D_\w+", args[id_at])
                    for sym in ids:
                        if sym not in conversions:
                            errors.append(f"{sub}/{name}:{line}: {fn} names {sym}, which diagnostics.def lacks")
                            continue
                        given = len(args) - first
                        if given != conversions[sym]:
                            errors.append(f"{sub}/{name}:{line}: {fn}({sym}) passes {given} template argument(s); "
                                          f"its message template has {conversions[sym]} conversion(s)")
                        checked += 1
    return checked


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    gen = load_gen(root)
    def_rel = "translator/include/hipify/diagnostics.def"
    def_text = open(os.path.join(root, def_rel), encoding="utf-8").read()
    entries = gen.parse_def(os.path.join(root, def_rel))
    errors = []

    for header, low, high, doc, rows in sections(def_text):
        prev = None
        for line, num in rows:
            if not low <= num <= high:
                errors.append(f"{def_rel}:{line}: HC{num} lies outside its section's range {low}-{high} (line {header})")
            if prev is not None and num <= prev:
                errors.append(f"{def_rel}:{line}: HC{num} follows HC{prev}: ids ascend within a section")
            prev = num
        if doc:
            page = open(os.path.join(root, doc), encoding="utf-8").read()
            for line, num in rows:
                if f"HC{num}" not in page:
                    errors.append(f"{def_rel}:{line}: HC{num} has no row in {doc}, which its section header names")

    conversions = {}
    for d in entries:
        conversions[d["symbol"]] = sum(1 for c in CONVERSION.findall(d["format"]) if c != "%%")
    checked = check_calls(root, conversions, errors)

    util = open(os.path.join(root, "translator/report/report_util.c"), encoding="utf-8").read()
    table = re.search(r"diag_effort\[HC_DIAG__COUNT\] = \{(.*?)\n\};", util, re.S)
    named = set(re.findall(r"\[(HC_D_\w+)\]\s*=", table.group(1))) if table else set()
    if not table:
        errors.append("translator/report/report_util.c: the diag_effort table was not found")
    for d in entries:
        if d["severity"] != "note" and d["flag"] not in FAMILY_EFFORT_FLAGS and d["symbol"] not in named:
            errors.append(f"{d['code']} ({d['symbol']}, {d['severity']}): no entry in diag_effort "
                          f"(translator/report/report_util.c): say whether it is work for a person")

    for e in errors:
        print("FAIL: " + e)
    print(f"{len(entries)} diagnostics, {checked} emitting calls checked, {len(errors)} problem(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
