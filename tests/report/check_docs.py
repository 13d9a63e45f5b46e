#!/usr/bin/env python3
"""check_docs.py: every diagnostic id in diagnostics.def has a page docs/diagnostics/<id>.md whose
generated head matches the table and whose hand-written sections (why, how to fix, example) are written;
the index lists them all. It does not check that a test triggers each id (the area lit tests do)."""
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gen", os.path.join(HERE, "..", "..", "tools", "gen-diag-pages.py"))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)


def main():
    def_path, docs = sys.argv[1:3]
    entries = gen.parse_def(def_path)
    errors = []
    codes = [d["code"] for d in entries]
    if len(set(codes)) != len(codes):
        errors.append("diagnostics.def has duplicate ids")
    for d in entries:
        path = os.path.join(docs, d["code"] + ".md")
        if not os.path.isfile(path):
            errors.append(f"{d['code']}: no page {path} (run tools/gen-diag-pages.py, then write it)")
            continue
        text = open(path, encoding="utf-8").read()
        if not text.startswith(gen.generated_head(d)):
            errors.append(f"{d['code']}: head out of date with diagnostics.def (run tools/gen-diag-pages.py)")
        if gen.SKELETON in text:
            errors.append(f"{d['code']}: skeleton sections not written yet")
        body = text.split(gen.END_OF_GENERATED, 1)[-1]
        for section in gen.SECTIONS:
            m = re.search(rf"^## {re.escape(section)}\n(.*?)(?=^## |\Z)", body, re.M | re.S)
            if not m or len(m.group(1).strip()) < 20:
                errors.append(f"{d['code']}: section '{section}' missing or empty")
            elif section == "Example" and "```" not in m.group(1):
                errors.append(f"{d['code']}: the example has no code block")
    index = os.path.join(docs, "README.md")
    if not os.path.isfile(index) or open(index, encoding="utf-8").read() != gen.index_page(entries):
        errors.append("docs/diagnostics/README.md is out of date (run tools/gen-diag-pages.py)")
    extra = sorted(set(f[:-3] for f in os.listdir(docs) if re.fullmatch(r"HC\d{4}\.md", f)) - set(codes))
    if extra:
        errors.append(f"pages for ids not in the table: {extra}")
    for e in errors:
        print("FAIL:", e)
    print(f"{'FAIL' if errors else 'PASS'}: {len(entries)} diagnostic ids, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
