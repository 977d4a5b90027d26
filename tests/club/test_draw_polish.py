"""The pieces of the draw's polish (assistant/club/draw_polish.py), each alone, on small nights
written out by hand or drawn at random: the counts, the change a swap would make, the descent
and the shake, and rounds already played left where they are."""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.club import draw_polish
from assistant.club.draw_polish import Polish


def total_by_hand(layout, rotating: bool, partner_weight: int) -> int:
    """Repeated meetings, plus repeated partnerships at partner_weight, counted afresh."""
    met, partnered = {}, {}
    for tables in layout:
        for table in tables:
            for one, other in combinations(table, 2):
                for a in one:
                    for b in other:
                        key = frozenset((a, b))
                        met[key] = met.get(key, 0) + 1
            if rotating:
                for side in table:
                    key = frozenset(side)
                    partnered[key] = partnered.get(key, 0) + 1
    return sum(n - 1 for n in met.values()) + partner_weight * sum(
        n - 1 for n in partnered.values()
    )


def random_night(rng: random.Random, rotating: bool, pieces: int, rounds: int):
    """A night of tables of two sides: two a side with rotating partners, else one a side."""
    per_side = 2 if rotating else 1
    tables = pieces // (2 * per_side)
    layout = []
    for _ in range(rounds):
        order = list(range(pieces))
        rng.shuffle(order)
        layout.append(
            [
                [order[k : k + per_side], order[k + per_side : k + 2 * per_side]]
                for k in range(0, tables * 2 * per_side, 2 * per_side)
            ]
        )
    return layout


def test_places_of_a_round():
    assert draw_polish.places([[[0], [1]], [[2, 3], [4, 5]]]) == [
        (0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1),
    ]  # fmt: skip


def test_the_night_is_counted():
    """0 meets 1 twice and 2 once, 2 meets 3 twice: two repeated meetings."""
    layout = [[[[0], [1]], [[2], [3]]], [[[0], [1]], [[2], [3]]], [[[0], [2]], [[1], [3]]]]
    night = Polish(layout, 4, rotating=False)
    assert night.total == 2  # 0-1 and 2-3 met twice
    assert night.met[0][1] == night.met[1][0] == 2 and night.met[0][2] == 1
    assert night.in_repeat(layout[0][0]) and not night.in_repeat(layout[2][0])
    assert night.repeating(night.layout[0], (0, 0, 0))
    assert not night.repeating(night.layout[2], (0, 0, 0))


def test_a_partnership_weighs_more_than_every_meeting():
    layout = [[[[0, 1], [2, 3]], [[4, 5], [6, 7]]], [[[0, 1], [4, 6]], [[2, 5], [3, 7]]]]
    night = Polish(layout, 8, rotating=True)
    assert night.partner_weight == 1 + 2 * 28
    assert night.total == night.partner_weight + 1  # 0+1 partner again, 5 faces 7 again


def test_counting_a_table_out_and_in_again_changes_nothing():
    layout = random_night(random.Random(1), True, 12, 3)
    night = Polish(layout, 12, rotating=True)
    before = (night.total, [row[:] for row in night.met], [row[:] for row in night.partnered])
    night.account(night.layout[1][0], -1)
    night.account(night.layout[1][0], 1)
    assert (night.total, night.met, night.partnered) == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rotating=st.booleans(), rounds=st.integers(2, 5))
def test_the_change_a_swap_would_make_is_the_change_it_makes(seed, rotating, rounds):
    """Weighed before making it (`change`), made (`make`), counted afresh: the same."""
    rng = random.Random(seed)
    pieces = rng.choice([8, 12, 16])
    layout = random_night(rng, rotating, pieces, rounds)
    night = Polish(layout, pieces, rotating)
    assert night.total == total_by_hand(night.layout, rotating, night.partner_weight)
    tables = night.layout[rng.randrange(rounds)]
    for _ in range(10):
        t = rng.randrange(len(tables))
        options = list(night.moves(tables, t))
        if not options:
            continue
        one, other = rng.choice(options)
        before, change = night.total, night.change(tables, one, other)
        night.make(tables, one, other)
        assert night.total == before + change
        assert night.total == total_by_hand(night.layout, rotating, night.partner_weight)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), rotating=st.booleans())
def test_the_descent_ends_where_no_swap_helps(seed, rotating):
    rng = random.Random(seed)
    layout = random_night(rng, rotating, 12, 4)
    night = Polish(layout, 12, rotating)
    start = night.total
    night.descend(rng)
    assert night.total <= start
    for tables in night.layout:
        for t in range(len(tables)):
            if night.in_repeat(tables[t]):
                assert all(night.change(tables, a, b) >= 0 for a, b in night.moves(tables, t))


def test_rounds_already_played_stay_as_they_are():
    """The first two rounds are played: only round 3 moves, and it no longer repeats 0-1."""
    played = [[[[0], [1]], [[2], [3]]], [[[0], [2]], [[1], [3]]]]
    layout = played + [[[[0], [1]], [[2], [3]]]]
    rng = random.Random(0)
    best = draw_polish.polish(layout, 4, False, target=0, rng=rng, effort=1000, fixed=2)
    assert best[:2] == played
    met = {frozenset((t[0][0], t[1][0])) for t in best[2]}
    assert met == {frozenset({0, 3}), frozenset({1, 2})}


def test_the_shake_swaps_someone_in_a_repeat():
    layout = [[[[0], [1]], [[2], [3]]], [[[0], [1]], [[2], [3]]]]
    night = Polish(layout, 4, rotating=False)
    assert night.shake(random.Random(0))
    assert night.total < 2
    done = Polish([[[[0], [1]], [[2], [3]]]], 4, rotating=False)
    assert not done.shake(random.Random(0))  # nobody in a repeat
