"""The night's seating: the search for who sits at which table in each round of a club night.

A pure module (no Flask, no database): the organiser's screens give it who is here, the game, the
tables and the rounds played so far, and it answers with the next round (`plan_round`) or a whole
night planned ahead (`make_draw`), or the rest of a night after the rounds already played, when
people came or went (`make_draw` with the history). The same seed gives the same draw.

The games (`KINDS`), the rounds as values and what they count are in `rounds.py`.

The rules of the draw, in the order they weigh (each outweighs all the later ones together):

1. Sitting out is shared fairly. When there are more entrants than seats (tables x table size), or
   a remainder too small to fill a table, those who have sat out least sit out, so over a night
   the sit-outs of any two entrants here all night differ by at most one. A latecomer (or one
   coming back) starts level with the most sat out of those here: the rounds they missed are
   neither sit-outs owed to them nor sit-outs they still have to take (`sit_out_ledger`). A
   fixed pair sits out together. Fewer tables than available: the lowest table numbers are
   used.
2. With rotating partners, nobody partners the same player twice where that can be avoided.
3. Nobody meets the same opponent twice where that can be avoided. (An opponent is anyone else at
   the table, except one's partner; with fixed pairs, the other pair.)
4. A partner or an opponent met more than once already is met again as late as possible.
5. With standings (Swiss, round 2 on): of those due to sit out, the lowest placed sit out; players
   meet those closest to them in the standings; the top table is table 1.
6. Everything else by lot.

How: with two at a table (two players, or two fixed pairs) a maximum-weight matching (networkx)
finds the best round exactly. Tables of three or four start from a seating by lot (or by the
standings) and swap players between tables, and with the sitting-out bench, while a swap makes
the round better; with rotating partners the partnerships come from a matching first. A round
so found is never worse than a seating by lot would be on average (`tests/club/test_seating.py`
has the proof). `make_draw` plans the night round by round several times and keeps the best
night, stopping early at the floor (`repeat_floor`, `partner_floor`: the fewest repeats any fair
draw could have); without standings it then polishes the night as a whole (`draw_polish`), as the
early rounds could not see the later ones.
"""

import math
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import networkx as nx

from assistant.club import draw_polish
from assistant.club.rounds import (
    KINDS,
    Entrant,
    Round,
    Seating,
    partner_floor,
    partner_repeats,
    partnerships,
    repeat_floor,
    repeats,
    sit_out_ledger,
    table_numbers,
    units_of,
)

ATTEMPTS = 12  # nights planned by make_draw at most, keeping the best
POLISH_EFFORT = 60_000  # swaps weighed by the polish, at most (about 1 s)


# -- the draw ---------------------------------------------------------------------------------


def make_draw(
    entrants: Sequence[Entrant],
    kind: str,
    tables: int | Sequence[int],
    rounds: int,
    standings: Sequence[str] | None = None,
    rng: random.Random | int = 0,
    history: Sequence[Round] = (),
) -> list[Round]:
    """A whole night planned ahead: round 1 by lot, the later rounds by `plan_round` (with the
    standings if given). Plans the night up to ATTEMPTS times and keeps the one with the fewest
    repeated partnerships, then repeated meetings, stopping as soon as one reaches the floor;
    short of it and without standings, polishes the best (`_polish`). About 1 s at most.

    With a `history` (the rounds played already, perhaps by others than `entrants`), only the
    rounds after it are planned, over the whole night: those rounds are returned, numbered on
    from the history's."""
    rng = _rng(rng)
    if rounds < 1:
        raise ValueError("a night has at least one round")
    history = list(history)
    if len(history) >= rounds:
        return []
    floor = _night_floor(entrants, kind, tables, rounds, history)
    best, best_score = None, None
    for _ in range(ATTEMPTS):
        attempt = random.Random(rng.getrandbits(64))
        night: list[Round] = list(history)
        for number in range(len(history), rounds):
            seed = standings if number else None
            night.append(plan_round(entrants, kind, tables, night, seed, attempt))
        score = (partner_repeats(night) if KINDS[kind].rotating_pairs else 0, repeats(night, kind))
        if best_score is None or score < best_score:
            best, best_score = night, score
        if score <= floor:
            return best[len(history) :]
    if standings is None:
        best = _polish(best, kind, floor, rng, fixed=len(history))
    return best[len(history) :]


def _night_floor(entrants, kind: str, tables, rounds: int, history: list[Round]) -> tuple:
    """What `make_draw` may stop at: the floors of a night without changes, or with a history,
    the repeats it already holds (a lower bound, not always within reach)."""
    if history:
        rotating = KINDS[kind].rotating_pairs
        return (partner_repeats(history) if rotating else 0, repeats(history, kind))
    return (
        partner_floor(entrants, tables, rounds) if KINDS[kind].rotating_pairs else 0,
        repeat_floor(entrants, kind, tables, rounds),
    )


def plan_round(
    entrants: Sequence[Entrant],
    kind: str,
    tables: int | Sequence[int],
    history: Sequence[Round] = (),
    standings: Sequence[str] | None = None,
    rng: random.Random | int = 0,
) -> Round:
    """The next round after `history` (the rounds played so far tonight): the tables in play and
    who sits out, by the rules above. `entrants` are names, or for "pairs_fixed" pairs of names;
    `tables` the number of tables (numbered 1..n) or their numbers; `standings` names best
    first (for Swiss rounds; names left out count as last)."""
    if kind not in KINDS:
        raise ValueError(f"unknown game {kind!r}: one of {', '.join(KINDS)}")
    game, rng = KINDS[kind], _rng(rng)
    units, numbers = units_of(entrants, kind), table_numbers(tables)
    tables_used = min(len(numbers), len(units) // game.units)
    if tables_used == 0:
        raise ValueError(f"{kind}: {game.seats} players are needed for a table")
    night = _Night(units, game, history, standings)
    benched, pool, free = night.due_to_sit_out(len(units) - tables_used * game.units)
    if game.units == 2:
        groups, bench = night.match(set(range(len(units))) - set(benched), pool, free, rng)
    elif game.rotating_pairs:
        groups, bench = night.partnerships_then_tables(benched, pool, free, rng)
    else:
        groups, bench = night.seat_by_lot(benched, pool, free, tables_used, rng)
    groups, bench = night.improve(groups, bench, pool, rng)
    return night.round(len(history) + 1, groups, benched + bench, numbers, rng)


def _polish(
    night: list[Round], kind: str, floor: tuple[int, int], rng: random.Random, fixed: int = 0
) -> list[Round]:
    """A night planned ahead, polished as a whole (`draw_polish`): a round planned early cannot
    see the rounds after it. Who sits out stays as it is, and so do the first `fixed` rounds."""
    pieces = sorted({piece for r in night for s in r.seatings for piece in _pieces(s, kind)})
    index = {piece: k for k, piece in enumerate(pieces)}
    layout = [
        [[[index[p] for p in _side_pieces(side, kind)] for side in s.sides] for s in r.seatings]
        for r in night
    ]
    rotating = KINDS[kind].rotating_pairs
    partner_weight = 1 + len(night) * math.comb(len(pieces), 2)
    target = floor[0] * partner_weight + floor[1]
    best = draw_polish.polish(layout, len(pieces), rotating, target, rng, POLISH_EFFORT, fixed)
    return [
        Round(
            r.number,
            tuple(
                Seating(s.table, tuple(_side_names(side, pieces, kind) for side in table))
                for s, table in zip(r.seatings, tables, strict=True)
            ),
            r.sitting_out,
        )
        for r, tables in zip(night, best, strict=True)
    ]


def _pieces(seating: Seating, kind: str):
    return [piece for side in seating.sides for piece in _side_pieces(side, kind)]


def _side_pieces(side: tuple[str, ...], kind: str) -> list:
    return [side] if KINDS[kind].fixed_pairs else list(side)


def _side_names(side: list[int], pieces: list, kind: str) -> tuple[str, ...]:
    return pieces[side[0]] if KINDS[kind].fixed_pairs else tuple(pieces[k] for k in side)


# -- how ---------------------------------------------------------------------------------------


class _Night:
    """The night so far, seen from the next round: the entrants (units: a player, or a fixed
    pair, by index), what happened between them, and the cost of a table, one number whose
    levels follow the rules of the module's docstring."""

    LEVELS = ("partner", "opponent", "partner_again", "opponent_again", "bench", "standing")

    def __init__(self, units, game, history, standings):
        self.units, self.game, n = units, game, len(units)
        played = Counter()
        partnered = partnerships(history)
        for r in history:
            for s in r.seatings:
                for one, other in combinations(s.sides, 2):
                    played.update(frozenset((a, b)) for a in one for b in other)

        def between(counts, i, j):
            return max(counts[frozenset((a, b))] for a in units[i] for b in units[j])

        self.met = [[between(played, i, j) if i != j else 0 for j in range(n)] for i in range(n)]
        self.partnered = [
            [between(partnered, i, j) if i != j else 0 for j in range(n)] for i in range(n)
        ]
        # rounds sat out, or missed (a latecomer sat out the rounds before they came)
        ledger = sit_out_ledger([p for unit in units for p in unit], history)
        self.sat_out = [max(ledger[p] for p in unit) for unit in units]
        self.swiss = standings is not None
        place = {name: k for k, name in enumerate(standings or ())}
        last = len(place)
        self.rank = [min(place.get(p, last) for p in unit) if self.swiss else 0 for unit in units]
        worst = max(self.rank)
        self.bench_cost = [worst - r for r in self.rank]  # the higher placed, the dearer to bench
        # One number for a cost: each level outweighs all the lower ones of a round together.
        base = 8 * (n + 1) ** 2 * (len(history) + 2)
        self.weight = dict(
            zip(reversed(self.LEVELS), (base**k for k in range(len(self.LEVELS))), strict=True)
        )
        self.cache: dict = {}

    # the rules, as costs

    def pairs_cost(self, partners, opponents) -> int:
        w, cost = self.weight, 0
        for i, j in partners:
            if self.partnered[i][j]:
                cost += w["partner"] + (self.partnered[i][j] - 1) * w["partner_again"]
        for i, j in opponents:
            if self.met[i][j]:
                cost += w["opponent"] + (self.met[i][j] - 1) * w["opponent_again"]
        return cost

    def standing_cost(self, group) -> int:
        if not self.swiss:
            return 0
        return self.weight["standing"] * sum(
            abs(self.rank[i] - self.rank[j]) for i, j in combinations(group, 2)
        )

    def table(self, group) -> tuple[int, tuple]:
        """The cost of seating `group` at one table, and its sides (with rotating partners, the
        best of the three ways to make two partnerships)."""
        key = tuple(sorted(group))
        if key not in self.cache:
            standing = self.standing_cost(key)
            if self.game.rotating_pairs:
                a, b, c, d = key
                options = (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))
                self.cache[key] = min(
                    (
                        self.pairs_cost(sides, [(x, y) for x in sides[0] for y in sides[1]])
                        + standing,
                        sides,
                    )
                    for sides in options
                )
            else:
                self.cache[key] = (
                    self.pairs_cost((), combinations(key, 2)) + standing,
                    tuple((i,) for i in key),
                )
        return self.cache[key]

    def bench(self, group) -> int:
        return self.weight["bench"] * sum(self.bench_cost[i] for i in group)

    # rule 1: who sits out

    def due_to_sit_out(self, count: int) -> tuple[list[int], list[int], int]:
        """Those who must sit out (all who sat out least, while they are not too many), the pool
        the rest come from (the next fewest) and how many of the pool sit out."""
        benched: list[int] = []
        for times in sorted(set(self.sat_out)):
            level = [i for i, t in enumerate(self.sat_out) if t == times]
            if len(benched) + len(level) > count:
                return benched, level, count - len(benched)
            benched += level
        return benched, [], 0

    # first seatings

    def match(self, units, pool, free, rng, cost=None):
        """Two at a table, exactly: a maximum-weight matching of `units` in which `free` of the
        pool are matched to a bench seat instead. Small random weights draw lots among equals."""
        cost = cost or (lambda i, j: self.table((i, j))[0])
        units = sorted(units)
        noise = len(units) + 1
        graph = nx.Graph()
        # maxcardinality: everyone is matched, so maximising (big - cost) minimises the cost
        for i, j in combinations(units, 2):
            graph.add_edge(i, j, weight=-(cost(i, j) * noise * 64 + rng.randrange(64)))
        for seat in range(free):
            for i in pool:
                graph.add_edge(
                    ("bench", seat), i, weight=-(self.bench((i,)) * noise * 64 + rng.randrange(64))
                )
        shift = 1 - min((w for _, _, w in graph.edges(data="weight")), default=0)
        for _, _, data in graph.edges(data=True):
            data["weight"] += shift
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        groups, bench = [], []
        for i, j in matching:
            if isinstance(i, tuple) or isinstance(j, tuple):
                bench.append(j if isinstance(i, tuple) else i)
            else:
                groups.append([i, j])
        return groups, bench

    def partnerships_then_tables(self, benched, pool, free, rng):
        """Rotating partners: the partnerships by a matching (rule 2, then the standings), then the
        partnerships two by two to tables by a second matching (rule 3, then the standings)."""
        players = set(range(len(self.units))) - set(benched)

        def partners(i, j):
            return self.pairs_cost([(i, j)], ()) + self.standing_cost((i, j))

        sides, bench = self.match(players, pool, free, rng, partners)
        tables, _ = self.match(
            range(len(sides)),
            [],
            0,
            rng,
            lambda a, b: (
                self.pairs_cost((), [(x, y) for x in sides[a] for y in sides[b]])
                + self.standing_cost(sides[a] + sides[b])
            ),
        )
        return [sides[a] + sides[b] for a, b in tables], bench

    def seat_by_lot(self, benched, pool, free, tables_used, rng):
        """Tables of three or four, to start from: the bench from the pool by lot (with standings,
        the lowest placed), the rest by lot (with standings, in order: the leaders together)."""
        pool = list(pool)
        rng.shuffle(pool)
        if self.swiss:
            pool.sort(key=lambda i: -self.rank[i])
        bench = pool[:free]
        seated = [i for i in range(len(self.units)) if i not in set(benched) | set(bench)]
        rng.shuffle(seated)
        if self.swiss:
            seated.sort(key=lambda i: self.rank[i])
        size = self.game.units
        return [seated[k * size : (k + 1) * size] for k in range(tables_used)], bench

    # better seatings

    def improve(self, groups, bench, pool, rng):
        """Swaps two players of two tables, or a player at a table with one on the bench (both of
        the pool), or with rotating partners two partnerships of two tables, while the swap makes
        the round cheaper. Ends in a round that no such swap improves."""
        groups, bench, pool = [list(g) for g in groups], list(bench), set(pool)
        spots = [(g, k) for g in range(len(groups)) for k in range(len(groups[g]))]
        spots += [(None, k) for k in range(len(bench))]
        cost = [self.table(g)[0] for g in groups]
        bench_cost = self.bench(bench)
        changed = True
        while changed:
            changed = False
            rng.shuffle(spots)
            for (g, k), (h, m) in combinations(spots, 2):
                if g == h or (g is None and groups[h][m] not in pool):
                    continue
                if h is None:
                    if groups[g][k] not in pool:
                        continue
                    (g, k), (h, m) = (h, m), (g, k)
                if g is None:  # bench ⇄ table h
                    seated, waiting = groups[h][m], bench[k]
                    groups[h][m], bench[k] = waiting, seated
                    new_table, new_bench = self.table(groups[h])[0], self.bench(bench)
                    if new_table + new_bench < cost[h] + bench_cost:
                        cost[h], bench_cost, changed = new_table, new_bench, True
                    else:
                        groups[h][m], bench[k] = seated, waiting
                    continue
                groups[g][k], groups[h][m] = groups[h][m], groups[g][k]
                one, other = self.table(groups[g])[0], self.table(groups[h])[0]
                if one + other < cost[g] + cost[h]:
                    cost[g], cost[h], changed = one, other, True
                else:
                    groups[g][k], groups[h][m] = groups[h][m], groups[g][k]
            if self.game.rotating_pairs:
                changed |= self.swap_partnerships(groups, cost)
        return groups, bench

    def swap_partnerships(self, groups, cost) -> bool:
        changed = False
        for g, h in combinations(range(len(groups)), 2):
            for one in self.table(groups[g])[1]:
                for other in self.table(groups[h])[1]:
                    if set(one) <= set(groups[g]) and set(other) <= set(groups[h]):
                        new_g = [i for i in groups[g] if i not in one] + list(other)
                        new_h = [i for i in groups[h] if i not in other] + list(one)
                        a, b = self.table(new_g)[0], self.table(new_h)[0]
                        if a + b < cost[g] + cost[h]:
                            groups[g], groups[h], cost[g], cost[h], changed = (
                                new_g,
                                new_h,
                                a,
                                b,
                                True,
                            )
        return changed

    # the answer

    def round(self, number, groups, bench, numbers, rng) -> Round:
        """The round as names: the tables (with standings, the leaders at the lowest number;
        otherwise by lot), each table's sides and the seats within a side by lot (fixed pairs
        keep their order), the sitting-out in the entrants' order."""
        groups = list(groups)
        rng.shuffle(groups)
        if self.swiss:
            groups.sort(key=lambda g: min(self.rank[i] for i in g))
        seatings = []
        for table, group in zip(numbers, groups, strict=False):
            sides = [list(side) for side in self.table(group)[1]]
            rng.shuffle(sides)
            for side in sides:
                if not self.game.fixed_pairs:
                    rng.shuffle(side)
            names = tuple(tuple(p for i in side for p in self.units[i]) for side in sides)
            seatings.append(Seating(table, names))
        out = tuple(p for i in sorted(bench) for p in self.units[i])
        return Round(number, tuple(seatings), out)


def _rng(rng: random.Random | int) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)
