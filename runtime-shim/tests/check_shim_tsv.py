#!/usr/bin/env python3
# check_shim_tsv.py: checks mappings/shim.tsv against the mapping tables and hipify_shim.h: every row merges
# (flag shimmed), kinds agree, every shim name is declared, and no declared shim function lacks a row.
"""usage: check_shim_tsv.py REPO_ROOT   (prints the shimmed counts per family; exit 1 on any problem)"""
import os
import re
import sys


def main(root):
    sys.path.insert(0, os.path.join(root, "mappings", "tools"))
    import hctables  # the same loader the build uses

    families = hctables.read_family_keys(os.path.join(root, "translator", "include", "hipify", "families.def"))
    rows, _, _, errors = hctables.load(os.path.join(root, "mappings"), families)
    problems = list(errors)
    by_name = {r["cuda"]: r for r in rows}
    include = os.path.join(root, "runtime-shim", "include")
    header = open(os.path.join(include, "hipify_shim.h"), encoding="utf-8").read()
    warp_header = open(os.path.join(include, "hipify_shim_warp.h"), encoding="utf-8").read()
    warp_header += open(os.path.join(include, "hipify_shim_math.h"), encoding="utf-8").read()
    warp_header += open(os.path.join(include, "hipify_shim_bf16.h"), encoding="utf-8").read()
    warp_header += open(os.path.join(include, "hipify_shim_fp8.h"), encoding="utf-8").read()
    warp_header += open(os.path.join(include, "hipify_shim_rn.h"), encoding="utf-8").read()
    # hipify_shim_math.h defines each directed-rounding operation's three functions with one macro line
    warp_header += "".join(" hipifyShim%s%s(" % (name, mode) for name in
                           re.findall(r"^HIPIFY_SHIM_DIRECTED\((\w+),", warp_header, re.M) for mode in ("Rd", "Ru", "Rz"))
    props = open(os.path.join(root, "runtime-shim", "include", "hipify_shim_props.def"), encoding="utf-8").read()
    shim_rows = hctables.read_tsv(os.path.join(root, "mappings", "shim.tsv"), hctables.SHIM_COLUMNS, problems)
    counts = {}
    names = set()
    for number, shim in shim_rows:
        where = "shim.tsv:%d" % number
        row = by_name.get(shim["cuda"])
        if row is None:
            problems.append("%s: %s is in no mapping table" % (where, shim["cuda"]))
            continue
        if row["hip"] != shim["shim_name"] or "shimmed" not in row["flag_list"]:
            problems.append("%s: %s did not merge (mapping says '%s'); HIP may have gained it" %
                            (where, shim["cuda"], row["hip"]))
        if row["kind"] != shim["kind"]:
            problems.append("%s: kind %s, mapping table says %s" % (where, shim["kind"], row["kind"]))
        declared = re.search(r"\b%s\(" % re.escape(shim["shim_name"]), header + warp_header) or \
            re.search(r"#define %s\b|\b%s;" % ((re.escape(shim["shim_name"]),) * 2), header)
        if not declared:
            problems.append("%s: %s is not declared in hipify_shim.h, hipify_shim_warp.h, hipify_shim_math.h, hipify_shim_bf16.h, hipify_shim_fp8.h or hipify_shim_rn.h" % (where, shim["shim_name"]))
        names.add(shim["shim_name"])
        counts[(row["family"], row["kind"])] = counts.get((row["family"], row["kind"]), 0) + 1
    # Functions declared in the header: each must be reachable from a table (shim.tsv or the props .def).
    for declared in re.findall(r"^hipError_t (hipifyShim\w+)\(", header, re.M):
        if declared not in names:
            problems.append("hipify_shim.h declares %s but no shim.tsv row maps to it" % declared)
    for problem in problems:
        print("FAIL: " + problem)
    for (family, kind), n in sorted(counts.items()):
        print("shimmed %-8s %-9s %d" % (family, kind, n))
    print("shimmed total %d rows (%d distinct shim names); cudaDeviceProp members with accessors: %d" %
          (sum(counts.values()), len(names), len(re.findall(r"^HIPIFY_SHIM_PROP\(", props, re.M))))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
