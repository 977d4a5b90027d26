"""The SQLite database: one connection per request, schema as sqlite-utils migrations."""

import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("allfives")


@migrations()
def create_matches(db: Database) -> None:
    db["matches"].create(
        {
            "id": int,
            "record": str,  # the allfives-match/1 JSON: the source of truth
            "version": int,  # increases on every write; a stale phone is refused
            "leader": str,  # who leads hand `leader_hand`, when the rules leave it open
            "leader_hand": int,
            "created": str,
            "updated": str,
        },
        pk="id",
        not_null={"record", "version", "created", "updated"},
    )


@migrations()
def club_tables(db: Database) -> None:
    """Players, watch codes and the derived statistics cache (assistant/club/schema.py)."""
    from assistant.club import cache, schema

    schema.create_tables(db)
    cache.rebuild(db)


@migrations()
def home_index(db: Database) -> None:
    """The index the home screen's list of matches in play reads (assistant/club/schema.py)."""
    from assistant.club import schema

    schema.create_tables(db)


def connect(path: str | Path) -> Database:
    # A writer waits this long for another writer's BEGIN IMMEDIATE instead of failing at once.
    conn = sqlite3.connect(str(path), timeout=10, check_same_thread=False)
    return Database(conn)


def migrate(path: str | Path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        with db.ensure_autocommit_on():
            db.execute("PRAGMA journal_mode=WAL")
        migrations.apply(db)
    finally:
        db.close()


def get_db() -> Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


_writers: dict[str, threading.Lock] = {}
_writers_lock = threading.Lock()


def _writer(db: Database) -> threading.Lock:
    path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    with _writers_lock:
        return _writers.setdefault(path, threading.Lock())


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock at its start, so two phones writing at once
    queue up instead of failing half-way (a plain BEGIN upgrades its lock too late).

    The server's threads also queue on a lock of this process first: SQLite's own wait for a
    busy database sleeps in steps of up to 100 ms, which under load made the slowest taps wait
    for nothing (bench/tap_latency.py flat out: p99 of 0.8 s). Another process still waits on
    SQLite's lock, up to the connection's timeout."""
    with _writer(db):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.rollback()
            raise
        db.execute("COMMIT")


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    # SQLite checkpoints and deletes the WAL whenever the last connection to the file closes:
    # with a connection per request that was most requests, about 1 ms each (bench/
    # tap_latency.py). One connection open for the app's life keeps the WAL in place; it reads
    # nothing after this and never holds a transaction, so it blocks no writer or checkpoint.
    keeper = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    keeper.execute("SELECT count(*) FROM sqlite_master").fetchall()
    app.extensions["allfives_db_keeper"] = keeper
    weakref.finalize(app, keeper.close)
    app.teardown_appcontext(close_db)
