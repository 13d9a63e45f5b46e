#!/usr/bin/env python3
"""check_json.py: validates a --stats-json report against docs/report-schema.json (JSON Schema), checks
that keys come in the documented order and that the totals agree with the per-file entries and the tree.
It does not check translation quality."""
import json
import os
import sys


def ordered(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=lambda pairs: pairs)


def as_dict(pairs):
    return {k: (as_dict(v) if isinstance(v, list) and v and isinstance(v[0], tuple) else v) for k, v in pairs}


def check_order(node, schema, defs, where, errors):
    """Keys of every object must follow the order of 'properties' in the schema."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].split("/")[-1]]
    if isinstance(node, list) and node and isinstance(node[0], tuple):
        props = list(schema.get("properties", {}))
        keys = [k for k, _ in node]
        if keys != [p for p in props if p in keys]:
            errors.append(f"{where}: keys {keys} not in documented order {props}")
        for k, v in node:
            if k in schema.get("properties", {}):
                check_order(v, schema["properties"][k], defs, f"{where}.{k}", errors)
    elif isinstance(node, list) and "items" in schema:
        for i, item in enumerate(node[:50]):
            check_order(item, schema["items"], defs, f"{where}[{i}]", errors)


def main():
    schema_path, report_path, tree = sys.argv[1:4]
    try:
        import jsonschema
    except ImportError:
        # CMake may have found another Python (pyenv, venv) than Debian's, which has python3-jsonschema.
        if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") and \
                os.path.exists("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])
        print("SKIPPED: python3-jsonschema is not installed (scripts/install-deps.sh installs it)")
        return 77
    schema = json.load(open(schema_path, encoding="utf-8"))
    report = json.load(open(report_path, encoding="utf-8"))
    errors = [f"schema: {'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in jsonschema.Draft7Validator(schema).iter_errors(report)]
    check_order(ordered(report_path), schema, schema["definitions"], "$", errors)

    files, s = report["files"], report["summary"]
    def total(key):
        return sum(f[key] for f in files)
    expect = {
        "files": len(files),
        "changed_files": sum(f["changed"] for f in files),
        "failed_files": sum(f["status"] != "ok" for f in files),
        "changed_lines": total("changed_lines"),
        "converted_refs": total("converted_refs"),
        "unconverted_refs": total("unconverted_refs"),
    }
    for key, value in expect.items():
        if s[key] != value:
            errors.append(f"summary.{key} = {s[key]}, files add up to {value}")
    for sev in ("error", "warning", "note"):
        n = sum(1 for f in files for d in f["diagnostics"] if d["severity"] == sev)
        if s["diagnostics"][sev] != n:
            errors.append(f"summary.diagnostics.{sev} = {s['diagnostics'][sev]}, listed {n}")
    if sum(c["count"] for c in report["diagnostic_counts"]) != sum(len(f["diagnostics"]) for f in files):
        errors.append("diagnostic_counts do not add up to the diagnostics listed")
    conv, unconv = s["converted_refs"], s["unconverted_refs"]
    pct = 100.0 * conv / (conv + unconv) if conv + unconv else 100.0
    if abs(s["conversion_percent"] - pct) > 1e-3:
        errors.append(f"conversion_percent {s['conversion_percent']} != {pct:.4f}")
    if sum(r["count"] for r in report["refs"] if r["converted"]) != conv:
        errors.append("refs marked converted do not add up to converted_refs")
    if sum(r["count"] for r in report["refs"] if not r["converted"]) != unconv:
        errors.append("refs not converted do not add up to unconverted_refs")
    if sum(f["converted"] for f in report["families"]) != conv:
        errors.append("families do not add up to converted_refs")
    ex = report["examine"]
    for key in ("auto_lines", "manual_lines"):
        if ex[key] != sum(f["examine"][key] for f in files):
            errors.append(f"examine.{key} does not add up over files")
    paths = [f["path"] for f in files]
    if paths != sorted(paths):
        errors.append("files are not sorted by path")
    for f in files:
        full = os.path.join(tree, f["path"])
        if not os.path.isfile(full):
            errors.append(f"{f['path']}: not in the tree")
            continue
        with open(full, "rb") as fh:
            data = fh.read()
        lines = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
        # Files of kind "other" are copied without being read: they report no lines.
        if f["total_lines"] != lines and not (f["kind"] == "other" and f["total_lines"] == 0):
            errors.append(f"{f['path']}: total_lines {f['total_lines']} != {lines}")
        for d in f["diagnostics"]:
            if d["line"] > lines:
                errors.append(f"{f['path']}: diagnostic {d['code']} at line {d['line']} beyond the end")
    for e in errors:
        print("FAIL:", e)
    print(f"{'FAIL' if errors else 'PASS'}: {report_path}: {len(files)} files, schema version "
          f"{report['schema_version']}, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
