"""One entry path: an entry as a player says it ("5-3", "draw", "pass") is completed by the
engine with what the rules decide (whose turn, the end when the ends make the same game);
a mistaken entry of the current hand is corrected in place; the questions a screen asks."""

import pytest

from assistant.engine import (
    RecordError,
    add_entry,
    new_record,
    read_entry,
    replace_entry,
    replay,
    undo_entry,
)
from tests.records import example, hand, record

MUGGINS_55 = record("muggins", "Ann Bo", hand("Ann 5-5"))


def test_the_player_whose_turn_it_is_is_filled_in():
    rec, match = add_entry(MUGGINS_55, read_entry({"draw": 1}))
    assert rec["hands"][0]["events"][-1] == {"player": "Bo", "draw": 1}
    rec, match = add_entry(
        rec, read_entry({"play": "5-3"})
    )  # both sides of a lone 5-5: the same game
    assert rec["hands"][0]["events"][-1] == {"player": "Bo", "play": "5-3", "end": "left"}
    assert match.hands[0].plays[-1]["count"] == 13


CHAIN = record("muggins", "Ann Bo", hand("Ann 5-3", "Bo 3-2 right"))  # ends: left 5, right 2


def test_a_tile_fitting_ends_that_make_different_games_still_needs_its_end():
    with pytest.raises(RecordError, match="5-2 fits left 5 and right 2: say which end"):
        add_entry(CHAIN, read_entry({"play": "5-2"}))
    rec, match = add_entry(CHAIN, read_entry({"play": "5-2", "end": "right"}))
    assert match.hands[0].plays[-1]["end"] == "right"


def test_the_lead_goes_to_the_chosen_leader_or_the_player_who_went_out():
    rec = new_record("all-fives", ["Ann", "Bo", "Cy"])
    with pytest.raises(RecordError, match="who leads hand 1"):
        add_entry(rec, read_entry({"play": "6-6"}))
    rec, match = add_entry(rec, read_entry({"play": "6-6"}), leader="Bo")
    assert rec["hands"][0]["events"] == [{"player": "Bo", "play": "6-6"}]
    assert match.turn() == "Cy"
    one = record({"preset": "muggins", "hand_size": 1}, "Ann Bo", hand("Ann 6-1", left={"Bo": 3}))
    _, match = add_entry(one, read_entry({"play": "5-5"}), leader="Bo")  # Ann went out: she leads
    assert match.hands[1].plays[0]["player"] == "Ann"


def test_a_named_player_is_kept_and_checked():
    with pytest.raises(RecordError, match="it is Bo's turn, not Ann's"):
        add_entry(MUGGINS_55, read_entry({"player": "Ann", "draw": 1}))


def test_no_turn_while_settling_or_over():
    won = record({"preset": "muggins", "target": 10}, "Ann Bo", hand("Ann 5-5"))
    with pytest.raises(RecordError, match="the match is over: Ann won"):
        add_entry(won, read_entry({"draw": 1}))
    ended = record({"preset": "muggins", "hand_size": 1}, "Ann Bo", hand("Ann 6-1"))
    with pytest.raises(RecordError, match="enter the pips left by Bo first"):
        add_entry(ended, read_entry({"pass": True}))


def test_turn_with_and_without_a_chosen_leader():
    match = replay(new_record("muggins", ["Ann", "Bo"]))
    assert match.turn() is None and match.turn("Bo") == "Bo" and match.turn("Zed") is None
    assert replay(MUGGINS_55).turn() == "Bo"


def test_end_choices_say_what_each_end_would_score():
    choices = replay(CHAIN).end_choices("5-2")
    assert [(c.end, c.value, c.count, c.points) for c in choices] == [
        ("left", 5, 2 + 2, 0),
        ("right", 2, 5 + 5, 10),
    ]
    spinner = record("all-fives", "Ann Bo", hand("Ann 5-5"))
    assert [c.end for c in replay(spinner).end_choices("5-0")] == ["left"]  # the same game


def test_pip_bounds_are_what_the_unplayed_tiles_allow():
    one = record({"preset": "muggins", "hand_size": 1}, "Ann Bo", hand("Ann 6-6"))
    assert replay(one).hand.pip_bounds("Bo") == (0, 11)
    assert replay(one).hand.pip_bounds("Ann") == (0, 0)


def test_left_given_for_a_won_hand_is_checked_then_ignored():
    rules = {"preset": "muggins", "target": 10}
    won = record(rules, "Ann Bo", hand("Ann 5-5", left={"Bo": ["6-6", "1-1", "0-0"] + ["2-2"] * 4}))
    with pytest.raises(RecordError, match="2-2 is named twice in Bo's hand"):
        replay(won)
    won["hands"][0]["left"] = {"Bo": 20}
    match = replay(won)
    assert match.winner == 0 and match.hands[0].settlement is None
    assert match.result()["hands"][0]["settlement"] is None


def test_a_lead_with_end_null():
    rec = record("muggins", "Ann Bo", {"events": [{"player": "Ann", "play": "6-4", "end": None}]})
    assert replay(rec).scores == (10, 0)


# -- correcting an entry in place -----------------------------------------------------------------

PLAYED = record(
    "muggins",
    "Ann Bo",
    hand("Ann 6-4", "Bo 4-1 right", "Ann 6-3 left", "Bo draw 2", "Bo 1-2 right"),
)


def test_a_mid_hand_play_is_corrected_and_the_later_entries_kept():
    # Ann laid 6-5, not 6-3: Bo's draw and 1-2 still fit after it.
    rec, match = replace_entry(PLAYED, 3, read_entry({"play": "6-5", "end": "left"}))
    events = rec["hands"][0]["events"]
    assert events[2] == {"player": "Ann", "play": "6-5", "end": "left"}
    assert events[3:] == PLAYED["hands"][0]["events"][3:]
    assert match.hands[0].plays[-1]["count"] == 5 + 2
    assert PLAYED["hands"][0]["events"][2]["play"] == "6-3"  # the old record is unchanged


def test_a_correction_that_a_later_entry_no_longer_fits_is_refused_and_names_it():
    # Bo laid 4-0, not 4-1: his 1-2 no longer fits.
    with pytest.raises(RecordError) as refused:
        replace_entry(PLAYED, 2, read_entry({"play": "4-0", "end": "right"}))
    assert str(refused.value) == (
        "hand 1, event 5: after the correction, Bo's 1-2 no longer fits: 1-2 does not fit the "
        "right end, which shows 0"
    )


def test_a_draw_and_the_lead_can_be_corrected():
    rec, _ = replace_entry(PLAYED, 4, read_entry({"draw": 1}))
    assert rec["hands"][0]["events"][3] == {"player": "Bo", "draw": 1}
    lead_only = record("muggins", "Ann Bo", hand("Ann 6-1"))
    turned, match = replace_entry(lead_only, 1, read_entry({"play": "1-6"}))
    assert turned["hands"][0]["events"] == [{"player": "Ann", "play": "1-6"}]
    assert [(e.name, e.value) for e in match.hand.open_ends()] == [("left", 1), ("right", 6)]


def test_a_correction_out_of_the_hand_is_refused():
    with pytest.raises(RecordError, match="hand 1 has no event 9"):
        replace_entry(PLAYED, 9, read_entry({"pass": True}))
    with pytest.raises(RecordError, match="there is no hand to correct yet"):
        replace_entry(new_record("muggins", ["Ann", "Bo"]), 1, read_entry({"play": "6-6"}))


def test_a_tile_put_in_place_of_another_keeps_its_end():
    # 5-5 led (the spinner, 5 on both sides): 5-0 fits either side and makes the same game, so
    # entered alone it would go left; in place of 5-1 laid right it goes right, and X's 5-4 on
    # the left still fits.
    played = example("spinner-lead-four-arms")
    corrected, match = replace_entry(played, 2, read_entry({"play": "5-0"}))
    assert corrected["hands"][0]["events"][1] == {"player": "Y", "play": "5-0", "end": "right"}
    assert corrected["hands"][0]["events"][2:] == played["hands"][0]["events"][2:]
    assert [p["count"] for p in match.hands[0].plays] == [10, 10, 4, 6, 9]
    # Where the tile does not fit the old end, the rules place it as when it is entered.
    corrected, _ = replace_entry(PLAYED, 3, read_entry({"play": "6-5", "end": "left"}))
    assert corrected["hands"][0]["events"][2]["end"] == "left"


def test_a_correction_keeps_the_settled_hands_and_rechecks_the_pips_left():
    rules = {"preset": "muggins", "hand_size": 2}
    rec = record(rules, "Ann Bo", hand("Ann 6-1", "Bo 1-1 right", "Ann 6-2 left", left={"Bo": 3}))
    corrected, match = replace_entry(rec, 3, read_entry({"play": "6-3", "end": "left"}))
    assert corrected["hands"][0]["left"] == {"Bo": 3}
    assert match.hands[0].settlement is not None
    with pytest.raises(RecordError, match="their pips must be from 0 to 11, not 12"):
        replace_entry(
            {**rec, "hands": [{**rec["hands"][0], "left": {"Bo": 12}}]},
            3,
            read_entry({"play": "6-6"}),
        )


# -- replaying from a shared prefix -------------------------------------------------------------


def test_a_replay_from_an_earlier_version_reuses_the_settled_hands():
    rules = {"preset": "muggins", "hand_size": 1}
    first = record(rules, "Ann Bo", hand("Ann 6-1", left={"Bo": 3}))
    before = replay(first)
    rec, match = add_entry(first, read_entry({"play": "5-5"}), replayed=before)
    assert match.hands[0] is before.hands[0]  # taken as it is, not replayed
    assert match.result() == replay(rec).result()
    rec, match = undo_entry(rec, replayed=match)
    assert match.result() == before.result()
    other = {**first, "notes": "another record"}
    assert replay(other, prefix=before).hands[0] is not before.hands[0]
