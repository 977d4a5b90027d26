"""Fives and Threes (RULES.md §7), worked by hand: the count in pegs, no drawing, the point for
going out and a bust by it, partners both out, a block with one player of each side left, the
lead passing round, no winning on the lead, and the combinations the rules refuse."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import RecordError, replay
from assistant.simulate import random_match
from tests.records import hand, record

FT = "fives-and-threes"
TWO = {"preset": FT, "hand_size": 2}


def plays(result: dict, number: int = 0) -> list[tuple[str, int, int]]:
    return [(p["tile"], p["count"], p["points"]) for p in result["hands"][number]["plays"]]


def told(points: dict) -> dict:
    return {"points": points}


@pytest.mark.parametrize(
    ("lead", "count", "pegs"),
    [("2-1", 3, 1), ("4-1", 5, 1), ("3-3", 6, 2), ("6-3", 9, 3), ("6-4", 10, 2), ("6-6", 12, 4)],
)
def test_a_lead_scores_its_count_in_threes_and_fives(lead, count, pegs):
    result = replay(record(FT, "X Y", hand(f"X {lead}"))).result()
    assert plays(result) == [(lead, count, pegs)]


@pytest.mark.parametrize(
    ("events", "count", "pegs"),
    [
        (["X 6-6", "Y 6-3 right"], 15, 8),  # 5 threes and 3 fives
        (["X 6-6", "Y 6-3 right", "X 3-3 right"], 18, 6),  # 6-6 and 3-3 at the ends
        (["X 6-6", "Y 6-4 right", "X 4-4 right"], 20, 4),  # 6-6 and 4-4 at the ends
        (["X 6-6", "Y 6-1 right"], 13, 0),
        (["X 0-0"], 0, 0),
    ],
)
def test_later_plays_score_threes_and_fives_together(events, count, pegs):
    result = replay(record(FT, "X Y", hand(*events))).result()
    assert plays(result)[-1][1:] == (count, pegs)


def test_there_is_no_drawing_and_a_knock_is_taken_as_said():
    with pytest.raises(RecordError, match="there is no drawing"):
        replay(record(FT, "X Y", hand("X 6-4", "Y draw 1")))
    match = replay(record(FT, "X Y", hand("X 6-4", "Y pass", "X pass")))
    assert match.hands[0].ended == "blocked"
    assert match.hands[0].settlement.changes == (0, 0)
    assert match.phase == "lead"  # no pips are counted


def test_going_out_scores_one_with_the_last_play():
    # X at 58 leads 5-1 (6: 2 pegs, 60); Y 1-0 (5: 1); X at 59? no: X goes out with 5-3 on the
    # left, ends 3 and 0 make 3: 1 peg, and 1 for going out would make 62: neither is scored.
    busted = record(TWO, "X Y", told({"X": 58}), hand("X 5-1", "Y 1-0 right", "X 5-3 left"))
    result = replay(busted).result()
    assert plays(result, 1) == [("5-1", 6, 2), ("1-0", 5, 1), ("5-3", 3, 0)]
    assert result["hands"][1]["ended"] == "domino"
    assert result["hands"][1]["went_out"] == "X"
    assert result["hands"][1]["settlement"] == [0, 0]
    assert result["scores"] == [60, 1]
    assert result["winner"] is None
    # From 57 the same hand lands on 61 exactly: 2 + 1 + 1, the last play with its point.
    landed = record(TWO, "X Y", told({"X": 57}), hand("X 5-1", "Y 1-0 right", "X 5-3 left"))
    result = replay(landed).result()
    assert result["hands"][1]["ended"] == "domino"  # the going out ends the hand, and wins
    assert result["hands"][1]["settlement"] == [1, 0]
    assert result["scores"] == [61, 1]
    assert result["winner"] == 0


def test_partners_both_go_out_and_a_player_who_is_out_is_passed_over():
    # A + C against B + D, 2 tiles each. A goes out with 4-2; the hand goes on; B and C knock,
    # D plays 5-1, A is passed over, B goes out with 1-0: B + D are both out and score 1.
    events = ["A 6-6", "B 6-5 right", "C 6-4 left", "D 5-5 right", "A 4-2 left",
              "B pass", "C pass", "D 5-1 right"]  # fmt: skip
    rec = record(TWO, "A B C D", hand(*events), partnership=True)
    match = replay(rec)
    assert match.hands[0].held["A"] == 0 and not match.hands[0].ended
    assert match.turn() == "B"  # not A, who is out
    rec["hands"][0]["events"].append({"player": "B", "play": "1-0", "end": "right"})
    result = replay(rec).result()
    assert [p for _, _, p in plays(result)] == [4, 0, 3, 0, 4, 1, 0]
    assert result["hands"][0]["ended"] == "domino"
    assert result["hands"][0]["went_out"] == "B"
    assert result["hands"][0]["settlement"] == [0, 1]
    assert result["scores"] == [11, 2]


def test_a_player_who_is_out_cannot_be_given_a_turn():
    events = ["A 6-6", "B 6-5 right", "C 6-4 left", "D 5-5 right", "A 4-2 left",
              "B pass", "C pass", "D 5-1 right", "A pass"]  # fmt: skip
    with pytest.raises(RecordError, match="it is B's turn, not A's"):
        replay(record(TWO, "A B C D", hand(*events), partnership=True))


def test_a_block_with_one_player_of_each_side_left():
    events = ["A 6-6", "B 6-5 right", "C 6-4 left", "D 5-5 right", "A 4-4 left",
              "B 5-0 right", "C pass", "D pass"]  # fmt: skip
    result = replay(record(TWO, "A B C D", hand(*events), partnership=True)).result()
    assert result["hands"][0]["ended"] == "blocked"
    assert result["hands"][0]["settlement"] == [0, 0]
    assert result["scores"] == [13, 0]


def test_the_first_partner_out_wins_with_no_bonus():
    rules = {"preset": FT, "hand_size": 1}
    rec = record(rules, "A B C D", told({"A": 57}), hand("A 6-6"), partnership=True)
    result = replay(rec).result()
    assert result["hands"][1]["ended"] == "win"
    assert result["hands"][1]["went_out"] is None
    assert result["hands"][1]["settlement"] is None
    assert result["scores"] == [61, 0]


def test_the_lead_passes_round_with_three_players():
    rules = {"preset": FT, "hand_size": 1}
    rec = record(rules, "X Y Z", hand("X 5-5"), hand("Y 6-6"), hand("Z 6-3"), hand("X 4-1"))
    result = replay(rec).result()
    assert [h["went_out"] for h in result["hands"]] == ["X", "Y", "Z", "X"]
    assert result["scores"] == [2 + 1 + 1 + 1, 4 + 1, 3 + 1]
    with pytest.raises(RecordError, match="hand 2, event 1: the lead passes round: Y leads"):
        replay(record(rules, "X Y Z", hand("X 5-5"), hand("X 6-6")))


def test_after_a_hand_scored_as_told_the_lead_is_free_and_the_rotation_goes_on_from_it():
    rules = {"preset": FT, "hand_size": 1}
    rec = record(rules, "X Y Z", hand("X 5-5"), told({"Y": 3}), hand("Z 6-6"), hand("X 6-3"))
    assert replay(rec).result()["scores"] == [3 + 3 + 1, 3, 4 + 1]


def test_no_winning_on_the_lead():
    rules = TWO | {"lead_can_win": False}
    result = replay(record(rules, "X Y", told({"X": 57}), hand("X 6-6"))).result()
    assert plays(result, 1) == [("6-6", 12, 0)]  # 4 would reach 61 on a lead
    assert result["winner"] is None
    result = replay(record(rules, "X Y", told({"X": 57}), hand("X 6-6", "Y 6-3 right"))).result()
    assert result["scores"] == [57, 8]
    allowed = replay(record(TWO, "X Y", told({"X": 57}), hand("X 6-6"))).result()
    assert allowed["winner"] == 0 and allowed["hands"][1]["ended"] == "win"


def test_no_winning_on_the_lead_refuses_the_bonus_that_would_reach_the_target():
    rules = {"preset": FT, "hand_size": 1, "lead_can_win": False}
    result = replay(record(rules, "X Y", told({"X": 58}), hand("X 5-1"))).result()
    assert plays(result, 1) == [("5-1", 6, 2)]  # 60: short of 61, so it scores
    assert result["hands"][1]["settlement"] == [0, 0]  # and 1 more would reach it
    assert result["scores"] == [60, 0]


def test_the_partnership_target_can_be_121():
    rules = {"preset": FT, "target": 121}
    rec = record(rules, "A B C D", told({"A": 100}), hand("A 6-6"), partnership=True)
    assert replay(rec).result()["scores"] == [104, 0]


def test_a_hand_scored_as_told_may_not_leave_two_sides_on_an_exact_target():
    with pytest.raises(RecordError, match="only the side that got there first"):
        replay(record(FT, "X Y", told({"X": 61, "Y": 61})))
    with pytest.raises(RecordError, match="would pass the target of 61 with 62"):
        replay(record(FT, "X Y", told({"X": 62})))


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"score_unit": "fives"}, "cannot have score_unit fives"),
        ({"boneyard_reserve": 2}, "cannot have a boneyard_reserve"),
        ({"go_bonus": 101}, "at most 100"),
        ({"win_check": "end_of_hand"}, "win_check immediate"),
        ({"go_bonus": -1}, "go_bonus must be a whole number"),
    ],
)
def test_the_combinations_the_rules_refuse(overrides, words):
    with pytest.raises(RecordError, match=words):
        replay(record({"preset": FT} | overrides, "X Y"))


def test_fives_and_threes_options_work_with_all_fives_settlement():
    # All Fives with the lead passing round and partners both going out: the player who is
    # out holds 0 pips, and the partner's pips are still counted at the end.
    rules = {"preset": "all-fives", "hand_size": 1, "next_lead": "rotate", "go_out": "side"}
    rec = record(rules, "A B C D", hand("A 5-5", "B 5-0 right", "C 0-2 right"), partnership=True)
    result = replay(rec).result()
    assert result["hands"][0]["ended"] == "domino" and result["hands"][0]["went_out"] == "C"
    assert replay(rec).hands[0].needs_left == ("D",)  # B is out: 0 pips, nothing to count


VARIANTS = [
    (FT, 2),
    (FT, 3),
    (FT, 4),
    ({"preset": FT, "target": 121}, 4),
    (TWO | {"lead_can_win": False}, 2),
    ({"preset": FT, "hand_size": 9}, 2),  # the Teesdale League's deal to two
    ({"preset": FT, "hand_size": 6, "go_out": "player"}, 4),
]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from(VARIANTS))
def test_random_fives_and_threes_scores_are_their_plays_and_bonuses(seed, variant):
    rules, players = variant
    rec = random_match(random.Random(seed), players=players, rules=rules)
    match = replay(rec)
    target = match.rules.target
    totals = [0] * len(match.sides)
    for played in match.hands:
        for play in played.plays:
            totals[match.side_of[play["player"]]] += play["points"]
            assert all(score <= target for score in totals)
        if played.settlement is not None:
            totals = [t + c for t, c in zip(totals, played.settlement.changes, strict=True)]
            assert all(score <= target for score in totals)
        assert tuple(totals) == played.scores
    assert tuple(totals) == match.scores
    if match.winner is not None:
        assert match.scores[match.winner] == target
