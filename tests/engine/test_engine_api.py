"""What the screens ask the engine about a match in progress."""

import subprocess
import sys

import pytest

from assistant.engine import (
    PRESETS,
    RecordError,
    add_entry,
    entries_of,
    new_record,
    read_entry,
    replay,
    undo_entry,
)
from tests.records import event, example, hand, record

IN_PROGRESS = record("all-fives", "Ann Bo", hand("Ann 5-5", "Bo 5-1 right", "Ann draw 2"))


def test_whose_turn_tile_counts_and_boneyard():
    hand = replay(IN_PROGRESS).hand
    assert hand.turn == "Ann"
    assert hand.tiles_held == {"Ann": 10, "Bo": 8}
    assert hand.boneyard == 8
    assert hand.can_draw and not hand.can_pass


def test_open_ends_name_value_and_crosswise_double():
    hand = replay(IN_PROGRESS).hand
    assert [(e.name, e.value, e.double) for e in hand.open_ends()] == [
        ("left", 5, True),
        ("right", 1, False),
    ]


def test_the_ends_a_tile_fits():
    hand = replay(IN_PROGRESS).hand
    assert hand.fits("5-4") == ["left"]
    assert hand.fits("1-3") == ["right"]
    assert hand.fits("6-6") == []
    assert hand.fits("5-5") == []  # played


def test_unplayed_tiles():
    hand = replay(IN_PROGRESS).hand
    assert len(hand.unplayed()) == 26
    assert "5-5" not in hand.unplayed() and "1-5" not in hand.unplayed()
    assert "5-1" not in hand.unplayed() and "6-6" in hand.unplayed()


def test_the_count_explained():
    hand = replay(IN_PROGRESS, explain=True).hand
    assert [str(t) for t in hand.terms()] == ["5-5 at left = 10", "1 at right = 1"]
    assert hand.count == 11


def test_a_misfit_says_what_the_open_ends_are():
    with pytest.raises(RecordError) as refused:
        add_entry(record("muggins", "Ann Bo", hand("Ann 6-1")), read_entry(event("Bo 4-2")))
    assert refused.value.reason == "4-2 does not fit: open ends are left 6, right 1"
    assert (refused.value.hand, refused.value.event) == (1, 2)


def test_add_entry_plays_draws_passes_and_settles():
    rules = {"preset": "muggins", "hand_size": 1}
    rec = new_record(rules, ["Ann", "Bo"])
    match = replay(rec)
    assert match.phase == "lead" and match.hand.fits("6-6") == ["lead"]
    rec, match = add_entry(rec, read_entry(event("Ann 6-1")))
    assert match.phase == "settle" and match.hand.needs_left == ("Bo",)
    assert match.hands[-1].went_out == "Ann"
    rec, match = add_entry(rec, read_entry({"left": {"Bo": ["4-4"]}}))
    assert match.hands[-1].settlement.changes == (10, 0)
    assert match.phase == "lead" and match.next_leader == "Ann"
    rec, match = add_entry(rec, read_entry(event("Ann 5-0")))  # starts hand 2
    assert len(rec["hands"]) == 2 and match.scores == (15, 0)
    assert rec["hands"][0]["left"] == {"Bo": ["4-4"]}


def test_add_entry_refuses_without_changing_the_record():
    rec = record("muggins", "Ann Bo", hand("Ann 6-1"))
    before = repr(rec)
    with pytest.raises(RecordError):
        add_entry(rec, read_entry(event("Ann 1-1")))
    with pytest.raises(RecordError, match="there is no ended hand to settle"):
        add_entry(rec, read_entry({"left": {"Bo": 5}}))
    assert repr(rec) == before


def test_an_event_is_refused_until_the_hand_is_settled():
    rec = record({"preset": "muggins", "hand_size": 1}, "Ann Bo", hand("Ann 6-1"))
    with pytest.raises(RecordError, match="enter the pips left by Bo first"):
        add_entry(rec, read_entry(event("Ann 5-5")))


def test_undo_removes_the_last_entry_again_and_again():
    rec = record(
        {"preset": "muggins", "hand_size": 1},
        "Ann Bo",
        hand("Ann 6-1", left={"Bo": 7}),
        hand("Ann 5-5"),
    )
    rec, match = undo_entry(rec)
    assert len(rec["hands"]) == 1 and match.phase == "lead"
    rec, match = undo_entry(rec)
    assert "left" not in rec["hands"][0] and match.phase == "settle"
    rec, match = undo_entry(rec)
    assert rec["hands"] == [] and match.phase == "lead"
    with pytest.raises(RecordError, match="there is nothing to undo"):
        undo_entry(rec)


def test_a_record_is_the_entries_that_build_it():
    for name in ("partnership-spinner-hand", "next-hand-led-by-winner"):
        whole = example(name)
        built = {**whole, "hands": []}
        for entry in entries_of(whole):
            built, match = add_entry(built, read_entry(entry))
        assert built == whole
        assert match.scores == replay(whole).scores


def test_settlement_preview_before_confirming():
    rec = record({"preset": "all-fives", "hand_size": 1}, "Ann Bo Cy", hand("Ann 6-6"))
    _, preview = add_entry(rec, read_entry({"left": {"Bo": 8, "Cy": ["3-4"]}}))
    settled = preview.hands[-1]
    assert settled.pips_left == {"Bo": 8, "Cy": 7}
    assert settled.settlement.changes == (0, -10, -5)


def test_presets_have_descriptions():
    assert set(PRESETS) == {"all-fives", "muggins", "pagat", "fives-and-threes"}


def test_the_engine_imports_neither_flask_nor_the_database():
    code = (
        "import sys, assistant.engine, assistant.simulate; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('flask', 'sqlite3', 'sqlite_utils', 'werkzeug', 'jinja2') "
        "or m.startswith('assistant.web')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
