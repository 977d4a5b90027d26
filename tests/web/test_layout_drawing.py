"""The phone draws the layout as the server does: static/layout-drawing.mjs (run by Node on the
phone engine's layout) places the same tiles and open ends' labels in the same viewBox as
dominoes.view, and on the layout's own screen as dominoes.fitted, for every step of random hands
of each way of laying tiles (a line; a spinner)."""

import json
import os
import random
import shutil
import subprocess

import pytest

from assistant.engine import replay
from assistant.simulate import random_match
from assistant.web.table.dominoes import fitted, view
from tests.paths import CHECKOUT

NODE = shutil.which("node")
if NODE is None:
    if os.environ.get("CI") == "true":
        raise RuntimeError("node is needed for the phone's drawing tests (apt-get install nodejs)")
    pytest.skip("node is not installed", allow_module_level=True)

# Each record on stdin, replayed by the phone's engine: its hand's layout drawn, one line out.
DRAW = """
import { createInterface } from "node:readline";
import { replay } from "./static/engine/record.mjs";
import { fitted, view } from "./static/layout-drawing.mjs";
for await (const line of createInterface({ input: process.stdin })) {
  const hand = replay(JSON.parse(line)).hand;
  const [tiles, ends] = [hand.layoutTiles(), hand.openEnds()];
  console.log(JSON.stringify({ view: view(tiles, ends), fitted: fitted(tiles, ends, 348, 440) }));
}
"""


def drawn_by_node(records: list[dict]) -> list[dict]:
    lines = "".join(json.dumps(record) + "\n" for record in records)
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", DRAW],
        input=lines,
        capture_output=True,
        text=True,
        cwd=CHECKOUT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def drawn_by_python(record: dict) -> dict:
    hand = replay(record).hand
    tiles, ends = hand.layout_tiles(), hand.open_ends()
    return {"view": as_drawn(view(tiles, ends)), "fitted": as_drawn(fitted(tiles, ends, 348, 440))}


def as_drawn(drawing: dict) -> dict:
    tiles = [
        {"tile": t.tile, "x": t.x, "y": t.y, "w": t.w, "h": t.h, "first": t.first}
        | {"second": t.second, "spinner": t.spinner}
        for t in drawing["tiles"]
    ]
    labels = [
        {"name": b.name, "value": b.value, "x": b.x, "y": b.y, "anchor": b.anchor}
        for b in drawing["labels"]
    ]
    return {"tiles": tiles, "labels": labels, "box": list(drawing["box"])}


def steps(rng: random.Random, preset: str) -> list[dict]:
    """Every step of every hand of a random match: the hands before it, then the first k
    entries of its own (the table as it stands after each tap), while tiles lie on the table."""
    record = random_match(rng, rules=preset, max_hands=4)
    out = []
    for number, hand in enumerate(record["hands"]):
        for k in range(1, len(hand["events"]) + 1):
            step = record | {"hands": [*record["hands"][:number], {"events": hand["events"][:k]}]}
            match = replay(step)
            if match.phase != "lead" and match.hand.plays:
                out.append(step)
    return out


def alike(js, py) -> bool:
    """Numbers as numbers (Python writes 3.0 where JavaScript writes 3)."""
    if isinstance(py, float | int) and not isinstance(py, bool):
        return isinstance(js, float | int) and not isinstance(js, bool) and abs(js - py) < 1e-9
    if isinstance(py, dict):
        same_keys = isinstance(js, dict) and js.keys() == py.keys()
        return same_keys and all(alike(js[k], py[k]) for k in py)
    if isinstance(py, list | tuple):
        return isinstance(js, list) and len(js) == len(py) and all(map(alike, js, py))
    return js == py


@pytest.mark.parametrize("preset", ["muggins", "all-fives", "fives-and-threes"])
def test_the_phone_draws_the_layout_as_the_server_does(preset):
    rng = random.Random(f"layout-{preset}")
    records = []
    while len(records) < 150:
        records += steps(rng, preset)
    for record, js in zip(records, drawn_by_node(records), strict=True):
        assert alike(js, drawn_by_python(record)), json.dumps(record["hands"][-1])
