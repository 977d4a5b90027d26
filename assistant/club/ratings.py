"""Ratings with openskill (Plackett-Luce): each finished match is one game, sides ranked by the
winner first and then by score, partnerships rated as teams of two. Recomputed in the order the
matches finished; a new finished match is added on top, anything else recomputes them all.

Each game the club plays (assistant/club/games.py) has ratings of its own: a match of Fives and
Threes never moves a player's All Fives rating. The ratings computed are kept per game:
{game: {player id: {mu, sigma, games, recent}}}."""

import json

from openskill.models import PlackettLuce

RECENT = 6  # ordinals kept per player: the trend is the change over the last 5 games
MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def _load(db, game: str, player_ids) -> dict:
    marks = ",".join("?" * len(player_ids))
    rows = db.execute(
        "SELECT player_id, mu, sigma, games, recent FROM ratings "
        f"WHERE game = ? AND player_id IN ({marks})",
        [game, *player_ids],
    ).fetchall()
    return {
        r[0]: {"mu": r[1], "sigma": r[2], "games": r[3], "recent": json.loads(r[4])} for r in rows
    }


def rate_game(state: dict, teams: list[list[int]], places: list[int]) -> None:
    """Updates `state` (player id → mu, sigma, games, recent) with one game."""
    rated = []
    for team in teams:
        rated.append(
            [
                MODEL.rating(mu=state[p]["mu"], sigma=state[p]["sigma"])
                if p in state
                else MODEL.rating()
                for p in team
            ]
        )
    new = MODEL.rate(rated, ranks=places)
    for team, ratings in zip(teams, new, strict=True):
        for p, r in zip(team, ratings, strict=True):
            entry = state.setdefault(p, {"mu": 0.0, "sigma": 0.0, "games": 0, "recent": []})
            entry["mu"], entry["sigma"] = r.mu, r.sigma
            entry["games"] += 1
            entry["recent"] = (entry["recent"] + [round(ordinal(r.mu, r.sigma), 3)])[-RECENT:]


def _rows(by_game: dict) -> list[tuple]:
    """(game, player id, mu, sigma, ordinal, games, recent) per game and player rated."""
    return [
        (game, p, s["mu"], s["sigma"], ordinal(s["mu"], s["sigma"]), s["games"],
         json.dumps(s["recent"]))
        for game, state in by_game.items()
        for p, s in state.items()
    ]  # fmt: skip


def _save(db, by_game: dict) -> None:
    db.conn.executemany(
        "INSERT OR REPLACE INTO ratings(game, player_id, mu, sigma, ordinal, games, recent) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        _rows(by_game),
    )


def _rate(db, where: str = "", params: list | None = None) -> dict:
    """The finished matches (of `where`) rated from scratch, each game on its own."""
    by_game: dict = {}
    for game, teams, ranks in _games(db, where, params):
        rate_game(by_game.setdefault(game, {}), teams, ranks)
    return by_game


def _games(db, where: str = "", params: list | None = None):
    """Finished matches in rating order, each as (game, teams of player ids, places)."""
    rows = db.execute(
        "SELECT s.match_id, s.game, s.scores, s.winner, p.side, p.player_id "
        "FROM match_summary s "
        f"JOIN match_players p ON p.match_id = s.match_id WHERE s.finished = 1 AND s.counted = 1 "
        f"{where} "
        "ORDER BY s.finished_at, s.match_id, p.seat",
        params or [],
    )
    current, game, teams, scores, winner = None, None, {}, None, None
    for match_id, its_game, score_text, win, side, player in rows:
        if match_id != current:
            if current is not None:
                yield game, _teams(teams), places(json.loads(scores), winner)
            current, game, teams, scores, winner = match_id, its_game, {}, score_text, win
        teams.setdefault(side, []).append(player)
    if current is not None:
        yield game, _teams(teams), places(json.loads(scores), winner)


def _teams(teams: dict) -> list[list[int]]:
    return [teams[side] for side in sorted(teams)]


def places(scores: list, winner: int | None) -> list[int]:
    """The winner first, then the other sides by score (equal scores share a place)."""
    found = [sum(1 for other in scores if other > mine) for mine in scores]
    if winner is None:
        return found
    return [0 if i == winner else max(p, 1) for i, p in enumerate(found)]


def rate_all(db) -> dict:
    """Every rating of every game from scratch, in match order (it reads only: no write lock
    needed)."""
    return _rate(db)


def save_all(db, state: dict) -> None:
    """Inside the caller's write: `state` (from `rate_all`) becomes the ratings."""
    db.execute("DELETE FROM ratings")
    _save(db, state)
    db.execute("INSERT OR REPLACE INTO club_meta(key, value) VALUES ('ratings_dirty', '0')")


def recompute(db) -> None:
    """Inside the caller's write: every rating from scratch."""
    save_all(db, rate_all(db))


def add_match(db, match_id: int) -> None:
    """Rates one newly finished match on top of the ratings of its game as they are."""
    for game, teams, ranks in _games(db, "AND s.match_id = ?", [match_id]):
        players = [p for team in teams for p in team]
        state = _load(db, game, players)
        rate_game(state, teams, ranks)
        _save(db, {game: state})
    _count_change(db)


def mark_dirty(db) -> None:
    db.execute("INSERT OR REPLACE INTO club_meta(key, value) VALUES ('ratings_dirty', '1')")
    db.execute("DELETE FROM club_meta WHERE key LIKE 'season_ratings:%'")
    _count_change(db)


def changes(db) -> int:
    """How many times the ratings were changed or made stale: a recompute made outside the
    write lock is kept only if this has not moved meanwhile."""
    row = db.execute("SELECT value FROM club_meta WHERE key = 'ratings_changes'").fetchone()
    return int(row[0]) if row else 0


def _count_change(db) -> None:
    db.execute(
        "INSERT INTO club_meta(key, value) VALUES ('ratings_changes', '1') "
        "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1"
    )


def is_dirty(db) -> bool:
    row = db.execute("SELECT value FROM club_meta WHERE key = 'ratings_dirty'").fetchone()
    return bool(row and row[0] == "1")


# -- the ratings of one season ----------------------------------------------------------------
# A season's matches alone, rated in the same order: a cache (table season_ratings) kept with
# the mark of what it was computed from. A match finished, deleted, accepted or moved to another
# night changes the mark; a change the mark cannot see (a merge, a new winner) calls mark_dirty.


def season_mark(db, nights: tuple[str, str]) -> str:
    """What a season's ratings are computed from, in brief: its range and its rated matches."""
    count, ids, latest = db.execute(
        "SELECT COUNT(*), TOTAL(match_id), MAX(updated) FROM match_summary "
        "WHERE night BETWEEN ? AND ? AND finished = 1 AND counted = 1",
        list(nights),
    ).fetchone()
    return json.dumps([*nights, count, ids, latest])


def season_is_fresh(db, season_id: int, mark: str) -> bool:
    key = f"season_ratings:{season_id}"
    kept = db.execute("SELECT value FROM club_meta WHERE key = ?", [key]).fetchone()
    return bool(kept and kept[0] == mark)


def rate_season(db, nights: tuple[str, str]) -> dict:
    """The ratings of the season's matches alone, per game (outside any write: it reads
    only)."""
    return _rate(db, "AND s.night BETWEEN ? AND ?", list(nights))


def save_season(db, season_id: int, mark: str, state: dict) -> None:
    """Inside the caller's write."""
    db.execute("DELETE FROM season_ratings WHERE season_id = ?", [season_id])
    db.conn.executemany(
        "INSERT INTO season_ratings(season_id, game, player_id, mu, sigma, ordinal, games, "
        "recent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(season_id, *row) for row in _rows(state)],
    )
    db.execute(
        "INSERT OR REPLACE INTO club_meta(key, value) VALUES (?, ?)",
        [f"season_ratings:{season_id}", mark],
    )
