"""Importing club files while the club plays, and hostile files.

    .venv/bin/python bench/imports.py [--records 2000] [--big 10000]

1. A real server (`python -m assistant serve`) on a fresh file; one table keeps entering tiles
   through the API while a file of `--records` records is imported by the import process (the
   process the admin's import page starts: `python -m assistant import`). Every entry must
   answer 200; goals: no entry waits more than 500 ms, p99 <= 100 ms. Prints the import's time.
2. A file of `--big` records imported alone: goal <= 10 s for 10,000.
3. Hostile files, each answered in words: 100,000 zeros (0.2 MB), and files of 10 MB and 50 MB;
   the time and the import process's peak memory (with its checking processes).

Every import must end with exit status 0 and the counts it reports are checked."""

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import orjson
from common import percentile, start_server, stop_server

from assistant.engine import entries_of
from assistant.simulate import random_match

NAMES = [f"Player {n:03}" for n in range(300)]


def renamed(record: dict, names: list[str]) -> dict:
    text = orjson.dumps(record)
    for old, new in zip(record["players"], names, strict=True):
        text = text.replace(orjson.dumps(old), orjson.dumps(new))
    return orjson.loads(text)


def club_file(path: Path, count: int, bases: list[dict], seed: int) -> int:
    """`count` distinct records (the bases dealt to other players), one per line as an export
    writes them; the file's size."""
    rng = random.Random(seed)
    with open(path, "wb") as out:
        out.write(b'{"format": "allfives-club/1", "created": "2026-11-01T20:00:00+00:00", '
                  b'"matches": [\n')  # fmt: skip
        for n in range(count):
            base = bases[n % len(bases)]
            record = renamed(base, rng.sample(NAMES, len(base["players"])))
            out.write((b",\n" if n else b"") + orjson.dumps({"id": n + 1, "record": record}))
        out.write(b"\n]}\n")
    return path.stat().st_size


MEASURED = (
    "import resource, subprocess, sys; done = subprocess.run(sys.argv[1:]); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); "
    "sys.exit(done.returncode)"
)


def run_import(path: Path, db: Path) -> tuple[float, str, int]:
    """(seconds, its report line, peak memory in MB of the import process and its checking
    processes: the largest of them, measured by a parent of their own)."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", MEASURED, sys.executable, "-m", "assistant", "import", str(path),
         "--db", str(db)],
        capture_output=True,
        text=True,
    )  # fmt: skip
    took = time.perf_counter() - start
    *errors, peak = done.stderr.strip().splitlines()
    report = "\n".join([done.stdout.strip(), *errors]).strip()
    if done.returncode != 0:
        raise RuntimeError(f"{path.name}: exit status {done.returncode}: {report}")
    return took, report, int(peak) // 1024


def counts(report: str) -> tuple[int, int, int]:
    found = re.search(r"(\d+) imported, (\d+) already here, (\d+) broken", report)
    if not found:
        raise RuntimeError(f"no report: {report}")
    return tuple(int(n) for n in found.groups())


def call(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, {}


def while_playing(folder: Path, path: Path, records: int) -> None:
    db = folder / "play.sqlite"
    server, port = start_server(db)
    url = f"http://127.0.0.1:{port}"
    try:
        importing = subprocess.Popen(
            [sys.executable, "-m", "assistant", "import", str(path), "--db", str(db)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        start = time.perf_counter()
        waits, seed = [], 0
        while importing.poll() is None:
            seed += 1
            played = random_match(random.Random(seed), players=4, rules="all-fives", max_hands=3)
            status, body = call(url + "/api/matches", played | {"hands": []})
            if status != 201:
                raise RuntimeError(f"create: {status}")
            match_id, version = body["id"], body["version"]
            for entry in entries_of(played):
                began = time.perf_counter()
                status, body = call(f"{url}/api/matches/{match_id}/events",
                                    entry | {"version": version})  # fmt: skip
                waits.append(time.perf_counter() - began)
                if status != 200:
                    raise RuntimeError(f"entry: {status}")
                version = body["version"]
                if importing.poll() is not None:
                    break
        took = time.perf_counter() - start
        report = importing.stdout.read().strip()
        importing.stdout.close()
    finally:
        stop_server(server)
    imported, _duplicates, broken = counts(report)
    if importing.returncode != 0 or broken or imported < records * 0.99:
        raise RuntimeError(f"import while playing: {report}")
    worst, p99 = max(waits), percentile(waits, 99)
    print(
        f"{records} records imported while one table entered {len(waits)} tiles, all answered "
        f"200: import {took:.1f} s; entry p50 {percentile(waits, 50) * 1000:.1f} ms, p99 "
        f"{p99 * 1000:.1f} ms (goal <= 100: {'met' if p99 <= 0.1 else 'MISSED'}), slowest "
        f"{worst * 1000:.0f} ms (limit 500: {'met' if worst <= 0.5 else 'MISSED'})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--big", type=int, default=10_000)
    args = parser.parse_args()
    bases = [random_match(random.Random(n)) for n in range(200)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "club.json"
        size = club_file(path, args.records, bases, 1)
        print(f"a club file of {args.records} records: {size / 1e6:.1f} MB")
        while_playing(folder, path, args.records)

        big = folder / "big.json"
        size = club_file(big, args.big, bases, 2)
        took, report, peak = run_import(big, folder / "big.sqlite")
        imported, _duplicates, broken = counts(report)
        if broken or imported < args.big * 0.99:
            raise RuntimeError(report)
        goal = "met" if took <= 10 * args.big / 10_000 else "MISSED"
        print(f"{args.big} records ({size / 1e6:.0f} MB) imported alone: {took:.1f} s "
              f"(goal <= 10 s for 10,000: {goal}); peak memory {peak} MB — {report}")  # fmt: skip

        zeros = folder / "zeros.json"
        zeros.write_bytes(b"[" + b",".join([b"0"] * 100_000) + b"]")
        files = [("100,000 zeros (0.2 MB)", zeros, (0, 0, 100_000))]
        for megabytes in (10, 50):
            sized = folder / f"{megabytes}mb.json"
            club_file(sized, megabytes * 100, bases, 3 + megabytes)  # about 10 KB a record
            files.append((f"{sized.stat().st_size / 1e6:.0f} MB of records", sized, None))
        for label, hostile, expected in files:
            took, report, peak = run_import(hostile, folder / f"{hostile.stem}.sqlite")
            found = counts(report)
            if expected and found != expected:
                raise RuntimeError(f"{label}: {report}")
            print(f"{label}: {took:.1f} s, peak memory {peak} MB — {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
