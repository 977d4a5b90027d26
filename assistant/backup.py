"""`python -m assistant backup FILE`: a consistent copy of the database while the app runs.

SQLite's online backup API copies the pages under a read transaction, so the copy is the
database as it was at one moment: whole entries only, whatever the server is writing meanwhile.
Restoring is copying the file back while the server is stopped (docs/operations.md)."""

import os
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from assistant.db import default_database

PAGES = 256  # copied per step; writers get the lock in between


def backup(source: str | Path, target: str | Path) -> None:
    """Copies `source` to `target` (replaced whole; written beside it, then renamed)."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(source, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst, pages=PAGES)
            dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
            check = dst.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"the copy failed its integrity check: {check}")
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(partial, target)


def backup_command(target: str, database: str | None) -> int:
    source = Path(database) if database else default_database()
    if not source.exists():
        print(f"backup: there is no database at {source}", file=sys.stderr)
        return 2
    if Path(target).resolve() == source.resolve():
        print("backup: the copy must go to another file", file=sys.stderr)
        return 2
    try:
        backup(source, target)
    except sqlite3.Error as error:
        print(f"backup: {error}", file=sys.stderr)
        return 1
    with closing(sqlite3.connect(target)) as copy:
        matches = copy.execute("SELECT count(*) FROM matches").fetchone()[0]
    print(f"Backed up {source} to {target}: {matches} matches.")
    return 0
