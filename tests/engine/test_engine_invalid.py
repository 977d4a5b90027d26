"""Every kind of invalid record of MATCH-RECORD.md is refused: exit status 2, nothing on stdout,
one line on stderr naming the hand, the event and the reason."""

import pytest

from assistant.engine import RecordError, replay
from tests.cli import replay_file, run_replay
from tests.records import hand, record

X_Y = "X Y"
LEAD = hand("X 6-4")
BLOCKED = {"preset": "muggins", "hand_size": 14}
ONE_TILE = {"preset": "muggins", "hand_size": 1}

CASES = [
    # the record itself
    ("not an object", [1, 2], "a match record must be a JSON object"),
    (
        "wrong format",
        {**record("muggins"), "format": "allfives-match/9"},
        "format must be allfives-match/1, not 'allfives-match/9'",
    ),
    (
        "unknown field",
        {**record("muggins"), "venue": "The Anchor"},
        "unknown field in the record: 'venue'",
    ),
    (
        "date that is not a date",
        {**record("muggins"), "date": "today"},
        "date must be an ISO 8601 date (2026-11-28) or date and time (2026-11-28T19:30:00+01:00), "
        "not 'today'",
    ),
    (
        "date with no month 13",
        {**record("muggins"), "date": "2026-13-01"},
        "date must be an ISO 8601 date (2026-11-28) or date and time (2026-11-28T19:30:00+01:00), "
        "not '2026-13-01'",
    ),
    ("notes that are not text", {**record("muggins"), "notes": 5}, "notes must be text"),
    (
        "a name too long",
        record("muggins", ["X", "Y" * 41]),
        "a player's name has at most 40 characters: 'YYYYYYYYYYYYYYYYYYYY…' has 41",
    ),
    (
        "a name with a control character",
        record("muggins", ["X", "Y\n"]),
        "'Y\\n' is not a name: it holds a control character",
    ),
    (
        "a target over 10,000",
        record({"preset": "muggins", "target": 10_001}),
        "the target must be from 1 to 10000 points",
    ),
    (
        "a target over 2,000 fives",
        record({"preset": "muggins", "target": 2_001, "score_unit": "fives"}),
        "the target must be from 1 to 2000 when scores are kept in fives",
    ),
    (
        "a target of 10^12",
        record({"preset": "muggins", "target": 10**12}),
        "the target must be from 1 to 10000 points",
    ),
    (
        "201 hands",
        {**record("muggins"), "hands": [{}] * 201},
        "a match has at most 200 hands, not 201",
    ),
    ("one player", record("muggins", "X"), "players must be 2 to 4 different names"),
    ("five players", record("muggins", "A B C D E"), "players must be 2 to 4 different names"),
    (
        "same name twice",
        record("muggins", "X X"),
        "'X' and 'X' are one person's name: players must be 2 to 4 different names",
    ),
    (
        "partnership of three",
        record("muggins", "X Y Z", partnership=True),
        "partnerships need 4 players",
    ),
    (
        "unknown preset",
        record("dominoes"),
        "'dominoes' is not a preset: use all-fives, muggins, pagat or fives-and-threes",
    ),
    (
        "unknown option",
        record({"preset": "muggins", "colour": "red"}),
        "'colour' is not a rules option",
    ),
    (
        "unknown value",
        record({"preset": "muggins", "layout": "star"}),
        "layout cannot be 'star': use 'two_ends', 'spinner'",
    ),
    (
        "target not a number",
        record({"preset": "muggins", "target": "200"}),
        "target must be a whole number, not '200'",
    ),
    (
        "hands too big",
        record({"preset": "muggins", "hand_size": 15}),
        "2 hands of 15 tiles and a reserve of 0 need more than 28 tiles",
    ),
    ("hands not a list", {**record("muggins"), "hands": {}}, "hands must be a list"),
    # hands
    (
        "empty hand",
        record("muggins", X_Y, {"events": []}),
        "hand 1: a hand starts with its lead: it cannot be empty",
    ),
    (
        "unknown hand field",
        record("muggins", X_Y, {"events": [], "remark": 1}),
        "hand 1: unknown field in the hand: 'remark'",
    ),
    (
        "hand notes that are not text",
        record("muggins", X_Y, {"events": [], "notes": 1}),
        "hand 1: notes must be text",
    ),
    (
        "next hand before the end",
        record("muggins", X_Y, LEAD, hand("Y 5-5")),
        "hand 2: hand 1 has not ended",
    ),
    (
        "next hand before settling",
        record(ONE_TILE, X_Y, hand("X 6-4"), hand("X 5-5")),
        "hand 1, left: the pips left by Y are needed to settle the hand",
    ),
    (
        "hand after the match",
        record({"preset": "muggins", "target": 10}, X_Y, LEAD, hand("Y 5-5")),
        "hand 2: the match is over: X won",
    ),
    (
        "wrong leader after a domino",
        record(ONE_TILE, X_Y, hand("X 6-4", left={"Y": 3}), hand("Y 5-5")),
        "hand 2, event 1: X went out last hand and must lead, not Y",
    ),
    # events
    (
        "not an event",
        record("muggins", X_Y, {"events": ["6-4"]}),
        "hand 1, event 1: an event must be an object with a player",
    ),
    (
        "unknown player",
        record("muggins", X_Y, hand("Zed 6-4")),
        "hand 1, event 1: 'Zed' is not a player in this match",
    ),
    (
        "player not a name",
        record("muggins", X_Y, {"events": [{"player": ["X"], "play": "6-4"}]}),
        "hand 1, event 1: ['X'] is not a player in this match",
    ),
    (
        "no action",
        record("muggins", X_Y, {"events": [{"player": "X"}]}),
        "hand 1, event 1: an event must play, draw or pass",
    ),
    (
        "two actions",
        record("muggins", X_Y, {"events": [{"player": "X", "play": "6-4", "pass": True}]}),
        "hand 1, event 1: an event does one thing: pass cannot go with play",
    ),
    (
        "unknown event field",
        record("muggins", X_Y, {"events": [{"player": "X", "play": "6-4", "edn": "left"}]}),
        "hand 1, event 1: unknown field in the event: 'edn'",
    ),
    (
        "lead with an end",
        record("muggins", X_Y, hand("X 6-4 left")),
        "hand 1, event 1: the lead is played without an end",
    ),
    (
        "draw before the lead",
        record("muggins", X_Y, hand("X draw 1")),
        "hand 1, event 1: the hand starts with a lead: X may lead any tile",
    ),
    (
        "wrong turn",
        record("muggins", X_Y, hand("X 6-4", "X 4-1")),
        "hand 1, event 2: it is Y's turn, not X's",
    ),
    (
        "not a tile",
        record("muggins", X_Y, hand("X 6-4", "Y 4-7")),
        "hand 1, event 2: '4-7' is not a tile of a double-six set",
    ),
    (
        "tile played twice",
        record("muggins", X_Y, hand("X 6-4", "Y 4-6")),
        "hand 1, event 2: 4-6 has already been played this hand",
    ),
    (
        "tile that fits no end",
        record("muggins", X_Y, hand("X 6-1", "Y 4-2")),
        "hand 1, event 2: 4-2 does not fit: open ends are left 6, right 1",
    ),
    (
        "tile that does not fit its end",
        record("muggins", X_Y, hand("X 6-1", "Y 1-2 left")),
        "hand 1, event 2: 1-2 does not fit the left end, which shows 6",
    ),
    (
        "end needed",
        record("muggins", X_Y, hand("X 6-1", "Y 6-1".replace("6-1", "1-6"))),
        "hand 1, event 2: 1-6 has already been played this hand",
    ),
    (
        "end required when it fits several",
        record("muggins", X_Y, hand("X 5-5", "Y 5-0")),
        "hand 1, event 2: 5-0 fits left 5 and right 5: say which end",
    ),
    (
        "end that is not open",
        record("all-fives", X_Y, hand("X 5-5", "Y 5-1 right", "X 5-2 up")),
        "hand 1, event 3: the up end is not open: the spinner's sides are not both covered yet",
    ),
    (
        "up end with no spinner yet",
        record("all-fives", X_Y, hand("X 5-3", "Y 3-2 up")),
        "hand 1, event 2: the up end is not open: no double has been played, so there is no "
        "spinner",
    ),
    (
        "up end in a game with two ends",
        record("muggins", X_Y, hand("X 5-5", "Y 5-1 right", "X 5-2 up")),
        "hand 1, event 3: the up end is not open: a game with two ends has only left and right",
    ),
    (
        "not an end",
        record("muggins", X_Y, hand("X 6-1", "Y 1-2 middle")),
        "hand 1, event 2: 'middle' is not an end: use left, right, up or down",
    ),
    (
        "draw of nothing",
        record("muggins", X_Y, hand("X 6-4", "Y draw 0")),
        "hand 1, event 2: a draw takes a whole number of tiles, at least 1, not 0",
    ),
    (
        "draw more than the boneyard",
        record("muggins", X_Y, hand("X 6-4", "Y draw 15")),
        "hand 1, event 2: Y cannot draw 15: only 14 can be drawn",
    ),
    (
        "pass with the boneyard",
        record("muggins", X_Y, hand("X 0-1", "Y pass")),
        "hand 1, event 2: Y must draw: the boneyard still has 14 tiles",
    ),
    (
        "pass written wrong",
        record(
            "muggins", X_Y, {"events": [{"player": "X", "play": "6-4"}, {"player": "Y", "pass": 1}]}
        ),
        'hand 1, event 2: a pass is written "pass": true',
    ),
    (
        "event after a domino",
        record(ONE_TILE, X_Y, hand("X 6-4", "Y 4-4")),
        "hand 1, event 2: the hand is over: X went out",
    ),
    (
        "event after a block",
        record(BLOCKED, X_Y, hand("X 6-6", "Y pass", "X pass", "Y pass")),
        "hand 1, event 4: the hand is over: it is blocked",
    ),
    (
        "event after the match is won",
        record({"preset": "muggins", "target": 10}, X_Y, hand("X 6-4", "Y 4-1")),
        "hand 1, event 2: the match is over: X won",
    ),
    # left
    (
        "left before the end",
        record("muggins", X_Y, hand("X 6-4", left={"Y": 5})),
        "hand 1, left: the hand is still being played: the pips left are entered when it ends",
    ),
    (
        "left of the wrong size",
        record(BLOCKED, X_Y, hand("X 6-6", "Y pass", "X pass", left={"X": ["1-1"], "Y": 30})),
        "hand 1, left: X holds 13 tiles, not 1",
    ),
    (
        "left with a played tile",
        record(ONE_TILE, "X Y", hand("X 6-4", left={"Y": ["4-6"]})),
        "hand 1, left: 4-6 was played this hand: Y cannot hold it",
    ),
    (
        "left with a tile in two hands",
        record(
            {"preset": "muggins", "hand_size": 1},
            "X Y Z",
            hand("X 6-4", left={"Y": ["1-1"], "Z": ["1-1"]}),
        ),
        "hand 1, left: 1-1 cannot be in both Y's and Z's hands",
    ),
    (
        "left with a tile twice in one hand",
        record(BLOCKED, X_Y, hand("X 6-6", "Y pass", "X pass", left={"Y": ["1-1"] * 14})),
        "hand 1, left: 1-1 is named twice in Y's hand",
    ),
    (
        "left with too many pips",
        record(ONE_TILE, X_Y, hand("X 6-4", left={"Y": 13})),
        "hand 1, left: Y holds 1 tile: their pips must be from 0 to 12, not 13",
    ),
    (
        "left more than the tiles not played can hold",
        record(ONE_TILE, X_Y, hand("X 6-6", left={"Y": 12})),
        "hand 1, left: Y holds 1 tile: their pips must be from 0 to 11, not 12",
    ),
    (
        "left fewer than the lightest tiles hold",
        record(BLOCKED, X_Y, hand("X 6-6", "Y pass", "X pass", left={"X": 30, "Y": 3})),
        "hand 1, left: X holds 13 tiles: their pips must be from 44 to 106, not 30",
    ),
    (
        "left with negative pips",
        record(ONE_TILE, X_Y, hand("X 6-4", left={"Y": -5})),
        "hand 1, left: a pip total is counted on the tiles in hand, so it cannot be negative: "
        "-5 for Y",
    ),
    (
        "left of an unknown player",
        record(ONE_TILE, X_Y, hand("X 6-4", left={"Q": 5})),
        "hand 1, left: 'Q' is not a player in this match",
    ),
    (
        "left not a number or list",
        record(ONE_TILE, X_Y, hand("X 6-4", left={"Y": "five"})),
        "hand 1, left: the pips left by Y must be a list of tiles or a whole number",
    ),
    (
        "left adding up to more than the unplayed tiles",
        record(
            {"preset": "muggins", "hand_size": 13, "boneyard_reserve": 2},
            X_Y,
            hand("X 6-6", "Y pass", "X pass", left={"X": 100, "Y": 60}),
        ),
        "hand 1, left: the pips left add up to more than the unplayed tiles hold (156)",
    ),
]


@pytest.mark.parametrize(("data", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_record_is_refused_with_where_and_why(tmp_path, data, message):
    with pytest.raises(RecordError) as refused:
        replay(data)
    assert str(refused.value) == message
    done = replay_file(tmp_path, data)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message + "\n")


def test_a_record_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "allfives-match/1", "players": [')
    done = run_replay(str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"{path}: not JSON")


def test_a_missing_file_is_refused(tmp_path):
    done = run_replay(str(tmp_path / "nowhere.json"))
    assert done.returncode == 2 and "No such file" in done.stderr
