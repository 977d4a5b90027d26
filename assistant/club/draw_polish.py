"""A night of the draw polished as a whole (`assistant/club/seating.py` plans it round by round, and
a round planned early cannot see the rounds after it).

The night is a layout of numbers: `layout[round][table][side]` lists the pieces of that side,
a piece being what sits in one place of a side (a player, or a fixed pair: one a side), by
index. The first `fixed` rounds are played already: they count, but nobody in them moves.

Someone in a repeat (a repeated partnership or meeting) swaps places with someone else in the
same round, at another table or, with rotating partners, across their own table; or two
partnerships of a round swap tables. A swap is made when it lowers the night's repeated
partnerships, or leaves them and lowers its repeated meetings; who sits out stays as it is. When
no swap helps, a random swap of someone in a repeat shakes the night and it is polished again
(until the floor, or for about `effort` swaps weighed), going back to the best night whenever a
shake made it worse. The night returned is one that no swap improves.

A place is (table, side, k) for a piece, (table, side) for a whole side, within one round."""

import math
import random
from itertools import combinations

Layout = list[list[list[list[int]]]]
PiecePlace = tuple[int, int, int]
SidePlace = tuple[int, int]


def copy(layout: Layout) -> Layout:
    return [[[list(side) for side in table] for table in tables] for tables in layout]


def places(tables: list[list[list[int]]]) -> list[PiecePlace]:
    """Every place of a piece in one round."""
    return [
        (t, s, k)
        for t in range(len(tables))
        for s in range(len(tables[t]))
        for k in range(len(tables[t][s]))
    ]


class Polish:
    """The night being polished: its layout, how often each two pieces partnered and met in it,
    and its total: repeated meetings, plus repeated partnerships each weighing more than all
    meetings together."""

    def __init__(self, layout: Layout, pieces: int, rotating: bool, fixed: int = 0):
        self.rotating, self.fixed = rotating, fixed
        self.partner_weight = 1 + len(layout) * math.comb(pieces, 2)
        self.partnered = [[0] * pieces for _ in range(pieces)]
        self.met = [[0] * pieces for _ in range(pieces)]
        self.total = 0
        self.effort = 0  # swaps weighed so far
        self.load(layout)

    # counting

    def relations(self, table):
        """(counts, is a partnership, a, b) for every two pieces that partner or meet at a table."""
        if self.rotating:
            for side in table:
                yield self.partnered, 1, side[0], side[1]
        for one, other in combinations(table, 2):
            for a in one:
                for b in other:
                    yield self.met, 0, a, b

    def account(self, table, step: int) -> None:
        """Counts the table in (step 1) or out (step -1) of the night."""
        for counts, is_partner, a, b in self.relations(table):
            weight = self.partner_weight if is_partner else 1
            if step < 0:
                counts[a][b] -= 1
                counts[b][a] -= 1
            if counts[a][b] >= 1:
                self.total += step * weight
            if step > 0:
                counts[a][b] += 1
                counts[b][a] += 1

    def load(self, layout: Layout) -> None:
        """Starts again from `layout` (copied), counted afresh."""
        self.layout = copy(layout)
        for counts in (self.partnered, self.met):
            for row in counts:
                row[:] = [0] * len(row)
        self.total = 0
        for tables in self.layout:
            for table in tables:
                self.account(table, 1)

    def in_repeat(self, table) -> bool:
        return any(counts[a][b] >= 2 for counts, _, a, b in self.relations(table))

    def ties(self, table, s: int, x: int, away: int | None):
        """The partners and opponents x has, or would have, at side s of `table`, leaving out
        `away` (who swaps with x): (counts, weight, piece)."""
        for v, side in enumerate(table):
            for z in side:
                if z not in (x, away):
                    if v != s:
                        yield self.met, 1, z
                    elif self.rotating:
                        yield self.partnered, self.partner_weight, z

    def repeating(self, tables, place: PiecePlace) -> bool:
        """Is the piece at this place in a repeat?"""
        t, s, k = place
        x = tables[t][s][k]
        return any(c[x][z] >= 2 for c, _, z in self.ties(tables[t], s, x, None))

    # swaps

    def piece_swap_change(self, tables, one: PiecePlace, other: PiecePlace) -> int:
        """Swapping the pieces x and y at two places: the change in the night's total (x's
        repeats where it sits, less those where it goes, and y's)."""
        (t, s, k), (u, v, m) = one, other
        x, y = tables[t][s][k], tables[u][v][m]
        gone = sum(w for c, w, z in self.ties(tables[t], s, x, y) if c[x][z] >= 2)
        gone += sum(w for c, w, z in self.ties(tables[u], v, y, x) if c[y][z] >= 2)
        new = sum(w for c, w, z in self.ties(tables[u], v, x, y) if c[x][z] >= 1)
        new += sum(w for c, w, z in self.ties(tables[t], s, y, x) if c[y][z] >= 1)
        return new - gone

    def side_swap_change(self, tables, one: SidePlace, other: SidePlace) -> int:
        """Swapping side s of table t with side v of table u (partnerships stay): the change."""
        (t, s), (u, v) = one, other
        met = self.met
        mine, theirs = tables[t][s], tables[u][v]
        facing_mine, facing_theirs = tables[t][1 - s], tables[u][1 - v]
        gone = sum(met[a][b] >= 2 for a in mine for b in facing_mine)
        gone += sum(met[a][b] >= 2 for a in theirs for b in facing_theirs)
        new = sum(met[a][b] >= 1 for a in mine for b in facing_theirs)
        new += sum(met[a][b] >= 1 for a in theirs for b in facing_mine)
        return new - gone

    def change(self, tables, one, other) -> int:
        """The change a swap of two pieces, or of two sides, would make to the night's total."""
        if len(one) == 3:
            return self.piece_swap_change(tables, one, other)
        return self.side_swap_change(tables, one, other)

    def make(self, tables, one, other) -> None:
        """Makes the swap, counting the two tables out of the night and in again."""
        affected = {one[0], other[0]}
        for t in affected:
            self.account(tables[t], -1)
        if len(one) == 3:
            (t, s, k), (u, v, m) = one, other
            tables[t][s][k], tables[u][v][m] = tables[u][v][m], tables[t][s][k]
        else:
            (t, s), (u, v) = one, other
            tables[t][s], tables[u][v] = tables[u][v], tables[t][s]
        for t in affected:
            self.account(tables[t], 1)

    def attempt(self, tables, one, other) -> bool:
        """Makes the swap if it lowers the night's total."""
        self.effort += 1
        if self.change(tables, one, other) < 0:
            self.make(tables, one, other)
            return True
        return False

    def moves(self, tables, t: int):
        """The swaps that may lower the repeats of table t: its pieces in a repeat with those of
        other tables (with rotating partners, also across the table), and its sides with those
        of other tables. (A swap lowers the repeats only if one of the two is in a repeat.)"""
        for one in places(tables):
            if one[0] != t or not self.repeating(tables, one):
                continue
            for other in places(tables):
                if other[0] != t or (self.rotating and other[1] != one[1]):
                    yield one, other
        if self.rotating:
            for s in range(len(tables[t])):
                for u in range(len(tables)):
                    if u != t:
                        for v in range(len(tables[u])):
                            yield (t, s), (u, v)

    # the search

    def spots(self) -> list:
        """The tables in a repeat, of the rounds that may change: (the round's tables, table)."""
        return [
            (tables, t)
            for tables in self.layout[self.fixed :]
            for t in range(len(tables))
            if self.in_repeat(tables[t])
        ]

    def descend(self, rng: random.Random) -> None:
        """Swaps while a swap lowers the night's total."""
        improved = True
        while improved:
            improved = False
            spots = self.spots()
            rng.shuffle(spots)
            for tables, t in spots:
                options = list(self.moves(tables, t))
                rng.shuffle(options)
                for one, other in options:
                    if self.in_repeat(tables[t]) and self.attempt(tables, one, other):
                        improved = True

    def shake(self, rng: random.Random) -> bool:
        """One random swap of someone in a repeat; False when there is nobody to swap."""
        spots = [(tables, t) for tables, t in self.spots() if len(tables) > 1 or self.rotating]
        if not spots:
            return False
        tables, t = rng.choice(spots)
        one, other = rng.choice(list(self.moves(tables, t)))
        self.make(tables, one, other)
        return True


def polish(
    layout: Layout,
    pieces: int,
    rotating: bool,
    target: int,
    rng: random.Random,
    effort: int,
    fixed: int = 0,
) -> Layout:
    """The night polished: descend, then shake and descend again, keeping the best night, until
    its total reaches `target` or about `effort` swaps were weighed."""
    night = Polish(layout, pieces, rotating, fixed)
    night.descend(rng)
    best, best_total = night.layout, night.total
    night.load(best)  # a copy to work on
    while best_total > target and night.effort < effort:
        if not night.shake(rng):
            break
        night.descend(rng)
        if night.total <= best_total:
            best, best_total = copy(night.layout), night.total
        else:
            night.load(best)
    return best
