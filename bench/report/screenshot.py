#!/usr/bin/env python3
"""screenshot.py: makes the README screenshot of an HTML report (docs/report.png): opens the report in
headless Chromium, clicks one file, and captures the summary, the file list and that file's diff in one
scaled-down PNG. It checks nothing; tests/report/check_html.py does.

usage: screenshot.py REPORT.html FILE-PATH-IN-REPORT OUT.png [SCALE]"""
import base64
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "report"))
import cdp  # noqa: E402
from check_html import open_report, row_selector  # noqa: E402


def main():
    html, path, out = sys.argv[1:4]
    scale = float(sys.argv[4]) if len(sys.argv) > 4 else 0.6
    exe = cdp.find_chromium()
    if not exe:
        raise SystemExit("chromium is not installed")
    browser = cdp.Browser(exe)
    try:
        open_report(browser, html)
        browser.click(row_selector(browser, path))
        browser.wait_for("document.querySelector('#detail h2') !== null")
        # Keep the picture short: the file list box shows a few rows, the diff its first 30 rows.
        browser.evaluate("document.getElementById('files-box').style.maxHeight='11em';"
                         "Array.from(document.querySelectorAll('#detail table.sbs tr')).slice(30)"
                         ".forEach(function(r){r.remove()});window.scrollTo(0,0)")
        bottom = browser.evaluate("document.getElementById('detail').getBoundingClientRect().bottom + window.scrollY")
        shot = browser.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                       "clip": {"x": 0, "y": 0, "width": 1280, "height": bottom + 10,
                                                                "scale": scale}})
        data = base64.b64decode(shot["data"])
        with open(out, "wb") as f:
            f.write(data)
        print(json.dumps({"out": out, "bytes": len(data), "height": bottom}))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
