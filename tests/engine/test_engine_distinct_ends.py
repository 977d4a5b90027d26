"""Ends that make the same game: the screen does not ask which of them a tile goes on."""

import random

from assistant.engine import read_entry, replay
from assistant.simulate import as_entered, random_match
from tests.records import hand, record


def ends_offered(rules, *events: str, tile: str) -> tuple[list[str], list[str]]:
    h = replay(record(rules, "X Y", hand(*events))).hand
    return h.fits(tile), h.distinct_ends(tile)


def test_both_sides_of_a_lone_double_make_the_same_game():
    assert ends_offered("all-fives", "X 5-5", tile="5-3") == (["left", "right"], ["left"])
    assert ends_offered("muggins", "X 5-5", tile="5-3") == (["left", "right"], ["left"])
    two_ends = {"preset": "all-fives", "layout": "two_ends"}
    assert ends_offered(two_ends, "X 5-5", tile="5-3") == (["left", "right"], ["left"])


def test_the_spinners_empty_arms_make_the_same_game():
    events = ("X 5-5", "Y 5-1 right", "X 5-4 left")
    assert ends_offered("all-fives", *events, tile="5-2") == (["up", "down"], ["up"])
    assert ends_offered("all-fives", *events, "Y 5-2 up", tile="5-3") == (["down"], ["down"])


def test_arms_of_different_lengths_still_make_the_same_game():
    # left shows 1 after 5-4 and 4-1, right shows 1 after 5-1: 1-1 on either end leaves the
    # mirror image of the other (the arms' lengths count for nothing)
    events = ("X 5-5", "Y 5-1 right", "X 5-4 left", "Y 4-1 left")
    assert ends_offered("all-fives", *events, tile="1-1") == (["left", "right"], ["left"])


def test_ends_of_different_values_or_kinds_are_asked_about():
    fits, distinct = ends_offered("all-fives", "X 6-3", "Y 3-1 right", tile="6-1")
    assert fits == distinct == ["left", "right"]  # left 6, right 1: the counts differ
    # left 1 plain, right the double 1-1 crosswise: 1-0 on the left counts 0 + 2, on the right 1
    events = ("X 6-1", "Y 1-1 right", "X 6-2 left", "Y 2-1 left")
    fits, distinct = ends_offered(
        {"preset": "all-fives", "layout": "two_ends"}, *events, tile="1-0"
    )
    assert fits == distinct == ["left", "right"]


def test_laying_on_either_end_scores_the_same_for_the_rest_of_the_match():
    # as_entered lays every such tile on the first end and renames the record's later ends:
    # it raises if any play then scores differently. Random rules of every kind.
    asked = unasked = 0
    for seed in range(300):
        original = random_match(random.Random(seed), max_hands=4)
        entered = as_entered(original)
        assert replay(entered).result()["scores"] == replay(original).result()["scores"]
        match = replay(entered | {"hands": []})
        for h in entered["hands"]:
            for event in h["events"]:
                if "play" in event and len(match.hand.fits(event["play"])) > 1:
                    distinct = match.hand.distinct_ends(event["play"])
                    asked += len(distinct) > 1
                    unasked += len(distinct) == 1
                match = match.enter(read_entry(event))
            if "left" in h:
                match = match.enter(read_entry({"left": h["left"]}))
    assert asked and unasked


def test_ends_under_other_names_showing_the_same_make_the_same_game():
    # left 1, right 6, up 6 (both arms laid on), down still empty: 6-2 on the right or up
    # leaves the same values, doubles and spinner, only under other names
    events = ("X 5-5", "Y 5-6 right", "X 5-1 left", "Y 5-3 up", "X 3-6 up")
    assert ends_offered("all-fives", *events, tile="6-2") == (["right", "up"], ["right"])


def test_a_laid_arm_and_an_empty_one_showing_the_same_are_asked_about():
    # right shows 5 on 3-5, up and down the spinner's 5 with nothing on them yet (not counted)
    events = ("X 5-5", "Y 5-1 right", "X 5-4 left", "Y 1-3 right", "X 3-5 right")
    assert ends_offered("all-fives", *events, tile="5-2") == (
        ["right", "up", "down"],
        ["right", "up"],
    )
