#!/usr/bin/env python3
# check_platform_differences.py: checks platform_differences.tsv: seven columns, unique keys, known kinds, a
# cuda_pattern that compiles (or "-"), and every prop/attr/error key named as it is in the installed HIP headers;
# it does not judge the text of a row.
"""usage: check_platform_differences.py TSV [--hip-include DIR]   (exit 1 on any problem, each printed)"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compat_derive  # noqa: E402

# cuda_pattern: the PCRE2 pattern hipify-harness validate searches a program's CUDA sources for (comments
# removed) to decide that the row applies to it; "-" when no source construct shows it (AMD-only error codes).
COLUMNS = ["key", "kind", "cuda_on_nvidia", "hip_on_amd", "advice", "source", "cuda_pattern"]
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
        pattern = row[COLUMNS.index("cuda_pattern")]
        if not pattern.strip():
            problems.append("%s: cuda_pattern is empty (write - when no source construct shows the row)" % where)
        elif pattern != "-":
            # The patterns use the syntax Python's re and PCRE2 share (\b, (?:...), classes), so compiling here
            # catches what would stop the harness.
            try:
                re.compile(pattern)
            except re.error as e:
                problems.append("%s: cuda_pattern does not compile: %s" % (where, e))
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
