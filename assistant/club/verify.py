"""`python -m assistant check`: is the database whole? SQLite's integrity check of every page,
then every match record read and replayed by the rules, as the app would show it."""

import sqlite3
import sys
from pathlib import Path

import orjson

from assistant.club import opening
from assistant.db import DAMAGED, DatabaseFault, default_database, fault, restore_steps
from assistant.engine import RecordError, replay

SHOWN = 20  # problems listed at most; the rest are counted


def problems(db) -> tuple[int, list[str]]:
    """(the matches read, what is wrong: SQLite's integrity check, then each record that cannot be
    read or replayed)."""
    found = [
        f"SQLite: {line}"
        for (line,) in db.execute("PRAGMA integrity_check(100)").fetchall()
        if line != "ok"
    ]
    matches = 0
    for match_id, text in db.execute("SELECT id, record FROM matches ORDER BY id"):
        matches += 1
        try:
            replay(orjson.loads(text))
        except orjson.JSONDecodeError:
            found.append(f"match {match_id}: its record is not JSON")
        except RecordError as broken:
            found.append(f"match {match_id}: its record does not replay: {broken}")
    return matches, found


def check_command(database: str | None) -> int:
    path = Path(database) if database else default_database()
    if not path.exists():
        print(f"check: there is no database at {path}", file=sys.stderr)
        return 2
    db = opening.opened(path)
    try:
        matches, found = problems(db)
    except sqlite3.DatabaseError as error:
        if fault(error) == DAMAGED:
            raise DatabaseFault(f"{path} is damaged: {error}") from None
        raise
    finally:
        db.close()
    if not found:
        print(f"{path}: SQLite's integrity check passed; every one of {matches} records replays.")
        return 0
    print(f"{path}: {len(found)} problems found ({matches} records read):", file=sys.stderr)
    for line in found[:SHOWN]:
        print(f"  {line}", file=sys.stderr)
    if len(found) > SHOWN:
        print(f"  … and {len(found) - SHOWN} more", file=sys.stderr)
    print(restore_steps(path), file=sys.stderr)
    return 1
