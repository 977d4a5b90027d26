"""What the club pages read: SQL aggregates over the derived cache, one page at a time."""

import json
from dataclasses import dataclass, field

from assistant.club import registry
from assistant.club.games import ALL_FIVES, FIVES_AND_THREES, GAMES
from assistant.club.seasons import Season

PAGE = 25


@dataclass
class HistoryFilter:
    player: str = ""
    since: str = ""  # YYYY-MM-DD, inclusive
    until: str = ""  # YYYY-MM-DD, inclusive
    preset: str = ""
    status: str = ""  # "", "finished", "playing", "stopped" or "archived"
    game: str = ""  # "", or one of games.GAMES
    page: int = 1
    errors: list = field(default_factory=list)

    def args(self, **changes) -> dict:
        """The query string for a link to this filter (another page, say)."""
        keys = ("player", "since", "until", "preset", "status", "game")
        values = {k: getattr(self, k) for k in keys}
        values["page"] = self.page
        return {k: v for k, v in (values | changes).items() if v not in ("", None, 1)}


def selection(db, f: HistoryFilter) -> tuple[str, list] | None:
    """The matches a history filter keeps, as SQL after `SELECT … FROM match_summary s` and its
    parameters; None when it names a player the club does not know. Dates are the day a match
    was played (`played`: its record's date): an undated import is left out by a date filter."""
    where, params, join = [], [], ""
    if f.player:
        player_id = registry.find(db, f.player)
        if player_id is None:
            return None
        join = "JOIN match_players p ON p.match_id = s.match_id AND p.player_id = ?"
        params.append(player_id)
    if f.since:
        where.append("s.played >= ?")
        params.append(f.since)
    if f.until:
        where.append("s.played < ?")
        params.append(f.until + "T99")  # the whole day: '...T23:59:59+01:00' < '...T99'
    if f.preset:
        where.append("s.preset = ?")
        params.append(f.preset)
    if f.game:
        where.append("s.game = ?")
        params.append(f.game)
    if f.status == "finished":
        where.append("s.finished = 1")
    elif f.status == "playing":
        where.append("s.finished = 0 AND s.stopped = 0")
    elif f.status == "stopped":
        where.append("s.stopped = 1")
    elif f.status == "archived":
        where.append("s.archived = 1")
    return f"{join} {'WHERE ' + ' AND '.join(where) if where else ''}", params


def history(db, f: HistoryFilter) -> dict:
    """One page of matches, newest first, and whether there are more."""
    selected = selection(db, f)
    if selected is None:
        return {"rows": [], "more": False, "unknown_player": True}
    sql, params = selected
    rows = db.execute(
        f"SELECT {MATCH_COLUMNS} FROM match_summary s {sql} "
        "ORDER BY s.played DESC, s.match_id DESC LIMIT ? OFFSET ?",
        [*params, PAGE + 1, (f.page - 1) * PAGE],
    ).fetchall()
    rows = match_rows(db, rows)
    return {"rows": rows[:PAGE], "more": len(rows) > PAGE, "unknown_player": False}


MATCH_COLUMNS = (
    "s.match_id, s.created, s.updated, s.preset, s.custom, s.players, s.sides, s.scores, "
    "s.winner, s.finished, s.hands, s.played, s.archived, s.counted, s.stopped, s.game"
)


def home(db, playing: int = 10, finished: int = 10) -> dict:
    """The home screen's lists: the matches in play, last touched first, and the latest
    finished ones; the rest (and the matches in play that were archived or stopped) are in
    the history."""
    in_play = db.execute(
        f"SELECT {MATCH_COLUMNS} FROM match_summary s "
        "WHERE s.finished = 0 AND s.archived = 0 AND s.stopped = 0 "
        "ORDER BY s.updated DESC, s.match_id DESC LIMIT ?",
        [playing + 1],
    ).fetchall()
    done = db.execute(
        f"SELECT {MATCH_COLUMNS} FROM match_summary s WHERE s.finished = 1 "
        "ORDER BY s.finished_at DESC, s.match_id DESC LIMIT ?",
        [finished + 1],
    ).fetchall()
    return {
        "playing": match_rows(db, in_play[:playing]),
        "more_playing": len(in_play) > playing,
        "finished": match_rows(db, done[:finished]),
        "more_finished": len(done) > finished,
    }


def match_rows(db, rows) -> list[dict]:
    """Rows of match_summary (MATCH_COLUMNS) as the lists show them, players named as they
    are called now."""
    sides = [json.loads(r[6]) for r in rows]
    names = registry.current_names(db, {p for match in sides for side in match for p in side})
    return [_match_row(r, names) for r in rows]


def _match_row(r, names: dict[str, str]) -> dict:
    sides, scores, winner = json.loads(r[6]), json.loads(r[7]), r[8]
    return {
        "id": r[0],
        "created": r[1],
        "updated": r[2],
        "preset": r[3],
        "custom": bool(r[4]),  # the preset with options changed
        "players": r[5],
        "sides": [
            {
                "name": " + ".join(names.get(p, p) for p in side),
                "score": score,
                "winner": i == winner,
            }
            for i, (side, score) in enumerate(zip(sides, scores, strict=True))
        ],  # fmt: skip
        "finished": bool(r[9]),
        "hands": r[10],
        "played": r[11],  # the record's date; None: an undated import
        "archived": bool(r[12]),
        "imported": not r[13],  # arrived whole: counts once the admin accepts it
        "stopped": bool(r[14]),  # ended before anyone won
        "game": r[15],
    }


def presets(db) -> list[str]:
    return [r[0] for r in db.execute("SELECT DISTINCT preset FROM match_summary ORDER BY 1")]


def games(db, night: str | None = None) -> list[str]:
    """The games the club has played (on one night, when given), the one played most first
    (All Fives on a tie, and when nothing was played yet). Every club page asks, so a big club
    of one game is not counted through: a game is looked for, and the two counted only when
    both were played, All Fives only as far as Fives and Threes' count."""
    where, params = ("night = ? AND", [night]) if night else ("", [])

    def count(game: str, most: int = -1) -> int:
        return db.execute(
            f"SELECT COUNT(*) FROM (SELECT 1 FROM match_summary WHERE {where} game = ? LIMIT ?)",
            [*params, game, most],
        ).fetchone()[0]

    played = [game for game in GAMES if count(game, 1)]
    if len(played) < 2:
        return played or [ALL_FIVES]
    threes = count(FIVES_AND_THREES)
    return played if count(ALL_FIVES, threes) >= threes else played[::-1]


# A stopped match counts its hands, points and tiles, never as a match won or lost.
STAT_SUMS = (
    "SUM(finished) AS matches, SUM(won) AS wins, SUM(stopped) AS stopped, SUM(hands) AS hands, "
    "SUM(side_points) AS points, SUM(told_hands) AS told_hands, "
    "SUM(plays) AS plays, SUM(scoring_plays) AS scoring_plays, SUM(play_points) AS play_points, "
    "MAX(largest) AS largest, SUM(dominoes) AS dominoes, SUM(blocks_won) AS blocks_won, "
    "SUM(pips_caught) AS pips_caught, SUM(fifteens) AS fifteens, SUM(busts) AS busts, "
    "SUM(chip_outs) AS chip_outs"
)


def _stats(row: dict) -> dict:
    """The sums made into the figures shown: rates and averages, rounded for reading."""
    matches, hands, scoring = row["matches"] or 0, row["hands"] or 0, row["scoring_plays"] or 0
    return row | {
        "win_rate": round(100 * (row["wins"] or 0) / matches) if matches else None,
        "points_per_hand": round(row["points"] / hands, 1) if hands else None,
        "average_score": round(row["play_points"] / scoring, 1) if scoring else None,
    }


def _in_nights(nights: tuple[str, str] | None, column: str = "night") -> tuple[str, list]:
    """The SQL condition (and its parameters) for a range of club nights; all time when None."""
    if nights is None:
        return "", []
    return f"AND {column} BETWEEN ? AND ?", list(nights)


def player_stats(
    db, player_id: int, nights: tuple[str, str] | None = None, game: str = ALL_FIVES
) -> dict:
    """A player's figures in one game over their finished and stopped matches: overall and per
    preset; `nights`: only those of a range of club nights (a season)."""
    where, params = _in_nights(nights)
    cursor = db.execute(
        f"SELECT preset, {STAT_SUMS} FROM match_players "
        "WHERE player_id = ? AND game = ? AND (finished = 1 OR stopped = 1) AND counted = 1 "
        f"{where} GROUP BY preset ORDER BY preset",
        [player_id, game, *params],
    )
    names = [d[0] for d in cursor.description]
    per_preset = [dict(zip(names, r, strict=True)) for r in cursor.fetchall()]
    overall = _total(per_preset)
    unfinished, _params = _in_nights(nights, "p.night")
    playing, archived = db.execute(
        "SELECT COALESCE(SUM(s.archived = 0), 0), COALESCE(SUM(s.archived = 1), 0) "
        "FROM match_players p JOIN match_summary s ON s.match_id = p.match_id "
        f"WHERE p.player_id = ? AND p.game = ? AND p.finished = 0 AND p.stopped = 0 {unfinished}",
        [player_id, game, *params],
    ).fetchone()
    waiting = db.execute(
        "SELECT COUNT(*) FROM match_players WHERE player_id = ? AND game = ? "
        f"AND (finished = 1 OR stopped = 1) AND counted = 0 {where}",
        [player_id, game, *params],
    ).fetchone()[0]
    return {
        "overall": _stats(overall),
        "presets": [_stats(r) for r in per_preset],
        "playing": playing,
        "archived": archived,  # unfinished, and nobody plays on: as the history says
        "waiting": waiting,  # ended, and left out of the figures until the admin accepts them
    }


def is_archived(db, match_id: int) -> bool:
    """Whether a match is filed away: unfinished, and nobody plays on it here."""
    row = db.execute("SELECT archived FROM match_summary WHERE match_id = ?", [match_id])
    found = row.fetchone()
    return bool(found and found[0])


def _total(rows: list[dict]) -> dict:
    total = {"preset": None}
    for key in ("matches", "wins", "stopped", "hands", "points", "plays", "scoring_plays",
                "play_points", "dominoes", "blocks_won", "pips_caught",
                "told_hands", "fifteens", "busts", "chip_outs"):  # fmt: skip
        total[key] = sum(r[key] or 0 for r in rows)
    total["largest"] = max((r["largest"] or 0 for r in rows), default=0)
    return total


def partnerships(
    db, player_id: int, nights: tuple[str, str] | None = None, game: str = ALL_FIVES
) -> list[dict]:
    """The player's partnerships in one game: the side's results, the two players' tiles added
    up (the hands the side went out are the side's)."""
    where, params = _in_nights(nights, "a.night")
    cursor = db.execute(
        "SELECT q.id AS partner_id, q.name AS partner, SUM(a.finished) AS matches, "
        "SUM(a.won) AS wins, SUM(a.stopped) AS stopped, SUM(a.told_hands) AS told_hands, "
        "SUM(a.hands) AS hands, SUM(a.side_points) AS points, "
        "SUM(a.plays + b.plays) AS plays, SUM(a.scoring_plays + b.scoring_plays) AS scoring_plays, "
        "SUM(a.play_points + b.play_points) AS play_points, "
        "MAX(MAX(a.largest, b.largest)) AS largest, SUM(a.dominoes + b.dominoes) AS dominoes, "
        "SUM(a.blocks_won) AS blocks_won, SUM(a.pips_caught + b.pips_caught) AS pips_caught, "
        "SUM(a.fifteens + b.fifteens) AS fifteens, SUM(a.busts + b.busts) AS busts, "
        "SUM(a.chip_outs) AS chip_outs "
        "FROM match_players a "
        "JOIN match_players b ON b.match_id = a.match_id AND b.player_id = a.partner_id "
        "JOIN players q ON q.id = a.partner_id "
        "WHERE a.player_id = ? AND a.game = ? AND (a.finished = 1 OR a.stopped = 1) "
        f"AND a.counted = 1 {where} GROUP BY a.partner_id ORDER BY matches DESC",
        [player_id, game, *params],
    )
    names = [d[0] for d in cursor.description]
    return [_stats(dict(zip(names, r, strict=True))) for r in cursor.fetchall()]


def fresh_ratings(db, season: Season | None = None, game: str = ALL_FIVES) -> tuple[str, list]:
    """Where to read the ratings of one game (all time, or of one season's matches alone): the
    SQL source of rows (player_id, mu, sigma, ordinal, games, recent) and its parameters. Only
    read: the write that makes them stale brings them up to date (`store.keep_ratings_fresh`)."""
    if season is None:
        return "(SELECT * FROM ratings WHERE game = ?)", [game]
    return "(SELECT * FROM season_ratings WHERE season_id = ? AND game = ?)", [season.id, game]


def rating(db, player_id: int, season: Season | None = None, game: str = ALL_FIVES):
    """A player's (ordinal, games) in one game, all time or of one season; None: not rated."""
    source, params = fresh_ratings(db, season, game)
    found = db.execute(f"SELECT ordinal, games FROM {source} r WHERE r.player_id = ?",
                       [*params, player_id])  # fmt: skip
    return found.fetchone()


def _tenths(value: float) -> float:
    """Rounded to a tenth, never to -0.0 (a rating of -0.00066 reads 0.0, not "-0.0")."""
    return round(value, 1) + 0.0


def leaderboard(
    db, limit: int = 50, offset: int = 0, season: Season | None = None, game: str = ALL_FIVES
) -> list[dict]:
    """Players of one game by rating (openskill ordinal, μ − 3σ), with games played and trend;
    of one season's matches alone when `season` is given."""
    source, params = fresh_ratings(db, season, game)
    rows = db.execute(
        f"SELECT p.id, p.name, r.ordinal, r.mu, r.sigma, r.games, r.recent FROM {source} r "
        "JOIN players p ON p.id = r.player_id ORDER BY r.ordinal DESC, p.name LIMIT ? OFFSET ?",
        [*params, limit, offset],
    ).fetchall()
    board = []
    for rank, (pid, name, ordinal, mu, sigma, games, recent) in enumerate(rows, offset + 1):
        recent = json.loads(recent)
        trend = _tenths(recent[-1] - recent[0]) if len(recent) > 1 else 0.0
        board.append(
            {
                "rank": rank,
                "id": pid,
                "name": name,
                "rating": _tenths(ordinal),
                "mu": _tenths(mu),
                "sigma": round(sigma, 2),
                "games": games,
                "trend": trend,
            }
        )
    return board
