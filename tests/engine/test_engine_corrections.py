"""Fixing the hand being played: an entry replaced, a missed one inserted, an extra one removed;
a later tile that the change makes fit ends of different games asks its end."""

import pytest

from assistant.engine import (
    EndAsked,
    RecordError,
    correct_entry,
    insert_entry,
    read_entry,
    remove_entry,
)
from tests.records import hand, record

# left 6, right 3 after the lead; Bo's 3-1 makes right 1; Ann's 6-4 fits the left only
PLAYED = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"))


def events(rec: dict) -> list[dict]:
    return rec["hands"][-1]["events"]


def test_a_correction_that_makes_a_later_tile_fit_two_ends_asks_which():
    with pytest.raises(EndAsked) as asked:
        correct_entry(
            PLAYED, 2, read_entry({"play": "3-4"})
        )  # right 4: Ann's 6-4 fits left 6 and right 4
    assert (asked.value.position, asked.value.player, asked.value.tile) == (3, "Ann", "6-4")
    choices = asked.value.match.end_choices("6-4")
    assert [c.end for c in choices] == ["left", "right"]
    rec, match = correct_entry(PLAYED, 2, read_entry({"play": "3-4"}), ends={3: "left"})
    assert events(rec)[2] == {"player": "Ann", "play": "6-4", "end": "left"}
    # left 4, right 4: Bo's 4-2 makes the same game on either, so it is placed without asking
    assert events(rec)[3] == {"player": "Bo", "play": "4-2", "end": "left"}
    assert [end.value for end in match.hand.open_ends()] == [2, 4]


def test_a_missed_entry_is_inserted_and_the_later_ones_go_to_whose_turn_it_was():
    # Bo's 3-1 was missed: the table gave Ann's 6-4 to Bo and Bo's 4-2 to Ann
    missed = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 6-4", "Ann 4-2"))
    rec, match = insert_entry(missed, 2, read_entry({"play": "3-1"}))
    assert events(rec) == [
        {"player": "Ann", "play": "6-3"},
        {"player": "Bo", "play": "3-1"},
        {"player": "Ann", "play": "6-4"},
        {"player": "Bo", "play": "4-2"},
    ]
    assert match.hand.turn == "Ann"


def test_an_extra_entry_is_removed():
    extra = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo draw 1", "Bo 3-1", "Ann 6-4"))
    rec, match = remove_entry(extra, 2)
    assert events(rec) == events(PLAYED)[:3]
    assert match.hand.tiles_held == {"Ann": 5, "Bo": 6}


def test_a_change_a_later_entry_no_longer_fits_is_refused_and_names_it():
    with pytest.raises(RecordError, match="after the correction, Bo's 4-2 no longer fits"):
        remove_entry(PLAYED, 3)  # Bo's 4-2 would have to be Ann's, on ends 6 and 1
    with pytest.raises(RecordError, match="hand 1 has no event 9"):
        insert_entry(PLAYED, 9, read_entry({"pass": True}))
    with pytest.raises(RecordError, match="hand 1 has no event 5"):
        remove_entry(PLAYED, 5)


def test_a_hand_scored_as_told_is_no_correction():
    rec = record("muggins", "X Y", hand("X 6-4"))
    for fix in (correct_entry, insert_entry):
        with pytest.raises(RecordError, match="a correction is a play, a draw or a pass"):
            fix(rec, 1, read_entry({"points": {"X": 10}}))
