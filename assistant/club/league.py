"""The league table and a night's standings, in SQL over the derived cache: played, won, lost,
win %, points for and against and the average per hand, over the finished matches that count,
in a range of club nights (a season, one night) or all time.

* Points are points: a match whose scores are kept in fives (`score_unit: fives`) adds its
  scores ×5, so both kinds of match add up in the same unit.
* Points against: what the other sides scored (in a game of three, both others together).
* A match that stopped before anyone won counts as the club's setting says
  (`seasons.stopped_counting`): not at all; as played with no winner (its hands and points
  count, and each side lost it); or won by the side alone ahead when it stopped.
* A partnership's result is credited to each of its two players, and the pair is ranked as a
  pair too.
* The league ranks by win %, then wins, then points for less against, then the average per hand;
  whoever played fewer games than the minimum is listed apart, unranked. A night ranks by wins,
  then points for less against, then points for. Equal figures share a place.
* The OpenSkill rating is shown beside a player, never used in the order.
* A table is of one game (assistant/club/games.py): All Fives and Fives and Threes are never
  mixed, in the standings or in the ratings beside them.
"""

import heapq
from dataclasses import dataclass, field

from assistant.club import collation, queries, seasons
from assistant.club.games import ALL_FIVES
from assistant.club.seasons import Season

APART = 30  # of those listed apart (many in a big club: every pair that met once), the first


@dataclass
class Standing:
    ids: tuple[int, ...]  # the player, or the pair's two players
    names: tuple[str, ...]
    played: int
    won: int
    hands: int
    points_for: float
    points_against: float
    rating: float | None = None
    rank: int | None = None

    @property
    def name(self) -> str:
        return " + ".join(self.names)

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> int:
        return round(100 * self.won / self.played)

    @property
    def per_hand(self) -> float | None:
        return round(self.points_for / self.hands, 1) if self.hands else None

    @property
    def difference(self) -> float:
        return self.points_for - self.points_against

    def key(self, order: str) -> tuple:
        """Best first; the name is not part of it (equal figures share a place)."""
        per_hand = self.points_for / self.hands if self.hands else 0
        if order == "night":
            return (-self.won, -self.difference, -self.points_for)
        return (-self.won / self.played, -self.won, -self.difference, -per_hand)


@dataclass
class Table:
    ranked: list[Standing] = field(default_factory=list)
    unranked: list[Standing] = field(default_factory=list)  # fewer games than the minimum
    pairs: list[Standing] = field(default_factory=list)
    pairs_unranked: list[Standing] = field(default_factory=list)
    minimum: int = 0
    unranked_count: int = 0  # all of them: `unranked` holds the first APART
    pairs_unranked_count: int = 0

    @property
    def negative(self) -> bool:
        """Some points for or against are below 0: under All Fives each player takes their own
        pips off their side's score when a hand ends, so a score can go below 0."""
        rows = self.ranked + self.unranked + self.pairs + self.pairs_unranked
        return any(s.points_for < 0 or s.points_against < 0 for s in rows)

    @property
    def leaders(self) -> list[Standing]:
        """Who is first (more than one when they share the place)."""
        return [s for s in self.ranked if s.rank == 1]


# Which matches count, and what counts as won, for each way of counting a stopped match.
COUNTED = {
    "none": ("finished = 1 AND counted = 1", "won"),
    "no_winner": ("(finished = 1 OR stopped = 1) AND counted = 1", "won"),
    "leader": ("(finished = 1 OR stopped = 1) AND counted = 1", "won + led"),
}


def _sums(won: str) -> str:
    return f"COUNT(*), SUM({won}), SUM(hands), SUM(side_points), SUM(points_against)"


def _players(db, source: str, where: str, params: list, counting: str = "none") -> list[tuple]:
    """(ids, names, played, won, hands, points for, points against) of every player."""
    counted, won = COUNTED[counting]
    rows = db.execute(
        f"SELECT g.*, q.name FROM (SELECT player_id, {_sums(won)} FROM {source} "
        f"WHERE {counted} {where} GROUP BY player_id) g "
        "JOIN players q ON q.id = g.player_id",
        params,
    ).fetchall()
    return [((r[0],), (r[6],), *r[1:6]) for r in rows]


def _pairs(db, source: str, where: str, params: list, counting: str = "none") -> list[tuple]:
    """The same of every partnership (two players who played as partners)."""
    counted, won = COUNTED[counting]
    rows = db.execute(
        f"SELECT g.*, a.name, b.name FROM (SELECT player_id, partner_id, {_sums(won)} "
        f"FROM {source} WHERE {counted} AND partner_id IS NOT NULL "
        f"AND player_id < partner_id {where} GROUP BY player_id, partner_id) g "
        "JOIN players a ON a.id = g.player_id JOIN players b ON b.id = g.partner_id",
        params,
    ).fetchall()
    return [((r[0], r[1]), (r[7], r[8]), *r[2:7]) for r in rows]


def _ranked(rows: list[tuple], order: str, minimum: int, language: str) -> tuple[list, list, int]:
    """Those with the minimum of games in order with their places; the first APART of the
    others, most games first; how many others there are. Rows stay tuples until chosen: a big
    club has tens of thousands of pairs that met once."""
    places = _places(rows, language)
    ranked = sorted(
        (Standing(*row) for row in rows if row[2] >= minimum),
        key=lambda s: (s.key(order), [places[name] for name in s.names]),
    )
    for n, standing in enumerate(ranked):
        before = ranked[n - 1] if n else None
        same = before is not None and before.key(order) == standing.key(order)
        standing.rank = before.rank if same else n + 1
    others = [row for row in rows if row[2] < minimum]
    first = heapq.nsmallest(APART, others, key=lambda r: (-r[2], [places[n] for n in r[1]]))
    return ranked, [Standing(*row) for row in first], len(others)


def _places(rows: list[tuple], language: str) -> dict[str, int]:
    """Each name's place in the language's order (numbers compare faster than collation keys,
    over tens of thousands of pairs)."""
    names = {name for row in rows for name in row[1]}
    return {name: n for n, name in enumerate(collation.sorted_names(names, language))}


def _table(
    db, nights: tuple[str, str] | None, minimum: int, order: str, language: str, game: str
) -> Table:
    # A range of nights reads its own index: without statistics (ANALYZE) SQLite would pick the
    # all-time one, and read every row of the club's history for one season.
    source, where, params = "match_players", "AND game = ?", [game]
    if nights:
        source = "match_players INDEXED BY match_players_night"
        where, params = "AND game = ? AND night BETWEEN ? AND ?", [game, *nights]
    counting = seasons.stopped_counting(db)
    players = _players(db, source, where, params, counting)
    ranked, unranked, apart = _ranked(players, order, minimum, language)
    found = _pairs(db, source, where, params, counting)
    pairs, pairs_unranked, pairs_apart = _ranked(found, order, minimum, language)
    return Table(ranked, unranked, pairs, pairs_unranked, minimum, apart, pairs_apart)


def league(
    db, season: Season | None, minimum: int, language: str = "en", game: str = ALL_FIVES
) -> Table:
    """The league table of one game in a season (all time when None), each player's rating in
    that game beside: of the season's matches alone, or all time. Equal figures are listed in
    `language`'s order of names."""
    found = _table(db, season.nights if season else None, minimum, "league", language, game)
    players = found.ranked + found.unranked
    if players:
        source, params = queries.fresh_ratings(db, season, game)
        ratings = dict(db.execute(f"SELECT player_id, ordinal FROM {source}", params).fetchall())
        for standing in players:
            rating = ratings.get(standing.ids[0])
            standing.rating = round(rating, 1) + 0.0 if rating is not None else None  # no -0.0
    return found


def night(db, date: str, language: str = "en", game: str = ALL_FIVES) -> Table:
    """One club night's standings in one game: everyone who played it is ranked."""
    return _table(db, (date, date), 0, "night", language, game)


def has_stopped(db, season: Season | None, game: str = ALL_FIVES) -> bool:
    """Whether a match of the game that counts stopped before anyone won, in the season (or
    all time)."""
    where, params = "AND game = ?", [game]
    if season:
        where, params = "AND game = ? AND night BETWEEN ? AND ?", [game, *season.nights]
    found = db.execute(
        f"SELECT 1 FROM match_summary WHERE stopped = 1 AND counted = 1 {where} LIMIT 1", params
    )
    return found.fetchone() is not None
