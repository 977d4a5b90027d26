"""The database in the app: two connections kept per server thread, lent to one request at a time
(`g`): a read (GET, HEAD) gets one that cannot write, every other request the one the store writes
on; at start, the file migrated and the imports whose process is gone marked stopped."""

import sqlite3
import threading
import weakref

from flask import Flask, current_app, g, has_request_context, request
from sqlite_utils import Database

from assistant.club.opening import migrate
from assistant.club.store import stop_dead_imports
from assistant.db import connect, fault


class _Connections(threading.local):
    """This app's connections for the thread serving a request. A new connection reads the
    schema before its first answer, too much to pay on every tap, so waitress's few threads keep
    theirs for the server's life; a thread's connections close when the thread ends (a
    development server's thread per request) or the app goes."""

    writing: Database | None = None
    reading: Database | None = None


READS = frozenset({"GET", "HEAD", "OPTIONS"})


def get_db() -> Database:
    """The request's connection. A read's (GET, HEAD) is `query_only`: a write tried on it fails
    at once, answered as the crash of the code it is (`wrote_while_reading`), so showing a page
    never changes the file. Every other request's is the one the store's write transactions
    take."""
    if "db" not in g:
        kept = current_app.extensions["allfives_connections"]
        path = current_app.config["DATABASE"]
        if has_request_context() and request.method in READS:
            if kept.reading is None:
                kept.reading = _opened(connect(path))
                kept.reading.execute("PRAGMA query_only = ON")
            g.db = kept.reading
        else:
            if kept.writing is None:
                kept.writing = _opened(connect(path))
            g.db = kept.writing
    return g.db


def _opened(db: Database) -> Database:
    with _opened_lock:
        current_app.extensions["allfives_opened"].append(db)
    return db


_opened_lock = threading.Lock()


def close_all(app: Flask) -> None:
    """Every connection the app opened, closed, once the server has stopped taking requests:
    then nothing of this process still reads the WAL when the server empties it into the file."""
    with _opened_lock:
        opened, app.extensions["allfives_opened"] = app.extensions["allfives_opened"], []
    for db in opened:
        db.close()
    app.extensions["allfives_db_keeper"].close()


def wrote_while_reading(error: BaseException | None) -> bool:
    """Whether `error` is a write refused on a read's connection: a mistake of the code (reads
    never write), not a file that cannot be written. SQLite refuses it with the plain code of a
    read-only database; a file it cannot write gives that code too, but only to a write."""
    return (
        isinstance(error, sqlite3.Error)
        and getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_READONLY
        and has_request_context()
        and request.method in READS
    )


def end_request(_exc: BaseException | None = None) -> None:
    """Nothing of one request's work carries over into the next one on this connection."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    db = connect(app.config["DATABASE"])
    try:
        stop_dead_imports(db, app.config["DATABASE"])
    except sqlite3.OperationalError as error:
        if fault(error) is None:
            raise
        # Read-only or full: the server still shows what was saved; writes say what to do.
        app.logger.warning("imports whose process is gone are not marked stopped: %s", error)
    finally:
        db.close()
    # SQLite checkpoints and deletes the WAL whenever the last connection to the file closes:
    # one connection open for the app's life keeps the WAL in place even before the first
    # request. It reads nothing after this and never holds a transaction, so it blocks no
    # writer or checkpoint.
    keeper = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    keeper.execute("SELECT count(*) FROM sqlite_master").fetchall()
    app.extensions["allfives_db_keeper"] = keeper
    weakref.finalize(app, keeper.close)
    app.extensions["allfives_connections"] = _Connections()
    app.extensions["allfives_opened"] = []
    app.teardown_appcontext(end_request)
