"""Settling hands, rounding, targets and the winner, against hand-computed histories."""

import pytest

from assistant.engine import RecordError, replay, rounded
from tests.records import hand, record


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


# Blocked at once: the leader's double, then everybody passes. With hand_size 2 and the rest of
# the set kept back as the reserve, the boneyard is empty from the start. After the lead the
# leader holds 1 tile (0 to 11 pips once 6-6 is down), the others 2 tiles each (1 to 21).
TWO_BLOCKED = hand("X 6-6", "Y pass", "X pass", left={"X": 8, "Y": 13})
THREE_BLOCKED = ("X 6-6", "Y pass", "Z pass", "X pass")
SMALL_TWO = {"hand_size": 2, "boneyard_reserve": 24}
SMALL_THREE = {"hand_size": 2, "boneyard_reserve": 22}
SMALL_FOUR = {"hand_size": 2, "boneyard_reserve": 20}


def test_penalty_own_after_a_block_every_player_pays():
    result = settled({"preset": "all-fives"} | SMALL_TWO, "X Y", TWO_BLOCKED)
    assert result["hands"][0]["ended"] == "blocked"
    assert result["hands"][0]["settlement"] == [-10, -15]  # 8 → 10, 13 → 15


def test_block_sides_minus_own_and_opponents_total():
    muggins = {"preset": "muggins"} | SMALL_TWO
    pagat = {"preset": "pagat"} | SMALL_TWO
    assert settled(muggins, "X Y", TWO_BLOCKED)["scores"] == [5, 0]  # 13 → 15 minus 8 → 10
    assert settled(pagat, "X Y", TWO_BLOCKED)["scores"] == [15, 0]  # 13 → 15, no deduction


def test_block_with_three_sides_rounds_each_side_or_the_total():
    left = {"X": 3, "Y": 7, "Z": 7}  # X has the fewest
    muggins = replay(
        record({"preset": "muggins"} | SMALL_THREE, "X Y Z", hand(*THREE_BLOCKED, left=left))
    )
    pagat = replay(
        record({"preset": "pagat"} | SMALL_THREE, "X Y Z", hand(*THREE_BLOCKED, left=left))
    )
    # sides_minus_own: 7 → 5 and 7 → 5, minus 3 → 5: 5 + 5 − 5 = 5.
    assert muggins.hands[0].settlement.changes == (5, 0, 0)
    assert muggins.hands[0].settlement.deducted == 5
    # opponents_total: 7 + 7 = 14 → 15, nothing taken off.
    assert pagat.hands[0].settlement.changes == (15, 0, 0)
    assert pagat.hands[0].settlement.rule == "block_opponents_total"


def test_block_partners_pips_are_added_raw():
    rules = {"preset": "muggins"} | SMALL_FOUR
    blocked = hand(
        "N 6-6", "E pass", "S pass", "W pass", "N pass", left={"N": 2, "S": 2, "E": 3, "W": 3}
    )
    result = settled(rules, "N E S W", blocked, partnership=True)
    assert result["hands"][0]["settlement"] == [0, 0]  # E + W 6 → 5 minus N + S 4 → 5


def test_block_partnership_each_side_rounded_once():
    rules = {"preset": "muggins"} | SMALL_FOUR
    left = {"N": 6, "S": 6, "E": 7, "W": 7}  # N + S 12 → 10; E + W 14 → 15
    blocked = hand("N 6-6", "E pass", "S pass", "W pass", "N pass", left=left)
    match = replay(record(rules, "N E S W", blocked, partnership=True))
    settlement = match.hands[0].settlement
    assert settlement.changes == (5, 0)  # 15 − 10, not 5 + 5 + 5 + 5 − 5 − 5
    assert settlement.side_pips == (12, 14) and settlement.side_rounded == (10, 15)


def test_block_tie_no_score_and_split():
    blocked = hand(*THREE_BLOCKED, left={"X": 4, "Y": 4, "Z": 15})
    muggins = {"preset": "muggins"} | SMALL_THREE
    pagat = {"preset": "pagat"} | SMALL_THREE
    assert settled(muggins, "X Y Z", blocked)["hands"][0]["settlement"] == [0, 0, 0]
    assert settled(pagat, "X Y Z", blocked)["hands"][0]["settlement"] == [7.5, 7.5, 0]


def test_split_shares_the_third_sides_rounded_pips_whatever_block_scoring_says():
    # Y draws the 6 tiles there are and holds 8; X (1 tile) and Z (2 tiles) tie on 4, and Y's
    # 45 → 45 is split: 22½ each. sides_minus_own alone would give (45 − 5) / 2 = 20 each.
    rules = {"preset": "muggins", "block_tie": "split", "hand_size": 2, "boneyard_reserve": 16}
    blocked = hand(
        "X 6-6", "Y draw 6", "Y pass", "Z pass", "X pass", left={"X": 4, "Y": 45, "Z": 4}
    )
    match = replay(record(rules, "X Y Z", blocked))
    assert match.hands[0].settlement.changes == (22.5, 0, 22.5)
    assert match.hands[0].settlement.rule == "block_split"
    assert match.hands[0].settlement.gain == 45


def test_split_only_for_two_of_three_sides():
    rules = {"preset": "pagat", "block_tie": "split"} | SMALL_FOUR
    four = ("W 6-6", "X pass", "Y pass", "Z pass", "W pass")
    two_of_four = hand(*four, left={"W": 4, "X": 4, "Y": 9, "Z": 9})
    match = replay(record(rules, "W X Y Z", two_of_four))
    assert match.hands[0].settlement.changes == (0, 0, 0, 0)
    assert match.hands[0].settlement.rule == "block_tie"
    all_three = hand(*THREE_BLOCKED, left={"X": 4, "Y": 4, "Z": 4})
    match = replay(record({"preset": "pagat"} | SMALL_THREE, "X Y Z", all_three))
    assert match.hands[0].settlement.changes == (0, 0, 0)


def test_rounding_down_and_none_in_a_settlement():
    down = {"preset": "muggins", "rounding": "down"} | SMALL_TWO
    none = {"preset": "muggins", "rounding": "none"} | SMALL_TWO
    # sides_minus_own: 13 → 10 minus 8 → 5 = 5; unrounded 13 − 8 = 5.
    assert settled(down, "X Y", TWO_BLOCKED)["scores"] == [5, 0]
    blocked = hand("X 6-6", "Y pass", "X pass", left={"X": 2, "Y": 14})
    assert settled(none, "X Y", blocked)["scores"] == [12, 0]  # 14 − 2
    assert settled(down, "X Y", blocked)["scores"] == [10, 0]  # 14 → 10 minus 2 → 0


def test_exact_target_refuses_a_settlement_that_passes_it():
    rules = {"preset": "muggins", "target": 4, "exact_target": True} | SMALL_TWO
    match = replay(record(rules, "X Y", TWO_BLOCKED))  # X would gain 15 − 10 = 5 > 4
    assert match.scores == (0, 0) and match.winner is None
    assert match.hands[0].settlement.refused == (0,)
    rules["target"] = 5
    assert replay(record(rules, "X Y", TWO_BLOCKED)).winner == 0  # lands on 5


def test_settlement_taking_two_sides_over_the_target_the_highest_wins():
    # X leads 5-0 (5), Y lays 0-1 on the right (5 + 1 = 6: nothing), then all pass: blocked.
    # X and Y tie on 4 pips and split Z's 20 → 20: 10 each. X 15 and Y 10 both reach the
    # target of 10: the highest, X, wins.
    rules = {"preset": "pagat", "target": 10, "hand_size": 2, "boneyard_reserve": 22}
    blocked = hand(
        "X 5-0", "Y 0-1 right", "Z pass", "X pass", "Y pass", left={"X": 4, "Y": 4, "Z": 20}
    )
    match = replay(record(rules, "X Y Z", blocked))
    assert match.scores == (15, 10, 0) and match.winner == 0


def test_a_tie_at_the_top_after_a_settlement_plays_on_and_the_next_to_score_ahead_wins():
    # Three players, target 10, an empty boneyard. X leads 5-0 (5), Y lays 0-0 on the right
    # (5 + 0 = 5), then everybody passes: blocked. X and Y tie on 4 pips; under pagat's split
    # they share Z's 13 → 15: 7½ each. Both are at 12½, over the target and tied: play on.
    rules = {"preset": "pagat", "target": 10, "hand_size": 2, "boneyard_reserve": 22}
    blocked = hand(
        "X 5-0", "Y 0-0 right", "Z pass", "X pass", "Y pass", left={"X": 4, "Y": 4, "Z": 13}
    )
    match = replay(record(rules, "X Y Z", blocked))
    assert match.scores == (12.5, 12.5, 0) and match.winner is None and match.phase == "lead"
    # Hand 2: Z leads 6-4 (10): Z reaches the target but is not ahead of 12½.
    match = replay(record(rules, "X Y Z", blocked, hand("Z 6-4")))
    assert match.scores == (12.5, 12.5, 10) and match.winner is None
    # X lays 6-1 on the left (1 + 4 = 5): 17½, ahead of everyone: X wins.
    match = replay(record(rules, "X Y Z", blocked, hand("Z 6-4", "X 6-1 left")))
    assert match.scores == (17.5, 12.5, 10) and match.winner == 0


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
    assert match.scores == (25, 10) and match.winner == 0


def test_end_of_hand_tie_at_the_top_plays_another_hand():
    rules = {
        "preset": "pagat",
        "target": 5,
        "win_check": "end_of_hand",
        "hand_size": 2,
        "boneyard_reserve": 22,
    }
    # X holds 1 tile once 0-0 is down (1 to 12 pips), Y and Z 2 tiles (3 to 23).
    blocked = hand("X 0-0", "Y pass", "Z pass", "X pass", left={"X": 4, "Y": 4, "Z": 13})
    match = replay(record(rules, "X Y Z", blocked))
    assert match.scores == (7.5, 7.5, 0)
    assert match.winner is None and match.phase == "lead"


def test_exact_target_refuses_a_score_that_passes_it():
    rules = {"preset": "muggins", "target": 15, "exact_target": True}
    plays = replay(record(rules, "X Y", hand("X 6-4", "Y 4-3", "X 6-4".replace("6-4", "6-6"))))
    assert [p["points"] for p in plays.result()["hands"][0]["plays"]] == [10, 0, 0]
    match = replay(record(rules, "X Y", hand("X 6-4", "Y 4-3", "X 3-2")))
    assert match.scores == (10, 0)  # 8 counts nothing
    match = replay(record(rules, "X Y", hand("X 6-4", "Y 4-3", "X 6-1", "Y 3-3")))
    assert match.scores == (10, 0)  # 1 + 6 = 7
    match = replay(record(rules, "X Y", hand("X 5-0", "Y 0-0", "X 5-5")))
    assert match.scores == (15, 5) and match.winner == 0  # 5 then 10 lands on 15


def test_boneyard_reserve_is_never_drawn():
    rules = {"preset": "muggins", "boneyard_reserve": 2}
    events = ["X 6-6", "Y draw 12"]
    match = replay(record(rules, "X Y", hand(*events)))
    assert match.hand.boneyard == 2 and match.hand.can_pass and not match.hand.can_draw
    kept_back = "Y cannot draw: the 2 tiles left in the boneyard are kept back"
    with pytest.raises(RecordError, match=kept_back):
        replay(record(rules, "X Y", hand(*events, "Y draw 1")))
    with pytest.raises(RecordError, match="Y cannot draw 13: only 12 can be drawn"):
        replay(record(rules, "X Y", hand("X 6-6", "Y draw 13")))
    replay(record(rules, "X Y", hand(*events, "Y pass")))


def test_a_pass_refused_says_how_many_tiles_can_still_be_drawn_and_what_is_kept_back():
    rules = {"preset": "muggins", "boneyard_reserve": 2}  # 14 in the boneyard, 12 drawable
    for drawn, said in [
        (11, "Y must draw: 1 tile can still be drawn (the boneyard holds 3 and keeps 2 back)"),
        (7, "Y must draw: 5 tiles can still be drawn (the boneyard holds 7 and keeps 2 back)"),
    ]:
        with pytest.raises(RecordError) as refused:
            replay(record(rules, "X Y", hand("X 6-6", f"Y draw {drawn}", "Y pass")))
        assert refused.value.reason == said
    one_kept = {"preset": "muggins", "boneyard_reserve": 1}
    with pytest.raises(RecordError) as refused:
        replay(record(one_kept, "X Y", hand("X 6-6", "Y draw 13", "Y draw 1")))
    assert refused.value.reason == "Y cannot draw: the one tile left in the boneyard is kept back"


def test_pips_scored_in_fives_must_be_rounded():
    with pytest.raises(RecordError) as refused:
        replay(record({"preset": "muggins", "score_unit": "fives", "rounding": "none",
                       "target": 61}, "X Y"))  # fmt: skip
    assert refused.value.reason == (
        "these rules score in fives, so the pips left must be rounded: "
        "round to the nearest five or down to a five"
    )


def test_after_a_domino_the_player_who_went_out_leads():
    rules = {"preset": "muggins", "hand_size": 1}
    first = hand("X 6-1", left={"Y": 3})
    match = replay(record(rules, "X Y", first))
    assert match.next_leader == "X"
    with pytest.raises(RecordError, match="hand 2, event 1: X went out last hand and must lead"):
        replay(record(rules, "X Y", first, hand("Y 5-5")))
    assert replay(record(rules, "X Y", first, hand("X 5-5"))).scores == (15, 0)


def test_after_a_block_anyone_may_lead():
    rules = {"preset": "muggins"} | SMALL_TWO
    match = replay(record(rules, "X Y", TWO_BLOCKED))
    assert match.next_leader is None and match.phase == "lead"
    assert replay(record(rules, "X Y", TWO_BLOCKED, hand("Y 1-0"))).hand.turn == "X"
