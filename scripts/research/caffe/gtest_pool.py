#!/usr/bin/env python3
"""gtest_pool.py: runs a gtest binary's tests one process per test, several at once, for one or more builds
(the Caffe recipe's slow gradient checks), so that a per-test time limit holds and a run stopped at its
deadline keeps every result that finished. It does not judge results: report.py reads what it writes.

usage: gtest_pool.py --out DIR [--status STATUS] --procs N --stop S --test-timeout S --list FILE
                     [--weights FILE] [--arg ARG]... [--env NAME=VALUE]...
                     SIDE=TREE:BINARY ...
  --list     test names, one a line (gtest's full names, Suite/Type.Test); the same list for every side
  --weights  'name seconds' lines from an earlier run: longer tests start first (unknown ones: --default-weight)
  SIDE=TREE:BINARY  each side's binary, run from TREE (Caffe's tests read data by relative paths)
Each test runs as: BINARY ARGS... --gtest_filter=NAME --gtest_output=xml:DIR/xml-SIDE/NAME.xml
with the log beside it; every finished test appends 'name status seconds' to STATUS/pool-SIDE.txt at once
(status: passed, failed, timeout, crashed). At --stop seconds the tests still running are killed and
listed as 'cut', those not started as 'notstarted': both are results to get again, not failures. The sides' tests are interleaved, so a run cut short has results for the same tests on each."""
import argparse
import os
import re
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor


def gpu_first(name):
    """Caffe's typed tests run each case for CPUDevice<float>, CPUDevice<double> (/0, /1) and
    GPUDevice<float>, GPUDevice<double> (/2, /3): GPU cases are the slow ones, so they start first."""
    m = re.match(r"[^/]+/(\d+)\.", name)
    return 0 if m and int(m.group(1)) >= 2 else 1


def file_name(name):
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def run_one(side, tree, binary, extra, env, name, args, end, lock):
    folder = os.path.join(args.out, "xml-" + side)
    base = os.path.join(folder, file_name(name))
    if time.time() >= end - 1:
        status, secs = "notstarted", 0.0
    else:
        t0 = time.time()
        limit = min(args.test_timeout, end - t0)
        with open(base + ".log", "w") as log:
            try:
                proc = subprocess.run([binary] + extra + ["--gtest_filter=" + name, "--gtest_output=xml:" + base + ".xml"],
                                      cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=limit)
                rc = proc.returncode
            except subprocess.TimeoutExpired:
                rc = None
        secs = time.time() - t0
        text = open(base + ".log", errors="replace").read()
        if rc is None:
            status = "timeout" if limit == args.test_timeout else "cut"
        elif "[       OK ] " + name in text and rc == 0:
            status = "passed"
        elif "[  FAILED  ] " + name in text:
            status = "failed"
        else:
            status = "crashed"  # no verdict line: the process died in the test (signal, abort, CUDA error)
    with lock:
        with open(os.path.join(args.status or args.out, "pool-%s.txt" % side), "a") as f:
            f.write("%s %s %.1f\n" % (name, status, secs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--procs", type=int, default=8)
    ap.add_argument("--stop", type=float, required=True, help="seconds from now at which the run ends")
    ap.add_argument("--test-timeout", type=float, default=300)
    ap.add_argument("--list", required=True)
    ap.add_argument("--weights")
    ap.add_argument("--default-weight", type=float, default=5.0)
    ap.add_argument("--arg", action="append", default=[], help="an argument for the binary before the filter")
    ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for the test processes only")
    ap.add_argument("--status", help="the folder of pool-SIDE.txt (default --out)")
    ap.add_argument("sides", nargs="+")
    args = ap.parse_args()
    end = time.time() + args.stop
    names = [l.strip() for l in open(args.list) if l.strip() and not l.startswith("#")]
    weight = {}
    if args.weights:
        for line in open(args.weights):
            parts = line.split()
            if len(parts) >= 2:
                weight[parts[0]] = float(parts[-1])
    names.sort(key=lambda n: (gpu_first(n), -weight.get(n, args.default_weight), n))
    sides = []
    for spec in args.sides:
        side, rest = spec.split("=", 1)
        tree, binary = rest.split(":", 1)
        sides.append((side, tree, binary))
        os.makedirs(os.path.join(args.out, "xml-" + side), exist_ok=True)
    env = dict(os.environ)
    env.update(kv.split("=", 1) for kv in args.env)
    lock = threading.Lock()
    with ThreadPoolExecutor(max_workers=args.procs) as pool:
        jobs = [pool.submit(run_one, side, tree, binary, args.arg, env, name, args, end, lock)
                for name in names for side, tree, binary in sides]
    for job in jobs:
        job.result()  # a runner's own error (not a test's) surfaces here


if __name__ == "__main__":
    main()
