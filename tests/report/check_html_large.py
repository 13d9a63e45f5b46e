#!/usr/bin/env python3
"""check_html_large.py: the HTML report of a 1,200-file synthetic tree (bench/report/gen_tree.py) in
headless Chromium: the file list shows 500 rows, scrolling adds the next 500, filtering and sorting work
on all files, and a file beyond the first page opens its diff. Prints SKIPPED (exit 77) without Chromium.
usage: check_html_large.py REPORT_DRIVER WORK_DIR"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cdp  # noqa: E402
from check_html import open_report, row_selector  # noqa: E402

NFILES = 1200


def main():
    driver, work = sys.argv[1:3]
    exe = cdp.find_chromium()
    if not exe:
        print("SKIPPED: chromium is not installed (scripts/install-deps.sh installs it)")
        return 77
    shutil.rmtree(work, ignore_errors=True)
    tree, out = os.path.join(work, "tree"), os.path.join(work, "out")
    subprocess.run([sys.executable, os.path.join(HERE, "..", "..", "bench", "report", "gen_tree.py"), str(NFILES),
                    tree], check=True, stdout=subprocess.DEVNULL)
    os.makedirs(out)
    subprocess.run([driver, tree, out], check=True, stdout=subprocess.DEVNULL)
    report = json.load(open(os.path.join(out, "stats.json")))
    errors = []
    browser = cdp.Browser(exe)
    try:
        timing = open_report(browser, os.path.join(out, "report.html"))
        print("timing (ms):", json.dumps(timing))
        count = "document.querySelectorAll('#files-body tr').length"
        if browser.evaluate(count) != 500:
            errors.append(f"first page shows {browser.evaluate(count)} rows, expected 500")
        browser.evaluate("var b=document.getElementById('files-box');b.scrollTop=b.scrollHeight;"
                         "b.dispatchEvent(new Event('scroll'))")
        browser.wait_for(count + " === 1000")
        # Sorting covers every file, not only the rows shown.
        browser.click("#files-head th[data-col=changed]")
        most = max(report["files"], key=lambda f: (f["changed_lines"], f["path"]))["changed_lines"]
        first = browser.evaluate("+document.querySelector('#files-body tr').cells[3].textContent")
        if first != most:
            errors.append(f"sorted by lines changed, first row has {first}, the maximum is {most}")
        # Filter to one file that was not on the first page, then open it.
        last = sorted(f["path"] for f in report["files"])[-1]
        browser.evaluate("var i=document.getElementById('files-filter');i.value=%s;"
                         "i.dispatchEvent(new Event('input'))" % json.dumps(last))
        if browser.evaluate(count) != 1:
            errors.append(f"filtering by {last} shows {browser.evaluate(count)} rows")
        browser.click(row_selector(browser, last))
        browser.wait_for("document.querySelector('#detail h2') !== null && "
                         "document.querySelector('#detail h2').textContent === %s" % json.dumps(last))
        if not browser.evaluate("document.querySelectorAll('#detail tr.del').length > 0"):
            errors.append(f"{last}: no diff shown")
    finally:
        browser.close()
    for e in errors:
        print("FAIL:", e)
    print(f"{'FAIL' if errors else 'PASS'}: {NFILES}-file report, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
