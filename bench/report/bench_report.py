#!/usr/bin/env python3
"""bench_report.py: measures the review reports on a tree: time to write them, their sizes, and how the
HTML report behaves in headless Chromium (DOMContentLoaded, load, script render, click-to-diff, sort),
median of several openings. It writes nothing outside a temporary directory and prints one table.

usage: bench_report.py --tool hipify-c|report_driver --exe PATH TREE [TREE...] [--synthetic N]"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "report"))
import cdp  # noqa: E402
from check_html import open_report  # noqa: E402

REPORTS = ("report.html", "port.diff", "stats.json", "results.sarif")


def write_reports(tool, exe, tree, out):
    if tool == "report_driver":
        cmd = [exe, tree, out]
    else:
        cmd = [exe, "--examine", "--report", f"{out}/report.html", "--diff", f"{out}/port.diff",
               "--stats-json", f"{out}/stats.json", "--sarif", f"{out}/results.sarif", tree]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - t0
    if not os.path.exists(f"{out}/report.html"):
        raise SystemExit(f"{' '.join(cmd)} wrote no report (exit {proc.returncode}): {proc.stderr[-2000:]}")
    return seconds


def measure_html(exe, html, runs):
    samples = []
    for _ in range(runs):
        browser = cdp.Browser(exe)
        try:
            timing = open_report(browser, html)
            # Click-to-diff and sort, measured inside the page (script and DOM work, no browser start).
            timing["click_to_diff"] = browser.evaluate(
                "(function(){var rows=document.querySelectorAll('#files-body tr.has');if(!rows.length)return null;"
                "var r=rows[Math.floor(rows.length/2)];var t=performance.now();r.click();"
                "document.getElementById('detail').getBoundingClientRect();return performance.now()-t;})()")
            timing["sort"] = browser.evaluate(
                "(function(){var t=performance.now();document.querySelector('#files-head th[data-col=changed]').click();"
                "document.getElementById('files-body').getBoundingClientRect();return performance.now()-t;})()")
            samples.append(timing)
        finally:
            browser.close()
    return {k: statistics.median([s[k] for s in samples if s[k] is not None] or [0]) for k in samples[0]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", choices=("hipify-c", "report_driver"), required=True)
    ap.add_argument("--exe", required=True)
    ap.add_argument("--synthetic", type=int, default=0, help="also measure a generated tree of N files")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("trees", nargs="*")
    args = ap.parse_args()
    chromium = cdp.find_chromium()
    work = tempfile.mkdtemp(prefix="hc-bench-report-")
    trees = list(args.trees)
    try:
        if args.synthetic:
            synth = os.path.join(work, f"synthetic-{args.synthetic}")
            subprocess.run([sys.executable, os.path.join(HERE, "gen_tree.py"), str(args.synthetic), synth], check=True)
            trees.append(synth)
        rows = []
        for tree in trees:
            out = os.path.join(work, "out-" + os.path.basename(tree.rstrip("/")))
            os.makedirs(out)
            seconds = write_reports(args.tool, args.exe, tree, out)
            stats = json.load(open(f"{out}/stats.json"))
            row = {"tree": os.path.basename(tree.rstrip("/")), "files": stats["summary"]["files"],
                   "write_s": round(seconds, 2)}
            for r in REPORTS:
                row[r] = os.path.getsize(f"{out}/{r}")
            if chromium:
                row.update({k: round(v) for k, v in measure_html(chromium, f"{out}/report.html", args.runs).items()
                            if v is not None})
            rows.append(row)
            print(json.dumps(row), flush=True)
        print()
        print("| tree | files | write s | HTML KiB | diff KiB | JSON KiB | SARIF KiB | DOMContentLoaded ms | load ms "
              "| script render ms | click-to-diff ms | sort ms |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['tree']} | {r['files']} | {r['write_s']} | {r['report.html'] // 1024} | "
                  f"{r['port.diff'] // 1024} | {r['stats.json'] // 1024} | {r['results.sarif'] // 1024} | "
                  f"{r.get('dom_content_loaded', '-')} | {r.get('load', '-')} | {r.get('script_render', '-')} | "
                  f"{r.get('click_to_diff', '-')} | {r.get('sort', '-')} |")
        if not chromium:
            print("SKIPPED: chromium is not installed: no open-time measurements")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
