#!/usr/bin/python3
"""ReduceLab's web pages in a real browser: Debian's chromium, driven by chromium-driver through
python3-selenium, headless and offline.

The pages are written by the program under test (reducelab-cli run/sweep/plot --html); each
is opened from a file, as a student opens one from a USB stick, and checked:
  - it loads with no console error (a Content-Security-Policy violation is one) and makes no
    request but its own file (the browser's network log);
  - run pages: Space plays (#rl-time advances, as the application writes it), #t=3.5 opens
    paused at that time, the narration follows and a click on a line goes to its event, a
    click on the time axis seeks, the keys step, a click on a transfer selects it in the chart
    and the tree, hovering shows an operation's details, the scenario saves as the JSON file
    the GUI opens; every Gantt row is labelled at 1280x720 and at 390x844 (phone, portrait);
    light and dark styles (the system's choice followed by default) give different, non-blank
    pictures; the presentation size is larger;
  - figure pages (the CV sweep, the ratio map, the best-method map): hovering a point or a cell
    shows its numbers, the legend's entries switch their series on and off.

Usage: test_web_pages.py REDUCELAB_CLI EXAMPLES_DIR [--shots DIR]
--shots keeps screenshots (1280x720, 1920x1080, 390x844, 3840x2160; light, dark,
presentation) for people to look at. Exits 1 with every failure listed, 0 when all pass.
"""
import argparse
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

FAILURES = []


def check(ok, what):
    print(("PASS: " if ok else "FAIL: ") + what, flush=True)
    if not ok:
        FAILURES.append(what)
    return ok


def report():
    """The failures listed; the exit status (1 when any)."""
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed:")
        for f in FAILURES:
            print("  " + f)
        return 1
    print("every check passed")
    return 0


def run_cli(cli, *args):
    p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise SystemExit(f"reducelab-cli {' '.join(args)} failed: {p.stderr}")
    return p


class Browser:
    """One headless Chromium: no sandbox (CI runs as root), no GPU, nothing of its own on the
    network, a fresh profile."""

    def __init__(self, work):
        self.downloads = os.path.join(work, "downloads")
        os.makedirs(self.downloads, exist_ok=True)
        options = Options()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-default-apps", "--disable-extensions",
                     "--user-data-dir=" + os.path.join(work, "profile"),
                     "--window-size=1280,720", "--force-device-scale-factor=1"]:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
        self.driver = webdriver.Chrome(service=service, options=options)
        self.driver.set_page_load_timeout(60)
        self.cdp("Browser.setDownloadBehavior", behavior="allow", downloadPath=self.downloads)

    def cdp(self, command, **params):
        return self.driver.execute_cdp_cmd(command, params)

    def size(self, width, height):
        """The viewport, as a device of that size (a phone below 600 pixels wide)."""
        self.cdp("Emulation.setDeviceMetricsOverride", width=width, height=height,
                 deviceScaleFactor=1, mobile=width < 600)

    def dark_system(self, dark):
        self.cdp("Emulation.setEmulatedMedia", media="",
                 features=[{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}])

    def open(self, path, fragment=""):
        """Opens the page fresh (logs emptied first) and waits until its script has run."""
        self.driver.get_log("browser")
        self.driver.get_log("performance")
        self.driver.get("about:blank")
        url = "file://" + path + (("#" + fragment) if fragment else "")
        self.driver.get(url)
        for _ in range(200):
            if self.js("return document.body && document.body.dataset.ready === 'true'"):
                break
            time.sleep(0.05)
        self.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return url

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]

    def requests(self):
        """Every URL the page asked the network layer for."""
        urls = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        return urls

    def screenshot(self):
        return Image.open(io.BytesIO(self.driver.get_screenshot_as_png())).convert("RGB")

    def quit(self):
        self.driver.quit()


def loads_cleanly(b, path, what):
    """No console error or warning, no request but the page itself."""
    b.open(path)
    errors = b.errors()
    check(not errors, f"{what}: loads without a console error {[e['message'] for e in errors]}")
    own = "file://" + path
    others = [u for u in b.requests() if u.split("#")[0] != own and u != "about:blank"]
    check(not others, f"{what}: makes no request but its own file {others}")
    check(b.js("return document.body.dataset.ready") == "true", f"{what}: its script ran")


def time_text(b):
    return b.driver.find_element(By.ID, "rl-time").text


def time_value(text):
    m = re.fullmatch(r"t = ([0-9.]+)", text)
    return float(m.group(1)) if m else None


def narration_time(t):
    """The application's formatNarrationTime (3 significant digits, "0.00" for 0)."""
    if t == 0:
        return "0.00"
    decimals = max(0, 2 - math.floor(math.log10(abs(t))))
    return f"{t:.{decimals}f}"


def press(b, key):
    ActionChains(b.driver).send_keys(key).perform()


def rows_labelled(b, what):
    """Every Gantt row has its label, whole and inside the chart; labels on one side never
    overlap."""
    result = b.js("""
        const out = [];
        for (const svg of document.querySelectorAll('svg.rl-gantt-svg')) {
          const box = svg.getBoundingClientRect();
          const labels = [...svg.querySelectorAll('.rl-row-label')].map(t => {
            const r = t.getBoundingClientRect();
            return {row: +t.dataset.row, left: r.left, right: r.right, top: r.top,
                    bottom: r.bottom, side: t.getAttribute('text-anchor')};
          });
          out.push({rows: svg.querySelectorAll('.rl-idle').length, labels: labels,
                    box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
                    viewport: window.innerWidth});
        }
        return out;""")
    check(len(result) > 0, f"{what}: has Gantt charts")
    for i, chart in enumerate(result):
        rows = sorted(l["row"] for l in chart["labels"])
        check(rows == list(range(chart["rows"])),
              f"{what}: chart {i}: every one of its {chart['rows']} rows is labelled (got {len(rows)})")
        box = chart["box"]
        inside = all(l["left"] >= box["left"] - 0.5 and l["right"] <= box["right"] + 0.5 and
                     l["top"] >= box["top"] - 0.5 and l["bottom"] <= box["bottom"] + 0.5 and
                     l["right"] <= chart["viewport"] + 0.5 for l in chart["labels"])
        check(inside, f"{what}: chart {i}: every label is whole, inside its chart and the screen")
        for side in ("end", "start"):
            column = sorted((l for l in chart["labels"] if l["side"] == side), key=lambda l: l["top"])
            overlaps = [(a["row"], c["row"]) for a, c in zip(column, column[1:])
                        if c["top"] < a["bottom"] - 1.0]
            check(not overlaps, f"{what}: chart {i}: no two labels overlap {overlaps[:3]}")


def not_blank(image):
    colours = image.getcolors(1 << 20)
    return colours is not None and len(colours) > 20


def difference(a, b):
    """Fraction of pixels that differ."""
    if a.size != b.size:
        return 1.0
    pa = a.tobytes()
    pb = b.tobytes()
    differ = sum(1 for i in range(0, len(pa), 3) if pa[i:i + 3] != pb[i:i + 3])
    return differ / (len(pa) // 3)


def mean_luminance(image):
    small = image.resize((64, 36))
    values = [0.2126 * r + 0.7152 * g + 0.0722 * bl for r, g, bl in small.getdata()]
    return sum(values) / len(values)


def run_page_checks(b, page, n, shots):
    # The player, at the size of a laptop and of a projector.
    b.size(1280, 720)
    b.dark_system(False)
    b.open(page)
    check(time_text(b) == "t = 0.00", f"demo: opens at t = 0.00 (got {time_text(b)!r})")
    press(b, " ")
    time.sleep(0.7)
    playing = time_value(time_text(b))
    check(playing is not None and playing > 0, f"demo: Space plays: #rl-time advances ({time_text(b)!r})")
    press(b, " ")
    time.sleep(0.3)
    paused = time_text(b)
    time.sleep(0.4)
    check(time_text(b) == paused, "demo: Space again pauses")

    # The keys work wherever the focus is: after a click on the play button (Space must not
    # also press the button), on the slider (Right steps one event, not the slider).
    b.open(page)
    b.driver.find_element(By.ID, "rl-play").click()
    time.sleep(0.4)
    press(b, " ")
    stopped = time_text(b)
    time.sleep(0.4)
    check(stopped != "t = 0.00" and time_text(b) == stopped,
          f"demo: after a click on play, Space pauses ({stopped!r}, then {time_text(b)!r})")
    slider = b.driver.find_element(By.CSS_SELECTOR, ".rl-slider")
    b.js("arguments[0].focus()", slider)
    before = b.js("return document.querySelector('#rl-counter').textContent")
    index = b.js("return +document.querySelector('#rl-counter').textContent.match(/event (\\d+)/)[1]")
    press(b, Keys.ARROW_RIGHT)
    after = b.js("return +document.querySelector('#rl-counter').textContent.match(/event (\\d+)/)[1]")
    check(after == index + 1, f"demo: Right on the slider steps one event ({before!r}: {index} -> {after})")

    # #t= seeks, paused, and the narration shows the event there.
    b.open(page, "t=3.5")
    check(time_text(b) == "t = 3.50", f"demo: #t=3.5 opens at 't = 3.50' (got {time_text(b)!r})")
    time.sleep(0.4)
    check(time_text(b) == "t = 3.50", "demo: #t=3.5 opens paused")
    current = b.js("""const li = document.querySelector('#rl-narration li.rl-current');
                      return li ? [li.textContent, +li.dataset.t, +li.dataset.event] : null;""")
    times = [e[0] for e in b.js("return RL.data.events")]
    check(current is not None and current[1] <= 3.5 and
          (current[2] + 1 == len(times) or times[current[2] + 1] > 3.5),
          f"demo: the narration's current line is the last event at or before 3.5 ({current})")
    # The page writes times as the program does: each sentence of the core holds its event's
    # time ("t = 2.31: ..."), which the page's own formatting must give.
    mismatched = b.js("""return RL.data.narration.filter(e => e.event !== undefined &&
                             !e.text.includes('t = ' + RL.narrationTime(e.t) + ':')).length""")
    check(mismatched == 0, f"demo: the page writes every event's time as the narration does ({mismatched} differ)")
    lines = b.js("return [...document.querySelectorAll('#rl-narration li')].map(li => li.textContent)")
    entries = b.js("return RL.data.narration.map(e => e.text)")
    check(lines == entries and len(lines) > n, f"demo: #rl-narration holds the program's {len(entries)} lines")

    # Keys: Right steps one event, Left back, End, Home.
    before = b.js("return document.querySelector('#rl-counter').textContent")
    press(b, Keys.ARROW_RIGHT)
    after = b.js("return document.querySelector('#rl-counter').textContent")
    check(before != after, f"demo: Right steps one event ({before!r} -> {after!r})")
    press(b, Keys.END)
    end = b.js("return RL.data.end")
    check(time_text(b) == "t = " + narration_time(end), f"demo: End goes to the end ({time_text(b)!r})")
    press(b, Keys.HOME)
    check(time_text(b) == "t = 0.00", "demo: Home goes to the start")
    press(b, "]")
    check(b.js("return document.getElementById('rl-speed').value") == "3", "demo: ] is faster")
    press(b, "[")
    press(b, "[")
    check(b.js("return document.getElementById('rl-speed').value") == "1", "demo: [ is slower")

    # A click on a narration line goes to its event.
    target = b.js("""const items = [...document.querySelectorAll('#rl-narration li[data-event]')];
                     const li = items[Math.floor(items.length / 2)];
                     li.scrollIntoView({block: 'center'});
                     return [+li.dataset.t, +li.dataset.event];""")
    b.driver.find_element(By.CSS_SELECTOR, f"#rl-narration li[data-event='{target[1]}']").click()
    check(time_text(b) == "t = " + narration_time(target[0]),
          f"demo: a click on a narration line goes to its time ({time_text(b)!r}, {target[0]})")
    check(b.js("return document.querySelector('#rl-narration li.rl-current').dataset.event") == str(target[1]),
          "demo: ... and makes it the current line")

    # A click on the time axis seeks there.
    b.open(page)
    axis = b.driver.find_element(By.CSS_SELECTOR, ".rl-gantt-svg .rl-axis-band")
    ActionChains(b.driver).move_to_element(axis).click().perform()
    t = time_value(time_text(b))
    check(t is not None and 0.3 * end < t < 0.7 * end, f"demo: a click in the middle of the time axis seeks there ({time_text(b)!r})")

    # Hover and click on a transfer: its details, and selected in the chart and the tree.
    b.open(page, "t=" + str(end))
    hit = b.driver.find_element(By.CSS_SELECTOR, ".rl-gantt-svg .rl-hit-area[data-op='t0']")
    ActionChains(b.driver).move_to_element(hit).perform()
    tip = b.driver.find_element(By.ID, "rl-tip")
    check(tip.is_displayed() and tip.text.startswith("transfer P") and "duration" in tip.text,
          f"demo: hovering a reception bar shows its transfer ({tip.text!r})")
    red = b.driver.find_element(By.CSS_SELECTOR, ".rl-gantt-svg .rl-hit-area[data-op='r0']")
    ActionChains(b.driver).move_to_element(red).perform()
    check(tip.text.startswith("reduction on P"), f"demo: hovering a reduction shows it ({tip.text!r})")
    ActionChains(b.driver).move_to_element(hit).click().perform()
    selected = b.js("""return [document.querySelectorAll('.rl-gantt-svg .rl-arrow.rl-sel').length,
                              getComputedStyle(document.querySelector('.rl-tree-svg .rl-ring')).display]""")
    check(selected[0] == 1 and selected[1] != "none",
          f"demo: a click on a transfer selects it in the chart and the tree ({selected})")
    edge = b.driver.find_element(By.CSS_SELECTOR, ".rl-tree-svg .rl-hit[data-transfer='1']")
    ActionChains(b.driver).move_to_element(edge).perform()
    check(tip.text.startswith("transfer P"), f"demo: hovering a tree edge shows its transfer ({tip.text!r})")

    # The scenario, saved as the file the GUI opens.
    for f in os.listdir(b.downloads):
        os.remove(os.path.join(b.downloads, f))
    b.driver.find_element(By.ID, "rl-scenario-box").click()
    b.driver.find_element(By.ID, "rl-save-scenario").click()
    saved = os.path.join(b.downloads, "reducelab-scenario.json")
    for _ in range(100):
        if os.path.exists(saved):
            break
        time.sleep(0.05)
    ok = os.path.exists(saved)
    if ok:
        with open(saved) as fh:
            scenario = json.load(fh)
        ok = scenario.get("format") == "reducelab-scenario" and scenario.get("n") == n
    check(ok, "demo: Save scenario writes the scenario file ReduceLab opens")

    # Every row labelled: laptop and phone.
    for width, height in [(1280, 720), (390, 844)]:
        b.size(width, height)
        b.open(page)
        rows_labelled(b, f"demo at {width}x{height}")
        scroll = b.js("return document.documentElement.scrollWidth - window.innerWidth")
        check(scroll <= 0, f"demo at {width}x{height}: nothing wider than the screen ({scroll} px)")

    # Light and dark: the system's choice by default, different pictures, neither blank.
    b.size(1280, 720)
    b.dark_system(True)
    b.open(page, "t=2")
    check(b.js("return document.documentElement.dataset.style") == "dark",
          "demo: follows the system's dark preference by default")
    dark = b.screenshot()
    b.dark_system(False)
    b.open(page, "t=2")
    check(b.js("return document.documentElement.dataset.style") == "light", "demo: ... and its light one")
    light = b.screenshot()
    check(not_blank(light) and not_blank(dark), "demo: light and dark screenshots are not blank")
    check(difference(light, dark) > 0.3, f"demo: light and dark differ ({difference(light, dark):.2f} of the pixels)")
    check(mean_luminance(dark) < mean_luminance(light) - 60,
          f"demo: dark is darker ({mean_luminance(dark):.0f} against {mean_luminance(light):.0f})")
    b.open(page, "t=2&style=dark")
    forced = b.screenshot()
    check(difference(forced, dark) < 0.01, "demo: #style=dark is the dark style")
    normal_font = b.js("return parseFloat(getComputedStyle(document.querySelector('.rl-row-label')).fontSize)")
    b.open(page, "t=2&size=presentation")
    large_font = b.js("return parseFloat(getComputedStyle(document.querySelector('.rl-row-label')).fontSize)")
    check(large_font > normal_font * 1.2, f"demo: presentation size is larger ({normal_font} -> {large_font} px)")
    if shots:
        light.save(os.path.join(shots, "demo-1280x720-light.png"))
        dark.save(os.path.join(shots, "demo-1280x720-dark.png"))


def figure_page_checks(b, page, what, selector, words):
    b.size(1280, 720)
    b.dark_system(False)
    b.open(page)
    marks = b.driver.find_elements(By.CSS_SELECTOR, selector)
    check(len(marks) > 0, f"{what}: draws its points or cells ({len(marks)})")
    if marks:
        mark = marks[len(marks) // 2]
        ActionChains(b.driver).move_to_element(mark).perform()
        tip = b.driver.find_element(By.ID, "rl-tip")
        text = tip.text if tip.is_displayed() else ""
        check(bool(re.search(r"\d\.\d", text)) and all(w in text for w in words),
              f"{what}: hovering shows the numbers ({text!r})")
    entries = b.driver.find_elements(By.CSS_SELECTOR, "#rl-legend li")
    check(len(entries) > 0, f"{what}: has a legend")
    if entries:
        picture = "return document.querySelector('#rl-figure svg').outerHTML"
        before = b.js(picture)
        entries[0].click()
        pressed = b.driver.find_element(By.CSS_SELECTOR, "#rl-legend li").get_attribute("aria-pressed")
        after = b.js(picture)
        check(pressed == "false" and after != before, f"{what}: a legend entry switches its series off")
        b.driver.find_element(By.CSS_SELECTOR, "#rl-legend li").click()
        check(b.js(picture) == before, f"{what}: ... and on again")
    b.size(390, 844)
    b.open(page)
    scroll = b.js("return document.documentElement.scrollWidth - window.innerWidth")
    check(scroll <= 0, f"{what} at 390x844: nothing wider than the screen ({scroll} px)")


SHOT_SIZES = [(1280, 720), (1920, 1080), (390, 844)]


def take_shots(b, pages, shots):
    """Screenshots for people to look at: every size, light and dark, normal and presentation;
    one at 3840x2160."""
    for name, page, fragment in pages:
        for width, height in SHOT_SIZES:
            for style in ("light", "dark"):
                for size in ("normal", "presentation"):
                    b.size(width, height)
                    b.open(page, f"{fragment}&style={style}&size={size}".lstrip("&"))
                    b.screenshot().save(os.path.join(shots, f"{name}-{width}x{height}-{style}-{size}.png"))
    name, page, fragment = pages[0]
    b.size(3840, 2160)
    b.open(page, f"{fragment}&style=light&size=presentation".lstrip("&"))
    b.screenshot().save(os.path.join(shots, f"{name}-3840x2160-light-presentation.png"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("examples")
    parser.add_argument("--shots")
    args = parser.parse_args()
    cli = os.path.abspath(args.cli)
    work = tempfile.mkdtemp(prefix="reducelab-web-")
    shots = os.path.abspath(args.shots) if args.shots else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    try:
        demo = os.path.join(work, "demo.html")
        four = os.path.join(work, "four.html")
        bound = os.path.join(work, "liuwang.html")
        large = os.path.join(work, "n256.html")
        run_cli(cli, "run", "--scenario", os.path.join(args.examples, "demo.json"), "--html", demo)
        run_cli(cli, "run", "--scenario", os.path.join(args.examples, "compare-four.json"), "--html", four)
        run_cli(cli, "run", "--scenario", os.path.join(args.examples, "liuwang-fig1.json"), "--html", bound)
        run_cli(cli, "run", "--algo", "tree-dyn", "--n", "256", "--seed", "3", "--html", large, "--out", os.devnull)
        fig4 = os.path.join(work, "fig4.html")
        fig5 = os.path.join(work, "fig5.html")
        fig6 = os.path.join(work, "fig6.html")
        run_cli(cli, "sweep", "fig4", "--n", "8", "--replicates", "400", "--cv", "0.1:10:7", "--html", fig4,
                "--out", os.devnull, "--quiet")
        run_cli(cli, "sweep", "fig5", "--n", "8", "--replicates", "300", "--cv", "0.1:10:7", "--ratio", "0.1:10:5",
                "--html", fig5, "--out", os.devnull, "--quiet")
        run_cli(cli, "sweep", "fig6", "--n", "8", "--replicates", "300", "--cv", "0.1:10:7", "--ratio", "0.1:10:5",
                "--html", fig6, "--out", os.devnull, "--quiet")
        b = Browser(work)
        try:
            for path, what in [(demo, "demo"), (four, "four algorithms"), (bound, "Liu-Wang's cluster"),
                               (large, "n = 256"), (fig4, "CV sweep"), (fig5, "ratio map"),
                               (fig6, "best-method map")]:
                b.size(1280, 720)
                loads_cleanly(b, path, what)
            run_page_checks(b, demo, 16, shots)
            for width, height in [(1280, 720), (390, 844)]:
                b.size(width, height)
                b.open(four)
                rows_labelled(b, f"four algorithms at {width}x{height}")
                b.open(bound)
                rows_labelled(b, f"Liu-Wang's cluster at {width}x{height}")
            b.size(1280, 720)
            b.open(bound, "t=1")
            check(b.js("return document.querySelectorAll('.rl-bound').length") ==
                  b.js("return document.querySelectorAll('.rl-gantt-svg').length") == 2,
                  "Liu-Wang's cluster: the optimum's line is drawn on both charts")
            check(b.js("return document.querySelector('.rl-bound-label').textContent") == "optimum 11",
                  "Liu-Wang's cluster: ... labelled with the optimum")
            figure_page_checks(b, fig4, "CV sweep", ".rl-point", ["mean"])
            figure_page_checks(b, fig5, "ratio map", ".rl-cell", ["ratio"])
            figure_page_checks(b, fig6, "best-method map", ".rl-cell", ["best"])
            if shots:
                take_shots(b, [("demo", demo, "t=3.5"), ("four", four, "t=3.5"), ("liuwang", bound, "t=3"),
                               ("n256", large, "t=5"), ("fig4", fig4, ""), ("fig5", fig5, ""),
                               ("fig6", fig6, "")], shots)
        finally:
            b.quit()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report()


if __name__ == "__main__":
    sys.exit(main())
