#!/usr/bin/env python3
# gen_c_tables.py: turns mappings/*.tsv into C lookup tables (gperf perfect hash + sorted arrays).
# It does not decide how names are used (the passes do) and fails the build on any malformed row.
"""Usage: gen_c_tables.py --gperf GPERF --out FILE.c MAPPINGS_DIR

Implements translator/lib/mapping.h (hc_mapping_find, hc_mapping_find_hip, hc_mapping_all,
hc_header_find, hc_header_all) and translator/lib/argrewrite.h (hc_arg_rewrites_find). CUDA-name
lookups go through a gperf perfect hash (O(1), no allocation); the rarer HIP-name and header lookups
binary-search sorted arrays. The table-integrity checks live in hctables.py; any error stops here.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hctables  # noqa: E402

KIND_SYMBOLS = {k: "HC_KIND_" + k.upper() for k in hctables.KINDS}
MAPPING_FLAG_SYMBOLS = {"shimmed": "HC_MAPF_SHIMMED", "arg_rewrite": "HC_MAPF_ARG_REWRITE",
                        "identity": "HC_MAPF_IDENTITY", "typedef_only": "HC_MAPF_TYPEDEF_ONLY",
                        "shim_older": "HC_MAPF_SHIM_OLDER", "rocm_rejects": "HC_MAPF_ROCM_REJECTS",
                        "nested": "HC_MAPF_NESTED"}
HEADER_FLAG_SYMBOLS = {"runtime": "HC_HDRF_RUNTIME", "remove": "HC_HDRF_REMOVE", "generic": "HC_HDRF_GENERIC"}
ACTION_SYMBOLS = {a: "HC_ARGACT_" + a.upper().replace("-", "_") for a in hctables.ARGUMENT_ACTIONS}


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def c_version(v):
    return "0" if v is None else "HC_VERSION(%d, %d, %d)" % v


def c_flags(flags, symbols):
    return " | ".join(symbols[f] for f in flags) if flags else "0"


def family_symbols(families_def):
    with open(families_def, encoding="utf-8") as f:
        return dict((key, sym) for sym, key in re.findall(r'HC_FAMILY\(\s*(\w+)\s*,\s*"([a-z0-9_]+)"', f.read()))


def header_map_has_roc(mapping_h):
    """True when hc_header_map (mapping.h) has a roc field; the generator follows the interface."""
    with open(mapping_h, encoding="utf-8") as f:
        m = re.search(r"typedef struct hc_header_map \{(.*?)\} hc_header_map;", f.read(), re.S)
    return bool(m and re.search(r"\bconst char \*roc;", m.group(1)))


# gperf needs minutes for 9,000 long names sharing prefixes (cuda*, CUBLASLT_*), but under a second for
# a hundred. So names are first spread over HASH_BUCKETS buckets by FNV-1a (cheap, also done at lookup
# time), then each bucket gets its own gperf perfect hash: still O(1), with no collisions to chase.
HASH_BUCKETS = 64


def fnv1a(data):
    h = 2166136261
    for byte in data:
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    return h


def run_gperf(gperf, rows):
    """C text of per-bucket perfect hashes from CUDA name to row index, plus the bucket dispatch."""
    buckets = [[] for _ in range(HASH_BUCKETS)]
    for i, r in enumerate(rows):
        buckets[fnv1a(r["cuda"].encode()) % HASH_BUCKETS].append((r["cuda"], i))
    parts = ["struct hc_cuda_slot { const char *name; int row; };"]
    for b, keys in enumerate(buckets):
        if not keys:
            continue
        lines = [
            "%language=ANSI-C", "%struct-type", "%omit-struct-type", "%readonly-tables",
            "%compare-lengths", "%compare-strncmp", "%enum",
            "%%define hash-function-name hc_cuda_hash_%d" % b,
            "%%define lookup-function-name hc_cuda_lookup_%d" % b,
            "%%define word-array-name hc_cuda_slots_%d" % b,
            "%%define length-table-name hc_cuda_lengths_%d" % b,
            "%define initializer-suffix ,-1",
            "struct hc_cuda_slot;",
            "%%",
        ] + ["%s, %d" % k for k in keys]
        with tempfile.NamedTemporaryFile("w", suffix=".gperf", delete=False) as f:
            f.write("\n".join(lines) + "\n")
            path = f.name
        try:
            proc = subprocess.run([gperf, path], capture_output=True, text=True)
        finally:
            os.unlink(path)
        if proc.returncode != 0:
            raise RuntimeError("gperf failed on bucket %d: %s" % (b, proc.stderr.strip()))
        # One definition per library: the lookup functions stay private to this file. The #line
        # directives would name a deleted temporary file: drop them.
        text = re.sub(r"^#line .*\n", "", proc.stdout, flags=re.M)
        parts.append(re.sub(r"^const struct hc_cuda_slot \*\n(hc_cuda_lookup_\d+)",
                            r"static const struct hc_cuda_slot *\n\1", text, flags=re.M))
    parts.append("typedef const struct hc_cuda_slot *(*hc_bucket_lookup)(const char *, size_t);")
    parts.append("static const hc_bucket_lookup hc_bucket_lookups[%d] = {" % HASH_BUCKETS)
    parts += ["    %s," % ("hc_cuda_lookup_%d" % b if keys else "NULL") for b, keys in enumerate(buckets)]
    parts.append("};")
    parts.append("")
    parts.append("static uint32_t hc_fnv1a(const char *s, size_t len) { /* same as fnv1a() in the generator */")
    parts.append("    uint32_t h = 2166136261u;")
    parts.append("    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;")
    parts.append("    return h;")
    parts.append("}")
    return "\n".join(parts)


def generate(rows, headers, arguments, families, gperf, with_roc):
    out = []
    w = out.append
    w("/* mapping_tables.c: GENERATED by mappings/tools/gen_c_tables.py from the mappings/ TSV files; do not edit.")
    w(" * Derived from the HIPIFY API tables (MIT licence: mappings/LICENSE.reference). */")
    w('#include "mapping.h"')
    w('#include "argrewrite.h"')
    w("#include <stdint.h>")
    w("#include <stdlib.h>")
    w("#include <string.h>")
    w("")
    w("static const hc_mapping hc_rows[%d] = {" % len(rows))
    for r in rows:
        v = r["versions"]
        w("    {.cuda = %s, .hip = %s, .roc = %s, .section = %s, .kind = %s, .family = %s, .flags = %s,"
          % (c_string(r["cuda"]), c_string(r["hip"]), c_string(r["roc"]), c_string(r["section"]),
             KIND_SYMBOLS[r["kind"]], families[r["family"]], c_flags(r["flag_list"], MAPPING_FLAG_SYMBOLS)))
        versions = ", ".join(".%s = %s" % (c, c_version(v[c])) for c in hctables.VERSION_COLUMNS if v[c])
        w("     %s}," % versions)
    w("};")
    w("")
    w("#if defined(__GNUC__)")
    w('#pragma GCC diagnostic push')
    w('#pragma GCC diagnostic ignored "-Wmissing-field-initializers"')
    w("#endif")
    w(run_gperf(gperf, rows))
    w("#if defined(__GNUC__)")
    w('#pragma GCC diagnostic pop')
    w("#endif")
    w("")
    w("const hc_mapping *hc_mapping_find(const char *name, size_t len) {")
    w("    hc_bucket_lookup lookup = hc_bucket_lookups[hc_fnv1a(name, len) %% %d];" % HASH_BUCKETS)
    w("    const struct hc_cuda_slot *slot = lookup ? lookup(name, len) : NULL;")
    w("    return slot ? &hc_rows[slot->row] : NULL;")
    w("}")
    w("")
    w("const hc_mapping *hc_mapping_all(size_t *count) {")
    w("    *count = sizeof hc_rows / sizeof hc_rows[0];")
    w("    return hc_rows;")
    w("}")
    w("")
    # HIP and ROC names -> rows. A name shared by several CUDA names (hipMalloc: cudaMalloc and
    # cuMemAlloc) answers with the first family in families.def order (the runtime before the driver),
    # then the lowest CUDA name.
    family_order = {key: n for n, key in enumerate(families)}
    targets = []
    for i, r in enumerate(rows):
        for name in {r["hip"], r["roc"]}:
            if name:
                targets.append((name.encode(), family_order[r["family"]], r["cuda"].encode(), i))
    targets.sort()
    w("/* Both spellings of every target name (HIP and ROC/MIOpen), sorted, for hc_mapping_find_hip. */")
    w("typedef struct hc_target_name { const char *name; unsigned len; int row; } hc_target_name;")
    w("static const hc_target_name hc_targets[%d] = {" % max(len(targets), 1))
    for name, _, _, i in targets:
        w("    {%s, %d, %d}," % (c_string(name.decode()), len(name), i))
    if not targets:
        w('    {"", 0, -1},')
    w("};")
    w("")
    w("/* Orders a (name, len) key against a NUL-terminated table name as memcmp order of the bytes. */")
    w("static int hc_compare_key(const char *key, size_t len, const char *name, size_t name_len) {")
    w("    int c = memcmp(key, name, len < name_len ? len : name_len);")
    w("    if (c != 0) return c;")
    w("    return len < name_len ? -1 : len > name_len ? 1 : 0;")
    w("}")
    w("")
    w("const hc_mapping *hc_mapping_find_hip(const char *name, size_t len) {")
    w("    size_t lo = 0, hi = %d;" % len(targets))
    w("    while (lo < hi) { /* lower bound: the first of equal names has the lowest CUDA name */")
    w("        size_t mid = lo + (hi - lo) / 2;")
    w("        if (hc_compare_key(name, len, hc_targets[mid].name, hc_targets[mid].len) > 0) lo = mid + 1;")
    w("        else hi = mid;")
    w("    }")
    w("    if (lo < %d && hc_compare_key(name, len, hc_targets[lo].name, hc_targets[lo].len) == 0)" % len(targets))
    w("        return &hc_rows[hc_targets[lo].row];")
    w("    return NULL;")
    w("}")
    w("")
    w("static const hc_header_map hc_headers[%d] = {" % max(len(headers), 1))
    for h in headers:
        roc = ", .roc = %s" % c_string(h["roc"]) if with_roc else ""
        w("    {.cuda = %s, .hip = %s, .hip_old = %s, .hip_path_since = %s, .family = %s, .flags = %s%s},"
          % (c_string(h["cuda"]), c_string(h["hip"]), c_string(h["hip_old"]), c_version(h["since"]),
             families[h["family"]], c_flags(h["flag_list"], HEADER_FLAG_SYMBOLS), roc))
    w("};")
    w("")
    w("const hc_header_map *hc_header_find(const char *path, size_t len) {")
    w("    size_t lo = 0, hi = %d;" % len(headers))
    w("    while (lo < hi) {")
    w("        size_t mid = lo + (hi - lo) / 2;")
    w("        int c = hc_compare_key(path, len, hc_headers[mid].cuda, strlen(hc_headers[mid].cuda));")
    w("        if (c == 0) return &hc_headers[mid];")
    w("        if (c > 0) lo = mid + 1; else hi = mid;")
    w("    }")
    # Rows spelled 'prefix*' cover a whole tree of headers (cub/*, crt/*): the longest prefix wins, so
    # thrust/system/cuda/* overrides thrust/*. Exact rows were tried first.
    stars = sorted((i for i, h in enumerate(headers) if h["cuda"].endswith("*")),
                   key=lambda i: (-len(headers[i]["cuda"]), headers[i]["cuda"]))
    w("    static const unsigned short stars[%d] = {%s};" % (max(len(stars), 1), ", ".join(str(i) for i in stars) or "0"))
    w("    for (size_t i = 0; i < %d; i++) {" % len(stars))
    w("        const char *c = hc_headers[stars[i]].cuda;")
    w("        size_t n = strlen(c) - 1;")
    w("        if (len > n && memcmp(path, c, n) == 0) return &hc_headers[stars[i]];")
    w("    }")
    w("    return NULL;")
    w("}")
    w("")
    w("const hc_header_map *hc_header_all(size_t *count) {")
    w("    *count = %d;" % len(headers))
    w("    return hc_headers;")
    w("}")
    w("")
    arguments = sorted(arguments, key=lambda a: (a["cuda"].encode(), a["nargs"]))
    w("static const hc_arg_rewrite hc_arg_rewrites[%d] = {" % max(len(arguments), 1))
    for a in arguments:
        parts = a["action"].split(":", 2)
        index = int(parts[1]) if parts[0] in hctables.INDEXED_ACTIONS else 0
        since = None
        if parts[0] in ("cast", "cast-unless", "qualify-unless", "warn-unless", "drop", "remove", "insert", "replace", "move"):
            text = parts[2]
        elif parts[0] == "shim-unless":
            text, since = hctables.split_hip_version(parts[2])
        elif parts[0] == "shim":
            text, since = "", (parts[1] if len(parts) > 1 else None)
        elif parts[0] == "check":
            text, since = hctables.split_hip_version(a["action"].split(":", 1)[1])
        elif parts[0] == "append":
            text = a["action"].split(":", 1)[1]
        else:
            text = ""
        w("    {.cuda = %s, .nargs = %d, .hip = %s, .action = %s, .arg_index = %d, .text = %s, .note = %s, .target = %s, .hip_since = %s},"
          % (c_string(a["cuda"]), -1 if a["nargs"] == "*" else int(a["nargs"]), c_string(a["hip"]),
             ACTION_SYMBOLS[parts[0]], index, c_string(text), c_string(a["note"]),
             c_string(a["target"]), c_version(hctables.parse_version(since) if since else None)))
    if not arguments:
        w('    {.cuda = "", .nargs = -1, .hip = "", .action = 0, .arg_index = 0, .text = "", .note = "", .target = ""},')
    w("};")
    w("")
    w("const hc_arg_rewrite *hc_arg_rewrites_find(const char *name, size_t len, size_t *count) {")
    w("    size_t lo = 0, hi = %d, end;" % len(arguments))
    w("    while (lo < hi) {")
    w("        size_t mid = lo + (hi - lo) / 2;")
    w("        if (hc_compare_key(name, len, hc_arg_rewrites[mid].cuda, strlen(hc_arg_rewrites[mid].cuda)) > 0) lo = mid + 1;")
    w("        else hi = mid;")
    w("    }")
    w("    for (end = lo; end < %d && hc_compare_key(name, len, hc_arg_rewrites[end].cuda," % len(arguments))
    w("                                       strlen(hc_arg_rewrites[end].cuda)) == 0; end++) {")
    w("    }")
    w("    *count = end - lo;")
    w("    return end > lo ? &hc_arg_rewrites[lo] : NULL;")
    w("}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gperf", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--families", help="families.def (default: from the source tree)")
    ap.add_argument("--mapping-h", help="mapping.h (default: from the source tree)")
    ap.add_argument("mappings_dir")
    args = ap.parse_args()
    root = os.path.dirname(os.path.abspath(args.mappings_dir.rstrip("/")))
    families_def = args.families or os.path.join(root, "translator", "include", "hipify", "families.def")
    mapping_h = args.mapping_h or os.path.join(root, "translator", "lib", "mapping.h")

    families = family_symbols(families_def)
    rows, headers, arguments, errors = hctables.load(args.mappings_dir, list(families))
    if errors:
        sys.stderr.write("gen_c_tables: malformed mapping tables (%d problems):\n" % len(errors))
        for e in errors[:200]:
            sys.stderr.write("  %s\n" % e)
        return 1
    try:
        text = generate(rows, headers, arguments, families, args.gperf, header_map_has_roc(mapping_h))
    except RuntimeError as e:
        sys.stderr.write("gen_c_tables: %s\n" % e)
        return 1
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
