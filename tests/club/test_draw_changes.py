"""The night's draw as people come and go (assistant/club/seating.py, `make_draw` with a history):
between rounds latecomers arrive and leavers go, and the rounds not yet played are seated again
over the whole night. Property tests for 4-40 players and every game.

What is checked, each round and over the night:

* everyone here that round is seated or sits out, exactly once; the rounds are numbered on;
* the rounds played are kept as they were;
* sit-outs: those here all night differ by at most one; everyone here at the end, counted as the
  draw's rule counts them (`sit_out_ledger`: a latecomer starts level with the most sat out),
  differs by at most one too;
* repeats over the night never below the counting floor (a check of the floor), and each round
  seated again no worse than a seating by lot against the rounds played and the other rounds of
  its plan (the bound tests/club/test_seating.py proves for one draw: the proof needs only that no
  swap within the round helps, which the polish ensures for the rounds it may move).

The floor with people coming and going: one who plays r rounds meets d·r opponents (d as in
`repeat_floor`) among at most the N others who were here in a round they played, so at least
d·r - N of those meetings are repeats, each counted by the two who meet.
"""

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.club.rounds import KINDS as GAMES
from assistant.club.rounds import Round, partner_repeats, repeats, sit_out_ledger
from assistant.club.seating import make_draw
from tests.club.draw_checks import entrants_for, names, players_of, round_bound, sit_outs

KINDS = list(GAMES)


def counting_floor(night: list[Round], kind: str) -> int:
    """The fewest repeated meetings a night with these rounds played by these people can have."""
    game = GAMES[kind]
    per_round = 2 if game.rotating_pairs else {2: 1, 3: 2, 4: 3}[game.units]
    played: Counter = Counter()
    could_meet: dict = {}
    for r in night:
        if kind == "pairs_fixed":
            seated = {frozenset(side) for s in r.seatings for side in s.sides}
            out = {
                frozenset(pair)
                for pair in zip(r.sitting_out[::2], r.sitting_out[1::2], strict=True)
            }
        else:
            seated, out = {p for s in r.seatings for p in s.seats}, set(r.sitting_out)
        for unit in seated:
            played[unit] += 1
            could_meet.setdefault(unit, set()).update((seated | out) - {unit})
    return math.ceil(sum(max(0, per_round * played[u] - len(could_meet[u])) for u in played) / 2)


def change(entrants: list, kind: str, arrive: int, leave: int, lot: random.Random, fresh) -> list:
    """The entrants after `leave` go (never fewer than a table needs) and `arrive` come."""
    game = GAMES[kind]
    entrants = list(entrants)
    for _ in range(min(leave, len(entrants) - game.units)):
        entrants.pop(lot.randrange(len(entrants)))
    for _ in range(arrive):
        if kind == "pairs_fixed":
            entrants.append((next(fresh), next(fresh)))
        else:
            entrants.append(next(fresh))
    return entrants


comings_and_goings = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=4
)


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(4, 40),
    rounds=st.integers(2, 5),
    tables=st.integers(1, 10),
    changes=comings_and_goings,
    seed=st.integers(0, 2**32),
)
def test_seating_again_as_people_come_and_go(kind, players, rounds, tables, changes, seed):
    lot = random.Random(seed)
    entrants = entrants_for(kind, players)
    if kind == "pairs_fixed" and len(entrants) < 2:
        entrants = entrants_for(kind, 4)
    fresh = iter(f"N{k:02}" for k in range(1, 100))
    plan = make_draw(entrants, kind, tables, rounds, rng=seed)
    night: list[Round] = []
    here_all_night = set(players_of(entrants))
    for number in range(1, rounds + 1):
        played = next(r for r in plan if r.number == number)
        assert Counter(played.players) == Counter(players_of(entrants))
        assert all(len(s.seats) == GAMES[kind].seats for s in played.seatings)
        night.append(played)
        if number == rounds or number > len(changes):
            continue
        arrive, leave = changes[number - 1]
        before = list(night)
        entrants = change(entrants, kind, arrive, leave, lot, fresh)
        here_all_night &= set(players_of(entrants))
        plan = make_draw(entrants, kind, tables, rounds, rng=lot, history=night)
        assert night == before  # the rounds played stay as they were
        assert [r.number for r in plan] == list(range(number + 1, rounds + 1))
        for k, r in enumerate(plan):
            repeated, by_lot = round_bound(r, kind, night + plan[:k] + plan[k + 1 :])
            assert repeated <= by_lot + 1e-9, (r.number, repeated, by_lot)

    out = sit_outs(night)
    counts = [out[p] for p in here_all_night]
    assert not counts or max(counts) - min(counts) <= 1
    ledger = sit_out_ledger(players_of(entrants), night[:-1])
    last = night[-1]
    weighed = [ledger[p] + (p in last.sitting_out) for p in players_of(entrants)]
    assert max(weighed) - min(weighed) <= 1

    assert repeats(night, kind) >= counting_floor(night, kind)


def test_twelve_players_a_latecomer_after_round_1_a_leaver_after_round_2():
    """The club night of the report: 12 players at three tables of rotating partners, a 13th
    after round 1, one leaving after round 2. Nobody partners anyone twice; the opponents met
    again are no more than the floor; the latecomer is not owed round 1; nobody sits out twice
    while another has not sat out."""
    twelve = names(12)
    plan = make_draw(twelve, "pairs_rotating", 3, 3, rng=1)
    night = [plan[0]]
    thirteen = [*twelve, "Latecomer"]
    night += make_draw(thirteen, "pairs_rotating", 3, 3, rng=2, history=night)[:1]
    twelve_again = [p for p in thirteen if p != "P05"]
    night += make_draw(twelve_again, "pairs_rotating", 3, 3, rng=3, history=night)
    assert [r.number for r in night] == [1, 2, 3]
    assert partner_repeats(night) == 0
    assert repeats(night, "pairs_rotating") == counting_floor(night, "pairs_rotating") == 0
    assert len(night[1].sitting_out) == 1 and night[2].sitting_out == ()
    assert sit_outs(night).most_common(1)[0][1] == 1
