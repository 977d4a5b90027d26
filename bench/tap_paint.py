"""Click to painted on a phone-like browser, bytes down per tap, and an idle phone's bytes.

    .venv/bin/python bench/tap_paint.py [--taps 30]

Goals: a tile tap paints before any answer could arrive (p50 at most 33 ms, two frames, at 4x
CPU slowdown and 50 ms latency), beside a small static fetch in the same page; bytes down per
tap at most 1 KiB; an idle phone at most 2 KiB a minute.

Starts `python -m assistant serve` on a free port with a fresh SQLite file and a two-player
Muggins match whose lead is laid, then opens its table in Debian's Chromium at 360x740 with the
CPU slowed 4x (Emulation.setCPUThrottlingRate) and 50 ms of latency each way
(Network.emulateNetworkConditions). Each tap clicks a tile that fits (its end, when asked, is a
second click not timed), and is timed in the page from the click to the frame after the turn
line names the next player, or goes from the screen as the hand's end asks the pips, or the end
is asked (a MutationObserver, then requestAnimationFrame): what the player sees. Beside each
tap the page fetches /static/favicon.svg with no cache and times it. Bytes down are the encoded
bytes of every response the page receives (CDP Network.loadingFinished, and the headers of a
304 that ends without a body) between one tap and the next, once its answer is in. The idle
phone is the same page left alone: a minute for it to find the table idle, then the bytes of
the minute after. Every tap's POST must answer 200.
"""

import argparse
import json
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path

from common import start_server, stop_server
from playwright.sync_api import sync_playwright

GOAL_PAINT_MS = 33
GOAL_TAP_BYTES = 1024
GOAL_IDLE_BYTES = 2048
RECORD = {"format": "allfives-match/1", "rules": "muggins", "players": ["Ann", "Bo"], "hands": []}

TIMED_CLICK = """async (tile) => {
  const whose = document.querySelector('.turn .whose');
  const before = whose ? whose.textContent : '';
  const button = document.querySelector(`#table form.picker button[value="${tile}"]`);
  const painted = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      const now = document.querySelector('.turn .whose');
      // The turn line named someone else or went, the end is asked, or the pips (the hand's end):
      // read without asking the page's layout, which would cost the paint itself.
      const gone = !now || now.closest('[hidden]') || now.textContent !== before;
      if (gone || document.querySelector('.end-choice, form.settle')) {
        seen.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      }
    });
    const everything = {subtree: true, childList: true, characterData: true, attributes: true};
    seen.observe(document.getElementById('table').parentNode, everything);
  });
  const start = performance.now();
  button.click();
  return (await painted) - start;
}"""

STATIC_FETCH = """async () => {
  const start = performance.now();
  const answer = await fetch('/static/favicon.svg', {cache: 'no-store'});
  await answer.text();
  return performance.now() - start;
}"""


def call(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server, port = start_server(Path(tmp) / "bench.sqlite")
        try:
            return measure(f"http://127.0.0.1:{port}", args.taps)
        finally:
            stop_server(server)


def new_match(base: str) -> int:
    match_id = call(base + "/api/matches", RECORD)["id"]
    call(f"{base}/api/matches/{match_id}/leader", {"version": 1, "leader": "Ann"})
    return match_id


def measure(base: str, taps: int) -> int:
    paints, fetches, tap_bytes, statuses = [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(viewport={"width": 360, "height": 740})
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 50, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        received = [0]
        cdp.on(
            "Network.loadingFinished",
            lambda e: received.__setitem__(0, received[0] + e["encodedDataLength"]),
        )
        # A 304 to a fetch that asked with its own If-None-Match ends as "failed" (no body):
        # its headers were still received.
        heads: dict[str, int] = {}
        cdp.on(
            "Network.responseReceived",
            lambda e: heads.__setitem__(e["requestId"], e["response"]["encodedDataLength"]),
        )
        cdp.on(
            "Network.loadingFailed",
            lambda e: received.__setitem__(0, received[0] + heads.get(e["requestId"], 0)),
        )
        page.on(
            "response",
            lambda r: r.request.method == "POST" and statuses.append(r.status),
        )
        match_id = new_match(base)
        page.goto(f"{base}/matches/{match_id}", wait_until="networkidle")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        while len(paints) < taps:
            fitting = page.eval_on_selector_all(
                "#table form.picker button.tile:not([disabled])", "bs => bs.map(b => b.value)"
            )
            if not fitting:
                match_id = new_match(base)  # the hand is over: a new match, as a new table
                page.goto(f"{base}/matches/{match_id}", wait_until="networkidle")
                continue
            version = page.input_value("#table input[name=version]")
            received[0] = 0
            paints.append(page.evaluate(TIMED_CLICK, fitting[0]))
            asked = page.locator(".end-choice button.end")
            if asked.count():
                asked.first.click()
            page.wait_for_function(
                "v => document.querySelector('#table input[name=version]').value !== v"
                " && document.getElementById('taps').hidden",
                arg=version,
            )
            tap_bytes.append(received[0])
            fetches.append(page.evaluate(STATIC_FETCH))
        page.wait_for_timeout(60_000)  # left alone: the phone finds the table idle
        received[0] = 0
        page.wait_for_timeout(60_000)  # an idle phone's minute: what it downloads
        idle = received[0]
        browser.close()
    bad = [s for s in statuses if s != 200]
    per_tap, paint = statistics.median(tap_bytes), statistics.median(paints)

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    print(f"{taps} taps at 4x CPU slowdown and 50 ms latency, Chromium at 360x740:")
    print(f"  click to painted: p50 {paint:.1f} ms, p95 {percentile(paints, 95):.1f} ms")
    print(f"  (goal: p50 <= {GOAL_PAINT_MS} ms: {verdict(paint <= GOAL_PAINT_MS)})")
    fetch = statistics.median(fetches)
    print(f"  small static fetch: p50 {fetch:.1f} ms, p95 {percentile(fetches, 95):.1f} ms")
    print(f"  bytes down per tap: median {per_tap:.0f}, all {sorted(tap_bytes)}")
    print(f"  (goal <= {GOAL_TAP_BYTES}: {verdict(per_tap <= GOAL_TAP_BYTES)})")
    print(f"  an idle phone: {idle} bytes a minute")
    print(f"  (goal <= {GOAL_IDLE_BYTES}: {verdict(idle <= GOAL_IDLE_BYTES)})")
    if bad or len(statuses) < taps:
        print(f"  ERROR: {len(bad)} taps not 200; {len(statuses)} POSTs for {taps} taps")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
