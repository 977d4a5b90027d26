"""The phone's rules engine (static/engine/): its weight and the time to replay a 30-hand match.

    .venv/bin/python bench/engine_js.py

Goals: at most 12 KiB gzipped for the modules the phone loads (every module but the replay
command's own, replay.mjs and pyjson.mjs), and at most 5 ms to replay a 30-hand match in Node.

Each module is gzip-compressed on its own at level 6 (each is a response of its own; nginx and
flask-compress default to 6). The match is a random legal one (assistant.simulate) of 30 hands
to a target nobody reaches; Node replays it from its JSON text to its result, once in a fresh
process (the first tap after the page loads) and then many times (the median, once warm); the
Python engine does the same in process. Every replay is checked: 30 hands, the Python result.
"""

import gzip
import json
import random
import statistics
import subprocess
import time

from common import CHECKOUT

from assistant.engine import replay
from assistant.simulate import random_match
from assistant.web.base.compress import JS_COMMENT_LINE, JS_DOC_COMMENT

ENGINE = CHECKOUT / "static" / "engine"
COMMAND_ONLY = {"replay.mjs", "pyjson.mjs"}  # the replay command's, not the phone's
GOAL_BYTES = 12 * 1024
GOAL_MS = 5.0
HANDS = 30
RUNS = 200
LEVEL = 6

TIMING = """
import { replay } from "./static/engine/index.mjs";
import { readFileSync } from "node:fs";
const text = readFileSync(0, "utf8");
const once = () => replay(JSON.parse(text)).result();
let start = performance.now();
const first = once();
const cold = performance.now() - start;
const times = [];
for (let i = 0; i < %d; i += 1) {
  start = performance.now();
  once();
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ cold, median: times[times.length >> 1], result: first }));
"""


def weights() -> None:
    """Each module as written, and as the app sends it (without its comment lines:
    web/base/compress.py), gzipped."""
    total = sent_total = 0
    print(f"{'module':<18} {'bytes':>7} {'gzip -' + str(LEVEL):>8} {'as sent':>8}")
    for path in sorted(ENGINE.glob("*.mjs")):
        if path.name in COMMAND_ONLY:
            continue
        data = path.read_bytes()
        packed = len(gzip.compress(data, LEVEL))
        sent = len(gzip.compress(JS_DOC_COMMENT.sub(b"", JS_COMMENT_LINE.sub(b"", data)), LEVEL))
        total += packed
        sent_total += sent
        print(f"{path.name:<18} {len(data):>7} {packed:>8} {sent:>8}")
    for name, size in (("as written", total), ("as sent", sent_total)):
        verdict = "met" if size <= GOAL_BYTES else "NOT met"
        print(
            f"the phone loads, {name}: {size} = {size / 1024:.1f} KiB "
            f"(goal {GOAL_BYTES // 1024} KiB: {verdict})"
        )


def thirty_hands() -> dict:
    rng = random.Random(2026)
    rules = {"preset": "all-fives", "target": 10_000}
    record = random_match(rng, players=4, rules=rules, max_hands=HANDS)
    assert len(record["hands"]) == HANDS
    return record


def timings() -> None:
    record = thirty_hands()
    text = json.dumps(record)
    expected = json.loads(json.dumps(replay(record).result()))
    assert len(expected["hands"]) == HANDS
    done = subprocess.run(
        ["node", "--input-type=module", "-e", TIMING % RUNS],
        input=text,
        capture_output=True,
        text=True,
        cwd=CHECKOUT,
        check=True,
    )
    node = json.loads(done.stdout)
    assert node["result"] == expected, "the phone's engine replayed the match differently"
    python = []
    for _ in range(RUNS // 4):
        start = time.perf_counter()
        result = replay(json.loads(text)).result()
        python.append((time.perf_counter() - start) * 1000)
        assert len(result["hands"]) == HANDS
    events = sum(len(hand["events"]) for hand in record["hands"])
    print(f"a {HANDS}-hand match ({events} events), JSON text to result:")
    verdict = "met" if node["median"] <= GOAL_MS else "NOT met"
    print(f"  Node, median of {RUNS}: {node['median']:.2f} ms (goal {GOAL_MS} ms: {verdict})")
    print(f"  Node, the first in a fresh process: {node['cold']:.2f} ms")
    print(f"  Python, median of {RUNS // 4}: {statistics.median(python):.2f} ms")


def main() -> None:
    weights()
    print()
    timings()


if __name__ == "__main__":
    main()
