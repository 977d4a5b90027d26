"""The count after each play: ends, doubles, the spinner and its counting rules (RULES.md §1)."""

import pytest

from assistant.engine import replay
from tests.records import hand, record


def counts(rules, *events: str, players="X Y") -> list[tuple[int, int]]:
    result = replay(record(rules, players, hand(*events))).result()
    return [(p["count"], p["points"]) for p in result["hands"][0]["plays"]]


def test_the_lead_counts():
    assert counts("muggins", "X 5-0") == [(5, 5)]
    assert counts("muggins", "X 6-4") == [(10, 10)]
    assert counts("muggins", "X 5-5") == [(10, 10)]
    assert counts("muggins", "X 0-0") == [(0, 0)]
    assert counts("all-fives", "X 3-2") == [(5, 5)]


def test_spinner_all_fives_with_zero_to_four_arms():
    # 5-5 spinner: 2v; 2v + arm; arm + arm; three arms; four arms.
    assert counts("all-fives", "X 5-5", "Y 5-1 right", "X 5-4 left", "Y 5-2 up", "X 5-3 down") == [
        (10, 10),
        (11, 0),
        (5, 5),
        (7, 0),
        (10, 10),
    ]


def test_spinner_sniff_exposed_keeps_counting_while_ends_are_uncovered():
    rules = {"preset": "all-fives", "spinner_count": "sniff_exposed"}
    # 2v; 2v + 1; 2v with two arms + 1 + 4; v with three arms; nothing with four.
    assert counts(rules, "X 5-5", "Y 5-1 right", "X 5-4 left", "Y 5-2 up", "X 5-3 down") == [
        (10, 10),
        (11, 0),
        (15, 15),
        (12, 0),
        (10, 10),
    ]


def test_largest_score_with_a_spinner_is_35():
    plays = counts(
        "all-fives",
        "X 3-3",
        "Y 3-6 right",
        "X 3-5 left",
        "Y 3-4 up",
        "X 3-2 down",
        "Y 6-6 right",
        "X 5-5 left",
        "Y 4-4 up",
        "X 2-5 down",
    )
    assert plays[-1] == (35, 35)


def test_largest_score_with_two_ends_is_20():
    assert counts("muggins", "X 6-4", "Y 6-6", "X 4-4") == [(10, 10), (16, 0), (20, 20)]


def test_a_covered_double_counts_nothing():
    assert counts("muggins", "X 6-3", "Y 6-6", "X 6-1") == [(9, 0), (15, 15), (4, 0)]


def test_spinner_up_and_down_open_only_when_both_sides_are_covered():
    assert counts("all-fives", "X 4-1", "Y 1-1", "X 1-6 right", "Y 1-5 up", "X 1-0 down") == [
        (5, 5),
        (6, 0),
        (10, 10),
        (15, 15),
        (15, 15),
    ]


def test_only_the_first_double_is_the_spinner():
    # 2-2 is the spinner; 5-5 played later is a plain crosswise double at its end.
    plays = counts("all-fives", "X 2-2", "Y 2-5 right", "X 5-5", "Y 2-3 left")
    assert plays == [(4, 0), (9, 0), (14, 0), (13, 0)]
    match = replay(record("all-fives", "X Y", hand("X 2-2", "Y 2-5 right", "X 5-5", "Y 2-3 left")))
    assert [e.name for e in match.hand.open_ends()] == ["left", "right", "up", "down"]


def test_two_ends_layout_never_opens_up_or_down():
    match = replay(record("muggins", "X Y", hand("X 5-5", "Y 5-1 right", "X 5-4 left")))
    assert [(e.name, e.value) for e in match.hand.open_ends()] == [("left", 4), ("right", 1)]


def test_fives_unit_scores_a_point_per_five():
    rules = {"preset": "muggins", "score_unit": "fives", "target": 61}
    assert counts(rules, "X 6-4", "Y 4-1") == [(10, 2), (7, 0)]


@pytest.mark.parametrize(
    ("events", "terms"),
    [
        (["X 6-3", "Y 6-6"], ["6-6 at left = 12", "3 at right = 3"]),
        (["X 5-5"], ["5-5 = 10"]),
        (["X 5-5", "Y 5-1 right"], ["5-5 at left = 10", "1 at right = 1"]),
        (["X 4-1", "Y 1-1"], ["4 at left = 4", "1-1 at right = 2"]),
    ],
)
def test_the_count_explained_as_its_terms(events, terms):
    rules = "muggins" if events[0] == "X 6-3" else "all-fives"
    match = replay(record(rules, "X Y", hand(*events)), explain=True)
    assert [str(t) for t in match.hand.terms()] == terms
    assert [str(t) for t in match.hand.play_terms[-1]] == terms
    assert sum(t.value for t in match.hand.terms()) == match.hand.count
