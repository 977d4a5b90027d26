"""Match records for the tests: the example records, records written by hand
(hand("X 5-5", "Y 5-1 right", "X draw 2", "Y pass")), a small club history whose statistics
are worked out by hand, matches won at once, and random legal matches."""

import json
import random

from assistant.engine import entries_of
from assistant.simulate import random_match
from tests.paths import EXAMPLES


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def blank(record: dict) -> dict:
    """The record with no hands: a match about to start with the same players and rules."""
    return {key: value for key, value in record.items() if key != "hands"} | {"hands": []}


def event(text: str) -> dict:
    player, action, *rest = text.split()
    if action == "draw":
        return {"player": player, "draw": int(rest[0])}
    if action == "pass":
        return {"player": player, "pass": True}
    played = {"player": player, "play": action}
    if rest:
        played["end"] = rest[0]
    return played


def hand(*events: str, left: dict | None = None) -> dict:
    data = {"events": [event(e) for e in events]}
    if left is not None:
        data["left"] = left
    return data


def record(rules, players="X Y", *hands: dict, partnership: bool = False) -> dict:
    return {
        "format": "allfives-match/1",
        "rules": rules,
        "players": players.split() if isinstance(players, str) else list(players),
        "partnership": partnership,
        "hands": list(hands),
    }


def play(player: str, tile: str, end: str | None = None) -> dict:
    return {"player": player, "play": tile} | ({"end": end} if end else {})


SMALL = {"preset": "muggins", "target": 10, "hand_size": 2, "boneyard_reserve": 24}

# A: Ann leads 5-5 (10) and reaches the target of 10 at once.
A = record({"preset": "muggins", "target": 10}, ["Ann", "Bo"], {"events": [play("Ann", "5-5")]})
# D: Ann leads 5-0 (5), Bo 0-2 (5 + 2 = 7), Ann 5-6 on the left (6 + 2 = 8) and is out;
# Bo holds 3-1 (4 → 5): Ann +5 = 10 and wins.
D = record(SMALL, ["Ann", "Bo"], {
    "events": [play("Ann", "5-0"), play("Bo", "0-2", "right"), play("Ann", "5-6", "left")],
    "left": {"Bo": ["3-1"]},
})  # fmt: skip
# E: Bo leads 6-6 (12), both pass: blocked. Bo holds 3-2 (5), Ann 1-0 and 0-0 (1): Ann has
# the fewest and scores 5 - 0 = 5, the target.
E = record(SMALL | {"target": 5}, ["Bo", "Ann"], {
    "events": [play("Bo", "6-6"), {"player": "Ann", "pass": True}, {"player": "Bo", "pass": True}],
    "left": {"Bo": ["3-2"], "Ann": ["1-0", "0-0"]},
})  # fmt: skip
# F: partnerships. N leads 5-0 (5: N + S 5), E 0-0 on the right (5 + 0: E + W 5), S 5-5 on the
# left (10 + 0 = 10: N + S 15) and N + S win.
F = record({"preset": "muggins", "target": 10}, ["N", "E", "S", "W"], {
    "events": [play("N", "5-0"), play("E", "0-0", "right"), play("S", "5-5", "left")],
}, partnership=True)  # fmt: skip
# In progress: not counted in the statistics, shown in the history.
G = record("muggins", ["Ann", "Cy"], {"events": [play("Cy", "6-4")]})

WON_RULES = {"preset": "muggins", "target": 10}


def won(players: str, date: str | None = None, rules=WON_RULES) -> dict:
    """A finished match that the first player's side wins at once under muggins to 10: with two
    players the lead 5-5 scores 10 (10–0); with four, in partnerships (the first and third
    against the second and fourth), 5-0 scores 5, 0-0 on the right 5 for the others, 5-5 on the
    left 10 (15–5). `date`: the record's date."""
    names = players.split()
    if len(names) == 4:
        first, second, third, _fourth = names
        plays = [play(first, "5-0"), play(second, "0-0", "right"), play(third, "5-5", "left")]
    else:
        plays = [play(names[0], "5-5")]
    made = record(rules, names, {"events": plays}, partnership=len(names) == 4)
    return made | ({"date": date} if date else {})


entries = entries_of  # the entries a table taps in, in order, to build a record


def a_match(seed: int, players: int = 4) -> tuple[dict, list[dict]]:
    """A random legal finished match as an empty record and the entries that play it."""
    played = random_match(random.Random(seed), players=players, rules="all-fives", max_hands=3)
    return blank(played), entries(played)
