"""The database in the app: one connection per request (`g`); at start, the file migrated and the
imports whose process is gone marked stopped."""

import sqlite3
import weakref

from flask import Flask, current_app, g
from sqlite_utils import Database

from assistant.club.opening import migrate
from assistant.club.store import stop_dead_imports
from assistant.db import connect, fault


def get_db() -> Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


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
    # with a connection per request that was most requests, about 1 ms each (bench/
    # tap_latency.py). One connection open for the app's life keeps the WAL in place; it reads
    # nothing after this and never holds a transaction, so it blocks no writer or checkpoint.
    keeper = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    keeper.execute("SELECT count(*) FROM sqlite_master").fetchall()
    app.extensions["allfives_db_keeper"] = keeper
    weakref.finalize(app, keeper.close)
    app.teardown_appcontext(close_db)
