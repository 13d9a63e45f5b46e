#!/usr/bin/env python3
# test_hip_versions.py: for one mapping family, checks that every row's HIP (and ROC) name exists in the HIP
# release the row says: against the reference tables' versions, and against the HIP headers this machine has.
# It does not compile anything (mapping-compile-* does) and does not judge the CUDA columns.
"""usage: test_hip_versions.py --source DIR --family KEY [--reference DIR] [--include DIR]

1. Reference: a row's hip, hip_added, roc and roc_added equal the reference table's (../shared/reference),
   unless mappings/overrides.tsv corrects that column with a reason. Skipped visibly without the reference.
2. Headers: where the family's HIP headers are installed (hip/ for the runtime families, hipsparse/,
   hiprand/, rocrand/ ...), a row whose counterpart the tables date at or before the installed release
   names an identifier those headers declare, and a row dated after it names one they do not declare
   (else --hip-version of that release would miss a name it has). Comments are not declarations, nor
   is what the NVIDIA backend (nvidia_detail/, *_nvcc.h) declares. Rows the runtime shim provides
   (flag shimmed) name the shim, not HIP: not checked.
Exit 0: all checks that could run passed; 1: a row failed (each printed); 77: no check could run."""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# family -> [(column of the name, column of its version, header folders under the include dir)]
HEADERS = {
    "runtime": [("hip", "hip_added", ["hip"])],
    "driver": [("hip", "hip_added", ["hip"])],
    "device": [("hip", "hip_added", ["hip"])],
    "complex": [("hip", "hip_added", ["hip"])],
    "rtc": [("hip", "hip_added", ["hip"])],
    "fp16": [("hip", "hip_added", ["hip"])],
    "coop": [("hip", "hip_added", ["hip"])],
    "nvtx": [("hip", "hip_added", ["roctracer"])],
    "thrust": [("hip", "hip_added", ["thrust"])],
    "sparse": [("hip", "hip_added", ["hipsparse"]), ("roc", "roc_added", ["rocsparse"])],
    "rand": [("hip", "hip_added", ["hiprand"]), ("roc", "roc_added", ["rocrand"])],
    "blas": [("hip", "hip_added", ["hipblas"]), ("roc", "roc_added", ["rocblas"])],
    "fft": [("hip", "hip_added", ["hipfft"])],
    "solver": [("hip", "hip_added", ["hipsolver"]), ("roc", "roc_added", ["rocsolver"])],
    "dnn": [("roc", "roc_added", ["miopen"])],
    "cub": [("hip", "hip_added", ["hipcub"])],
}
COMMENT_RE = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
IDENT_RE = re.compile(r"[A-Za-z_]\w*")


def installed_release(include):
    """The HIP release of the installation (hip/hip_version.h), as a version tuple, or None."""
    try:
        text = open(os.path.join(include, "hip", "hip_version.h"), encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    major = re.search(r"#define\s+HIP_VERSION_MAJOR\s+(\d+)", text)
    minor = re.search(r"#define\s+HIP_VERSION_MINOR\s+(\d+)", text)
    return (int(major.group(1)), int(minor.group(1)), 0) if major and minor else None


def declared_identifiers(folders):
    """Every identifier outside comments in the headers under the folders (None when none exists)."""
    names, found = set(), False
    for folder in folders:
        if not os.path.isdir(folder):
            continue
        found = True
        for root, dirs, files in os.walk(folder):
            # the NVIDIA backend (nvidia_detail/, *_nvcc.h) wraps CUDA: what it declares AMD's HIP may lack
            dirs[:] = [d for d in dirs if "nvidia" not in d]
            for name in files:
                if "nvcc" in name or "nvidia" in name:
                    continue
                try:
                    text = open(os.path.join(root, name), encoding="utf-8", errors="replace").read()
                except OSError:
                    continue
                names.update(IDENT_RE.findall(COMMENT_RE.sub(" ", text)))
    return names if found else None


def last_identifier(name):
    """The identifier a mapped name declares: 'hipcub::BlockLoad' -> 'BlockLoad'; 'void*' -> None."""
    tail = name.split("::")[-1]
    return tail if IDENT_RE.fullmatch(tail) else None


def check_reference(rows, family, reference, overrides, tools):
    sys.path.insert(0, tools)
    import import_reference  # the importer's own parser: one reading of the reference format
    files = [f for f, key, _ in import_reference.REFERENCE_FILES if key == family]
    if not files:
        print("note: %s: rows are hand-reviewed (no reference table); reference check not applicable" % family)
        return 0, 0
    path = os.path.join(reference, files[0])
    if not os.path.exists(path):
        print("SKIPPED: reference check of %s: %s not found" % (family, path))
        return 0, 0
    ref = {}
    for _, cells in import_reference.parse_reference(path):
        roc = cells[11:17] if len(cells) >= 17 else [""] * 6
        ref.setdefault(cells[0], {"hip": cells[5], "hip_added": cells[6], "roc": roc[0], "roc_added": roc[1]})
    checked = failed = 0
    for row in rows:
        want = ref.get(row["cuda"])
        if want is None or "shimmed" in row["flag_list"]:  # shim.tsv's rows name the shim, by design
            continue
        for col in ("hip", "hip_added", "roc", "roc_added"):
            checked += 1
            if row[col] != want[col] and (row["cuda"], col) not in overrides:
                failed += 1
                print("FAIL: %s %s: %s is '%s', the reference says '%s', and overrides.tsv gives no reason" %
                      (row["where"], row["cuda"], col, row[col], want[col]))
    print("reference: %s: %d columns of %d rows checked, %d differ without a reason" % (family, checked, len(rows), failed))
    return checked, failed


def check_headers(rows, family, include):
    release = installed_release(include)
    if release is None:
        print("SKIPPED: header check of %s: no hip/hip_version.h under %s" % (family, include))
        return 0, 0
    checked = failed = 0
    for name_col, version_col, folders in HEADERS.get(family, []):
        declared = declared_identifiers([os.path.join(include, f) for f in folders])
        if declared is None:
            print("SKIPPED: header check of %s %s names: %s not installed under %s" %
                  (family, name_col, " or ".join(f + "/" for f in folders), include))
            continue
        for row in rows:
            name = last_identifier(row[name_col]) if row[name_col] else None
            if not name or "shimmed" in row["flag_list"] or row["kind"] == "namespace":
                continue
            added = row["versions"][version_col]
            removed = row["versions"][version_col.replace("added", "removed")]
            if removed and removed <= release:
                continue
            # an undated row is translated for every --hip-version: it must hold for this release too
            checked += 1
            have = name in declared
            if (not added or added <= release) and not have:
                failed += 1
                print("FAIL: %s %s -> %s: dated %s, but HIP %d.%d's headers (%s) do not declare it" %
                      (row["where"], row["cuda"], name, row[version_col], release[0], release[1], ", ".join(folders)))
            elif added and added > release and have:
                failed += 1
                print("FAIL: %s %s -> %s: dated %s, but HIP %d.%d's headers (%s) already declare it" %
                      (row["where"], row["cuda"], name, row[version_col], release[0], release[1], ", ".join(folders)))
    print("headers: %s: %d names checked against HIP %s under %s, %d wrong" %
          (family, checked, ".".join(map(str, release[:2])), include, failed))
    return checked, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", required=True)
    ap.add_argument("--family", required=True)
    ap.add_argument("--reference", default=None)
    ap.add_argument("--include", default="/usr/include")
    a = ap.parse_args()
    tools = os.path.join(a.source, "mappings", "tools")
    sys.path.insert(0, tools)
    import hctables
    keys = hctables.read_family_keys(os.path.join(a.source, "translator", "include", "hipify", "families.def"))
    rows, _, _, errors = hctables.load(os.path.join(a.source, "mappings"), keys)
    if errors:
        print("FAIL: the tables do not load:\n  " + "\n  ".join(errors[:20]))
        return 1
    rows = [r for r in rows if r["family"] == a.family]
    if not rows:
        print("FAIL: no rows of family '%s'" % a.family)
        return 1
    overrides = set()
    with open(os.path.join(a.source, "mappings", "overrides.tsv"), encoding="utf-8") as f:
        for line in f:
            cells = line.rstrip("\n").split("\t")
            if len(cells) >= 4 and not line.startswith("#") and cells[0] != "cuda":
                overrides.add((cells[0], cells[1]))
    reference = a.reference or os.path.join(a.source, "..", "shared", "reference", "hipify-api-tables")
    rc, rf = check_reference(rows, a.family, reference, overrides, tools)
    hc, hf = check_headers(rows, a.family, a.include)
    if rf or hf:
        return 1
    return 0 if rc or hc else 77


if __name__ == "__main__":
    sys.exit(main())
