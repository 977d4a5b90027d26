"""The ratings kept fresh by the writes that stale them (a match finished, changed, deleted or
accepted; players merged; a season's nights changed), so that the screens that show them only
read."""

from sqlite_utils import Database

from assistant.club import (
    ratings,
    seasons,
    worker,
)
from assistant.club.seasons import Season
from assistant.db import file_of, immediate


def _rated(db: Database, nights: tuple[str, str] | None = None) -> dict:
    """Every rating from scratch, computed by the process of its own (worker.py), or here for
    a database in memory."""
    path = file_of(db)
    if not path:
        return ratings.rate_all(db) if nights is None else ratings.rate_season(db, nights)
    return worker.rated(path, nights)


def keep_ratings_fresh(db: Database) -> None:
    """After a write that may have made ratings stale (a match finished, or its result changed,
    deleted, accepted; players merged; a season's nights changed): the all-time ratings and
    those of each season whose matches changed, brought up to date by the writer, so that the
    screens that show them (the leaderboard, the league) only read."""
    refresh_ratings(db)
    for season in seasons.all_seasons(db):
        refresh_season_ratings(db, season)


def refresh_ratings(db: Database, attempts: int = 3) -> None:
    """The all-time ratings brought up to date when they are stale. They are computed by a
    process of its own with no lock held (a table keeps tapping meanwhile) and kept only if
    nothing changed them in the meantime; else computed again, and after `attempts` left stale
    for the next write (the one that changed them meanwhile keeps them fresh in its turn)."""
    for _ in range(attempts):
        if not ratings.is_dirty(db):
            return
        seen = ratings.changes(db)
        state = _rated(db)
        with immediate(db):
            if ratings.changes(db) == seen:
                ratings.save_all(db, state)
                return


def refresh_season_ratings(db: Database, season: Season) -> None:
    """A season's ratings, the same way: computed with no lock, kept if still current."""
    mark = ratings.season_mark(db, season.nights)
    if ratings.season_is_fresh(db, season.id, mark):
        return
    state = _rated(db, season.nights)
    with immediate(db):
        if ratings.season_mark(db, season.nights) == mark:
            ratings.save_season(db, season.id, mark, state)
