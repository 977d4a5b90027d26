"""Hands scored as told (RULES.md §5): each side's points as the players agree them, credited as
a hand, the target checked as after a settlement, the next lead free. Every number worked by
hand."""

import pytest

from assistant.engine import (
    RecordError,
    ScoredHand,
    add_entry,
    entries_of,
    last_entry,
    new_record,
    read_entry,
    replace_entry,
    replay,
    undo_entry,
)
from tests.records import example, hand, record

PARTNERS = ["Ann", "Bo", "Cy", "Di"]  # sides: Ann + Cy, Bo + Di


def scored(points: dict, notes: str | None = None) -> dict:
    return {"points": points} | ({"notes": notes} if notes is not None else {})


def refused(rec: dict) -> RecordError:
    with pytest.raises(RecordError) as error:
        replay(rec)
    return error.value


def test_partners_points_add_up_on_their_side():
    # Ann 15 + Cy 10 = 25 for Ann + Cy; Di 5 for Bo + Di. Then Bo leads 5-5 (10): 25 to 15.
    rec = record("muggins", PARTNERS, scored({"Ann": 15, "Cy": 10, "Di": 5}), hand("Bo 5-5"),
                 partnership=True)  # fmt: skip
    match = replay(rec)
    first = match.hands[0]
    assert first.scored and first.ended == "scored" and first.plays == ()
    assert first.settlement.changes == (25, 5) and first.scores == (25, 5)
    assert first.told == ScoredHand({"Ann": 15, "Cy": 10, "Di": 5})
    assert match.scores == (25, 15)
    assert match.result()["hands"][0] == {
        "plays": [],
        "ended": "scored",
        "went_out": None,
        "settlement": [25, 5],
        "scores": [25, 5],
    }


def test_a_hand_in_which_nobody_scored_and_negative_points_under_penalty_own():
    # all-fives: Ann paid 10 for her pips, Bo 5: -10 and -5; then {} changes nothing.
    match = replay(record("all-fives", "Ann Bo", scored({"Ann": -10, "Bo": -5}), scored({})))
    assert [h.settlement.changes for h in match.hands] == [(-10, -5), (0, 0)]
    assert match.scores == (-10, -5) and match.winner is None


def test_halves_only_where_the_three_player_split_gives_them():
    # pagat, 3 players: Ann and Bo split Cy's 15 pips: 7.5 each.
    match = replay(record("pagat", "Ann Bo Cy", scored({"Ann": 7.5, "Bo": 7.5})))
    assert match.half_points and match.scores == (7.5, 7.5, 0)
    # Two more halves make a whole: 7.5 + 2.5 = 10, written as a whole number.
    match = replay(record("pagat", "Ann Bo Cy", scored({"Ann": 7.5}), scored({"Ann": 2.5})))
    assert match.scores == (10, 0, 0)
    # A half where no split is played: refused, and so is a quarter anywhere.
    error = refused(record("pagat", "Ann Bo", scored({"Ann": 7.5})))
    assert str(error) == (
        "hand 1: the points of Ann must be a whole number: only a three-player split scores "
        "halves, not 7.5"
    )
    error = refused(record("pagat", "Ann Bo Cy", scored({"Ann": 7.25})))
    assert str(error) == "hand 1: the points of Ann must be whole or a half, not 7.25"
    # 15.0 is a whole number.
    assert replay(record("muggins", "Ann Bo", scored({"Ann": 15.0}))).scores == (15, 0)


def test_the_exact_target_refuses_a_hand_that_passes_it():
    rules = {"preset": "muggins", "target": 50, "exact_target": True}
    error = refused(record(rules, "Ann Bo", scored({"Ann": 40}), scored({"Ann": 15})))
    assert str(error) == (
        "hand 2: Ann would pass the target of 50 with 55: only landing on it counts"
    )
    # Landing on it wins; a loss never passes the target.
    match = replay(record(rules, "Ann Bo", scored({"Ann": 40}), scored({"Ann": 10, "Bo": -5})))
    assert match.scores == (50, -5) and match.winner == 0


def test_the_highest_score_at_or_over_the_target_wins_and_a_tie_at_the_top_plays_on():
    rules = {"preset": "all-fives", "target": 100}
    match = replay(record(rules, "Ann Bo Cy", scored({"Ann": 110, "Bo": 105})))
    assert match.winner == 0 and match.phase == "over"
    match = replay(record(rules, "Ann Bo Cy", scored({"Ann": 100, "Bo": 100})))
    assert match.winner is None and match.phase == "lead"
    # Play goes on: Cy leads 5-0 (5) and does not win; Ann's 0-0 on the right, the spinner,
    # counts 5 + 0 = 5 and takes her ahead to 105: she wins at once.
    rec, match = add_entry(match.record, read_entry({"play": "5-0"}), leader="Cy")
    assert match.winner is None
    rec, match = add_entry(rec, read_entry({"play": "0-0"}))
    assert match.scores == (105, 100, 5) and match.winner == 0


def test_a_won_match_takes_no_more_hands():
    won = record({"preset": "muggins", "target": 50}, "Ann Bo", scored({"Bo": 50}))
    with pytest.raises(RecordError, match="the match is over: Bo won"):
        add_entry(won, read_entry({"points": {"Ann": 5}}))
    assert str(refused({**won, "hands": [*won["hands"], scored({})]})) == (
        "hand 2: the match is over: Bo won"
    )


def test_the_lead_after_a_scored_hand_is_free():
    # Hand 1: Ann goes out with her one tile (muggins, Bo's 3 pips → 5): Ann would lead hand 2.
    rules = {"preset": "muggins", "hand_size": 1}
    domino = hand("Ann 6-1", left={"Bo": 3})
    refused_lead = refused(record(rules, "Ann Bo", domino, hand("Bo 5-5")))
    assert "Ann went out last hand and must lead" in str(refused_lead)
    # A hand scored as told between: anyone leads the next, as after a block.
    rec = record(rules, "Ann Bo", domino, scored({"Bo": 10}))
    match = replay(rec)
    assert match.next_leader is None and match.turn() is None and match.turn("Bo") == "Bo"
    _, match = add_entry(rec, read_entry({"play": "5-5"}), leader="Bo")
    assert match.scores == (5, 20)


def test_a_match_started_from_the_scores_on_paper():
    rec = new_record("all-fives", ["Ann", "Bo"])
    told = ScoredHand({"Ann": 85, "Bo": 60}, "the paper scoresheet's total after 4 hands")
    rec, match = add_entry(rec, told)
    assert rec["hands"] == [
        {"points": {"Ann": 85, "Bo": 60}, "notes": "the paper scoresheet's total after 4 hands"}
    ]
    rec, match = add_entry(rec, read_entry({"play": "5-5"}), leader="Bo")
    rec, match = add_entry(rec, read_entry({"play": "5-0"}))
    # As the shared example: Bo's 5-5 (10) and Ann's 5-0 on the left (10): 95 to 70.
    assert rec["hands"] == example("continued-from-paper")["hands"]
    assert match.scores == (95, 70)
    assert match.result() == replay(example("continued-from-paper")).result()


def test_entering_undoing_and_correcting_a_scored_hand():
    rec = record("muggins", "Ann Bo", hand("Ann 5-5"))
    before = repr(rec)
    with pytest.raises(RecordError) as error:
        add_entry(rec, read_entry({"points": {"Ann": 10}}))
    begun = "hand 1 has begun: a hand can be scored as told only before its lead"
    assert error.value.reason == begun
    assert repr(rec) == before
    rec = record("muggins", "Ann Bo")
    rec, match = add_entry(rec, read_entry({"points": {"Ann": 10}, "notes": "on paper"}))
    assert match.scores == (10, 0) and match.can_score_hand
    assert last_entry(rec) == ScoredHand({"Ann": 10}, "on paper")
    assert entries_of(rec) == [{"points": {"Ann": 10}, "notes": "on paper"}]
    with pytest.raises(RecordError, match="hand 1 was scored as told: undo it to score it again"):
        replace_entry(rec, 1, read_entry({"play": "5-5"}))
    rec, match = undo_entry(rec, match)
    assert rec["hands"] == [] and match.scores == (0, 0) and match.can_score_hand


def test_side_points_as_a_scorepad_keeps_them():
    match = replay(record("muggins", PARTNERS, partnership=True))
    told = match.told_by_side([20, 0], "scored on paper")
    assert told == ScoredHand({"Ann": 20}, "scored on paper")
    _, after = add_entry(match.record, told)
    assert after.scores == (20, 0)
    assert not replay(record("muggins", "Ann Bo", hand("Ann 5-5"))).can_score_hand


@pytest.mark.parametrize(
    ("hand_data", "message"),
    [
        ({"points": {"Ann": 10}, "events": []},
         "hand 1: a hand is either played (events) or scored as told (points), not both"),
        ({"points": {"Ann": 10}, "left": {"Bo": 5}},
         "hand 1: a hand is either played (events) or scored as told (points), not both"),
        ({"points": {"Ann": 10}, "score": 3}, "hand 1: unknown field in the hand: 'score'"),
        ({"points": [10, 0]}, "hand 1: points must map players to the points each scored"),
        ({"points": {"Zed": 10}}, "hand 1: 'Zed' is not a player in this match"),
        ({"points": {"Ann": "10"}}, "hand 1: the points of Ann must be a number, not '10'"),
        ({"points": {"Ann": True}}, "hand 1: the points of Ann must be a number, not True"),
        ({"points": {"Ann": 10_001}},
         "hand 1: the points of Ann must be from -10000 to 10000, not 10001"),
        ({"points": {"Ann": 10}, "notes": 5}, "hand 1: notes must be text"),
    ],
)  # fmt: skip
def test_a_broken_scored_hand_is_refused_with_its_reason(hand_data, message):
    assert str(refused(record("muggins", "Ann Bo", hand_data))) == message
