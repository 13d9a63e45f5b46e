#!/usr/bin/env python3
# check_platform_differences.py: checks platform_differences.tsv: six columns, unique keys, known kinds, and every
# prop/attr/error key named as it is in the installed HIP headers; it does not judge the text of a row.
"""usage: check_platform_differences.py TSV [--hip-include DIR]   (exit 1 on any problem, each printed)"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compat_derive  # noqa: E402

COLUMNS = ["key", "kind", "cuda_on_nvidia", "hip_on_amd", "advice", "source"]
KINDS = {"prop", "attr", "error", "device", "api"}


def hip_names(hip_include):
    """The names a prop/attr/error key must be one of, from the HIP headers (None when they are absent)."""
    path = os.path.join(hip_include, compat_derive.HIP_API)
    if not os.path.isfile(path):
        return None
    text = compat_derive.read(path)
    return {
        "prop": {n for n, _, _ in compat_derive.parse_struct(text, "typedef struct hipDeviceProp_t")},
        "attr": {n for n, _ in compat_derive.parse_enum(text, "typedef enum hipDeviceAttribute_t")},
        "error": {n for n, _ in compat_derive.parse_enum(text, "typedef enum __HIP_NODISCARD hipError_t")},
    }


def check(rows, names):
    problems = []
    if not rows or rows[0] != COLUMNS:
        return ["header must be: %s" % "\t".join(COLUMNS)]
    seen = set()
    for number, row in enumerate(rows[1:], start=2):
        where = "line %d" % number
        if len(row) != len(COLUMNS):
            problems.append("%s: %d columns, expected %d" % (where, len(row), len(COLUMNS)))
            continue
        key, kind = row[0], row[1]
        if key in seen:
            problems.append("%s: key %s repeated" % (where, key))
        seen.add(key)
        if kind not in KINDS:
            problems.append("%s: kind '%s' is not one of %s" % (where, kind, ", ".join(sorted(KINDS))))
        for column in ("cuda_on_nvidia", "hip_on_amd", "advice", "source"):
            if not row[COLUMNS.index(column)].strip():
                problems.append("%s: %s is empty" % (where, column))
        if names is not None and kind in names and key not in names[kind]:
            problems.append("%s: %s is not a HIP %s name in the installed headers" % (where, key, kind))
    return problems


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tsv")
    ap.add_argument("--hip-include", default="/usr/include")
    args = ap.parse_args(argv)
    with open(args.tsv, "r", encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    names = hip_names(args.hip_include)
    problems = check(rows, names)
    for p in problems:
        sys.stderr.write("%s: %s\n" % (args.tsv, p))
    print("%d rows, %d problems%s" % (len(rows) - 1, len(problems),
                                       "" if names else " (HIP headers absent: names not checked)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
