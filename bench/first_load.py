"""How long a phone on slow Wi-Fi waits, the first time it opens a table, before its own rules
engine can paint a tap.

    .venv/bin/python bench/first_load.py [--latency MS] [--loads N]

Starts `python -m assistant serve` on a free port with a fresh SQLite file and the same
mid-hand match as bench/table_bytes.py, then opens `/matches/<id>` N times in Chromium at
360x740, each time in a new context (an empty cache, its service worker blocked: the first visit
of a phone), with the network slowed by CDP (Network.emulateNetworkConditions: the latency
given on every request, 2 Mbit/s down, 1 up). The page's module scripts are run before the
document's DOMContentLoaded, so its time is when the phone's engine and the modules that paint
with it are all loaded and run; the load event and the number of round trips' worth of waiting
(DOMContentLoaded over the latency) are printed beside it. Every answer's status is checked.
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
from table_bytes import mid_hand_record

TIMINGS = """() => {
  const [entry] = performance.getEntriesByType('navigation');
  return {ready: entry.domContentLoadedEventStart, load: entry.loadEventStart};
}"""


def create(base: str, record: dict) -> int:
    request = urllib.request.Request(
        base + "/api/matches", json.dumps(record).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())["id"]


def one_load(browser, url: str, latency: int) -> dict:
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    page = context.new_page()
    statuses = []
    page.on("response", lambda response: statuses.append((response.status, response.url)))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency,
            "downloadThroughput": 2_000_000 / 8,
            "uploadThroughput": 1_000_000 / 8,
        },
    )
    page.goto(url, wait_until="load")
    timings = page.evaluate(TIMINGS)
    context.close()
    failed = [(status, where) for status, where in statuses if status >= 400]
    if failed:
        raise SystemExit(f"answers failed: {failed}")
    return timings | {"requests": len(statuses)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency", type=int, default=400)
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server, port = start_server(Path(tmp) / "bench.sqlite")
        base = f"http://127.0.0.1:{port}"
        try:
            match_id = create(base, mid_hand_record())
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium")
                loads = [
                    one_load(browser, f"{base}/matches/{match_id}", args.latency)
                    for _ in range(args.loads)
                ]
                browser.close()
        finally:
            stop_server(server)
    ready = statistics.median(load["ready"] for load in loads)
    done = statistics.median(load["load"] for load in loads)
    print(f"A table's first load, {args.latency} ms latency, 2 Mbit/s, median of {len(loads)}:")
    print(f"  {loads[0]['requests']} requests, every answer below 400")
    print(
        f"  engine ready (DOMContentLoaded): {ready:.0f} ms = {ready / args.latency:.1f} latencies"
    )
    print(f"  load: {done:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
