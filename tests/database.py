"""The database file read and changed from outside the app: what a refused request must leave
as it was, and imported matches accepted as the club admin accepts them."""

import sqlite3


def database_rows(path) -> dict:
    """What a refused request must leave as it was: every match row, player and name, read
    from the database file as committed."""
    conn = sqlite3.connect(path)
    try:
        return {
            "matches": conn.execute(
                "SELECT id, version, record, leader, closed, accepted FROM matches ORDER BY id"
            ).fetchall(),
            "players": conn.execute("SELECT id, name FROM players ORDER BY id").fetchall(),
            "names": conn.execute(
                "SELECT key, player_id FROM player_names ORDER BY key"
            ).fetchall(),
        }
    finally:
        conn.close()


def accept_imported(path) -> None:
    """Every imported match in the database file accepted, as the club admin accepts them."""
    from assistant.club import store
    from assistant.db import connect

    db = connect(path)
    try:
        ids = [i for (i,) in db.execute("SELECT id FROM matches WHERE accepted = 0").fetchall()]
        if ids:
            store.accept(db, ids)
    finally:
        db.close()
