"""The SQLite file, on the ground floor: where it lives, a connection, a write transaction. No
Flask, no club, no web: the app, the club and the command line all stand on this."""

import errno
import os
import sqlite3
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database


def instance_folder() -> Path:
    """The app's instance folder, found by Flask's rule without loading Flask: `instance/`
    beside the package in a checkout, `<prefix>/var/assistant-instance` once installed."""
    root = Path(os.path.abspath(__file__)).parent.parent  # the folder that holds `assistant`
    prefix = Path(os.path.abspath(sys.prefix))
    if root.is_relative_to(prefix):
        return prefix / "var" / "assistant-instance"
    if root.name.lower() == "site-packages":  # a virtualenv outside sys.prefix
        parent = root.parent
        if parent.name.lower() == "lib":
            prefix = parent.parent
        elif parent.parent.name.lower() == "lib":
            prefix = parent.parent.parent
        else:
            prefix = parent
        return prefix / "var" / "assistant-instance"
    return root / "instance"


def default_database() -> Path:
    return instance_folder() / "allfives.sqlite"


def connect(path: str | Path) -> Database:
    # A writer waits this long for another writer's BEGIN IMMEDIATE instead of failing at once.
    conn = sqlite3.connect(str(path), timeout=10, check_same_thread=False)
    db = Database(conn)
    db.writer = _writer_for(os.path.realpath(path))  # the lock `immediate` queues on
    return db


_writers: dict[str, threading.Lock] = {}
_writers_lock = threading.Lock()


def _writer_for(path: str) -> threading.Lock:
    with _writers_lock:
        return _writers.setdefault(path, threading.Lock())


def file_of(db: Database) -> str:
    """The file behind `db` ("" for a database in memory)."""
    return db.conn.execute("PRAGMA database_list").fetchone()[2]


def _writer(db: Database) -> threading.Lock:
    """The lock of the database file behind `db` (one per file in this process)."""
    writer = getattr(db, "writer", None)
    if writer is None:  # a connection made elsewhere (sqlite-utils' own, a test's)
        writer = db.writer = _writer_for(file_of(db))
    return writer


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock at its start, so two phones writing at once
    queue up instead of failing half-way (a plain BEGIN upgrades its lock too late).

    The server's threads also queue on a lock of this process first: SQLite's own wait for a
    busy database sleeps in growing steps, so under load a tap would sleep on after the database
    was free, where this lock wakes the next writer at once. Another process still waits on
    SQLite's lock, up to the connection's timeout."""
    with _writer(db):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.rollback()
            raise
        db.execute("COMMIT")


# -- faults of the file and its disk --------------------------------------------------------------

FULL, READ_ONLY, DAMAGED = "full", "read-only", "damaged"
_SQLITE_KINDS = {13: FULL, 8: READ_ONLY, 11: DAMAGED, 26: DAMAGED}  # primary result codes
_OS_KINDS = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EROFS: READ_ONLY}


def fault(error: BaseException | None) -> str | None:
    """What is wrong with the database file or its disk, when that is what `error` says: FULL
    (no space left), READ_ONLY (the file, its folder or the disk cannot be written) or DAMAGED
    (the file is not, or no longer, a whole SQLite database); None for anything else."""
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None:
            return _SQLITE_KINDS.get(code & 0xFF)
        text = str(error)
        if "disk is full" in text:
            return FULL
        if "readonly database" in text:
            return READ_ONLY
        if "malformed" in text or "not a database" in text:
            return DAMAGED
        return None
    if isinstance(error, OSError):
        return _OS_KINDS.get(error.errno)
    return None


class DatabaseFault(Exception):
    """The database cannot be used as it is: what is wrong, said for the organiser; `damaged`
    when restoring a backup is what helps."""

    def __init__(self, sentence: str, damaged: bool = True):
        super().__init__(sentence)
        self.damaged = damaged


HEADER = b"SQLite format 3\x00"


def check_file(path: str | Path) -> None:
    """Raises DatabaseFault when the file at `path` is not a whole SQLite database: something
    else, overwritten, or cut short (its header says how many pages it holds). A missing or
    empty file is a new database."""
    path = Path(path)
    try:
        size = path.stat().st_size
        with open(path, "rb") as file:
            head = file.read(100)
    except FileNotFoundError:
        return
    except OSError as error:
        raise DatabaseFault(f"{path} cannot be read: {error.strerror}", damaged=False) from None
    if size == 0:
        return
    if not head.startswith(HEADER):
        raise DatabaseFault(f"{path} is not an SQLite database: it was damaged or overwritten")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    header_current = head[24:28] == head[92:96]  # else SQLite counts the pages by the size
    # A checkpoint cut off by a crash is finished from the WAL when the file is next opened.
    wal = path.with_name(path.name + "-wal")
    mending = wal.exists() and wal.stat().st_size > 0
    if header_current and not mending and size < pages * page_size:
        raise DatabaseFault(
            f"{path} is cut short: it holds {size:,} of its {pages * page_size:,} bytes"
        )


def restore_steps(path: str | Path) -> str:
    """docs/operations.md's "Restoring a backup", for this file."""
    path = Path(path)
    aside = path.parent / "broken"
    return "\n".join(
        [
            "To restore the latest backup (docs/operations.md, 'Restoring a backup'):",
            "  1. stop the server;",
            f"  2. move the damaged file aside: mkdir -p {aside} && mv {path}* {aside}/",
            f"  3. copy the backup in: cp backups/allfives-YYYY-MM-DD.sqlite {path}",
            f"  4. check it: python -m assistant check --db {path}",
            "  5. start the server again.",
        ]
    )
