"""`python -m assistant replay RECORD.json` and `replay --jsonl` (MATCH-RECORD.md)."""

import gc
import itertools
import json
import multiprocessing
import os
import sys

import orjson

from .errors import RecordError
from .record import replay

BATCH = 200  # records per worker task in --jsonl


def replay_command(path: str | None, jsonl: bool) -> int:
    if jsonl:
        replay_stream(sys.stdin.buffer, sys.stdout.buffer)
        return 0
    if not path:
        print("replay: give a record file, or --jsonl to read records from stdin", file=sys.stderr)
        return 2
    try:
        with open(path, "rb") as file:
            record = orjson.loads(file.read())
        result = replay(record).result()
    except OSError as error:
        print(f"{path}: {error.strerror}", file=sys.stderr)
        return 2
    except orjson.JSONDecodeError as error:
        print(f"{path}: not JSON: {error}", file=sys.stderr)
        return 2
    except RecordError as error:
        print(error, file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def replay_line(line: bytes) -> bytes:
    """One record in, one result (or {"error": ...}) out, as a JSON line."""
    try:
        return orjson.dumps(replay(orjson.loads(line)).result())
    except RecordError as error:
        return orjson.dumps({"error": str(error)})
    except (orjson.JSONDecodeError, RecursionError) as error:
        return orjson.dumps({"error": f"not a JSON record: {error}"})


def replay_batch(lines: list[bytes]) -> bytes:
    return b"".join(replay_line(line) + b"\n" for line in lines)


def replay_stream(lines, out) -> None:
    """Replays a stream of JSON lines, in order, on every core the machine has."""
    # Replaying allocates many short-lived objects and no cycles that matter for a batch run:
    # collecting rarely is much faster.
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    records = (line for line in lines if line.strip())
    batches = iter(lambda: list(itertools.islice(records, BATCH)), [])
    first = next(batches, None)
    if first is None:
        return
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    if len(first) < BATCH or workers < 2:  # small inputs: not worth starting workers
        out.write(replay_batch(first))
        for batch in batches:
            out.write(replay_batch(batch))
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for text in pool.imap(replay_batch, itertools.chain([first], batches)):
            out.write(text)
    out.flush()
