"""Settling hands, rounding, targets and the winner, against hand-computed histories."""

import pytest

from assistant.engine import RecordError, replay, rounded
from tests.helpers import hand, record


def settled(rules, players, *hands, partnership=False) -> dict:
    return replay(record(rules, players, *hands, partnership=partnership)).result()


@pytest.mark.parametrize(
    ("pips", "nearest", "down"),
    [(0, 0, 0), (2, 0, 0), (3, 5, 0), (7, 5, 5), (8, 10, 5), (12, 10, 10), (13, 15, 10)],
)
def test_rounding(pips, nearest, down):
    assert rounded(pips, "nearest") == nearest
    assert rounded(pips, "down") == down
    assert rounded(pips, "none") == pips


def test_penalty_own_after_a_domino_every_player_pays_their_own_pips():
    rules = {"preset": "all-fives", "hand_size": 1}
    result = settled(rules, "X Y Z", hand("X 6-2", left={"Y": 7, "Z": ["6-6"]}))
    assert result["hands"][0]["ended"] == "domino"
    assert result["hands"][0]["settlement"] == [0, -5, -10]


def test_penalty_own_after_a_block_every_player_pays():
    rules = {"preset": "all-fives", "hand_size": 14}
    result = settled(rules, "X Y", hand("X 6-6", "Y pass", "X pass", left={"X": 8, "Y": 13}))
    assert result["hands"][0]["ended"] == "blocked"
    assert result["hands"][0]["settlement"] == [-10, -15]


def test_winner_takes_domino_per_player_and_total_rounding():
    muggins = {"preset": "muggins", "hand_size": 1}
    pagat = {"preset": "pagat", "hand_size": 1}
    left = {"Y": 7, "Z": 7}
    assert settled(muggins, "X Y Z", hand("X 6-1", left=left))["scores"] == [10, 0, 0]
    assert settled(pagat, "X Y Z", hand("X 6-1", left=left))["scores"] == [15, 0, 0]


def test_winner_takes_domino_ignores_the_partners_hand():
    rules = {"preset": "muggins", "hand_size": 1}
    match = replay(record(rules, "N E S W", hand("N 6-1"), partnership=True))
    assert match.hand.needs_left == ["E", "W"]
    result = settled(
        rules, "N E S W", hand("N 6-1", left={"E": 8, "W": 4, "S": 12}), partnership=True
    )
    assert result["hands"][0]["settlement"] == [15, 0]


def test_block_sides_minus_own_and_opponents_total():
    blocked = hand("X 6-6", "Y pass", "X pass", left={"X": 8, "Y": 13})
    muggins = {"preset": "muggins", "hand_size": 14}
    pagat = {"preset": "pagat", "hand_size": 14}
    assert settled(muggins, "X Y", blocked)["scores"] == [5, 0]  # 15 - 10
    assert settled(pagat, "X Y", blocked)["scores"] == [15, 0]  # 13 → 15, no deduction


def test_block_partners_pips_are_added_raw():
    rules = {"preset": "muggins", "hand_size": 7}
    blocked = hand(
        "N 6-6", "E pass", "S pass", "W pass", "N pass", left={"N": 2, "S": 2, "E": 3, "W": 3}
    )
    result = settled(rules, "N E S W", blocked, partnership=True)
    assert result["hands"][0]["settlement"] == [1 * 0 + 5 - 5, 0]  # 6 → 5 minus 4 → 5


def test_block_tie_no_score_and_split():
    blocked = hand("X 6-6", "Y pass", "Z pass", "X pass", left={"X": 4, "Y": 4, "Z": 15})
    muggins = {"preset": "muggins", "hand_size": 9, "boneyard_reserve": 1}
    pagat = {"preset": "pagat", "hand_size": 9, "boneyard_reserve": 1}
    assert settled(muggins, "X Y Z", blocked)["hands"][0]["settlement"] == [0, 0, 0]
    assert settled(pagat, "X Y Z", blocked)["hands"][0]["settlement"] == [7.5, 7.5, 0]


def test_fives_unit_settlement():
    rules = {"preset": "muggins", "hand_size": 1, "score_unit": "fives", "target": 61}
    assert settled(rules, "X Y", hand("X 6-1", left={"Y": 8}))["scores"] == [2, 0]  # 8 → 10


def test_settlement_waits_for_the_pips_it_needs():
    rules = {"preset": "all-fives", "hand_size": 1}
    result = settled(rules, "X Y Z", hand("X 6-2", left={"Y": 7}))
    assert result["hands"][0]["settlement"] is None
    assert replay(record(rules, "X Y Z", hand("X 6-2", left={"Y": 7}))).phase == "settle"


def test_immediate_win_ends_the_match_mid_hand():
    rules = {"preset": "muggins", "target": 10}
    match = replay(record(rules, "X Y", hand("X 6-3", "Y 3-4")))
    assert match.winner == 1
    assert match.result()["hands"][0]["ended"] == "win"
    assert match.phase == "over"
    with pytest.raises(RecordError, match="hand 1, event 3: the match is over: Y won"):
        replay(record(rules, "X Y", hand("X 6-3", "Y 3-4", "X 6-5")))


def test_end_of_hand_win_is_checked_after_settlement():
    rules = {"preset": "muggins", "target": 10, "win_check": "end_of_hand", "hand_size": 2}
    match = replay(record(rules, "X Y", hand("X 5-5", "Y 5-0 left", "X 0-0")))
    assert match.winner is None and match.phase == "settle"
    match = replay(record(rules, "X Y", hand("X 5-5", "Y 5-0 left", "X 0-0", left={"Y": 3})))
    assert match.scores == [25, 10] and match.winner == 0


def test_end_of_hand_tie_at_the_top_plays_another_hand():
    rules = {
        "preset": "pagat",
        "target": 5,
        "win_check": "end_of_hand",
        "hand_size": 9,
        "boneyard_reserve": 1,
    }
    blocked = hand("X 0-0", "Y pass", "Z pass", "X pass", left={"X": 4, "Y": 4, "Z": 13})
    match = replay(record(rules, "X Y Z", blocked))
    assert match.scores == [7.5, 7.5, 0]
    assert match.winner is None and match.phase == "lead"


def test_exact_target_refuses_a_score_that_passes_it():
    rules = {"preset": "muggins", "target": 15, "exact_target": True}
    plays = replay(record(rules, "X Y", hand("X 6-4", "Y 4-3", "X 6-4".replace("6-4", "6-6"))))
    assert [p["points"] for p in plays.result()["hands"][0]["plays"]] == [10, 0, 0]
    match = replay(record(rules, "X Y", hand("X 6-4", "Y 4-3", "X 3-2")))
    assert match.scores == [10, 0]  # 8 counts nothing
    match = replay(record(rules, "X Y", hand("X 6-4", "Y 4-3", "X 6-1", "Y 3-3")))
    assert match.scores == [10, 0]  # 1 + 6 = 7
    match = replay(record(rules, "X Y", hand("X 5-0", "Y 0-0", "X 5-5")))
    assert match.scores == [15, 5] and match.winner == 0  # 5 then 10 lands on 15


def test_boneyard_reserve_is_never_drawn():
    rules = {"preset": "muggins", "boneyard_reserve": 2}
    events = ["X 6-6", "Y draw 12"]
    match = replay(record(rules, "X Y", hand(*events)))
    assert match.hand.boneyard == 2 and match.hand.can_pass and not match.hand.can_draw
    with pytest.raises(RecordError, match="Y cannot draw: the boneyard is empty"):
        replay(record(rules, "X Y", hand(*events, "Y draw 1")))
    with pytest.raises(RecordError, match="Y cannot draw 13: only 12 can be drawn"):
        replay(record(rules, "X Y", hand("X 6-6", "Y draw 13")))
    replay(record(rules, "X Y", hand(*events, "Y pass")))


def test_after_a_domino_the_player_who_went_out_leads():
    rules = {"preset": "muggins", "hand_size": 1}
    first = hand("X 6-1", left={"Y": 3})
    match = replay(record(rules, "X Y", first))
    assert match.next_leader == "X"
    with pytest.raises(RecordError, match="hand 2, event 1: X went out last hand and must lead"):
        replay(record(rules, "X Y", first, hand("Y 5-5")))
    assert replay(record(rules, "X Y", first, hand("X 5-5"))).scores == [15, 0]


def test_after_a_block_anyone_may_lead():
    rules = {"preset": "muggins", "hand_size": 14}
    blocked = hand("X 6-6", "Y pass", "X pass", left={"X": 8, "Y": 13})
    match = replay(record(rules, "X Y", blocked))
    assert match.next_leader is None and match.phase == "lead"
    assert replay(record(rules, "X Y", blocked, hand("Y 1-0"))).hand.turn == "X"
