"""Load: simulated club tables entering matches through the JSON API of the real server.

    .venv/bin/python bench/load.py [--tables 100] [--every 2] [--seconds 60] [--step-seconds 10]

Starts `python -m assistant serve` (waitress) on a free port of 127.0.0.1 with a fresh SQLite
file, then
1. drives `--tables` tables, each entering its next legal entry every `--every` seconds for
   `--seconds` seconds, and prints the errors (the goal is 0) and the latency p50/p99;
2. raises the offered rate step by step and prints the highest rate the server sustains
   (at least 95% of it delivered, no errors) with p99 under 100 ms.
Every table plays its own random legal match (assistant.simulate.random_match), so the entries
are real work for the engine and never conflict; a finished match is replaced by a new one.
"""

import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import start_server, stop_server  # noqa: E402

from assistant.engine import entries_of  # noqa: E402
from assistant.simulate import random_match  # noqa: E402

P99_LIMIT = 0.100


class Table:
    """One table: a persistent connection and a match to play through, entry by entry."""

    def __init__(self, port: int, seed: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.rng = random.Random(seed)
        self.steps: list[dict] = []

    def _post(self, path: str, body: dict) -> tuple[int, dict]:
        data = json.dumps(body)
        self.conn.request("POST", path, data, {"Content-Type": "application/json"})
        response = self.conn.getresponse()
        return response.status, json.loads(response.read())

    def _new_match(self) -> None:
        record = random_match(self.rng, players=self.rng.choice([2, 3, 4]), rules="all-fives")
        self.steps = entries_of(record)
        status, body = self._post("/api/matches", record | {"hands": []})
        if status != 201:
            raise RuntimeError(f"create: {status} {body}")
        self.id, self.version = body["id"], body["version"]

    def enter(self) -> float:
        """Enters the next entry; returns the seconds it took. Raises on anything but 200."""
        if not self.steps:
            self._new_match()
        entry = self.steps.pop(0)
        start = time.perf_counter()
        status, body = self._post(
            f"/api/matches/{self.id}/events", entry | {"version": self.version}
        )
        took = time.perf_counter() - start
        if status != 200:
            raise RuntimeError(f"entry: {status} {body.get('error')}")
        self.version = body["version"]
        return took


class Run:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.errors: list[str] = []

    def drive(self, table: Table, every: float, first: float, until: float) -> None:
        """Paces one table: an entry at first, first + every, ... until `until`.
        (These sleeps pace the simulated players; they time nothing.)"""
        due = first
        while due < until:
            time.sleep(max(0.0, due - time.perf_counter()))
            try:
                took = table.enter()
                with self.lock:
                    self.latencies.append(took)
            except Exception as error:  # noqa: BLE001 - every failure counts as an error
                with self.lock:
                    self.errors.append(str(error)[:200])
                table.conn.close()
                table.steps = []
            due += every

    def figures(self, seconds: float) -> dict:
        lat = sorted(self.latencies)
        if not lat:
            return {"entries": 0, "errors": len(self.errors), "rate": 0, "p50": None, "p99": None}
        return {
            "entries": len(lat),
            "errors": len(self.errors),
            "rate": len(lat) / seconds,
            "p50": statistics.median(lat),
            "p99": lat[min(len(lat) - 1, int(0.99 * len(lat)))],
        }


def run(port: int, tables: int, every: float, seconds: float, seed: int) -> dict:
    players = [Table(port, seed * 100_000 + n) for n in range(tables)]
    for table in players:
        table._new_match()  # matches exist before the clock starts
    result = Run()
    start = time.perf_counter()
    threads = [
        threading.Thread(
            target=result.drive, args=(t, every, start + every * n / tables, start + seconds)
        )
        for n, t in enumerate(players)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    for table in players:
        table.conn.close()
    figures = result.figures(elapsed)
    figures["first_errors"] = result.errors[:3]
    return figures


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--every", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--step-seconds", type=float, default=10.0)
    parser.add_argument("--skip-club", action="store_true", help="only search the top rate")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server, port = start_server(Path(tmp) / "load.sqlite")
        try:
            if not args.skip_club:
                print(
                    f"{args.tables} tables, one entry every {args.every:g} s each, "
                    f"for {args.seconds:g} s:",
                    flush=True,
                )
                f = run(port, args.tables, args.every, args.seconds, seed=1)
                print(
                    f"  {f['entries']} entries ({f['rate']:.1f}/s), errors {f['errors']}, "
                    f"p50 {ms(f['p50'])}, p99 {ms(f['p99'])}",
                    flush=True,
                )
                for error in f["first_errors"]:
                    print(f"  error: {error}")
            print(f"Highest sustained rate with p99 < {P99_LIMIT * 1000:.0f} ms:", flush=True)
            best, seed = None, 2
            low, high, rate = 0.0, None, 50.0
            for _ in range(12):  # x1.5 until a step fails, then halve the gap twice
                tables = max(10, min(200, int(rate / 4)))  # each table enters every tables/rate s
                f = run(port, tables, tables / rate, args.step_seconds, seed=seed)
                seed += 1
                ok = (
                    f["errors"] == 0
                    and f["rate"] >= 0.95 * rate
                    and f["p99"] is not None
                    and f["p99"] < P99_LIMIT
                )
                print(
                    f"  offered {rate:6.0f}/s by {tables:3d} tables: delivered {f['rate']:6.1f}/s, "
                    f"errors {f['errors']}, p50 {ms(f['p50'])}, p99 {ms(f['p99'])} "
                    f"{'ok' if ok else 'over'}",
                    flush=True,
                )
                if ok:
                    best, low = f, rate
                else:
                    high = rate
                if high is None:
                    rate *= 1.5
                elif high - low > 0.1 * high and low:
                    rate = (low + high) / 2
                else:
                    break
            if best:
                print(
                    f"  => {best['rate']:.0f} entries/s sustained "
                    f"(p50 {ms(best['p50'])}, p99 {ms(best['p99'])})"
                )
            else:
                print("  => not even the lowest step held")
        finally:
            stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
