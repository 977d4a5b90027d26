"""What the tests of the night's draw check, shared by the draw's test modules: names and
entrants of a night, the sit-outs over it, and a round's repeats against a seating by lot (the
module docstring of tests/club/test_seating.py says why that bound holds)."""

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from assistant.club.rounds import KINDS, Round, meetings, opponents


def names(count: int) -> list[str]:
    return [f"P{k:02}" for k in range(1, count + 1)]


def sit_outs(rounds: Iterable[Round]) -> Counter:
    """How often each player sat out."""
    return Counter(name for r in rounds for name in r.sitting_out)


def entrants_for(kind: str, players: int) -> list:
    people = names(players - players % 2 if kind == "pairs_fixed" else players)
    return list(zip(people[::2], people[1::2], strict=True)) if kind == "pairs_fixed" else people


def players_of(entrants) -> list[str]:
    return [p for e in entrants for p in ((e,) if isinstance(e, str) else e)]


def numbers_of(tables) -> list[int]:
    return list(range(1, tables + 1)) if isinstance(tables, int) else sorted(tables)


def round_bound(r: Round, kind: str, compared: list[Round]) -> tuple[int, float]:
    """This round's repeats against `compared`, and the average of a seating by lot (the module
    docstring's R and (t-1)·M/(s-1)); with rotating partners, over seatings of the round's
    partnerships."""
    met = meetings(compared, kind)
    repeated = sum(1 for s in r.seatings for pair in opponents(s, kind) if met[pair])
    if kind == "pairs_rotating":
        sides = [side for s in r.seatings for side in s.sides]
        between = sum(
            met[frozenset((a, b))] > 0
            for one, other in combinations(sides, 2)
            for a in one
            for b in other
        )
        return repeated, between / (len(sides) - 1)
    units = [
        frozenset(side) if kind == "pairs_fixed" else side[0]
        for s in r.seatings
        for side in s.sides
    ]
    pairs = sum(met[frozenset((a, b))] > 0 for a, b in combinations(units, 2))
    per_table = KINDS[kind].units
    return repeated, (per_table - 1) * pairs / (len(units) - 1)
