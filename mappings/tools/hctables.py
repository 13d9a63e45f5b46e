# hctables.py: reads, checks and merges the mapping tables in mappings/ (shared by the generators).
# It does not read the reference Markdown (import_reference.py does) and writes no files.
"""Loader and integrity checks for mappings/*.tsv.

One truth per fact: every CUDA name has exactly one row across all mapping files. The runtime shim's
table (shim.tsv, owned by the runtime-shim engineer) is merged here at load time, so a change there
needs no re-import. Every problem is collected and reported with file:line, then the caller fails.
"""
import os
import re

MAPPING_COLUMNS = [
    "cuda", "hip", "roc", "kind", "family", "section",
    "cuda_added", "cuda_deprecated", "cuda_changed", "cuda_removed",
    "hip_added", "hip_deprecated", "hip_changed", "hip_removed", "hip_experimental",
    "roc_added", "roc_deprecated", "roc_changed", "roc_removed", "roc_experimental",
    "flags",
]
VERSION_COLUMNS = [c for c in MAPPING_COLUMNS if c.split("_")[0] in ("cuda", "hip", "roc") and "_" in c]
HEADER_COLUMNS = ["cuda", "hip", "hip_old", "hip_path_since", "family", "flags", "roc"]
SHIM_COLUMNS = ["cuda", "shim_name", "kind", "note"]
ARGUMENT_COLUMNS = ["cuda", "nargs", "hip", "action", "note", "target"]
OVERRIDE_COLUMNS = ["cuda", "column", "value", "reason"]

# Files in mappings/ that are not name-mapping tables.
NON_MAPPING_FILES = {"headers.tsv", "shim.tsv", "arguments.tsv", "overrides.tsv"}

KINDS = ["function", "type", "enum", "macro", "header", "namespace", "member"]
MAPPING_FLAGS = ["shimmed", "arg_rewrite", "identity", "typedef_only", "shim_older", "rocm_rejects", "nested"]
HEADER_FLAGS = ["runtime", "remove", "generic"]
ARGUMENT_ACTIONS = ["symbol", "cast", "rename", "append", "check", "drop", "remove", "insert", "replace", "move", "cast-unless",
                    "qualify-unless", "warn-unless", "shim-unless", "shim"]
INDEXED_ACTIONS = ("symbol", "cast", "drop", "remove", "insert", "replace", "move", "cast-unless", "qualify-unless",
                   "warn-unless", "shim-unless")


def split_hip_version(text):
    """shim-unless:N:TYPE[:VERSION], shim[:VERSION] and check:TEXT[:VERSION] may end in the first HIP
    release from which the row is not needed (its headers declare the overload, its signature changed):
    (rest, version or None)."""
    head, sep, tail = text.rpartition(":")
    if sep and VERSION_RE.match(tail):
        return head, tail
    return text, None

# A HIP/ROC name: a C identifier, a C++ qualified name with optional template arguments
# (rocrand_device::sobol32_engine<false>), or a pointer type spelled as in the reference (void*).
NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*(<[A-Za-z0-9_, :]*>)?\*?$")
CUDA_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
HEADER_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./+-]*$")
VERSION_RE = re.compile(r"\d{1,3}(\.\d{1,3}){0,2}$")


def read_family_keys(families_def):
    """Family keys in families.def order (the C enum order)."""
    keys = []
    with open(families_def, encoding="utf-8") as f:
        for m in re.finditer(r'HC_FAMILY\(\s*\w+\s*,\s*"([a-z0-9_]+)"', f.read()):
            keys.append(m.group(1))
    return keys


def parse_version(text):
    """'6.3.0' -> (6, 3, 0); '' -> None. Raises ValueError when malformed."""
    if text == "":
        return None
    if not VERSION_RE.match(text):
        raise ValueError("unparsable version '%s'" % text)
    parts = [int(p) for p in text.split(".")] + [0, 0]
    if any(p > 255 for p in parts[:3]):
        raise ValueError("version component over 255 in '%s'" % text)
    return tuple(parts[:3])


def read_tsv(path, columns, errors):
    """Rows of a TSV with a header line, as (line number, dict). Problems go to errors."""
    rows = []
    name = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        errors.append("%s: empty file (a header line is required)" % name)
        return rows
    header = lines[0].split("\t")
    if header != columns:
        errors.append("%s:1: header must be: %s" % (name, "\t".join(columns)))
        return rows
    for number, line in enumerate(lines[1:], start=2):
        if line == "" or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != len(columns):
            errors.append("%s:%d: %d cells, expected %d" % (name, number, len(cells), len(columns)))
            continue
        rows.append((number, dict(zip(columns, cells))))
    return rows


def _check_flags(text, allowed, where, errors):
    flags = [f for f in text.split(",") if f] if text else []
    for flag in flags:
        if flag not in allowed:
            errors.append("%s: unknown flag '%s' (allowed: %s)" % (where, flag, ", ".join(allowed)))
    return flags


def load(mappings_dir, family_keys):
    """Loads and checks everything. Returns (rows, headers, arguments, errors).

    rows: list of mapping dicts (with parsed 'versions' and 'flag_list'), sorted by CUDA name, shim
    merged. headers: header-map dicts sorted by CUDA path. arguments: argument-rewrite dicts.
    """
    errors = []
    rows, seen = [], {}
    files = sorted(f for f in os.listdir(mappings_dir) if f.endswith(".tsv") and f not in NON_MAPPING_FILES)
    for fname in files:
        for number, row in read_tsv(os.path.join(mappings_dir, fname), MAPPING_COLUMNS, errors):
            where = "%s:%d" % (fname, number)
            if not CUDA_NAME_RE.match(row["cuda"]):
                errors.append("%s: malformed CUDA name '%s'" % (where, row["cuda"]))
            if row["cuda"] in seen:
                errors.append("%s: duplicate CUDA name '%s' (first at %s)" % (where, row["cuda"], seen[row["cuda"]]))
                continue
            seen[row["cuda"]] = where
            for col in ("hip", "roc"):
                if row[col] and not NAME_RE.match(row[col]):
                    errors.append("%s: malformed %s name '%s'" % (where, col.upper(), row[col]))
            if row["kind"] not in KINDS:
                errors.append("%s: unknown kind '%s'" % (where, row["kind"]))
            if row["family"] not in family_keys:
                errors.append("%s: unknown family '%s'" % (where, row["family"]))
            versions = {}
            for col in VERSION_COLUMNS:
                try:
                    versions[col] = parse_version(row[col])
                except ValueError as e:
                    errors.append("%s: column %s: %s" % (where, col, e))
            row["versions"] = versions
            row["flag_list"] = _check_flags(row["flags"], MAPPING_FLAGS, where, errors)
            if "identity" in row["flag_list"] and row["hip"] != row["cuda"]:
                errors.append("%s: flag identity but HIP name '%s' differs" % (where, row["hip"]))
            if "shim_older" in row["flag_list"] and not (row["hip"] and row["hip_added"]):
                errors.append("%s: flag shim_older needs a HIP name and the HIP version that added it" % where)
            if "nested" in row["flag_list"] and row["kind"] != "namespace":
                errors.append("%s: flag nested is for a namespace row" % where)
            row["where"] = where
            rows.append(row)

    rows_by_name = {r["cuda"]: r for r in rows}
    shim_path = os.path.join(mappings_dir, "shim.tsv")
    if os.path.exists(shim_path):
        for number, shim in read_tsv(shim_path, SHIM_COLUMNS, errors):
            where = "shim.tsv:%d" % number
            row = rows_by_name.get(shim["cuda"])
            if not NAME_RE.match(shim["shim_name"]):
                errors.append("%s: malformed shim name '%s'" % (where, shim["shim_name"]))
                continue
            if row is None:
                errors.append("%s: '%s' is not a CUDA name of any mapping table" % (where, shim["cuda"]))
                continue
            if row["hip"]:
                continue  # HIP has it after all: the reference mapping wins, the shim is not needed
            row["hip"] = shim["shim_name"]
            if "shimmed" not in row["flag_list"]:
                row["flag_list"].append("shimmed")

    headers, seen_headers = [], {}
    header_path = os.path.join(mappings_dir, "headers.tsv")
    if os.path.exists(header_path):
        for number, h in read_tsv(header_path, HEADER_COLUMNS, errors):
            where = "headers.tsv:%d" % number
            # 'prefix*' stands for every header under prefix; its HIP column is one header (cub/* ->
            # hipcub/hipcub.hpp), a prefix that replaces it (thrust/system/cuda/* -> thrust/system/hip/*),
            # or empty (unsupported, or removed).
            star = h["cuda"].endswith("*")
            if not HEADER_RE.match(h["cuda"][:-1] if star else h["cuda"]):
                errors.append("%s: malformed header path '%s'" % (where, h["cuda"]))
            if h["hip"].endswith("*") and not star:
                errors.append("%s: a HIP prefix (%s) needs a CUDA prefix" % (where, h["hip"]))
            if star and (h["hip_old"] or h["roc"]):
                errors.append("%s: a prefix row takes no hip_old or roc" % where)
            if h["cuda"] in seen_headers:
                errors.append("%s: duplicate header '%s' (first at %s)" % (where, h["cuda"], seen_headers[h["cuda"]]))
                continue
            seen_headers[h["cuda"]] = where
            for col in ("hip", "hip_old", "roc"):
                if h[col] and not HEADER_RE.match(h[col][:-1] if col == "hip" and h[col].endswith("*") else h[col]):
                    errors.append("%s: malformed %s path '%s'" % (where, col, h[col]))
            try:
                h["since"] = parse_version(h["hip_path_since"])
            except ValueError as e:
                errors.append("%s: hip_path_since: %s" % (where, e))
                h["since"] = None
            # hip_old needs hip_path_since (the version that changed the spelling); hip_path_since alone
            # means HIP has no such header before that version (hip/hip_math_constants.h: 5.7).
            if h["hip_old"] and h["since"] is None:
                errors.append("%s: hip_old needs hip_path_since" % where)
            if h["since"] is not None and not h["hip"]:
                errors.append("%s: hip_path_since without a HIP header" % where)
            if h["family"] not in family_keys:
                errors.append("%s: unknown family '%s'" % (where, h["family"]))
            h["flag_list"] = _check_flags(h["flags"], HEADER_FLAGS, where, errors)
            if "remove" in h["flag_list"] and h["hip"]:
                errors.append("%s: flag remove with a HIP header" % where)
            headers.append(h)
    else:
        errors.append("headers.tsv: missing")

    arguments = []
    argument_path = os.path.join(mappings_dir, "arguments.tsv")
    if os.path.exists(argument_path):
        for number, a in read_tsv(argument_path, ARGUMENT_COLUMNS, errors):
            where = "arguments.tsv:%d" % number
            a["where"] = where
            row = rows_by_name.get(a["cuda"])
            if row is None:
                errors.append("%s: '%s' is not a CUDA name of any mapping table" % (where, a["cuda"]))
                continue
            if "arg_rewrite" not in row["flag_list"]:
                errors.append("%s: '%s' lacks flag arg_rewrite in %s (re-run import_reference.py)"
                              % (where, a["cuda"], row["where"]))
            if a["nargs"] != "*" and not re.match(r"\d{1,2}$", a["nargs"]):
                errors.append("%s: nargs must be a count or *" % where)
            if a["hip"] and not CUDA_NAME_RE.match(a["hip"]):
                errors.append("%s: malformed HIP name '%s'" % (where, a["hip"]))
            # target: the rewrite applies only where the call becomes this name (a --roc name, say)
            if a["target"] and a["target"] not in (row["hip"], row["roc"]):
                errors.append("%s: target '%s' is neither the HIP nor the ROC name of '%s'"
                              % (where, a["target"], a["cuda"]))
            # symbol:N, cast:N:TYPE, cast-unless:N:TYPE, qualify-unless:N:TYPE, drop:N:TEXT, remove:N:TEXT, insert:N:TEXT, append:TEXT, check:TEXT
            # (TEXT may hold colons)
            kind = a["action"].split(":", 1)[0]
            action = a["action"].split(":", 2 if kind in INDEXED_ACTIONS else 1)
            if action[0] not in ARGUMENT_ACTIONS:
                errors.append("%s: unknown action '%s'" % (where, a["action"]))
            elif action[0] in ("symbol", "cast", "cast-unless", "qualify-unless", "warn-unless", "shim-unless") and (len(action) < 2 or not action[1].isdigit()):
                errors.append("%s: action %s needs an argument index (%s:N)" % (where, action[0], action[0]))
            elif action[0] in ("cast", "cast-unless", "qualify-unless", "warn-unless", "shim-unless") and (len(action) != 3 or not action[2]):
                errors.append("%s: action %s needs a type (%s:N:TYPE)" % (where, action[0], action[0]))
            elif action[0] == "append" and len(action) != 2:
                errors.append("%s: action append needs the text to append (append:TEXT)" % where)
            elif action[0] == "drop" and (len(action) != 3 or not action[1].isdigit() or not action[2]):
                errors.append("%s: action drop needs an index and a warning (drop:N:TEXT)" % where)
            elif action[0] in ("remove", "insert", "replace") and (len(action) != 3 or not action[1].isdigit() or not action[2]):
                errors.append("%s: action %s needs an index and a text (%s:N:TEXT)" % (where, action[0], action[0]))
            elif action[0] == "move" and (len(action) != 3 or not action[1].isdigit() or
                                          not re.fullmatch(r"[1-9][0-9]*:[0-9]+", action[2])):
                errors.append("%s: action move needs an index, a count and a destination (move:N:COUNT:TO)" % where)
            elif action[0] == "shim-unless" and not split_hip_version(action[2])[0]:
                errors.append("%s: action shim-unless needs a type (shim-unless:N:TYPE[:HIP_VERSION])" % where)
            elif action[0] == "shim" and len(action) == 2 and not VERSION_RE.match(action[1]):
                errors.append("%s: action shim takes only a HIP version (shim[:HIP_VERSION])" % where)
            elif action[0] == "check" and (len(action) < 2 or not action[1]):
                errors.append("%s: action check needs the warning text (check:TEXT)" % where)
            arguments.append(a)
        with_args = {a["cuda"] for a in arguments}
        for r in rows:
            if "arg_rewrite" in r["flag_list"] and r["cuda"] not in with_args:
                errors.append("%s: flag arg_rewrite but no row in arguments.tsv" % r["where"])

    rows.sort(key=lambda r: r["cuda"].encode())
    headers.sort(key=lambda h: h["cuda"].encode())
    return rows, headers, arguments, errors
