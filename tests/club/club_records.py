"""A small club history whose statistics are worked out by hand in the tests."""


def record(rules, players, hands, partnership=False) -> dict:
    return {"format": "allfives-match/1", "rules": rules, "players": players,
            "partnership": partnership, "hands": hands}  # fmt: skip


def play(player, tile, end=None) -> dict:
    return {"player": player, "play": tile} | ({"end": end} if end else {})


SMALL = {"preset": "muggins", "target": 10, "hand_size": 2, "boneyard_reserve": 24}

# A: Ann leads 5-5 (10) and reaches the target of 10 at once.
A = record({"preset": "muggins", "target": 10}, ["Ann", "Bo"], [{"events": [play("Ann", "5-5")]}])
# D: Ann leads 5-0 (5), Bo 0-2 (5 + 2 = 7), Ann 5-6 on the left (6 + 2 = 8) and is out;
# Bo holds 3-1 (4 → 5): Ann +5 = 10 and wins.
D = record(SMALL, ["Ann", "Bo"], [{
    "events": [play("Ann", "5-0"), play("Bo", "0-2", "right"), play("Ann", "5-6", "left")],
    "left": {"Bo": ["3-1"]},
}])  # fmt: skip
# E: Bo leads 6-6 (12), both pass: blocked. Bo holds 3-2 (5), Ann 1-0 and 0-0 (1): Ann has
# the fewest and scores 5 - 0 = 5, the target.
E = record(SMALL | {"target": 5}, ["Bo", "Ann"], [{
    "events": [play("Bo", "6-6"), {"player": "Ann", "pass": True}, {"player": "Bo", "pass": True}],
    "left": {"Bo": ["3-2"], "Ann": ["1-0", "0-0"]},
}])  # fmt: skip
# F: partnerships. N leads 5-0 (5: N + S 5), E 0-0 on the right (5 + 0: E + W 5), S 5-5 on the
# left (10 + 0 = 10: N + S 15) and N + S win.
F = record({"preset": "muggins", "target": 10}, ["N", "E", "S", "W"], [{
    "events": [play("N", "5-0"), play("E", "0-0", "right"), play("S", "5-5", "left")],
}], partnership=True)  # fmt: skip
# In progress: not counted in the statistics, shown in the history.
G = record("muggins", ["Ann", "Cy"], [{"events": [play("Cy", "6-4")]}])
