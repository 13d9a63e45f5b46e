#!/usr/bin/env python3
# realprogs.py: interim runner for the uninstrumented real-program spec (realprogs.json): translates with
# hipify-c, runs the spec's build commands for both sides, then runs both builds and compares their outputs.
# It does not replace `hipify-harness validate` (spec: /work/notes/validate-spec.md); it executes the same
# spec fields (tree, build, exe, run, files, compare, expect), with the same placeholders.
#
# here (no GPU needed):  realprogs.py prepare --spec realprogs.json --stage STAGE --hipify build/bin/hipify-c
#                                             --overlay DIR   (DIR: hipify_nvidia_compat.py --out DIR --bundle)
# anywhere with nvcc:    STAGE/realprogs.py build --stage STAGE -j 16     (STAGE/NAME/build-{cuda,hip}.log)
# on the GPU host:       STAGE/realprogs.py run --stage STAGE --out DIR   (DIR/results.json, DIR/logs/)
import argparse, concurrent.futures, json, os, re, shutil, subprocess, sys, time

NVCC = os.environ.get("NVCC") or (shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
                                   if not os.path.exists("/usr/local/cuda/bin/nvcc") else "/usr/local/cuda/bin/nvcc")
CUDA_FLAGS = "-O2 -arch=sm_90"


def expand(cmd, overlay, tree, port, work):
    hip_flags = "-x cu -D__HIP_PLATFORM_NVIDIA__ -I%s %s" % (overlay, CUDA_FLAGS)
    return (cmd.replace("{nvcc}", NVCC).replace("{cuda_flags}", CUDA_FLAGS)
               .replace("{hip_nvidia_flags}", hip_flags).replace("{tree}", tree)
               .replace("{port}", port).replace("{work}", work).replace("{hipcc}", "hipcc"))


def exe_of(p, side):
    e = p["exe"]
    return e[side] if isinstance(e, dict) else e


# Stage layout (mirrors the repository, so a build command may reach {tree}/../../../../runtime-shim as it
# would in the checkout): STAGE/harness/realprogs/{realprogs.json,src/NAME} (CUDA trees, built in place, as
# the spec says), STAGE/runtime-shim/{include,src}, STAGE/work/NAME/hip (the ports), STAGE/hip-include.
def paths(stage, p):
    tree = os.path.join(stage, "harness", "realprogs", p["tree"])
    work = os.path.join(stage, "work", p["name"])
    return tree, os.path.join(work, "hip"), work


def prepare_one(p, args, spec_dir, stage):
    """Copy the CUDA tree and translate it (hipify-c -O) into the port. Never edits the port."""
    tree, port, work = paths(stage, p)
    for d in (tree, work):
        shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(spec_dir, p["tree"]), tree)
    os.makedirs(work)
    t0 = time.time()
    with open(os.path.join(work, "hipify.log"), "w") as log:
        r = subprocess.run([args.hipify, "-O", port, os.path.join(spec_dir, p["tree"])], stdout=log,
                           stderr=subprocess.STDOUT)
    print("%-28s hipify-c exit %d (%.1f s)" % (p["name"], r.returncode, time.time() - t0), flush=True)
    return {"name": p["name"], "hipify_rc": r.returncode}


def cmd_prepare(args):
    spec_dir = os.path.dirname(os.path.abspath(args.spec))
    spec = json.load(open(args.spec))
    stage = args.stage
    os.makedirs(os.path.join(stage, "harness", "realprogs"), exist_ok=True)
    st = [prepare_one(p, args, spec_dir, stage) for p in spec["programs"]]
    json.dump(st, open(os.path.join(stage, "hipify-status.json"), "w"), indent=1)
    json.dump(spec, open(os.path.join(stage, "spec.json"), "w"), indent=1)
    shutil.copy2(args.spec, os.path.join(stage, "harness", "realprogs", "realprogs.json"))
    # The same spec with each port named ("port"), for `hipify-harness validate run` on a machine without
    # libclang: it builds and compares exactly what this step translated.
    dev = json.loads(json.dumps(spec))
    for p in dev["programs"]:
        p["port"] = os.path.relpath(paths(stage, p)[1], os.path.join(stage, "harness", "realprogs"))
    json.dump(dev, open(os.path.join(stage, "harness", "realprogs", "realprogs-ported.json"), "w"), indent=1)
    for sub, src in (("hip-include", args.overlay),
                     ("runtime-shim/include", os.path.join(spec_dir, "..", "..", "runtime-shim", "include")),
                     ("runtime-shim/src", os.path.join(spec_dir, "..", "..", "runtime-shim", "src"))):
        shutil.rmtree(os.path.join(stage, sub), ignore_errors=True)
        shutil.copytree(src, os.path.join(stage, sub))
    shutil.copy2(os.path.abspath(__file__), os.path.join(stage, "realprogs.py"))
    shutil.copy2(os.path.join(spec_dir, "device-run.sh"), os.path.join(stage, "device-run.sh"))


def build_one(p, stage):
    """Run the spec's two build commands (cwd: the tree / the port)."""
    tree, port, work = paths(stage, p)
    st = {"name": p["name"]}
    for side, d in (("cuda", tree), ("hip", port)):
        cmd = expand(p["build"][side], os.path.join(stage, "hip-include"), tree, port, work)
        t0 = time.time()
        with open(os.path.join(work, "build-%s.log" % side), "w") as log:
            log.write("$ cd %s && %s\n" % (d, cmd))
            log.flush()
            r = subprocess.run(["sh", "-c", cmd], cwd=d, stdout=log, stderr=subprocess.STDOUT)
        st["build_%s_s" % side] = round(time.time() - t0, 1)
        st["built_%s" % side] = r.returncode == 0 and os.path.isfile(os.path.join(d, exe_of(p, side)))
    print("%-28s cuda %s  hip %s" % (p["name"], "ok" if st["built_cuda"] else "FAIL",
                                     "ok" if st["built_hip"] else "FAIL"), flush=True)
    return st


def cmd_build(args):
    stage = os.path.abspath(args.stage)
    spec = json.load(open(os.path.join(stage, "spec.json")))
    progs = spec["programs"]
    if args.only:
        progs = [p for p in progs if p["name"] in set(args.only.split(","))]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        status = list(ex.map(lambda p: build_one(p, stage), progs))
    json.dump(status, open(os.path.join(stage, "build-status.json"), "w"), indent=1)
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


def run_side(src_dir, p, side, out_dir, defaults):
    # Both sides run from the same path (one after the other), so argv[0] and any path they print agree.
    run = p.get("run", {})
    rdir = os.path.join(out_dir, "run", p["name"])
    shutil.rmtree(rdir, ignore_errors=True)
    shutil.copytree(src_dir, rdir, symlinks=True)
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
    shutil.rmtree(rdir, ignore_errors=True)
    return res


def cmd_run(args):
    b = args.stage
    spec = json.load(open(os.path.join(b, "spec.json")))
    sfile = os.path.join(b, "build-status.json")
    if os.path.exists(sfile):
        built = {s["name"]: s for s in json.load(open(sfile))}
    else:  # built by another tool (hipify-harness validate) in this stage: an executable on each side counts
        built = {}
        for p in spec["programs"]:
            tree, port, _ = paths(b, p)
            built[p["name"]] = {"built_cuda": os.path.isfile(os.path.join(tree, exe_of(p, "cuda"))),
                                "built_hip": os.path.isfile(os.path.join(port, exe_of(p, "hip")))}
    d = spec.get("defaults", {})
    os.makedirs(args.out, exist_ok=True)
    results = []
    t_start, deadline = time.time(), float(os.environ.get("RP_DEADLINE", "1e9"))
    for p in spec["programs"]:
        s = built.get(p["name"])
        if s is None:
            continue
        if time.time() - t_start > deadline:  # keep what was measured when the device call is nearly over
            results.append({"name": p["name"], "result": "ERROR", "why": "not run: RP_DEADLINE reached"})
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
        tree, port, _ = paths(b, p)
        sides = {side: run_side(src, p, side, args.out, d) for side, src in (("cuda", tree), ("hip", port))}
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
        if os.environ.get("RP_CUDA_TWICE"):  # the CUDA build against itself: tells nondeterminism apart
            again = run_side(tree, p, "cuda", args.out, d)
            self_diffs = [s for s in (compare_text(sides["cuda"][k], again[k], ignore, tol) for k in ("stdout",)) if s]
            self_diffs += [(path, c) for path, c in ((path, compare_text(t or "", again["files"][path] or "", [], tol))
                                                     for path, t in sides["cuda"]["files"].items()) if c]
            r["cuda_vs_cuda"] = [str(x)[:300] for x in self_diffs]
        r["result"] = "PASS" if not diffs else ("PLATFORM" if p.get("expect") else "FAIL")
        r["secs"] = (sides["cuda"]["secs"], sides["hip"]["secs"])
        results.append(r)
        print(p["name"], r["result"], "rc", r["cuda_rc"], r["hip_rc"], "; ".join(diffs)[:300],
              ("| cuda-vs-cuda: %s" % r["cuda_vs_cuda"]) if r.get("cuda_vs_cuda") else "", flush=True)
    json.dump(results, open(os.path.join(args.out, "results.json"), "w"), indent=1)
    n = {k: sum(1 for r in results if r["result"] == k) for k in ("PASS", "FAIL", "PLATFORM", "SKIPPED")}
    print("summary:", n)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    pr = sub.add_parser("prepare")
    pr.add_argument("--spec", required=True)
    pr.add_argument("--stage", required=True)
    pr.add_argument("--hipify", required=True)
    pr.add_argument("--overlay", required=True)
    b = sub.add_parser("build")
    b.add_argument("--stage", required=True)
    b.add_argument("--only")
    b.add_argument("-j", "--jobs", type=int, default=2)
    r = sub.add_parser("run")
    r.add_argument("--stage", required=True)
    r.add_argument("--out", required=True)
    a = ap.parse_args()
    for k in ("stage", "hipify", "overlay", "out"):
        if getattr(a, k, None):
            setattr(a, k, os.path.abspath(getattr(a, k)))
    {"prepare": cmd_prepare, "build": cmd_build, "run": cmd_run}[a.cmd](a)


if __name__ == "__main__":
    main()
