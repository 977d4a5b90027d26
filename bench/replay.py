"""Prints matches/s and events/s for `python -m assistant replay --jsonl` on random matches.

Goal: at least 500,000 events/s on a 2-core machine, no slower than before. Usage:
    .venv/bin/python bench/replay.py [MATCHES]
"""

import json
import random
import subprocess
import sys
import time

from assistant.engine.cli import replay_line
from assistant.simulate import random_match


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(2026)
    records = [random_match(rng) for _ in range(count)]
    events = sum(len(hand["events"]) + ("left" in hand) for r in records for hand in r["hands"])
    lines = "".join(json.dumps(r) + "\n" for r in records)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "assistant", "replay", "--jsonl"],
            input=lines,
            capture_output=True,
            text=True,
            check=True,
        )
        elapsed = time.perf_counter() - start
        assert done.stdout.count("\n") == count and '"error"' not in done.stdout
        best = elapsed if best is None else min(best, elapsed)
    print(
        f"{count} matches, {events} entries, best of 3 runs: {best:.3f} s "
        f"(including interpreter start-up)"
    )
    print(f"{count / best:,.0f} matches/s")
    print(f"{events / best:,.0f} events/s (goal: 500,000)")
    start = time.perf_counter()
    for line in lines.splitlines():
        replay_line(line.encode())
    single = time.perf_counter() - start
    print(f"one core, in process, parse + replay + result: {events / single:,.0f} events/s")


if __name__ == "__main__":
    main()
