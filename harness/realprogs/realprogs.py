#!/usr/bin/env python3
# realprogs.py: interim runner for the uninstrumented real-program spec (realprogs.json): translates with
# hipify-c, runs the spec's build commands for both sides, bundles, and on a GPU runs and compares outputs.
# It does not replace `hipify-harness validate` (docs: /work/notes/validate-spec.md); it executes the same
# spec fields (tree, build, exe, run, files, compare, expect) so its results can be checked against it.
#
# here:     realprogs.py build --spec realprogs.json --work WORK --hipify build/bin/hipify-c
#                              --overlay DIR --bundle BUNDLE [--only NAME,...] [-j 2]
# GPU host: BUNDLE/realprogs.py run --bundle BUNDLE --out DIR      (writes results.json, results.md, logs)
import argparse, concurrent.futures, json, os, re, shutil, subprocess, sys, time

NVCC = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
CUDA_FLAGS = "-O2 -arch=sm_90"


def expand(cmd, overlay, tree, port, work):
    hip_flags = "-x cu -D__HIP_PLATFORM_NVIDIA__ -I%s %s" % (overlay, CUDA_FLAGS)
    return (cmd.replace("{nvcc}", NVCC).replace("{cuda_flags}", CUDA_FLAGS)
               .replace("{hip_nvidia_flags}", hip_flags).replace("{tree}", tree)
               .replace("{port}", port).replace("{work}", work).replace("{hipcc}", "hipcc"))


def exe_of(p, side):
    e = p["exe"]
    return e[side] if isinstance(e, dict) else e


def build_one(p, args, spec_dir):
    """Translate (hipify-c -O), build both sides; returns a status dict. Never edits the port."""
    name = p["name"]
    tree = os.path.join(spec_dir, p["tree"])
    wdir = os.path.join(args.work, name)
    shutil.rmtree(wdir, ignore_errors=True)
    os.makedirs(wdir)
    cuda_dir = os.path.join(wdir, "cuda")
    shutil.copytree(tree, cuda_dir)
    hip_dir = os.path.join(wdir, "hip")
    st = {"name": name}
    t0 = time.time()
    with open(os.path.join(wdir, "hipify.log"), "w") as log:
        r = subprocess.run([args.hipify, "-O", hip_dir, tree], stdout=log, stderr=subprocess.STDOUT)
    st["hipify_rc"] = r.returncode
    st["hipify_s"] = round(time.time() - t0, 2)
    for side, d in (("cuda", cuda_dir), ("hip", hip_dir)):
        cmd = expand(p["build"][side], args.overlay, cuda_dir, hip_dir, wdir)
        t0 = time.time()
        with open(os.path.join(wdir, "build-%s.log" % side), "w") as log:
            log.write("$ cd %s && %s\n" % (d, cmd))
            log.flush()
            r = subprocess.run(["nice", "-n", "10", "sh", "-c", cmd], cwd=d, stdout=log, stderr=subprocess.STDOUT) \
                if os.path.isdir(d) else subprocess.CompletedProcess(cmd, 127)
        st["build_%s" % side] = r.returncode
        st["build_%s_s" % side] = round(time.time() - t0, 1)
        ok = r.returncode == 0 and os.path.isfile(os.path.join(d, exe_of(p, side)))
        st["built_%s" % side] = ok
        if ok:  # bundle: the executable and the declared input files, at the same relative places
            bdir = os.path.join(args.bundle, name, side)
            os.makedirs(bdir, exist_ok=True)
            for rel in [exe_of(p, side)] + p.get("files", []):
                src = os.path.join(d if rel == exe_of(p, side) else cuda_dir, rel)
                dst = os.path.join(bdir, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy2(src, dst)
            subprocess.run(["strip", os.path.join(bdir, exe_of(p, side))], stderr=subprocess.DEVNULL)
    print("%-28s hipify %d  cuda %s  hip %s" % (name, st["hipify_rc"], "ok" if st["built_cuda"] else "FAIL",
                                               "ok" if st["built_hip"] else "FAIL"), flush=True)
    return st


def cmd_build(args):
    spec_dir = os.path.dirname(os.path.abspath(args.spec))
    spec = json.load(open(args.spec))
    progs = spec["programs"]
    if args.only:
        keep = set(args.only.split(","))
        progs = [p for p in progs if p["name"] in keep]
    os.makedirs(args.work, exist_ok=True)
    os.makedirs(args.bundle, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        status = list(ex.map(lambda p: build_one(p, args, spec_dir), progs))
    old = {}
    sfile = os.path.join(args.bundle, "build-status.json")
    if os.path.exists(sfile):
        old = {s["name"]: s for s in json.load(open(sfile))}
    for s in status:
        old[s["name"]] = s
    json.dump(sorted(old.values(), key=lambda s: s["name"]), open(sfile, "w"), indent=1)
    # the resolved spec: every program of the spec file (build status tells which sides exist)
    json.dump(spec, open(os.path.join(args.bundle, "spec.json"), "w"), indent=1)
    shutil.copy2(os.path.abspath(__file__), os.path.join(args.bundle, "realprogs.py"))
    print("built: cuda %d/%d, hip %d/%d" % (sum(s["built_cuda"] for s in status), len(status),
                                           sum(s["built_hip"] for s in status), len(status)))


# ---- comparison (run side) ----
NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)\b", re.I)


def close(a, b, tol):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    if x == y or (x != x and y != y):
        return True
    d = abs(x - y)
    return d <= tol.get("abs", 0) or d <= tol.get("rel", 0) * max(abs(x), abs(y))


def compare_text(a, b, ignore, tol):
    """First difference between two texts as (line number, cuda line, hip line), or None."""
    def keep(t):
        return [l.rstrip() for l in t.splitlines() if not any(r.search(l) for r in ignore)]
    la, lb = keep(a), keep(b)
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<missing>"
        y = lb[i] if i < len(lb) else "<missing>"
        if x == y:
            continue
        if NUM.sub("#", x) != NUM.sub("#", y):
            return (i + 1, x, y)
        if not all(close(p, q, tol) for p, q in zip(NUM.findall(x), NUM.findall(y))):
            return (i + 1, x, y)
    return None


def run_side(bdir, p, side, out_dir, defaults):
    run = p.get("run", {})
    rdir = os.path.join(out_dir, "rundirs", p["name"], side)
    shutil.rmtree(rdir, ignore_errors=True)
    shutil.copytree(os.path.join(bdir, side), rdir)
    cwd = os.path.join(rdir, run.get("cwd", "."))
    env = dict(os.environ, **run.get("env", {}))
    exe = os.path.join(rdir, exe_of(p, side))
    t0 = time.time()
    try:
        r = subprocess.run([exe] + run.get("args", []), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=run.get("timeout", defaults.get("timeout", 120)))
        rc, so, se = r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        rc, so, se = "timeout", (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace")
    res = {"rc": rc, "stdout": so, "stderr": se, "secs": round(time.time() - t0, 2), "files": {}}
    for o in p.get("compare", {}).get("outputs", []):
        f = os.path.join(cwd, o["path"])
        res["files"][o["path"]] = open(f, errors="replace").read() if os.path.exists(f) else None
    return res


def cmd_run(args):
    b = os.path.abspath(args.bundle)
    spec = json.load(open(os.path.join(b, "spec.json")))
    built = {s["name"]: s for s in json.load(open(os.path.join(b, "build-status.json")))}
    d = spec.get("defaults", {})
    os.makedirs(args.out, exist_ok=True)
    results = []
    for p in spec["programs"]:
        s = built.get(p["name"])
        if s is None:
            continue
        cmp_ = p.get("compare", {})
        tol = dict(d.get("tolerance", {}), **cmp_.get("tolerance", {}))
        ignore = [re.compile(x) for x in d.get("ignore", []) + cmp_.get("ignore", [])]
        r = {"name": p["name"], "args": p.get("run", {}).get("args", [])}
        if not (s["built_cuda"] and s["built_hip"]):
            r["result"] = "SKIPPED"
            r["why"] = "build failed: " + ",".join(x for x in ("cuda", "hip") if not s["built_" + x])
            results.append(r)
            print(p["name"], r["result"], r["why"], flush=True)
            continue
        sides = {side: run_side(os.path.join(b, p["name"]), p, side, args.out, d) for side in ("cuda", "hip")}
        os.makedirs(os.path.join(args.out, "logs"), exist_ok=True)
        for side in sides:
            with open(os.path.join(args.out, "logs", p["name"] + "." + side + ".out"), "w") as f:
                f.write("exit: %s\n--- stdout\n%s\n--- stderr\n%s\n" % (sides[side]["rc"], sides[side]["stdout"],
                                                                        sides[side]["stderr"]))
        r["cuda_rc"], r["hip_rc"] = sides["cuda"]["rc"], sides["hip"]["rc"]
        diffs = []
        if cmp_.get("exit", True) and r["cuda_rc"] != r["hip_rc"]:
            diffs.append("exit %s vs %s" % (r["cuda_rc"], r["hip_rc"]))
        for stream in ("stdout", "stderr"):
            if cmp_.get(stream, stream == "stdout"):
                c = compare_text(sides["cuda"][stream], sides["hip"][stream], ignore, tol)
                if c:
                    diffs.append("%s line %d: %r vs %r" % (stream, c[0], c[1][:160], c[2][:160]))
        for path, fc in sides["cuda"]["files"].items():
            fh = sides["hip"]["files"][path]
            if fc is None or fh is None:
                diffs.append("%s missing (cuda %s, hip %s)" % (path, fc is not None, fh is not None))
                continue
            c = compare_text(fc, fh, [], tol)
            if c:
                diffs.append("%s line %d: %r vs %r" % (path, c[0], c[1][:160], c[2][:160]))
        r["diffs"] = diffs
        r["result"] = "PASS" if not diffs else ("PLATFORM" if p.get("expect") else "FAIL")
        r["secs"] = (sides["cuda"]["secs"], sides["hip"]["secs"])
        results.append(r)
        print(p["name"], r["result"], "rc", r["cuda_rc"], r["hip_rc"], "; ".join(diffs)[:300], flush=True)
    json.dump(results, open(os.path.join(args.out, "results.json"), "w"), indent=1)
    n = {k: sum(1 for r in results if r["result"] == k) for k in ("PASS", "FAIL", "PLATFORM", "SKIPPED")}
    print("summary:", n)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--spec", required=True)
    b.add_argument("--work", required=True)
    b.add_argument("--hipify", required=True)
    b.add_argument("--overlay", required=True)
    b.add_argument("--bundle", required=True)
    b.add_argument("--only")
    b.add_argument("-j", "--jobs", type=int, default=2)
    r = sub.add_parser("run")
    r.add_argument("--bundle", required=True)
    r.add_argument("--out", required=True)
    a = ap.parse_args()
    for k in ("work", "bundle", "hipify", "overlay"):
        if getattr(a, k, None):
            setattr(a, k, os.path.abspath(getattr(a, k)))
    (cmd_build if a.cmd == "build" else cmd_run)(a)


if __name__ == "__main__":
    main()
