"""The layout drawing (assistant/web/table/dominoes.py): tiles never overlap, every long arm
turns its corner into a quarter of its own, and the picture is centred on the spinner (or the
lead), so it fits a phone's width without scrolling sideways."""

import random

import pytest

from assistant.engine import replay
from assistant.simulate import random_match
from assistant.web.table.dominoes import REACH, view
from tests.records import hand, record


def overlap(a, b) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def hands(seed: int) -> list:
    """Every hand of a random match, as it ended."""
    rules = ["all-fives", "muggins", "pagat"][seed % 3]
    played = random_match(random.Random(seed), players=2 + seed % 3, rules=rules, max_hands=6)
    return replay(played).hands


@pytest.mark.parametrize("seed", range(80))
def test_tiles_never_overlap_and_the_spinner_is_in_the_middle(seed):
    for played in hands(seed):
        drawing = view(played.layout_tiles(), played.open_ends())
        tiles = drawing["tiles"]
        assert len(tiles) == len(played.plays)
        for i, tile in enumerate(tiles):
            for other in tiles[i + 1 :]:
                assert not overlap(tile, other), (tile, other)
        x, y, w, h = drawing["box"]
        for tile in tiles:
            assert x < tile.x and tile.x + tile.w < x + w and y < tile.y and tile.y + tile.h < y + h
        spinner = next((t for t in tiles if t.spinner), None)
        middle = (x + w / 2, y + h / 2)
        if spinner is None:
            assert middle == pytest.approx((0, 0))  # the lead's middle
        elif abs(spinner.x + spinner.w / 2) + 1 <= REACH:  # the spinner near the lead: as played
            assert middle == pytest.approx((spinner.x + spinner.w / 2, spinner.y + spinner.h / 2))
        labels = {label.name for label in drawing["labels"]}
        assert labels == {end.name for end in played.open_ends()}


def test_the_drawing_keeps_to_a_phone_s_width():
    """Half-tiles across the picture, over the hands of 80 matches: the median picture is about
    20 half-tiles wide (17 px each at 360 px, pips easily counted), rarely more than 26."""
    widths = sorted(view(h.layout_tiles(), h.open_ends())["box"][2] for s in range(80)
                    for h in hands(s))  # fmt: skip
    assert widths[len(widths) // 2] <= 22
    assert sum(w > 26 for w in widths) <= len(widths) * 0.05


def test_a_long_line_turns_its_corners():
    # Muggins, two ends, no spinner: the right arm turns down, the left arm up.
    chain = ["X 6-5", "Y 5-4 right", "X 4-3 right", "Y 3-2 right", "X 2-1 right", "Y 1-0 right"]
    chain += ["X 6-4 left", "Y 4-1 left", "X 1-3 left", "Y 3-0 left"]
    rules = {"preset": "muggins", "hand_size": 7}
    match = replay(record(rules, "X Y", hand(*chain)))
    drawing = view(match.hands[0].layout_tiles(), match.hands[0].open_ends())
    right = drawing["tiles"][5]  # 1-0, the sixth tile to the right of the lead
    left = drawing["tiles"][9]  # 3-0, the fourth to the left
    assert right.w < right.h and right.y > 0  # turned down
    assert left.w < left.h and left.y < 0  # turned up
    directions = {label.name: label.direction for label in drawing["labels"]}
    assert directions == {"left": (0, -1), "right": (0, 1)}
