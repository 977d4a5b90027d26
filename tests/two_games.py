"""Records of a club that plays both games, worked out by hand: All Fives matches won at once
under muggins to 10 (tests/records.py `won`), and Fives and Threes (RULES.md §7) matches, won at
once by a lead of 6-6 (12: 4 pegs) to a target of 4, and one played out to 20."""

from tests.records import play, record, won

THREES_TO_4 = {"preset": "fives-and-threes", "target": 4}
THREES_TO_20 = {"preset": "fives-and-threes", "target": 20, "hand_size": 2}


def won_threes(players: str, date: str | None = None) -> dict:
    """A Fives and Threes match the first player (and partner) wins 4–0 by leading 6-6."""
    names = players.split()
    made = record(THREES_TO_4, names, {"events": [play(names[0], "6-6")]},
                  partnership=len(names) == 4)  # fmt: skip
    return made | ({"date": date} if date else {})


def hand(*plays: tuple) -> dict:
    return {"events": [play(*p) for p in plays]}


# Ann and Bo to 20, two tiles each, the lead passing round (Ann, Bo, Ann, Bo, Ann):
# 1. Ann 6-6 (12: 4). Bo 6-3 (12 + 3 = 15: 8). Ann 3-2 (14: 0) is out: +1. Ann 5, Bo 8.
# 2. Bo 5-5 (10: 2). Ann 5-0 (10: 2). Bo 0-3 (13: 0) is out: +1. Ann 7, Bo 11.
# 3. Ann 6-3 (9: 3). Bo 3-3 (6 + 6 = 12: 4). Ann 6-4 (4 + 6 = 10: 2) is out: +1. Ann 13, Bo 15.
# 4. Bo 6-6 (12: 4). Ann 6-3 (15: 8 would make 21: bust). Bo 3-0 (12: 4, and 1 for going out,
#    would make 24: bust) is out with nothing scored. Ann 13, Bo 19.
# 5. Ann 5-0 (5: 1). Bo 0-0 (5 + 0: 1) makes 20 exactly and wins. Ann 14, Bo 20.
# Ann: 7 plays, 5 scoring (4 + 2 + 3 + 2 + 1 = 12, largest 4), one 15 (a bust), 1 bust, her
# side out twice. Bo: 7 plays, 5 scoring (8 + 2 + 4 + 4 + 1 = 19, largest 8), one 15, 1 bust,
# out twice. Five hands: Ann 2.8 pegs a hand, Bo 4.
PLAYED_OUT = record(THREES_TO_20, ["Ann", "Bo"],
    hand(("Ann", "6-6"), ("Bo", "6-3", "right"), ("Ann", "3-2", "right")),
    hand(("Bo", "5-5"), ("Ann", "5-0", "right"), ("Bo", "0-3", "right")),
    hand(("Ann", "6-3"), ("Bo", "3-3", "right"), ("Ann", "6-4", "left")),
    hand(("Bo", "6-6"), ("Ann", "6-3", "right"), ("Bo", "3-0", "right")),
    hand(("Ann", "5-0"), ("Bo", "0-0", "right")),
)  # fmt: skip


def both_games(date: str = "2026-10-01") -> list[dict]:
    """All Fives: Ann beats Bo twice, Cy beats Ann. Fives and Threes: Bo beats Ann (played out),
    Bo beats Cy, Cy beats Ann. Each game: Ann, Bo and Cy played; All Fives is Ann's (2 of 3),
    Fives and Threes Bo's (2 of 2)."""
    return [
        won("Ann Bo", date),
        won("Ann Bo", date),
        won("Cy Ann", date),
        PLAYED_OUT | {"date": date},
        won_threes("Bo Cy", date),
        won_threes("Cy Ann", date),
    ]
