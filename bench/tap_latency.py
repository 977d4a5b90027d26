"""Tile-entry latency with 20 phones at once, against a static file fetched in the same run.

    .venv/bin/python bench/tap_latency.py [--clients 20] [--taps 100] [--every 0.5] [--seed 1]

Goals: the p50 of a tap on the table within 1.5x the p50 of fetching a static file;
a tap in hand 30 within 1.2x of one in hand 1 (in process, through the app: also the time of one
tap in process); a board poll with 12 live tables within 10 ms (the TV's htmx poll, answered 304
when nothing changed: the ETag of polling.py).

Starts `python -m assistant serve` (waitress, as served to phones) on a free port of 127.0.0.1
with a fresh SQLite file. Each client is one phone on one keep-alive connection: it opens its own
match's table (`GET /matches/<id>`, which gives it the session cookie and the CSRF token), then
taps through a random legal all-fives match (assistant.simulate) exactly as the screen's htmx
forms send it: a form POST with the CSRF token (hidden field and X-CSRF-Token header), the
`version` it saw, the tapped button's name and value, and HX-Request; when the answer is a 303
the browser's XMLHttpRequest follows it with a GET, and the tap is timed until the table
fragment it swaps in has arrived (POST + GET). A tile that fits several ends is two taps: the
tile (`GET /matches/<id>?tile=…`, the end choice) and the end (POST). Draws are one tap per tile
drawn, the settlement is one POST of the pips or tiles left. Every tap must answer 200 (after
the redirect) with the next version; anything else is counted as an error.

Measured, one after another on the same server, each with `--clients` concurrent clients:
* static: `GET /static/app.css` (as a browser asks for it: Accept-Encoding, no cache);
* form taps: as above;
* API: `POST /api/matches/<id>/events` with the same entries (JSON, one draw entry may draw
  several tiles, as the API allows).

Two loads: "paced" — each client taps every `--every` seconds (a phone at a busy table taps
every few seconds; 20 clients at 0.5 s is 40 taps/s, a club's evening at full speed), and
"flat out" — each client sends its next request as soon as the last one answered (a
saturation test: the latency there is mostly queueing behind the other 19 clients).
"""

import argparse
import json
import random
import tempfile
import threading
import time
from pathlib import Path

import organiser
from common import percentile, start_server, stop_server, taps
from phones import PATHS, STATIC, Phone

from assistant.engine import entries_of
from assistant.simulate import random_match

GOAL_RATIO = 1.5
GROWTH_GOAL = 1.2  # a tap in hand 30 against one in hand 1
BOARD_GOAL_MS = 10  # a board poll with 12 live tables


def run(phones: list[Phone], step: str, count: int, every: float) -> dict:
    """Each phone does `count` steps, every `every` seconds (0: as fast as it can)."""
    lock = threading.Lock()
    times: list[float] = []
    errors: list[str] = []
    requests = [0]

    def drive(phone: Phone, first: float) -> None:
        due = first
        for _ in range(count):
            if every:
                time.sleep(max(0.0, due - time.perf_counter()))  # paces the player; times nothing
                due += every
            try:
                took, n = getattr(phone, step)()
                with lock:
                    times.append(took)
                    requests[0] += n
            except Exception as error:  # noqa: BLE001 - every failure is an error
                with lock:
                    errors.append(str(error)[:300])
                phone.conn.close()
                phone.pending = []

    start = time.perf_counter()
    threads = [
        threading.Thread(target=drive, args=(p, start + every * n / len(phones)))
        for n, p in enumerate(phones)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    return {
        "n": len(times),
        "requests": requests[0],
        "errors": errors,
        "p50": percentile(times, 50) if times else None,
        "p99": percentile(times, 99) if times else None,
        "rate": len(times) / elapsed,
    }


def ms(seconds: float | None) -> str:
    return "     -   " if seconds is None else f"{seconds * 1000:7.2f} ms"


def line(name: str, f: dict) -> str:
    return (
        f"  {name:<30} p50 {ms(f['p50'])}  p99 {ms(f['p99'])}  "
        f"({f['n']} in {f['requests']} requests, {f['rate']:.0f}/s, errors {len(f['errors'])})"
    )


def in_process(runs: int = 3) -> tuple[float, float]:
    """Median seconds of a tap in hand 1 and in hand 30 of a two-player match, through the app
    in this process (Flask's test client: no network), each answer checked."""
    import statistics

    from assistant import create_app
    from assistant.web.base.security import masked

    rules = {"preset": "all-fives", "target": 5000}
    played = random_match(random.Random(3), players=2, rules=rules, max_hands=31)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE": f"{tmp}/in.sqlite", "SECRET_KEY": "b"})
        client = app.test_client()
        with client.session_transaction() as session:
            session["csrf_token"] = "bench"
        headers = {"HX-Request": "true", "X-CSRF-Token": masked("bench")}

        def hand(settled: int) -> list[float]:
            before = played | {"hands": played["hands"][:settled]}
            created = client.post("/api/matches", json=before)
            assert created.status_code == 201, created.text
            match_id, version = created.json["id"], created.json["version"]
            upto = played | {"hands": played["hands"][: settled + 1]}
            times = []
            for tap in taps(upto)[len(taps(before)) :][:25]:
                if tap.kind == "choose":
                    continue
                form = {"csrf_token": masked("bench"), "version": str(version)} | tap.fields
                start = time.perf_counter()
                answer = client.post(f"/matches/{match_id}/{PATHS[tap.kind]}", data=form,
                                     headers=headers)  # fmt: skip
                times.append(time.perf_counter() - start)
                if answer.status_code != 200:
                    raise RuntimeError(f"in process: {answer.status_code} {answer.text[:200]}")
                version += 1
            return times

        first, thirtieth = [], []
        for _ in range(runs):
            first += hand(0)
            thirtieth += hand(29)
    return statistics.median(first), statistics.median(thirtieth)


def board_polls(port: int, tables: int = 12, polls: int = 200) -> dict:
    """12 tables in play, then the board's poll as the TV sends it: rendered (no ETag yet),
    and conditional (If-None-Match, as the browser revalidates: 304 when nothing changed)."""
    phone = Phone(port, 77)
    for n in range(tables):
        phone.record = random_match(random.Random(900 + n), players=4, rules="all-fives")
        status, _h, data = phone.request(
            "POST", "/api/matches", json.dumps(phone.record | {"hands": []}),
            {"Content-Type": "application/json"},
        )  # fmt: skip
        if status != 201:
            raise RuntimeError(f"board set-up: {status}")
        created = json.loads(data)
        version = created["version"]
        for entry in entries_of(phone.record)[:12]:
            body = json.dumps(entry | {"version": version})
            status, _h, data = phone.request(
                "POST", f"/api/matches/{created['id']}/events", body,
                {"Content-Type": "application/json"},
            )  # fmt: skip
            if status != 200:
                raise RuntimeError(f"board set-up entry: {status}")
            version = json.loads(data)["version"]
    piece = {"HX-Request": "true", "Accept": "text/html"}
    found = {}
    for name, conditional in (("rendered", False), ("304", True)):
        times, tag = [], None
        for _ in range(polls):
            headers = piece | ({"If-None-Match": tag} if conditional and tag else {})
            start = time.perf_counter()
            status, h, data = phone.request("GET", "/board/live", headers=headers)
            took = time.perf_counter() - start
            expected = 304 if conditional and tag else 200
            if status != expected or (status == 200 and data.count(b'"board-table"') != tables):
                raise RuntimeError(f"board poll: {status}, expected {expected}")
            tag = h.get("ETag") or tag
            times.append(took)
        found[name] = percentile(times, 50)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--taps", type=int, default=100, help="timed steps per client and load")
    parser.add_argument("--every", type=float, default=0.5, help="seconds between paced taps")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--organiser-matches", type=int, default=20_000,
        help="the club's size for the organiser's pages (bench/organiser.py); 0 leaves them out",
    )  # fmt: skip
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server, port = start_server(Path(tmp) / "bench.sqlite")
        try:
            phones = [Phone(port, args.seed * 1000 + n) for n in range(args.clients)]
            apis = [Phone(port, args.seed * 1000 + 500 + n) for n in range(args.clients)]
            for phone in phones:
                phone.new_match(api=False)
            for phone in apis:
                phone.new_match(api=True)
            run(phones, "static", 10, 0)  # warm-up: connections, templates, caches
            run(phones, "tap", 5, 0)
            run(apis, "api_entry", 5, 0)
            print(
                f"{args.clients} concurrent clients, keep-alive, {args.taps} steps each; "
                f"server: python -m assistant serve (waitress)"
            )
            failed = False
            for load, every in (("paced", args.every), ("flat out", 0.0)):
                what = (
                    f"each client every {every:g} s"
                    if every
                    else "each client sends again as soon as answered"
                )
                print(f"{load} ({what}):")
                static = run(phones, "static", args.taps, every)
                form = run(phones, "tap", args.taps, every)
                api = run(apis, "api_entry", args.taps, every)
                print(line(f"static GET {STATIC}", static))
                print(line("tap: htmx form POST (+ GET)", form))
                print(line("entry: POST /api/.../events", api))
                for f in (static, form, api):
                    for error in f["errors"][:3]:
                        print(f"    error: {error}")
                    failed |= bool(f["errors"])
                ratio = form["p50"] / static["p50"]
                verdict = "met" if ratio <= GOAL_RATIO else "MISSED"
                print(
                    f"  tap p50 / static p50 = {ratio:.2f}x (goal <= {GOAL_RATIO:g}x: {verdict}); "
                    f"API p50 / static p50 = {api['p50'] / static['p50']:.2f}x"
                )
        finally:
            stop_server(server)
        # The board on a server of its own: exactly 12 tables in play (the phones' matches above
        # would be on it too).
        server, port = start_server(Path(tmp) / "board.sqlite")
        try:
            polls = board_polls(port)
            print(
                f"board poll with 12 live tables: p50 {ms(polls['304'])} when nothing changed "
                f"(304), {ms(polls['rendered'])} rendered; goal <= {BOARD_GOAL_MS} ms: "
                f"{'met' if polls['304'] * 1000 <= BOARD_GOAL_MS else 'MISSED'}"
            )
        finally:
            stop_server(server)
    first, thirtieth = in_process()
    growth = thirtieth / first
    print(
        f"in process (no network): a tap in hand 1 {ms(first)}, in hand 30 {ms(thirtieth)}: "
        f"{growth:.2f}x (goal <= {GROWTH_GOAL:g}x: {'met' if growth <= GROWTH_GOAL else 'MISSED'})"
    )
    if args.organiser_matches:
        failed |= organiser.main(args.organiser_matches) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
