"""The phone's engine (static/engine/, JavaScript) held to the Python engine's contract: the same
results for every example and for random records of every preset, the same refusals word for
word, and the same answers to the table's questions at every step of random matches. Node runs
the JavaScript; with CI=true a missing Node fails instead of skipping."""

import json
import os
import random
import shutil
import subprocess

import pytest

from assistant.engine import PRESETS, RecordError, add_entry, entries_of, read_entry, replay
from assistant.engine.names import name_key
from assistant.simulate import random_match, random_rules
from tests.engine.engine_answers import answers
from tests.paths import CHECKOUT, EXAMPLES

NODE = shutil.which("node")
JS_TESTS = CHECKOUT / "tests" / "engine" / "js"

if NODE is None:
    if os.environ.get("CI") == "true":
        raise RuntimeError("node is needed for the phone's engine tests (apt-get install nodejs)")
    pytest.skip("node is not installed", allow_module_level=True)


def node(*args: str, stdin: str = "") -> str:
    done = subprocess.run(
        [NODE, *args], input=stdin, capture_output=True, text=True, cwd=CHECKOUT, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def replayed_by_python(record: object) -> dict:
    try:
        result = replay(record).result()
    except RecordError as error:
        return {"error": str(error)}
    return json.loads(json.dumps(result))


def replayed_by_node(records: list) -> list[dict]:
    lines = "".join(json.dumps(record) + "\n" for record in records)
    out = node("static/engine/replay.mjs", "--jsonl", stdin=lines).splitlines()
    assert len(out) == len(records)
    return [json.loads(line) for line in out]


def assert_alike(records: list) -> None:
    for record, js in zip(records, replayed_by_node(records), strict=True):
        assert js == replayed_by_python(record), json.dumps(record)[:2000]


def test_the_node_unit_tests_pass():
    tests = sorted(str(p.relative_to(CHECKOUT)) for p in JS_TESTS.glob("*.test.mjs"))
    assert tests
    node("--test", *tests)


def test_every_example_replays_alike():
    paths = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
    records = [json.loads(p.read_text()) for p in paths]
    assert_alike(records)
    for path, js in zip(paths, replayed_by_node(records), strict=True):
        expected = path.parent / f"{path.stem}.expected.json"
        if expected.exists():
            assert js == json.loads(expected.read_text()), path.name
        else:
            assert "error" in js, path.name


def rules_of(rng: random.Random, preset: str, players: int, partnership: bool) -> object:
    """The preset as it is, or with random overrides of its options (as the simulator makes
    them for that preset: some options do not go together)."""
    while True:
        spec = random_rules(rng, players, partnership)
        if (spec if isinstance(spec, str) else spec["preset"]) == preset:
            return spec


def random_records(rng: random.Random, preset: str, count: int, **options) -> list[dict]:
    records = []
    for _ in range(count):
        players = rng.randint(2, 4)
        partnership = players == 4 and rng.random() < 0.5
        rules = rules_of(rng, preset, players, partnership)
        records.append(
            random_match(
                rng,
                players=players,
                rules=rules,
                partnership=partnership,
                extras=rng.random() < 0.3,
                **options,
            )
        )
    return records


def broken(rng: random.Random, record: dict) -> dict:
    """The record with one thing changed at random: most such records break a rule somewhere."""
    record = json.loads(json.dumps(record))
    played = [h for h in record["hands"] if h.get("events")]
    choice = rng.random()
    if not played or choice < 0.1:
        field = rng.choice(["players", "rules", "partnership", "date", "format", "junk"])
        record[field] = rng.choice([None, 1, 1.0, "all-fives", [], {"preset": "muggins"}, True])
        return record
    hand = rng.choice(played)
    if "left" in hand and choice < 0.3:
        player = rng.choice([*hand["left"], "Zed"])
        hand["left"][player] = rng.choice([0, 3, 99, -1, ["6-6"], ["5-0", "0-5"], [], "x", 2.0])
        return record
    event = rng.choice(hand["events"])
    kind = rng.choice(["play", "end", "player", "draw", "pass", "junk", "drop", "twice"])
    if kind == "drop":
        hand["events"].remove(event)
    elif kind == "twice":
        hand["events"].insert(hand["events"].index(event), dict(event))
    elif kind == "play":
        event["play"] = rng.choice(["6-6", "1-2", "0-0", "7-1", 5, 1.0, None, "3-3"])
    elif kind == "end":
        event["end"] = rng.choice(["left", "right", "up", "down", "middle", None, 3])
    elif kind == "player":
        players = record["players"] if type(record["players"]) is list else []
        event["player"] = rng.choice([*players, "Zed", None, 1])
    elif kind == "draw":
        event.pop("play", None)
        event.pop("end", None)
        event["draw"] = rng.choice([1, 2, 0, 30, 1.5, "1", 1.0, True])
    elif kind == "pass":
        event.pop("play", None)
        event["pass"] = rng.choice([True, False, 1])
    else:
        event["junk"] = 1
    return record


@pytest.mark.parametrize("preset", PRESETS)
def test_random_records_of_every_preset_replay_alike(preset):
    rng = random.Random(f"replay {preset}")
    records = random_records(rng, preset, 120)
    records += random_records(rng, preset, 120, max_hands=3, stop_chance=0.01)
    records += [broken(rng, record) for record in records[:200]]
    assert_alike(records)
    refused = sum("error" in replayed_by_python(record) for record in records)
    assert 50 <= refused <= 200  # the broken records mostly break a rule, the others none


# -- the table's questions, asked at every step of random matches ---------------------------------


def entry_for(rng: random.Random, record: dict, scored: bool = True) -> dict:
    """An entry a player might say next, right or wrong (`scored`: a hand scored as told too)."""
    players = record["players"]
    kind = rng.random() * (1 if scored else 0.9)
    if kind < 0.6:
        entry = {"play": rng.choice(["6-6", "5-0", "3-2", "2-3", "1-1", "4-6", "6-5", "0-0"])}
        if rng.random() < 0.3:
            entry["end"] = rng.choice(["left", "right", "up", "down"])
    elif kind < 0.75:
        entry = {"draw": rng.choice([1, 1, 2])}
    elif kind < 0.9:
        entry = {"pass": True}
    else:
        entry = {"points": {rng.choice(players): rng.choice([5, 10, 7.5, -5])}}
        return entry
    if rng.random() < 0.3:
        entry["player"] = rng.choice(players)
    return entry


def questions(rng: random.Random, record: dict, following: list, final: dict) -> list:
    """What the table asks of a record: its state, every tile, the entries it would take, Undo,
    and Fix (correct, insert, remove) at random places of the hand being played."""
    asked: list = [{"q": "state"}, {"q": "tiles"}, {"q": "last"}, {"q": "entries"}]
    asked.append({"q": "explain"})
    asked += [{"q": "completed", "entry": entry_for(rng, record)} for _ in range(3)]
    asked.append({"q": "completed", "entry": {"play": "5-5"}, "leader": record["players"][-1]})
    if following:
        asked.append({"q": "add", "entry": following[0]})
    asked.append({"q": "add", "entry": entry_for(rng, record), "leader": record["players"][0]})
    asked.append({"q": "undo"})
    sides = len(record["players"]) - (2 if record.get("partnership") else 0)
    told = [rng.choice([0, 5, 7.5, -10, 12]) for _ in range(sides + rng.choice([0, 0, 1]))]
    asked.append({"q": "told_by_side", "points": told, "notes": rng.choice([None, "paper"])})
    hands = record["hands"]
    if hands:
        final_hand = final["hands"][len(hands) - 1]
        if "left" in final_hand:
            known = {p: v for p, v in final_hand["left"].items() if rng.random() < 0.6}
            asked.append({"q": "derived", "known": known})
        events = len(hands[-1].get("events", []))
        if events:  # said again as it was: a correction that changes nothing
            position = rng.randint(1, events)
            again = {k: v for k, v in hands[-1]["events"][position - 1].items() if k != "player"}
            asked.append({"q": "correct", "position": position, "entry": again})
        for _ in range(3):
            position = rng.randint(0, events + 1)
            ends = {str(rng.randint(1, events + 1)): rng.choice(["left", "right", "up"])}
            ends = ends if rng.random() < 0.3 else {}
            kind = rng.choice(["correct", "insert", "remove", "replace"])
            question = {"q": kind, "position": position, "ends": ends}
            if kind != "remove":
                # One of the hand's own entries (moved or said again), or any entry, a hand
                # scored as told among them (refused alike).
                own = final_hand.get("events") or [{"pass": True}]
                said = {k: v for k, v in rng.choice(own).items() if k != "player"}
                question["entry"] = said if rng.random() < 0.6 else entry_for(rng, record)
            asked.append(question)
    return asked


def walks(rng: random.Random, preset: str, count: int) -> list[dict]:
    """Every prefix of `count` random records of a preset, each with the questions asked."""
    lines = []
    for final in random_records(rng, preset, count, max_hands=3, stop_chance=0.005):
        entries = entries_of(final)
        record = {key: value for key, value in final.items() if key != "hands"} | {"hands": []}
        for step in range(len(entries) + 1):
            leader = rng.choice([None, *final["players"]])
            asked = questions(rng, record, entries[step:], final)
            lines.append({"record": record, "leader": leader, "questions": asked})
            if step < len(entries):
                try:
                    record, _ = add_entry(record, read_entry(entries[step]))
                except RecordError:
                    # The pips left of a hand won or chipped out: a record may hold them
                    # (checked, then ignored), but they are not an entry of their own.
                    assert "left" in entries[step]
    return lines


@pytest.mark.parametrize("preset", PRESETS)
def test_the_table_s_questions_are_answered_alike_at_every_step(preset):
    lines = walks(random.Random(f"questions {preset}"), preset, 6)
    out = node(str(JS_TESTS / "answers.mjs"), stdin="".join(json.dumps(x) + "\n" for x in lines))
    js_answers = [json.loads(line) for line in out.splitlines()]
    assert len(js_answers) == len(lines)
    for line, js in zip(lines, js_answers, strict=True):
        python = json.loads(json.dumps(answers(line)))
        for question, mine, theirs in zip(line["questions"], python, js, strict=True):
            assert theirs == mine, (question, json.dumps(line["record"])[:1500])


# -- the header, the rules and hands scored as told, field by field ------------------------------

DATES = [
    "2026-11-28",
    "20261128",
    "2026-W48-6",
    "2026W486",
    "2020-W53",
    "2026-W53",
    "2024-02-29",
    "2026-02-29",
    "2026-11-28T19:30:00+01:00",
    "2026-11-28 19:30",
    "2026-11-28T19",
    "20261128T193000",
    "2026-11-28T19:30:00.1234567",
    "2026-11-28T19:30 +01:00",
    "2026-11-28T19:30:00.+01:00",
    "2026-11-28T24:00",
    "2026-11-28T19:30:00+24:00",
    "2026-11-28é19:30",
    "2026-11-28T",
    "2026-13-01",
    "28/11/2026",
    "",
]
NAMES = [
    ["Straße", "STRASSE"],
    ["ΟΔΟΣ", "οδοσ"],
    ["A\u00a0B", "a  b"],
    ["A\u200bnn", "Ann"],
    ["ﬀ", "FF"],
    ["x\x1cy", "Bo"],
    ["é" * 45, "Bo"],
    ["Jo\x07", "Kim"],
    ["  ", "Kim"],
    ["it's", 'say "hi"'],
    ["Ann", "Bo", "Cy", "Di", "Eva"],
    ["Ann"],
    ["Ann", 7],
]
RULES = [
    {"preset": "muggins", "layout": "star"},
    {"preset": "muggins", "exact_target": 1},
    {"preset": "muggins", "hand_size": 15},
    {"preset": "muggins", "hand_size": 7.0},
    {"preset": "muggins", "target": 0},
    {"preset": "muggins", "target": 2001, "score_unit": "fives"},
    {"preset": "muggins", "score_unit": "fives", "rounding": "none"},
    {"preset": "muggins", "boneyard_reserve": -1},
    {"preset": "muggins", "colour": "red"},
    {"preset": "dominoes"},
    {"layout": "spinner"},
    ["muggins"],
    None,
]
POINTS = [
    {"Ann": 7.5},
    {"Ann": 5.0},
    {"Ann": 10001},
    {"Ann": -10000},
    {"Ann": "5"},
    {"Ann": 1e-7},
    {"Ann": 2.25},
    {"Zed": 5},
    {"Ann": None},
    [5, 10],
]


def test_header_fields_rules_and_told_points_are_read_alike():
    blank = {"format": "allfives-match/1", "rules": "muggins", "players": ["Ann", "Bo"]}
    rng = random.Random("dates")
    dates = list(DATES)
    for _ in range(400):  # dates a character away from a good one
        date = list(rng.choice(DATES[:16]))
        date.insert(rng.randint(0, len(date)), rng.choice("0123456789-:+.,WZT é"))
        dates.append("".join(date))
    records = [blank | {"hands": [], "date": date} for date in dates]
    records += [blank | {"hands": [], "players": names} for names in NAMES]
    records += [blank | {"hands": [], "rules": rules} for rules in RULES]
    records += [blank | {"hands": [{"points": points}]} for points in POINTS]
    three = blank | {"players": ["Ann", "Bo", "Cy"], "rules": "pagat"}
    records += [three | {"hands": [{"points": points}]} for points in POINTS]
    # A name such as "2" comes first in a JavaScript object; the first refusal must not change.
    digits = blank | {"players": ["Ann", "2"], "rules": {"preset": "muggins", "hand_size": 1}}
    out = {"events": [{"player": "Ann", "play": "6-6"}]}
    records += [
        digits | {"hands": [out | {"left": {"Ann": "x", "2": "y"}}]},
        digits | {"hands": [out | {"left": {"Zed": 1, "2": "y"}}]},
        digits | {"hands": [{"points": {"Ann": 0.3, "2": "x"}}]},
        digits | {"rules": {"preset": "muggins", "colour": 1, "5": 2}},
    ]
    assert_alike(records)


def test_a_record_file_replays_as_with_the_python_command(tmp_path):
    """`node static/engine/replay.mjs RECORD.json`: the result, or exit 2 and the reason."""
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        done = subprocess.run(
            [NODE, "static/engine/replay.mjs", str(path)],
            capture_output=True,
            text=True,
            cwd=CHECKOUT,
        )
        python = replayed_by_python(json.loads(path.read_text()))
        if "error" in python:
            assert (done.returncode, done.stdout, done.stderr) == (2, "", python["error"] + "\n")
        else:
            assert done.returncode == 0, done.stderr
            assert json.loads(done.stdout) == python
    missing = subprocess.run(
        [NODE, "static/engine/replay.mjs", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        cwd=CHECKOUT,
    )
    assert missing.returncode == 2
    assert missing.stderr == f"{tmp_path / 'none.json'}: No such file or directory\n"


def test_names_that_are_one_person_are_one_in_both_engines():
    """Characters a name carries unseen (Unicode's Default_Ignorable_Code_Point set), case and
    spaces: the seats of a record are judged alike by the phone."""
    names = ["A\u034fnn", "Ann\ufe0f", "Ann\u3164", "\u115fAnn", "Pia\ufe0f", "Ann\u200b",
             "Straße", "Ann\u00adBo", "\u2060Bo", "ÅSA  LUND", "Ann\u00a0Bo"]  # fmt: skip
    script = (
        "import { nameKey } from './static/engine/names.mjs';"
        "process.stdin.on('data', (d) => console.log(JSON.stringify(JSON.parse(d).map(nameKey))));"
    )
    keys = json.loads(node("--input-type=module", "-e", script, stdin=json.dumps(names)))
    assert keys == [name_key(name) for name in names]
