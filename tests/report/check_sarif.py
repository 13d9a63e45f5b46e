#!/usr/bin/env python3
"""check_sarif.py: validates a --sarif log: against our schema of the SARIF 2.1.0 subset hipify-c writes,
against the official SARIF 2.1.0 schema when SARIF_SCHEMA names a local copy (none is shipped), and by
cross-checks the schema cannot express (rule indices, artifact indices, lines against the source files,
code-point columns against the JSON report's byte columns, rules in diagnostics.def order). It does not talk to any code-scanning service."""
import json
import os
import re
import sys
import urllib.parse


def main():
    subset_path, sarif_path, tree, diag_def, stats_path = sys.argv[1:6]
    try:
        import jsonschema
    except ImportError:
        # CMake may have found another Python (pyenv, venv) than Debian's, which has python3-jsonschema.
        if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") and \
                os.path.exists("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])
        print("SKIPPED: python3-jsonschema is not installed (scripts/install-deps.sh installs it)")
        return 77
    log = json.load(open(sarif_path, encoding="utf-8"))
    errors = [f"subset schema: {'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in jsonschema.Draft7Validator(json.load(open(subset_path))).iter_errors(log)]
    official = os.environ.get("SARIF_SCHEMA")
    if official:
        schema = json.load(open(official, encoding="utf-8"))
        cls = jsonschema.validators.validator_for(schema)
        errors += [f"official schema: {'/'.join(map(str, e.absolute_path))}: {e.message}"
                   for e in cls(schema).iter_errors(log)]
        print(f"validated against the official schema {official}")
    else:
        print("note: SARIF_SCHEMA not set; validated against the subset schema and cross-checks only")

    # Byte columns of the same diagnostics from the JSON report, to check the code-point conversion.
    byte_cols = {}
    for f in json.load(open(stats_path, encoding="utf-8"))["files"]:
        for d in f["diagnostics"]:
            byte_cols.setdefault((f["path"], d["line"], d["code"]), []).append(d["col"])
    codes = re.findall(r'^HC_DIAG\(\w+, "(HC\d{4})"', open(diag_def).read(), re.M)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    if [r["id"] for r in rules] != codes:
        errors.append("rules are not the diagnostics.def ids in table order")
    artifacts = run.get("artifacts", [])
    for i, res in enumerate(run["results"]):
        where = f"results[{i}]"
        if rules[res["ruleIndex"]]["id"] != res["ruleId"]:
            errors.append(f"{where}: ruleIndex {res['ruleIndex']} is not {res['ruleId']}")
        phys = res["locations"][0]["physicalLocation"]
        art = phys["artifactLocation"]
        if art.get("uriBaseId") != "SRCROOT" or art["index"] >= len(artifacts) or \
                artifacts[art["index"]]["location"]["uri"] != art["uri"]:
            errors.append(f"{where}: artifact index/uri mismatch for {art['uri']}")
            continue
        path = os.path.join(tree, urllib.parse.unquote(art["uri"]))
        if not os.path.isfile(path):
            errors.append(f"{where}: {art['uri']} does not name a file of the tree")
            continue
        data = open(path, "rb").read()
        if artifacts[art["index"]].get("length") != len(data):
            errors.append(f"{where}: artifact length {artifacts[art['index']].get('length')} != {len(data)}")
        region = phys.get("region")
        if region:
            lines = data.split(b"\n")
            if region["startLine"] > len(lines):
                errors.append(f"{where}: line {region['startLine']} beyond the end of {art['uri']}")
                continue
            text = lines[region["startLine"] - 1].decode("utf-8", "replace")
            col = region.get("startColumn", 1)
            if col > len(text) + 1:
                errors.append(f"{where}: column {col} beyond the end of line {region['startLine']}")
            # Columns count code points: convert the JSON report's byte column with the line's text.
            raw = lines[region["startLine"] - 1]
            wanted = [len(raw[:c - 1].decode("utf-8", "replace")) + 1
                      for c in byte_cols.get((urllib.parse.unquote(art["uri"]), region["startLine"], res["ruleId"]), [])]
            if "startColumn" in region and col not in wanted:
                errors.append(f"{where}: column {col} of line {region['startLine']} is not the code-point column "
                              f"of any {res['ruleId']} there in the JSON report ({wanted})")
    base = run.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri")
    if base and urllib.parse.unquote(base[len("file://"):]).rstrip("/") != os.path.realpath(tree):
        errors.append(f"SRCROOT {base} is not the tree root")
    for e in errors:
        print("FAIL:", e)
    print(f"{'FAIL' if errors else 'PASS'}: {sarif_path}: {len(rules)} rules, {len(run['results'])} results, "
          f"{len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
