#!/usr/bin/env python3
"""report.py: summarises what device.sh brought back for the Caffe recipe: Caffe's test results per side
(passed / failed / skipped, from gtest's XML), every test whose result differs between the original and
each port side (hip: the port's Makefile build, hipcmake: its own CMake build) with its failure message, the
LeNet loss curves and their largest difference, and the caffe time per-layer HIP/CUDA ratios. It reads
results only; it runs nothing.

usage: report.py RESULT...   each RESULT one call's caffe-results.tar.gz (device.sh packs its results folder
                             as that one file) or such a folder unpacked; earliest first, later ones win"""
import glob
import os
import re
import sys
import tarfile
import tempfile
import xml.etree.ElementTree as ET

LOSS_RTOL = 1e-3  # relative difference allowed between the two loss curves, iteration by iteration


def tests(folders):
    """({suite.test: (status, message)}, every test name the binary holds) over every run folder, a later
    run's result winning. Two layouts: device.sh test (shard*.xml / shard*.log, one process per shard) and
    device.sh pool (one NAME.xml / NAME.log per test, and pool-SIDE.txt beside the folder). gtest's XML
    lists every test of the binary, those a filter left out as notrun (names, not results). A process
    stopped before its XML was written leaves its log's [ OK ] / [ FAILED ] lines; a pool test that
    timed out or crashed is a failure; one cut at the run's end, or not started, is no result."""
    out, names = {}, set()
    for folder in folders:
        for log in sorted(glob.glob(os.path.join(folder, "*.log"))):
            xml = log[:-4] + ".xml"
            if os.path.exists(xml):
                for case in ET.parse(xml).getroot().iter("testcase"):
                    name = case.get("classname") + "." + case.get("name")
                    names.add(name)
                    failure = case.find("failure")
                    if failure is not None:
                        out[name] = ("failed", (failure.get("message") or "").strip().splitlines()[0][:200])
                    elif case.get("status") != "notrun":
                        out[name] = ("passed", "")
                continue
            for line in open(log, errors="replace"):
                m = re.match(r"\[       OK \] (\S+) \(", line) or re.match(r"\[  FAILED  \] (\S+) \(", line)
                if m:
                    out[m.group(1)] = ("passed" if "OK" in line[:12] else "failed", "")
        pool = os.path.join(os.path.dirname(folder), "pool-%s.txt" % os.path.basename(folder)[len("xml-"):])
        if os.path.exists(pool):
            for line in open(pool):
                parts = line.split()
                if len(parts) == 3 and parts[1] in ("timeout", "crashed"):
                    out[parts[0]] = ("failed", "%s after %s s (one process per test)" % (parts[1], parts[2]))
    return out, names


def shard_logs(folder):
    """Shards that did not finish (crash, timeout): their last lines say which test was running."""
    bad = []
    for path in sorted(glob.glob(os.path.join(folder, "shard*.log"))):
        lines = open(path, errors="replace").read().splitlines()
        if not lines or not lines[-1].endswith("rc=0"):
            running = [l for l in lines if l.startswith("[ RUN      ]")]
            bad.append("%s: %s, last test started: %s" % (os.path.basename(path), lines[-1] if lines else "empty",
                                                          running[-1][13:] if running else "-"))
    return bad


def losses(path):
    curve = {}
    if not os.path.exists(path):
        return curve
    for m in re.finditer(r"Iteration (\d+) \(.*?\), loss = ([0-9.eE+-]+|nan)", open(path, errors="replace").read()):
        curve[int(m.group(1))] = float(m.group(2))
    return curve


def layer_times(path):
    times = {}
    if not os.path.exists(path):
        return times
    text = open(path, errors="replace").read()
    for m in re.finditer(r"\]\s+(\S+)\s+(forward|backward): ([0-9.]+) ms\.", text):
        times[(m.group(1), m.group(2))] = float(m.group(3))
    for m in re.finditer(r"Average (Forward|Backward|Forward-Backward) pass: ([0-9.]+) ms\.", text):
        times[("TOTAL", m.group(1))] = float(m.group(2))
    return times


def unpack(path, into):
    """A packed result (device.sh's caffe-results.tar.gz) as a folder under INTO: only plain files and
    folders, each inside it (no absolute names, no '..', no links)."""
    folder = tempfile.mkdtemp(dir=into)
    with tarfile.open(path) as tar:
        for member in tar.getmembers():
            name = os.path.normpath(member.name)
            if name == ".":
                continue
            if os.path.isabs(name) or name.split(os.sep)[0] == ".." or not (member.isfile() or member.isdir()):
                sys.exit("report.py: %s: refusing member %r (outside the folder, or not a plain file)" % (path, member.name))
            target = os.path.join(folder, name)
            if member.isdir():
                os.makedirs(target, exist_ok=True)
                continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with tar.extractfile(member) as src, open(target, "wb") as dst:
                dst.write(src.read())
    return folder


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as scratch:
        res = []
        for arg in sys.argv[1:]:
            if os.path.isdir(arg):
                res.append(arg)
            elif os.path.isfile(arg) and tarfile.is_tarfile(arg):
                res.append(unpack(arg, scratch))
            else:
                sys.exit("report.py: %s: neither a results folder nor a packed result (caffe-results.tar.gz)" % arg)
        summarise(res)


def summarise(res):
    """RES: result folders, earliest first (each holds xml-SIDE/, pool-SIDE.txt, train-*.log, time-*.log)."""
    found = {os.path.basename(d)[len("xml-"):] for r in res for d in glob.glob(os.path.join(r, "xml-*"))}
    names = ["cuda"] + sorted(found - {"cuda"})
    parsed = {s: tests([os.path.join(r, "xml-" + s) for r in res]) for s in names}
    sides = {s: parsed[s][0] for s in parsed}
    every = set().union(*(parsed[s][1] for s in names))
    print("## Caffe's test binary (test_all.testbin): %d tests in it" % len(every))
    for s, t in sides.items():
        counts = {k: sum(1 for v in t.values() if v[0] == k) for k in ("passed", "failed")}
        print("%-5s %5d run: %d passed, %d failed; %d not run" % (s, len(t), counts["passed"], counts["failed"],
                                                                len(every - set(t)) if every else 0))
        for r in res:
            for line in shard_logs(os.path.join(r, "xml-" + s)):
                print("      %s: unfinished shard: %s" % (os.path.basename(r), line))
    # each port side against the original, over the tests both ran (a side run alone is listed, not compared)
    for port in [s for s in names if s != "cuda"]:
        if not sides["cuda"] or not sides[port]:
            print("%s: no original results to compare with" % port if sides[port] else "%s: no results" % port)
            continue
        both = sorted(set(sides["cuda"]) & set(sides[port]))
        diff = [n for n in both if sides["cuda"][n][0] != sides[port][n][0]]
        print("tests whose result differs, cuda vs %s (of %d both ran): %d" % (port, len(both), len(diff)))
        for n in diff:
            c, h = sides["cuda"][n], sides[port][n]
            print("  %s: cuda %s, %s %s  %s" % (n, c[0], port, h[0], h[1] or c[1]))
        for n in both:
            if sides["cuda"][n][0] == "failed" and n not in diff:
                print("  both failed: %s  %s" % (n, sides["cuda"][n][1]))
    unrun = sorted(every.difference(*(set(sides[s]) for s in names)))
    if unrun:
        groups = {}
        for n in unrun:
            groups.setdefault(n.split(".")[1], 0)
            groups[n.split(".")[1]] += 1
        print("not run on either side (%d), by test name: %s" % (len(unrun), ", ".join(
            "%s %d" % kv for kv in sorted(groups.items(), key=lambda kv: -kv[1])[:12])))

    # training and timing: the latest run folder that has them
    res = next((r for r in reversed(res) if os.path.exists(os.path.join(r, "train-cuda.log"))), res[-1])
    print("\n## LeNet, caffe train (loss every 10 iterations)")
    cu, hi = losses(os.path.join(res, "train-cuda.log")), losses(os.path.join(res, "train-hip.log"))
    common = sorted(set(cu) & set(hi))
    if common:
        worst = max(common, key=lambda i: abs(cu[i] - hi[i]) / max(abs(cu[i]), 1e-12))
        rel = abs(cu[worst] - hi[worst]) / max(abs(cu[worst]), 1e-12)
        print("iterations compared: %d (%d..%d); loss cuda %.6g -> %.6g, hip %.6g -> %.6g" % (
            len(common), common[0], common[-1], cu[common[0]], cu[common[-1]], hi[common[0]], hi[common[-1]]))
        print("largest relative difference %.3g at iteration %d (tolerance %g): %s" % (
            rel, worst, LOSS_RTOL, "AGREE" if rel <= LOSS_RTOL else "DIFFER"))
        print("iteration  cuda  hip")
        for i in common:
            print("%5d  %.6f  %.6f" % (i, cu[i], hi[i]))
    else:
        print("no loss curve to compare (cuda %d points, hip %d points)" % (len(cu), len(hi)))

    print("\n## caffe time, CaffeNet-like net, batch 64, synthetic input (ms per iteration)")
    tc, th = layer_times(os.path.join(res, "time-cuda.log")), layer_times(os.path.join(res, "time-hip.log"))
    print("%-12s %-9s %10s %10s %8s" % ("layer", "pass", "CUDA", "HIP", "HIP/CUDA"))
    for key in [k for k in tc if k in th]:
        ratio = th[key] / tc[key] if tc[key] > 0 else float("nan")
        print("%-12s %-9s %10.4f %10.4f %8.3f" % (key[0], key[1], tc[key], th[key], ratio))
    # DummyData fills its blob with CPU random numbers on every forward: the GPU work is the rest
    layers = [k for k in tc if k in th and k[0] not in ("TOTAL", "data")]
    if layers:
        c, h = sum(tc[k] for k in layers), sum(th[k] for k in layers)
        print("%-12s %-9s %10.4f %10.4f %8.3f" % ("all layers", "but data", c, h, h / c))


if __name__ == "__main__":
    main()
