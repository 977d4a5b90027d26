"""A night's rounds as values, and what they count: who sat where (`Round`, `Seating`), the
games a draw can be for (`KINDS`), the meetings and partnerships over a night and their repeats,
the sit-outs as the draw weighs them (`sit_out_ledger`), and the floors no fair draw can go
below (`repeat_floor`, `partner_floor`). Pure: the seating search (`seating.py`) and the draws
as stored (`draws.py`) stand on it.

The games: "two", "three" and "four" players a table, each for themself; "pairs_fixed", two
pairs a table, the pairs given by the organiser; "pairs_rotating", four players a table in two
partnerships that change each round. Partners sit opposite: seats 1+3 against 2+4."""

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

Entrant = str | tuple[str, str]


@dataclass(frozen=True)
class Game:
    units: int  # entrants at a table: players, or fixed pairs
    fixed_pairs: bool = False
    rotating_pairs: bool = False

    @property
    def seats(self) -> int:
        return self.units * 2 if self.fixed_pairs else self.units


KINDS = {
    "two": Game(2),
    "three": Game(3),
    "four": Game(4),
    "pairs_fixed": Game(2, fixed_pairs=True),
    "pairs_rotating": Game(4, rotating_pairs=True),
}


@dataclass(frozen=True)
class Seating:
    """One table of one round. `sides` are the teams at the table: one player each, or two
    partners each. `seats` is the seating order, seat 1 first: partners sit opposite, so with
    partnerships seats 1+3 are the first side and seats 2+4 the second."""

    table: int
    sides: tuple[tuple[str, ...], ...]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(
            side[k] for k in range(len(self.sides[0])) for side in self.sides if k < len(side)
        )


@dataclass(frozen=True)
class Round:
    """One round of the night: the tables in play, lowest number first, and who sits it out."""

    number: int
    seatings: tuple[Seating, ...]
    sitting_out: tuple[str, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for s in self.seatings for p in s.seats) + self.sitting_out


# -- counting meetings ------------------------------------------------------------------------


def opponents(seating: Seating, kind: str) -> list[frozenset]:
    """The pairs of opponents at a table: of players, or with fixed pairs, of pairs (each pair
    a frozenset of its two names)."""
    if KINDS[kind].fixed_pairs:
        return [frozenset(frozenset(side) for side in seating.sides)]
    return [
        frozenset((a, b))
        for one, other in combinations(seating.sides, 2)
        for a in one
        for b in other
    ]


def meetings(rounds: Iterable[Round], kind: str) -> Counter:
    """How often each pair of opponents met: frozenset of the two → times."""
    return Counter(pair for r in rounds for s in r.seatings for pair in opponents(s, kind))


def partnerships(rounds: Iterable[Round]) -> Counter:
    """How often each pair partnered: frozenset of the two names → times."""
    return Counter(
        frozenset(side) for r in rounds for s in r.seatings for side in s.sides if len(side) == 2
    )


def repeats(rounds: Iterable[Round], kind: str) -> int:
    """Repeated meetings: every meeting of two opponents after their first."""
    return sum(times - 1 for times in meetings(rounds, kind).values())


def partner_repeats(rounds: Iterable[Round]) -> int:
    """Repeated partnerships: every partnership of two players after their first. (Fixed pairs
    repeat every round by design: this counts only for rotating partners.)"""
    return sum(times - 1 for times in partnerships(rounds).values())


def repeat_floor(
    entrants: Sequence[Entrant], kind: str, tables: int | Sequence[int], rounds: int
) -> int:
    """The fewest repeated meetings of opponents that any draw of this night with fair sit-outs
    can have (a lower bound; with two at a table the draw reaches it).

    Counting: in a fair draw everyone plays the same number of rounds give or take one, and as
    the seats are fixed, how many play one round more is fixed too. Someone who plays r rounds
    meets d·r opponents (d a round: 1, 2 or 3) among the n-1 others, so at least d·r - (n-1) of
    those meetings repeat one; each repeat is counted by both of the two who meet.
    Pigeonholes (three or four each for themself, nobody sitting out): every round after the
    first seats t players at each of g tables, who sat at only g tables in round 1, so at least
    the pairs of an even spread of t among g meet again there."""
    game, units, numbers = KINDS[kind], units_of(entrants, kind), table_numbers(tables)
    n, tables_used = len(units), min(len(numbers), len(units) // game.units)
    played = _rounds_played(n, tables_used * game.units, rounds)
    met = {2: 1, 3: 2, 4: 3}[game.units] if not game.rotating_pairs else 2
    counting = math.ceil(sum(max(0, met * r - (n - 1)) for r in played) / 2)
    pigeonholes = 0
    if game.units > 2 and not game.rotating_pairs and tables_used * game.units == n:
        spread = [
            game.units // tables_used + (k < game.units % tables_used) for k in range(tables_used)
        ]
        pigeonholes = (rounds - 1) * tables_used * sum(math.comb(c, 2) for c in spread)
    return max(counting, pigeonholes)


def partner_floor(entrants: Sequence[str], tables: int | Sequence[int], rounds: int) -> int:
    """The fewest repeated partnerships any draw of this night of rotating partners with fair
    sit-outs can have: someone who plays r rounds has r partners among the n-1 others."""
    n, numbers = len(entrants), table_numbers(tables)
    played = _rounds_played(n, min(len(numbers), n // 4) * 4, rounds)
    return math.ceil(sum(max(0, r - (n - 1)) for r in played) / 2)


def _rounds_played(n: int, seated: int, rounds: int) -> list[int]:
    """Rounds played by each of n entrants when `seated` of them play each round, fairly."""
    each, more = divmod(seated * rounds, n)
    return [each + 1] * more + [each] * (n - more)


def sit_out_ledger(names: Sequence[str], history: Sequence[Round]) -> dict[str, int]:
    """The sit-outs each of `names` (those here for the next round) has, as rule 1 weighs them:
    the rounds sat out, except that one who was not here the round before (a latecomer, or one
    coming back) is lifted level with the most sat out of those who were, so the rounds missed
    are neither owed to them nor held against them."""
    count: dict[str, int] = {}
    before: set[str] | None = None
    for here, out in [(r.players, r.sitting_out) for r in history] + [(tuple(names), ())]:
        stayed = [count[p] for p in here if before is not None and p in before]
        level = max(stayed, default=0)
        for p in here:
            if before is None or p not in before:
                count[p] = max(count.get(p, 0), level)
        for p in out:
            count[p] += 1
        before = set(here)
    return {p: count[p] for p in names}


def units_of(entrants: Sequence[Entrant], kind: str) -> list[tuple[str, ...]]:
    """The entrants as units of the draw: (name,) each, or for fixed pairs (name, name)."""
    if kind not in KINDS:
        raise ValueError(f"unknown game {kind!r}: one of {', '.join(KINDS)}")
    if KINDS[kind].fixed_pairs:
        units = [tuple(e) for e in entrants]
        if any(len(u) != 2 or isinstance(e, str) for u, e in zip(units, entrants, strict=True)):
            raise ValueError("fixed pairs are entered as pairs of names")
    else:
        if any(not isinstance(e, str) for e in entrants):
            raise ValueError(f"{kind}: the entrants are names")
        units = [(e,) for e in entrants]
    names = [p for u in units for p in u]
    if len(set(names)) != len(names):
        raise ValueError("a player is entered twice")
    return units


def table_numbers(tables: int | Sequence[int]) -> list[int]:
    numbers = list(range(1, tables + 1)) if isinstance(tables, int) else sorted(set(tables))
    if not numbers:
        raise ValueError("no table available")
    return numbers
