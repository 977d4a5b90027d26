"""Opening the club's file: refused when it is damaged or was written by a newer release,
brought to the latest schema (`schema.py`), and the statistics cache rebuilt and the ratings
made again when a schema step asked for it. The app, every command and the import process open
the file through here."""

import sqlite3
import sys
from pathlib import Path

from sqlite_utils import Database

from assistant.club import cache, ratings, schema, seasons
from assistant.db import (
    DAMAGED,
    FULL,
    READ_ONLY,
    DatabaseFault,
    check_file,
    connect,
    default_database,
    fault,
    immediate,
)


def unknown_steps(db: Database) -> list[str]:
    """The schema steps applied to this file that this release does not know: a newer release
    wrote it."""
    known = {step.name for step in schema.migrations._migrations}
    return [step.name for step in schema.migrations.applied(db) if step.name not in known]


def refuse_newer(db: Database, path: str | Path) -> None:
    unknown = unknown_steps(db)
    if unknown:
        raise DatabaseFault(
            f"{path} was written by a newer release of All Fives Scorepad (its schema has "
            f"steps this release does not know: {', '.join(unknown)}). This release refuses "
            "it, so that nothing the newer one keeps is lost or counted wrong: run the newer "
            "release, or restore a backup made by this one.",
            damaged=False,
        )


def opened(path: str | Path) -> Database:
    """A connection to an existing database this release may use: a whole SQLite file (else
    DatabaseFault) not written by a newer release."""
    check_file(path)
    db = connect(path)
    try:
        refuse_newer(db, path)
    except sqlite3.DatabaseError as error:
        db.close()
        if fault(error) == DAMAGED:
            raise DatabaseFault(f"{path} is damaged: {error}") from None
        raise
    except DatabaseFault:
        db.close()
        raise
    return db


def migrate(path: str | Path) -> None:
    """The file brought to the latest schema (made, with its folder, when missing). Raises
    DatabaseFault for a file that is damaged or was written by a newer release."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = opened(path)
    try:
        _migrate(db)
    except sqlite3.DatabaseError as error:
        kind = fault(error)
        if kind == DAMAGED:
            raise DatabaseFault(f"{path} is damaged: {error}") from None
        if kind == READ_ONLY:
            raise DatabaseFault(
                f"{path} cannot be written, and this release must bring its schema up to date "
                "first: make the file and its folder writable for the user that runs the server",
                damaged=False,
            ) from None
        if kind == FULL:
            raise DatabaseFault(
                f"the disk that holds {path} is full: free some space on it", damaged=False
            ) from None
        raise
    finally:
        db.close()


def _migrate(db: Database) -> None:
    with db.ensure_autocommit_on():
        db.execute("PRAGMA journal_mode=WAL")
    schema.migrations.apply(db)
    stale = db.execute("SELECT value FROM club_meta WHERE key = 'cache_stale'").fetchone()
    if stale and stale[0] == "1":
        with immediate(db):
            cache.rebuild(db)
            db.execute("DELETE FROM club_meta WHERE key = 'cache_stale'")
    _ratings_made_fresh(db)


def _ratings_made_fresh(db: Database) -> None:
    """Ratings a schema step left stale (players merged) made again now, all time and of each
    season whose matches changed: the screens that show ratings only read them."""
    stale = [
        season
        for season in seasons.all_seasons(db)
        if not ratings.season_is_fresh(db, season.id, ratings.season_mark(db, season.nights))
    ]
    if not (ratings.is_dirty(db) or stale):
        return
    try:
        with immediate(db):
            if ratings.is_dirty(db):
                ratings.recompute(db)
            for season in stale:
                mark = ratings.season_mark(db, season.nights)
                ratings.save_season(db, season.id, mark, ratings.rate_season(db, season.nights))
    except sqlite3.OperationalError as error:
        if fault(error) not in (READ_ONLY, FULL):
            raise
        # The server still shows what was saved, the ratings as they were; writes say what to do.


def rebuild_command(database: str | None) -> int:
    """`python -m assistant rebuild-stats`: the server's file (or `database`), migrated first so
    a fresh or older file works too. Safe while the app serves: it waits for the write lock."""
    path = Path(database) if database else default_database()
    try:
        migrate(path)
        db = connect(path)
        try:
            with immediate(db):
                count = cache.rebuild(db)
        finally:
            db.close()
    except sqlite3.Error as error:
        print(f"rebuild-stats: {error}", file=sys.stderr)
        return 1
    print(f"Rebuilt the statistics and ratings of {count} matches.")
    return 0
