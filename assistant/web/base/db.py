"""The database in the app: a connection kept per server thread, lent to one request at a time
(`g`); at start, the file migrated and the imports whose process is gone marked stopped."""

import sqlite3
import threading
import weakref

from flask import Flask, current_app, g
from sqlite_utils import Database

from assistant.club.opening import migrate
from assistant.club.store import stop_dead_imports
from assistant.db import connect, fault


class _Connections(threading.local):
    """This app's connection for the thread serving a request. A new connection reads the
    schema before its first answer, too much to pay on every tap, so waitress's few threads keep
    theirs for the server's life; a thread's connection closes when the thread ends (a
    development server's thread per request) or the app goes."""

    db: Database | None = None


def get_db() -> Database:
    if "db" not in g:
        kept = current_app.extensions["allfives_connections"]
        if kept.db is None:
            kept.db = connect(current_app.config["DATABASE"])
        g.db = kept.db
    return g.db


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
    app.teardown_appcontext(end_request)
