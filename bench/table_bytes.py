"""Bytes a phone downloads for the table screen, every asset included.

    .venv/bin/python bench/table_bytes.py [PRESET]     # all-fives, or fives-and-threes

Goal: at most 40 KiB gzipped.

Starts `python -m assistant serve` on a free port with a fresh SQLite file, creates a 4-player
all-fives match in the middle of its second hand (a random legal match, assistant.simulate),
and loads `/matches/<id>` in Playwright's Chromium (Debian's /usr/bin/chromium) at 360x740 with
an empty cache. Every response the page causes is recorded (HTML, CSS, JS, images, anything
else). For each it prints the bytes as served (the body after any Content-Encoding the server
chose, from the Content-Length or the body) and the body gzip-compressed at level 6 (what a
compressing server or proxy would typically send; nginx and flask-compress default to 6),
then the totals against the goal.

The page is loaded with its service worker blocked: the worker, installed while the page still
loads its modules, fetches its whole shell at once, and a module the worker fetched first comes
to the page as a revalidation (a 304 over the worker's copy in the HTTP cache), which Chromium
reports with the 304's headers (no Content-Type, no Content-Encoding) and the cached body as if
sent again uncompressed. A second load, the worker allowed, then lists what the worker keeps
for a table opened offline beyond what the page itself loaded.
"""

import gzip
import json
import random
import sys
import tempfile
import urllib.request
from pathlib import Path

from common import start_server, stop_server
from playwright.sync_api import sync_playwright

from assistant.simulate import random_match

GOAL = 40 * 1024
LEVEL = 6


def mid_hand_record(rules: str = "all-fives") -> dict:
    """A 4-player match (all-fives unless said): hand 1 settled, hand 2 half played."""
    rng = random.Random(7)
    while True:
        record = random_match(rng, players=4, rules=rules, partnership=False)
        if len(record["hands"]) >= 2 and len(record["hands"][1]["events"]) >= 12:
            break
    second = dict(record["hands"][1])
    second.pop("left", None)
    second["events"] = second["events"][: len(second["events"]) // 2]
    return record | {"hands": [record["hands"][0], second]}


def row(response, base: str) -> dict:
    try:
        body = response.body()
    except Exception:  # noqa: BLE001 - a redirect has no body
        body = b""
    headers = response.all_headers()
    encoding = headers.get("content-encoding", "")
    return {
        "path": response.url.removeprefix(base),
        "status": response.status,
        "type": headers.get("content-type", "").split(";")[0],
        "encoding": encoding or "none",
        "raw": len(body),
        "sent": int(headers.get("content-length", len(body))),
        "gzip": len(gzip.compress(body, LEVEL)) if body else 0,
    }


def table_responses(browser, url: str, base: str) -> list[dict]:
    """Every response of the table's first load, its service worker blocked (see above)."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    page = context.new_page()
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(url, wait_until="networkidle")
    rows = [row(response, base) for response in responses]
    context.close()
    return rows


def worker_only(browser, url: str, base: str, loaded: set[str]) -> list[tuple[str, int]]:
    """What the service worker fetches for its shell that the page itself did not load, with
    the bytes each was sent in."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    fetched = []
    context.on(
        "response",
        lambda response: response.request.service_worker and fetched.append(response),
    )
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => caches.keys())")
    kept = {}
    for response in fetched:
        path = response.url.removeprefix(base)
        if path not in loaded and response.status == 200:
            kept[path] = row(response, base)["sent"]
    context.close()
    return sorted(kept.items())


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        server, port = start_server(Path(tmp) / "bench.sqlite")
        try:
            base = f"http://127.0.0.1:{port}"
            request = urllib.request.Request(
                base + "/api/matches",
                data=json.dumps(mid_hand_record(*sys.argv[1:2])).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request) as answer:
                match_id = json.loads(answer.read())["id"]
            url = f"{base}/matches/{match_id}"
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
                )
                rows = table_responses(browser, url, base)
                kept = worker_only(browser, url, base, {r["path"] for r in rows})
                browser.close()
        finally:
            stop_server(server)

    print(
        f"Table screen /matches/{match_id} (4 players, mid-hand 2) in Chromium at 360x740, "
        "empty cache:"
    )
    print(
        f"  {'response':<40} {'status':>6} {'type':<24} {'raw':>8} {'as sent':>15} "
        f"{'gzip -' + str(LEVEL):>8}"
    )
    for r in rows:
        sent = f"{r['sent']} ({r['encoding']})"
        print(
            f"  {r['path'][:40]:<40} {r['status']:>6} {r['type']:<24} {r['raw']:>8} "
            f"{sent:>15} {r['gzip']:>8}"
        )
    raw = sum(r["raw"] for r in rows)
    sent = sum(r["sent"] for r in rows)
    gz = sum(r["gzip"] for r in rows)
    print(f"  {'total (' + str(len(rows)) + ' responses)':<72} {raw:>8} {sent:>15} {gz:>8}")
    compressed = [r["path"] for r in rows if r["encoding"] != "none"]
    if compressed:
        print(f"  the server compressed {len(compressed)} of {len(rows)} responses itself")
    else:
        print(
            "  the server (waitress) compressed nothing: the gzip column is what a compressing "
            "server or proxy would send"
        )
    print(
        f"As sent: {sent / 1024:.1f} KiB; gzipped: {gz / 1024:.1f} KiB "
        f"(goal <= {GOAL / 1024:.0f} KiB gzipped: {'met' if gz <= GOAL else 'MISSED'})"
    )
    # What the table would weigh without each of the two libraries it loads whole.
    vendor = {name: sum(r["gzip"] for r in rows if name in r["path"]) for name in ("htmx", "pico")}
    print(
        f"  without htmx: {(gz - vendor['htmx']) / 1024:.1f} KiB; without Pico: "
        f"{(gz - vendor['pico']) / 1024:.1f} KiB; without both: "
        f"{(gz - sum(vendor.values())) / 1024:.1f} KiB"
    )
    if kept:
        names = ", ".join(path.rsplit("/", 1)[-1] for path, _ in kept)
        size = sum(sent for _, sent in kept)
        print(
            f"Then the service worker keeps for a table opened offline, beyond these: "
            f"{size / 1024:.1f} KiB as sent ({names})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
