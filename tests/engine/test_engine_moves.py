"""Entries as values: read once from JSON (a record's event, an entry said to the API), judged by
the match, written back as they were said."""

import pytest

from assistant.engine import (
    Draw,
    Left,
    Pass,
    Play,
    RecordError,
    ScoredHand,
    add_entry,
    correct_entry,
    entry_json,
    insert_entry,
    last_entry,
    read_entry,
    read_event,
    replace_entry,
    replay,
)
from tests.records import hand, record

SAID = [
    {"play": "5-3"},
    {"player": "Bo", "play": "5-3", "end": "left"},
    {"draw": 2},
    {"player": "Bo", "pass": True},
    {"left": {"Bo": ["6-6"], "Ann": 7}},
    {"points": {"Ann": 15}, "notes": "on paper"},
]


@pytest.mark.parametrize("said", SAID)
def test_an_entry_said_in_json_is_read_once_and_written_back_as_said(said):
    assert entry_json(read_entry(said)) == said


def test_each_kind_is_its_own_value_and_frozen():
    assert read_entry({"play": "5-3"}) == Play("5-3")
    assert read_event({"player": "Bo", "draw": 2}) == Draw(2, "Bo")
    assert read_entry({"left": {"Bo": 3}}) == Left({"Bo": 3})
    assert Pass("Bo") != Draw("Bo") and Pass("Bo") != ("Bo",) and Pass("Bo") == Pass("Bo")
    with pytest.raises(AttributeError):
        Play("5-3").tile = "6-6"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("said", "message"),
    [
        ([1, 2], "an entry must be an event or the pips left"),
        ({"play": "5-3", "pass": True}, "an event does one thing: pass cannot go with play"),
        ({"jump": 1}, "unknown field in the event: 'jump'"),
        ({"player": "Bo"}, "an event must play, draw or pass"),
        ({"pass": 1}, 'a pass is written "pass": true'),
        ({"left": {}, "player": "Bo"}, "the pips left are entered on their own"),
    ],
)
def test_an_entry_of_no_known_shape_is_refused_in_words(said, message):
    with pytest.raises(RecordError) as refused:
        read_entry(said)
    assert refused.value.reason == message


def test_values_enter_the_record_and_json_is_read_first():
    start = record("muggins", "Ann Bo", hand("Ann 5-5"))
    by_value, match = add_entry(start, Play("5-3"))
    assert add_entry(start, read_entry({"play": "5-3"}))[0] == by_value
    assert by_value["hands"][0]["events"][-1] == {"player": "Bo", "play": "5-3", "end": "left"}
    assert last_entry(by_value) == Play("5-3", "left", "Bo")
    assert match.completed(Draw()) == Draw(1, "Ann")
    with_draw, _ = add_entry(by_value, Draw(1))
    assert last_entry(with_draw) == Draw(1, "Ann")


@pytest.mark.parametrize(
    "enter",
    [
        lambda rec, said: add_entry(rec, said),
        lambda rec, said: replace_entry(rec, 1, said),
        lambda rec, said: correct_entry(rec, 1, said),
        lambda rec, said: insert_entry(rec, 1, said),
    ],
)
def test_an_entry_said_in_json_is_refused_by_the_rules_until_read(enter):
    start = record("muggins", "Ann Bo", hand("Ann 5-5"))
    with pytest.raises(
        TypeError, match=r"a Play, Draw, Pass, Left or ScoredHand value \(got dict\)"
    ):
        enter(start, {"play": "5-3"})
    assert start == record("muggins", "Ann Bo", hand("Ann 5-5"))


def test_the_match_judges_what_a_value_holds():
    match = replay(record("muggins", "Ann Bo", hand("Ann 5-5")))
    with pytest.raises(RecordError, match="'Zed' is not a player in this match"):
        match.enter(Play("5-3", "left", "Zed"))
    with pytest.raises(RecordError, match="9-9"):
        add_entry(match.record, Play("9-9"))
    with pytest.raises(RecordError, match="an entry must be an event or the pips left"):
        match.enter("5-3")  # type: ignore[arg-type]
    assert ScoredHand.read({"points": {}}) == ScoredHand({})
