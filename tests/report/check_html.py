#!/usr/bin/env python3
"""check_html.py: opens an HTML report in headless Chromium (DevTools protocol over a pipe) and checks
that the summary numbers equal the JSON report's, that clicking a file shows its side-by-side diff with
intra-line highlights and anchored diagnostics, that sorting works, that file text stays text, and that
no request leaves the page; saves a screenshot. Prints SKIPPED (exit 77) without Chromium."""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402


def open_report(browser, html_path):
    """Loads the report and returns its timings in milliseconds."""
    browser.open_page()
    browser.call("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                                                         "mobile": False})
    browser.call("Page.navigate", {"url": "file://" + os.path.abspath(html_path)})
    browser.wait_event("Page.loadEventFired", timeout=120)
    browser.wait_for("document.documentElement.getAttribute('data-ready') === '1'", timeout=120)
    return browser.evaluate(
        "(function(){var n=performance.getEntriesByType('navigation')[0];"
        "var p=performance.getEntriesByType('paint').filter(function(e){return e.name==='first-contentful-paint'})[0];"
        "return {dom_content_loaded:n.domContentLoadedEventEnd, load:n.loadEventEnd,"
        " first_contentful_paint:p?p.startTime:null,"
        " script_render:+document.documentElement.getAttribute('data-render-ms')};})()")


def row_selector(browser, path):
    """Selector of the file list row showing path, in the list's current order."""
    idx = browser.evaluate("Array.from(document.querySelectorAll('#files-body tr')).findIndex(function(r){"
                           "return r.cells[0].textContent === %s})" % json.dumps(path))
    if idx < 0:
        raise RuntimeError(f"{path} is not in the file list")
    return f"#files-body tr:nth-child({idx + 1})"


def main():
    html_path, json_path, shot_path = sys.argv[1:4]
    exe = cdp.find_chromium()
    if not exe:
        print("SKIPPED: chromium is not installed (scripts/install-deps.sh installs it)")
        return 77
    report = json.load(open(json_path, encoding="utf-8"))
    s, errors = report["summary"], []
    html = open(html_path, encoding="utf-8").read()
    for needle in ("http://", "https://", "src=\"", "<link", "@import", "url("):
        # Only the SARIF-free HTML is checked here: no external reference may appear outside file data.
        outside_data = html.split('<script type="application/json"')[0]
        if needle in outside_data:
            errors.append(f"static HTML contains {needle!r}")
    browser = cdp.Browser(exe)
    try:
        timing = open_report(browser, html_path)
        print("timing (ms):", json.dumps(timing))
        values = browser.evaluate(
            "(function(){var o={};document.querySelectorAll('.card .v').forEach(function(e){"
            "o[e.id]=parseFloat(e.getAttribute('data-value'));});"
            "o.rows=document.querySelectorAll('#files-body tr').length;return o;})()")
        expect = {"s-files": s["files"], "s-changed-files": s["changed_files"], "s-changed-lines": s["changed_lines"],
                  "s-conversion": s["conversion_percent"], "s-unconverted": s["unconverted_refs"],
                  "s-errors": s["diagnostics"]["error"], "s-warnings": s["diagnostics"]["warning"],
                  "s-notes": s["diagnostics"]["note"], "s-auto-share": 100 * report["examine"]["auto_share"],
                  "rows": min(s["files"], 500)}
        for key, want in expect.items():
            if key not in values or abs(values[key] - want) > 0.01:
                errors.append(f"summary {key}: page shows {values.get(key)}, JSON has {want}")
        fams = browser.evaluate("Array.from(document.querySelectorAll('#families tr[data-family]')).map("
                                "function(r){return [r.getAttribute('data-family'),+r.cells[1].textContent,"
                                "+r.cells[2].textContent]})")
        want_fams = [[f["key"], f["converted"], f["unconverted"]] for f in report["families"]
                     if f["converted"] or f["unconverted"]]
        if fams != want_fams:
            errors.append(f"families table {fams} != JSON {want_fams}")

        # Click the file with the most changed lines: its diff must appear, with highlights and diagnostics.
        target = max(report["files"], key=lambda f: (f["changed_lines"], f["path"]))
        browser.click(row_selector(browser, target["path"]))
        browser.wait_for("document.querySelector('#detail table.sbs') !== null")
        shown = browser.evaluate(
            "(function(){var d=document.getElementById('detail');return {title:d.querySelector('h2').textContent,"
            "dels:d.querySelectorAll('tr.del').length, ins:d.querySelectorAll('ins').length,"
            "diags:d.querySelectorAll('tr.diag').length, hash:location.hash};})()")
        print("clicked", target["path"], "->", json.dumps(shown))
        if shown["title"] != target["path"]:
            errors.append(f"clicking {target['path']} showed {shown['title']}")
        if shown["dels"] < 1 or shown["ins"] < 1:
            errors.append(f"{target['path']}: no changed rows or no intra-line highlight in the diff")
        if shown["diags"] != len(target["diagnostics"]):
            errors.append(f"{target['path']}: {shown['diags']} diagnostics shown, {len(target['diagnostics'])} in JSON")
        browser.call("Page.captureScreenshot", {"format": "png"})  # warm-up: the first capture can be blank

        # A file whose text looks like markup must be shown as text, never run.
        trap = [f for f in report["files"] if "html_trap" in f["path"]]
        if trap:
            browser.click(row_selector(browser, trap[0]["path"]))
            browser.wait_for("document.querySelector('#detail h2').textContent.indexOf('html_trap') >= 0")
            bad = browser.evaluate("document.querySelectorAll('#detail img, #detail script, #detail b').length")
            if bad or not browser.evaluate("document.getElementById('detail').textContent.indexOf('</script>') >= 0"):
                errors.append("markup in a source file was not escaped")
            # Non-ASCII text (escaped as \\uXXXX in the embedded data, surrogate pairs included) round-trips.
            if not browser.evaluate("document.getElementById('detail').textContent.indexOf('\\ud83d\\ude00 \\u00e9') >= 0"):
                errors.append("non-ASCII text of a changed line did not survive the embedding")
        # Diagnostics on unchanged lines are listed with their source line.
        outside = [f for f in report["files"] if not f["changed"] and f["diagnostics"] and f["status"] == "ok"]
        if outside:
            browser.click(row_selector(browser, outside[0]["path"]))
            browser.wait_for("document.querySelector('#detail h3') !== null")
            n = browser.evaluate("document.querySelectorAll('#detail tr.diag pre').length")
            if n != len(outside[0]["diagnostics"]):
                errors.append(f"{outside[0]['path']}: {n} of {len(outside[0]['diagnostics'])} diagnostics shown")
            # The places a person must look at (--examine), grouped by effort, as in the JSON report.
            want = sorted(p["effort"] for p in outside[0]["examine"]["places"])
            got = sorted(browser.evaluate("Array.from(document.querySelectorAll('#detail .places li')).map("
                                          "function(e){return e.getAttribute('data-effort')})"))
            if got != want or not want:
                errors.append(f"{outside[0]['path']}: places shown {got}, JSON has {want}")
        # Sorting: a click on "Lines changed" puts the file with most changed lines first.
        browser.click("#files-head th[data-col=changed]")
        first = browser.evaluate("document.querySelector('#files-body tr td').textContent")
        if first != target["path"]:
            errors.append(f"sorted by lines changed, first row is {first}, expected {target['path']}")
        for ev in browser.events:
            if ev.get("method") == "Runtime.exceptionThrown":
                errors.append("script error: " + json.dumps(ev["params"]["exceptionDetails"])[:300])
            # Blocked requests (the page's Content-Security-Policy) and failed loads are logged errors.
            if ev.get("method") == "Log.entryAdded" and ev["params"]["entry"]["level"] == "error":
                errors.append("browser logged: " + ev["params"]["entry"].get("text", "")[:300])
            if ev.get("method") == "Page.javascriptDialogOpening":
                errors.append("a dialog opened: " + ev["params"].get("message", ""))
        requests = [ev["params"]["request"]["url"] for ev in browser.events
                    if ev.get("method") == "Network.requestWillBeSent"]
        page = "file://" + os.path.abspath(html_path)
        leaving = [u for u in requests if u.split("#")[0] != page and not u.startswith("data:")]
        print(f"requests: {len(requests)} (the page itself), leaving the page: {leaving}")
        if leaving:
            errors.append(f"requests left the page: {leaving}")
        # Screenshot of the report as a reviewer sees it after clicking the most changed file.
        browser.click(row_selector(browser, target["path"]))
        browser.wait_for("document.querySelector('#detail h2').textContent === %s" % json.dumps(target["path"]))
        browser.evaluate("window.scrollTo(0, 0)")
        png = base64.b64decode(browser.call("Page.captureScreenshot", {"format": "png"})["data"])
        with open(shot_path, "wb") as f:
            f.write(png)
        print(f"screenshot: {shot_path} ({len(png)} bytes)")
    finally:
        browser.close()
    for e in errors:
        print("FAIL:", e)
    print(f"{'FAIL' if errors else 'PASS'}: {html_path} ({os.path.getsize(html_path)} bytes), {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
