#!/usr/bin/env python3
# crosscheck.py: compares the mapping tables with references hipify-c's authors did not write: HIP's own
# NVIDIA headers and the ROCm libraries' CUDA backends, read in reverse (hipX defined as, or wrapping, cudaY),
# and hipify_torch's rename table (read as data).
# It extracts name pairs (facts) from C/C++ text and judges them; it never copies code and edits no table.
"""usage:
  crosscheck.py check [--installed DIR ...] [--snapshots DIR] [--only NAME] [--verbose]
      compare every reference with the tables: the installed HIP NVIDIA headers (default
      /usr/include: hip/nvidia_detail/*.h, hiprand/*_nvcc.h; SKIPPED visibly where absent) and each
      snapshot in mappings/references/*.tsv. A CUDA name whose HIP name in hipify-c is not one of the
      reference's HIP names for it fails, unless mappings/references/exceptions*.tsv explains it; an
      exception that no longer matches a disagreement fails too (it would hide a later one).
      Exit 0 all agree or are explained, 1 otherwise, 77 when no reference could be read.
  crosscheck.py snapshot --git-dir MIRROR --repo OWNER/NAME [--commit REV] --path P [--path P ...] --out FILE
      extract the pairs of files P of a git mirror at REV (default HEAD) into a snapshot FILE whose
      header names the repository, paths and commit.
      A path ending in .py is a hipify_torch-style mapping table: its data is read as a Python syntax
      tree (never run), see extract_python_table.
  crosscheck.py since --git-dir MIRROR --path P [--path P ...] NAME ...
      the first rocm-X.Y[.Z] release tag of a git mirror whose files under P declare NAME (a whole-word
      match outside the NVIDIA backend), or "after LAST" when only the mirror's newest commit has it: the
      hip_added of a new row (a name is assumed to stay once added).

How pairs are read (the same rules for headers and library sources):
  define      #define hipX cudaY                       (the HIP name is CUDA's)
  typedef     typedef [enum|struct] cudaY hipX;        (no pointer typedefs: hipArray_t is cudaArray *)
  enumerator  hipX = cudaY,                            (an enum of HIP values spelled by CUDA's)
  case        case hipX: return cudaY;  case cudaY: return hipX;  case hipX: v = cudaY; break;
  call        a function hipX(...) { ... } whose body returns a CUDA call (directly, or through a
              status conversion: return convert(cudaY(...))); with no such call, the single CUDA
              function it calls, if there is exactly one
A CUDA name is a name of CUDA's APIs (cuda*, cu*, CU_*, cublas*, cusparse*, cusolver*, cufft*, curand*,
nvrtc*, nvtx*); a HIP name starts with hip/HIP (or make_hip).
"""
import argparse
import ast
import fnmatch
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MAPPINGS = os.path.dirname(HERE)
SOURCE = os.path.dirname(MAPPINGS)
sys.path.insert(0, HERE)
import hctables  # noqa: E402

REFERENCES = os.path.join(MAPPINGS, "references")
EXCEPTION_COLUMNS = ["reference", "cuda", "hip", "ours", "right", "why"]
RIGHT_VALUES = ("hipify-c", "reference", "both")
SNAPSHOT_COLUMNS = ["cuda", "hip", "how"]

CUDA_NAME = re.compile(r"^(cuda[A-Z_]|cu[A-Z]|CU[A-Z_]|CUDA_|cublas|CUBLAS|cusparse|CUSPARSE|cusolver|CUSOLVER|"
                       r"cufft|CUFFT|curand|CURAND|nvrtc|NVRTC|make_cuda|nvtx|__nv_)")
HIP_NAME = re.compile(r"^(hip|HIP|make_hip)")
# A CUDA name that is a library's own type in a cast ((cublasHandle_t)h) is no call: calls need '('.
TOKEN_RE = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|::|->|[{}()\[\];,:=*&<>]|\S")
DEFINE_RE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+\(?[ \t]*(\w+)[ \t]*\)?[ \t]*$", re.M)
# function qualifiers that may stand between a definition's ')' and its body
AFTER_PARAMS = {"const", "noexcept", "try", "override", "final", "__attribute__"}


def strip(text):
    """Text without comments, string and character literals (kept as spaces), line breaks kept."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', blank, text, flags=re.S)


def is_cuda(name):
    """A CUDA API name; not a conversion helper of the HIP sources (nvrtcResultTohiprtcResult)."""
    return bool(CUDA_NAME.match(name)) and "hip" not in name.lower()


def is_hip(name):
    return bool(HIP_NAME.match(name))


def match_close(toks, i, open_, close):
    """Index of the token closing toks[i] (an open_), or None."""
    depth = 0
    for j in range(i, len(toks)):
        if toks[j] == open_:
            depth += 1
        elif toks[j] == close:
            depth -= 1
            if depth == 0:
                return j
    return None


def calls_in(toks):
    """(index, name) of every CUDA function call in a body."""
    return [(k, t) for k, t in enumerate(toks[:-1]) if is_cuda(t) and toks[k + 1] == "(" and
            (k == 0 or toks[k - 1] not in ("sizeof", ".", "->"))]


def primary_calls(body):
    """The CUDA calls a wrapper's body returns: `return cudaY(` or `return conv(cudaY(`, or `conv(cudaY(`
    assigned to a status; else the one CUDA function it calls, if only one."""
    calls = calls_in(body)
    chosen = []
    for k, name in calls:
        prev = body[k - 1] if k else ""
        if prev == "return":
            chosen.append(name)
        elif prev == "(" and k >= 2 and re.match(r"[A-Za-z_]", body[k - 2]) and not is_cuda(body[k - 2]):
            # conv(cudaY(...)) where the conversion is returned or assigned: walk back over conv's name
            j = k - 2
            while j >= 2 and body[j - 1] == "::" and re.match(r"[A-Za-z_]", body[j - 2]):
                j -= 2
            if j >= 1 and body[j - 1] in ("return", "=", "("):
                chosen.append(name)
    if chosen:
        return sorted(set(chosen))
    distinct = sorted({name for _, name in calls})
    return distinct if len(distinct) == 1 else []


def extract_text(text):
    """[(cuda, hip, how)] of one file's text, in order of appearance, duplicates removed."""
    text = strip(text)
    pairs = []
    for m in DEFINE_RE.finditer(text):
        hip, cuda = m.group(1), m.group(2)
        if is_hip(hip) and is_cuda(cuda):
            pairs.append((cuda, hip, "define"))
    code = re.sub(r"^[ \t]*#.*(?:\\\n.*)*", "", text, flags=re.M)  # preprocessor lines are not code
    toks = TOKEN_RE.findall(code)
    n = len(toks)
    i = 0
    while i < n:
        t = toks[i]
        if t == "typedef":
            end = i
            while end < n and toks[end] not in (";", "{"):
                end += 1
            if end < n and toks[end] == ";":
                body = [x for x in toks[i + 1:end] if x not in ("enum", "struct", "union", "const")]
                if len(body) == 2 and is_cuda(body[0]) and is_hip(body[1]):
                    pairs.append((body[0], body[1], "typedef"))
        elif t == "case" and i + 2 < n and toks[i + 2] == ":":
            label = toks[i + 1]
            j = i + 3
            if j + 1 < n and toks[j] == "return":
                value = toks[j + 1]
            elif j + 2 < n and re.match(r"\w", toks[j]) and toks[j + 1] == "=":
                value = toks[j + 2]
            else:
                value = None
            if value:
                if is_hip(label) and is_cuda(value):
                    pairs.append((value, label, "case"))
                elif is_cuda(label) and is_hip(value):
                    pairs.append((label, value, "case"))
        elif is_hip(t) and i + 2 < n and toks[i + 1] == "=" and is_cuda(toks[i + 2]) and \
                toks[i + 3 if i + 3 < n else i] in (",", "}") and (i == 0 or toks[i - 1] in (",", "{")):
            pairs.append((toks[i + 2], t, "enumerator"))
        elif is_hip(t) and i + 1 < n and toks[i + 1] == "(" and (i == 0 or toks[i - 1] not in (".", "->", "=", "(", ",", "return")):
            close = match_close(toks, i + 1, "(", ")")
            if close is not None:
                j = close + 1
                while j < n and (toks[j] in AFTER_PARAMS or toks[j] == "(" and toks[j - 1] == "__attribute__"):
                    j = (match_close(toks, j, "(", ")") if toks[j] == "(" else j) + 1
                if j < n and toks[j] == "{":
                    end = match_close(toks, j, "{", "}")
                    if end is not None:
                        for cuda in primary_calls(toks[j + 1:end]):
                            pairs.append((cuda, t, "call"))
                        i = j  # the body is read on: its case labels convert values too
        i += 1
    seen, out = set(), []
    for p in pairs:
        if (p[0], p[1]) not in seen:
            seen.add((p[0], p[1]))
            out.append(p)
    return out


# hipify_torch's table (cuda_to_hip_mappings.py): OrderedDicts of ("cudaY", ("hipX", CONV_*, API_*[,
# HIP_UNSUPPORTED])). In scope: the maps of API names (not includes, PyTorch/Caffe2/C10 or rocm-smi names)
# and the API families hipify-c's tables cover.
PY_TABLE_MAPS = ("CUDA_IDENTIFIER_MAP", "CUDA_TYPE_NAME_MAP", "CUDA_SPECIAL_MAP")
PY_TABLE_APIS = ("API_RUNTIME", "API_DRIVER", "API_BLAS", "API_FFT", "API_RAND", "API_RTC", "API_ROCTX",
                 "API_SPECIAL")


def extract_python_table(text):
    """[(cuda, hip, how)] of a hipify_torch-style table, how "table" or "unsupported" (HIP_UNSUPPORTED
    marked). The file is parsed, never executed: only literal entries count."""
    pairs = []
    for node in ast.parse(text).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id in PY_TABLE_MAPS and isinstance(node.value, ast.Call) and node.value.args
                and isinstance(node.value.args[0], ast.List)):
            continue
        for entry in node.value.args[0].elts:
            if not (isinstance(entry, ast.Tuple) and len(entry.elts) == 2 and isinstance(entry.elts[1], ast.Tuple)):
                continue
            key, value = entry.elts[0], entry.elts[1].elts
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and value and
                    isinstance(value[0], ast.Constant) and isinstance(value[0].value, str)):
                continue
            tags = {v.id for v in value[1:] if isinstance(v, ast.Name)}
            if not tags & set(PY_TABLE_APIS) or not re.fullmatch(r"[A-Za-z_]\w*", key.value):
                continue
            pairs.append((key.value, value[0].value, "unsupported" if "HIP_UNSUPPORTED" in tags else "table"))
    return pairs


def installed_files(include):
    """The HIP NVIDIA headers of an installation: hip/nvidia_detail/, and the libraries' *_nvcc.h and
    nvidia_detail folders."""
    found = sorted(glob.glob(os.path.join(include, "hip", "nvidia_detail", "*.h")))
    for pattern in ("*/*_nvcc.h", "*/*_nvcc.hpp", "*/nvidia_detail/*.h", "*/nvidia_detail/*.hpp"):
        for f in sorted(glob.glob(os.path.join(include, pattern))):
            if f not in found and not f.startswith(os.path.join(include, "hip", "")):
                found.append(f)
    return found


def read_snapshot(path):
    """(header lines, [(cuda, hip, how)])."""
    header, pairs = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                header.append(line)
            elif line and line.split("\t") != SNAPSHOT_COLUMNS:
                cells = line.split("\t")
                if len(cells) != 3:
                    raise ValueError("%s: malformed line: %s" % (path, line))
                pairs.append(tuple(cells))
    return header, pairs


def load_exceptions(path, errors):
    """Rows of exceptions.tsv in file order. reference, cuda, hip and ours are shell patterns (fnmatch):
    hip matches each of the reference's HIP names for the CUDA name, ours hipify-c's (- for none)."""
    out = []
    if not os.path.exists(path):
        return out
    for number, row in hctables.read_tsv(path, EXCEPTION_COLUMNS, errors):
        where = "%s:%d" % (os.path.basename(path), number)
        if row["right"] not in RIGHT_VALUES:
            errors.append("%s: right must be one of %s" % (where, ", ".join(RIGHT_VALUES)))
        if not row["why"]:
            errors.append("%s: an exception needs its reason" % where)
        row["where"] = where
        row["used"] = 0
        out.append(row)
    return out


def find_exception(exceptions, reference, cuda, hips, ours):
    for e in exceptions:
        if fnmatch.fnmatchcase(reference, e["reference"]) and fnmatch.fnmatchcase(cuda, e["cuda"]) and \
                all(fnmatch.fnmatchcase(h, e["hip"]) for h in hips) and fnmatch.fnmatchcase(ours or "-", e["ours"]):
            return e
    return None


def family_of(cuda, row):
    if row:
        return row["family"]
    for prefix, fam in (("cublas", "blas"), ("CUBLAS", "blas"), ("cusparse", "sparse"), ("CUSPARSE", "sparse"),
                        ("cusolver", "solver"), ("CUSOLVER", "solver"), ("cufft", "fft"), ("CUFFT", "fft"),
                        ("curand", "rand"), ("CURAND", "rand"), ("nvrtc", "rtc"), ("NVRTC", "rtc"), ("nvtx", "nvtx"),
                        ("cuda", "runtime"), ("CUDA_", "driver"), ("CU", "driver"), ("cu", "driver")):
        if cuda.startswith(prefix):
            return fam
    return "other"


def judge(name, pairs, rows, exceptions, verbose):
    """Compares one reference. Returns (counts {family: [agree, explained]}, failures [text])."""
    wants = {}
    for cuda, hip, how in pairs:
        wants.setdefault(cuda, []).append(hip)
        if how == "unsupported":  # a table that marks the name unsupported agrees with no HIP name too
            wants[cuda].append("-")
    counts, failures = {}, []
    for cuda in sorted(wants):
        hips = sorted(set(wants[cuda]))
        row = rows.get(cuda)
        ours = row["hip"] if row else None
        c = counts.setdefault(family_of(cuda, row), [0, 0])
        if (ours or "-") in hips:
            c[0] += 1
            continue
        exc = find_exception(exceptions, name, cuda, hips, ours)
        if exc:
            exc["used"] += 1
            c[1] += 1
            if verbose:
                print("explained: %s: %s -> %s (hipify-c: %s): %s" % (name, cuda, "|".join(hips), ours or "-", exc["why"]))
            continue
        what = "no row" if row is None else ("unsupported (no HIP name)" if not ours else "maps to %s" % ours)
        hows = ",".join(sorted({h for c2, _, h in pairs if c2 == cuda}))
        failures.append("FAIL: %s: %s -> %s (%s), hipify-c: %s" % (name, cuda, "|".join(hips), hows, what))
    return counts, failures


def print_counts(name, counts):
    total = [sum(v[0] for v in counts.values()), sum(v[1] for v in counts.values())]
    fams = ", ".join("%s %d/%d" % (f, v[0], v[1]) for f, v in sorted(counts.items()))
    print("%s: %d CUDA names: %d agree, %d explained exceptions (per family, agree/explained: %s)" %
          (name, total[0] + total[1], total[0], total[1], fams))


def cmd_check(args):
    errors = []
    family_keys = hctables.read_family_keys(os.path.join(SOURCE, "translator", "include", "hipify", "families.def"))
    table, _, _, errors = hctables.load(MAPPINGS, family_keys)
    if errors:
        for e in errors:
            print("FAIL: " + e)
        return 1
    rows = {r["cuda"]: r for r in table}
    exceptions = []  # exceptions.tsv, then one file per reference with many rows (exceptions-NAME.tsv)
    for path in sorted(glob.glob(os.path.join(args.snapshots, "exceptions*.tsv"))):
        exceptions += load_exceptions(path, errors)
    references, snapshot_names = [], []
    for include in args.installed or ["/usr/include"]:
        files = installed_files(include)
        if not files:
            print("SKIPPED: no HIP NVIDIA headers under %s (hip/nvidia_detail/)" % include)
            continue
        pairs = []
        for f in files:
            with open(f, encoding="utf-8", errors="replace") as fh:
                pairs += extract_text(fh.read())
        references.append(("installed", pairs))
    for path in sorted(glob.glob(os.path.join(args.snapshots, "*.tsv"))):
        if os.path.basename(path).startswith("exceptions"):
            continue
        try:
            header, pairs = read_snapshot(path)
        except ValueError as e:
            errors.append(str(e))
            continue
        if not any(h.startswith("# commit:") for h in header):
            errors.append("%s: a snapshot names its commit (# commit: ...)" % os.path.basename(path))
        references.append((os.path.splitext(os.path.basename(path))[0], pairs))
        snapshot_names.append(references[-1][0])
    if args.only:
        references = [r for r in references if r[0] == args.only]
    if not references:
        print("SKIPPED: no reference to compare with")
        return 77
    failures = []
    for name, pairs in references:
        counts, fails = judge(name, pairs, rows, exceptions, args.verbose)
        print_counts(name, counts)
        failures += fails
    if not args.only and len(references) == len(snapshot_names) + 1:
        for exc in exceptions:  # with every reference read, an exception that explains nothing is stale
            if not exc["used"]:
                failures.append("FAIL: %s: the exception for %s (%s) matches no disagreement: remove or correct it" %
                                (exc["where"], exc["cuda"], exc["reference"]))
    for line in errors + failures:
        print(line if line.startswith("FAIL") else "FAIL: " + line)
    print("%d disagreements without an explanation" % (len(failures) + len(errors)))
    return 1 if failures or errors else 0


def cmd_snapshot(args):
    git = ["git", "--git-dir", args.git_dir]
    commit = subprocess.run(git + ["rev-parse", args.commit + "^{commit}"], check=True, capture_output=True,
                            text=True).stdout.strip()
    pairs = []
    for path in args.path:
        text = subprocess.run(git + ["show", "%s:%s" % (commit, path)], check=True, capture_output=True,
                              text=True, errors="replace").stdout
        pairs += extract_python_table(text) if path.endswith(".py") else extract_text(text)
    seen, rows = set(), []
    for p in pairs:
        if (p[0], p[1]) not in seen:
            seen.add((p[0], p[1]))
            rows.append(p)
    rows.sort()
    with open(args.out, "w", encoding="utf-8") as f:
        if any(p.endswith(".py") for p in args.path):
            f.write("# name pairs (CUDA name, HIP name the table renames it to; how: table, or unsupported where\n")
            f.write("# the table marks it HIP_UNSUPPORTED), facts extracted by\n")
        else:
            f.write("# name pairs (CUDA name, HIP name that the source implements by it), facts extracted by\n")
        f.write("# mappings/tools/crosscheck.py snapshot; refresh: see docs/mappings.md\n")
        f.write("# source: https://github.com/%s\n" % args.repo)
        for path in args.path:
            f.write("# path: %s\n" % path)
        f.write("# commit: %s\n" % commit)
        f.write("\t".join(SNAPSHOT_COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("%s: %d pairs" % (args.out, len(rows)))
    return 0


def release_tags(git):
    tags = subprocess.run(git + ["tag"], check=True, capture_output=True, text=True).stdout.split()
    tags = [t for t in tags if re.fullmatch(r"rocm-\d+\.\d+(\.\d+)?", t)]
    return sorted(tags, key=lambda t: [int(x) for x in t[5:].split(".")])


def declares(git, rev, paths, name):
    spec = paths + [":(exclude)*nvidia*", ":(exclude)*nvcc*"]
    return subprocess.run(git + ["grep", "-q", "-w", "-F", name, rev, "--"] + spec, capture_output=True).returncode == 0


def cmd_since(args):
    git = ["git", "--git-dir", args.git_dir]
    tags = release_tags(git)
    status = 0
    for name in args.names:
        if not declares(git, "HEAD", args.path, name):
            print("%s\tnot declared" % name)
            status = 1
            continue
        lo, hi = 0, len(tags)  # first tag declaring it, by bisection over the releases
        while lo < hi:
            mid = (lo + hi) // 2
            if declares(git, tags[mid], args.path, name):
                hi = mid
            else:
                lo = mid + 1
        print("%s\t%s" % (name, tags[lo][5:] if lo < len(tags) else "after " + (tags[-1][5:] if tags else "none")))
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("--installed", action="append", default=[])
    c.add_argument("--snapshots", default=REFERENCES)
    c.add_argument("--only")
    c.add_argument("--verbose", action="store_true")
    s = sub.add_parser("snapshot")
    s.add_argument("--git-dir", required=True)
    s.add_argument("--repo", required=True)
    s.add_argument("--commit", default="HEAD")
    s.add_argument("--path", action="append", required=True)
    s.add_argument("--out", required=True)
    v = sub.add_parser("since")
    v.add_argument("--git-dir", required=True)
    v.add_argument("--path", action="append", required=True)
    v.add_argument("names", nargs="+")
    args = ap.parse_args()
    return {"check": cmd_check, "snapshot": cmd_snapshot, "since": cmd_since}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
