#!/usr/bin/env python3
# check_kinds.py: measures how often the kinds inferred by import_reference.py agree with what CUDA's own
# headers declare (#define, enumerator, typedef/struct, function). A review aid: it changes no table.
"""Usage: check_kinds.py [--cuda-include /usr/local/cuda/include] [--show N] [--min-agreement PERCENT]

Prints, per inferred kind, how many names the CUDA headers declare as each kind, and up to N examples of
disagreement. Exits 77 (skipped) when no CUDA headers are installed.
"""
import argparse
import collections
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hctables  # noqa: E402


def declared_kinds(include_dir):
    """name -> set of kinds seen in the headers (a crude scan: good enough to audit a heuristic)."""
    kinds = collections.defaultdict(set)
    files = glob.glob(os.path.join(include_dir, "*.h")) + glob.glob(os.path.join(include_dir, "*.hpp"))
    for path in files:
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        for m in re.finditer(r"^\s*#\s*define\s+(\w+)", text, re.M):
            kinds[m.group(1)].add("macro")
        for body in re.findall(r"\benum\b[^{;]*\{(.*?)\}", text, re.S):
            for m in re.finditer(r"(?:^|,)\s*(\w+)\s*(?:=|,|$)", body):
                kinds[m.group(1)].add("enum")
        for m in re.finditer(r"\b(?:struct|union|enum)\s+(?:__device_builtin__\s+|CUDARTAPI\s+)?(\w+)\s*\{", text):
            kinds[m.group(1)].add("type")
        for m in re.finditer(r"\}\s*(\w+)\s*;", text):
            kinds[m.group(1)].add("type")
        for m in re.finditer(r"\btypedef\b[^;{]*?\b(\w+)\s*;", text):
            kinds[m.group(1)].add("type")
        for m in re.finditer(r"\btypedef\b[^;]*?\(\s*\w*\s*\*\s*(\w+)\s*\)", text):
            kinds[m.group(1)].add("type")
        for m in re.finditer(r"\b(\w+)\s*\([^;{)]*\)\s*(?:;|\{)", text):
            kinds[m.group(1)].add("function")
    return kinds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cuda-include", default="/usr/local/cuda/include")
    ap.add_argument("--show", type=int, default=10)
    ap.add_argument("--min-agreement", type=float, default=0.0,
                    help="exit 1 when the overall agreement (percent) is lower")
    args = ap.parse_args()
    if not os.path.isdir(args.cuda_include):
        print("SKIPPED: no CUDA headers at %s" % args.cuda_include)
        return 77
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    keys = hctables.read_family_keys(os.path.join(os.path.dirname(root), "translator", "include", "hipify",
                                                  "families.def"))
    rows, _, _, errors = hctables.load(root, keys)
    if errors:
        print("\n".join(errors[:20]))
        return 1
    declared = declared_kinds(args.cuda_include)
    agree = collections.Counter()
    total = collections.Counter()
    wrong = collections.defaultdict(list)
    for r in rows:
        seen = declared.get(r["cuda"])
        if not seen or r["kind"] not in ("function", "type", "enum", "macro"):
            continue  # not in these headers (library not installed, removed API) or a hand-made kind
        total[r["kind"]] += 1
        if r["kind"] in seen:
            agree[r["kind"]] += 1
        else:
            wrong[r["kind"]].append("%s (headers: %s)" % (r["cuda"], "/".join(sorted(seen))))
    for kind in ("function", "type", "enum", "macro"):
        if total[kind]:
            print("%-8s %5d of %5d agree with the CUDA headers (%.1f%%)" %
                  (kind, agree[kind], total[kind], 100.0 * agree[kind] / total[kind]))
            for example in wrong[kind][:args.show]:
                print("    " + example)
    overall = 100.0 * sum(agree.values()) / max(1, sum(total.values()))
    print("all      %5d of %5d (%.1f%%)" % (sum(agree.values()), sum(total.values()), overall))
    if overall < args.min_agreement:
        print("FAIL: agreement %.1f%% is below %.1f%%" % (overall, args.min_agreement))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
