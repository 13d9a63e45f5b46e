#!/usr/bin/env python3
# make_spec.py: extracts HeCBench benchmarks (CUDA versions) from a git mirror and writes a
# `hipify-harness validate` spec that builds each one with nvcc (CUDA) and HIP-on-NVIDIA (the port) and
# runs it with the arguments of its Makefile's `run` target. It does not translate, build or run anything.
#
# usage: make_spec.py --mirror GITDIR --commit REV --dest DIR NAME... (NAME: a folder under src/, e.g. spmv-cuda)
# then:  hipify-harness validate build --spec DIR/spec.json --work W --hipify hipify-c --hipify-arg --hip-version=6.4
#          --nvcc nvcc --compat-include BUILD/nvidia-compat/include --libs-include BUILD/nvidia-libs/include --bundle B
#        and on the GPU machine: B/run.sh validate --json r.json  (docs/validation.md, "HeCBench")
# The spec judges each side by the program's own verdict (HeCBench prints PASS or FAIL) and compares exit
# status and stdout numbers under the harness's default tolerance; timing lines are ignored.
import argparse, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from validate_spec import TIMING_IGNORE, git, write_spec  # noqa: E402

IGNORE = TIMING_IGNORE + ["(?i)per ns", "\\(s\\)\\s*$"]

# Smaller sizes where the Makefile's run exceeds the 120 s limit on a GPU shared by four runs (the CPU
# reference dominates), and lines that report timings without a word the ignore patterns above catch.
RUN_ARGS = {
    "ising-cuda": ["-x", "1024", "-y", "1024", "-w", "10", "-n", "100"],
    "nonzero-cuda": ["1024", "1024", "10"],
    "sddmm-batch-cuda": ["4", "256", "256", "256", "256", "10", "1"],
    "spsm-cuda": ["2048", "128", "15000", "10", "1"],
    "spaxpby-cuda": ["2048", "2048", "15000", "10"],
}
EXTRA_IGNORE = {"pcc-cuda": ["^GEMM: .*Extract upper triangle"]}


def make_vars(text):
    """Variables of a simple Makefile (NAME = value, NAME := value, continuation lines joined)."""
    text = re.sub(r"\\\n", " ", text)
    out = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([A-Za-z_]+)\s*[:+]?=\s*(.*)$", line)
        if m:
            name, value = m.group(1), m.group(2).split("#")[0].strip()
            out[name] = (out.get(name, "") + " " + value).strip() if "+=" in line[:line.find("=") + 1] else value
    return out


def run_args(text):
    """The arguments of `./$(program) ...` in the run target (None when it has none)."""
    m = re.search(r"^run\s*:.*\n((?:\t.*\n?)+)", text, re.M)
    if not m:
        return None
    for line in m.group(1).splitlines():
        a = re.search(r"\./\$\(program\)\s*(.*)$", line)
        if a:
            return a.group(1).split()
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--commit", required=True)
    ap.add_argument("--dest", required=True)
    ap.add_argument("--max-blob", type=int, default=2 << 20)
    ap.add_argument("names", nargs="+")
    a = ap.parse_args()
    programs, skipped = [], []
    for name in a.names:
        listing = git(["ls-tree", "-r", "-l", a.commit, "--", "src/" + name], a.mirror)
        files = []
        for row in listing.splitlines():
            meta, path = row.split("\t", 1)
            _, kind, blob, size = meta.split()
            if kind == "blob":
                files.append((path, blob, int(size) if size.isdigit() else 0))
        try:
            mk = git(["show", a.commit + ":src/%s/Makefile" % name], a.mirror)
        except RuntimeError:
            skipped.append((name, "no Makefile"))
            continue
        v = make_vars(mk)
        args = run_args(mk)
        sources = v.get("source", "").split()
        if args is None or not sources:
            skipped.append((name, "no run target or source list"))
            continue
        if any(re.search(r"\.\./|\$\(", s) for s in sources):
            skipped.append((name, "sources outside its folder"))
            continue
        # -I../OTHER: a sibling benchmark's headers, extracted beside it and translated with it
        siblings = sorted(set(d.rstrip("/") for d in re.findall(r"-I\s*\.\./([A-Za-z0-9_.-]+/?)", mk)) - {name})
        for sib in siblings:
            for row in git(["ls-tree", "-r", "-l", a.commit, "--", "src/" + sib], a.mirror).splitlines():
                meta, path = row.split("\t", 1)
                _, kind, blob, size = meta.split()
                if kind == "blob" and re.search(r"\.(h|hpp|cuh|inl)$", path):
                    files.append((path, blob, int(size) if size.isdigit() else 0))
        tree = os.path.join(a.dest, "src", name)
        missing = []
        for path, blob, size in files:
            rel = os.path.relpath(path, "src/" + name)
            if size > a.max_blob or os.path.basename(rel).startswith(("CMakeLists", ".")):
                continue
            try:
                data = git(["cat-file", "blob", blob], a.mirror, binary=True)
            except RuntimeError:
                missing.append(rel)
                continue
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            with open(os.path.join(tree, rel), "wb") as f:
                f.write(data)
        if missing:
            skipped.append((name, "files absent from the mirror: " + ", ".join(missing[:3])))
            continue
        ldflags = " ".join(t for t in v.get("LDFLAGS", "").split() if t.startswith("-l"))
        flags = (v.get("CFLAGS", "") + " " + v.get("CXXFLAGS", "")).replace("-I ", "-I").split()
        extra = " ".join(t for t in flags if t.startswith(("-D", "-I", "--extended-lambda", "--expt-"))
                         and "$(" not in t and t != "-DDEBUG" and t.rstrip("/") != "-I../" + name)
        std = "-std=c++17"
        m = re.search(r"-std=(c\+\+\d+)", mk)
        if m:
            std = "-std=" + m.group(1)
        srcs = " ".join(sources)
        prog = {
            "name": name,
            "tree": "src/" + name,
            "build": {
                "cuda": "{nvcc} {cuda_flags} %s %s %s -o main %s" % (std, extra, srcs, ldflags),
                "hip": "{nvcc} {hip_nvidia_flags} %s %s %s -o main %s" % (std, extra, srcs, ldflags),
            },
            "exe": "main",
            **({"also_translate": ["../" + s for s in siblings]} if siblings else {}),
            "run": {"args": RUN_ARGS.get(name, args), "timeout": 120},
        }
        if name in EXTRA_IGNORE:
            prog["compare"] = {"ignore": EXTRA_IGNORE[name]}
        text = b"".join(open(os.path.join(tree, s), "rb").read() for s in sources
                        if os.path.exists(os.path.join(tree, s))).decode(errors="replace")
        if re.search(r"\bPASS\b", text):
            prog["verdict"] = {"must_match": "\\bPASS\\b", "must_not_match": "\\bFAIL\\b"}
        elif re.search(r"\bFAIL\b", text):
            prog["verdict"] = {"must_not_match": "\\bFAIL\\b"}
        programs.append(prog)
    write_spec(a.dest, programs, 120, IGNORE, skipped)


if __name__ == "__main__":
    main()
