"""The store's rules for what counts and what is closed, on a real SQLite file."""

import json

from assistant.club import store
from assistant.club.opening import migrate
from assistant.db import connect, immediate
from tests.records import A, blank


def test_only_a_match_started_empty_and_undated_counts_at_once():
    assert store.counts_at_once(blank(A), "table")
    assert store.counts_at_once(blank(A), "api")
    assert not store.counts_at_once(blank(A) | {"date": "2026-03-05"}, "api")
    assert not store.counts_at_once(A, "api")
    assert not store.counts_at_once(blank(A), "import")
    told = A | {"hands": [{"points": {"Ann": 10}}]}  # a hand scored as told
    assert store.told_hands(told) == 1
    assert not store.counts_at_once(told, "table")


def test_a_match_that_arrived_whole_is_closed_from_the_start_and_accepting_closes(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    whole = store.create(db, A, origin="api")
    assert whole.imported and whole.closed is not None
    playing = store.create(db, blank(A), origin="api")
    assert not playing.imported and playing.closed is None
    store.accept(db, [whole.id])
    assert store.get(db, whole.id).closed is not None and not store.get(db, whole.id).imported
    db.close()


def test_matches_from_before_that_arrived_whole_are_closed_by_the_migration(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    when = "2026-01-05T20:00:00+00:00"
    with immediate(db):
        for origin, accepted in (("api", 1), ("import", 1), ("api", 0), ("table", 1)):
            db.execute(
                "INSERT INTO matches(record, version, created, updated, origin, accepted) "
                "VALUES (?, 1, ?, ?, ?, ?)",
                [json.dumps(A), when, when, origin, accepted],
            )
        db.execute("DELETE FROM _sqlite_migrations WHERE name = 'arrived_whole_closed'")
    db.close()
    migrate(path)
    db = connect(path)
    closed = [c for (c,) in db.execute("SELECT closed FROM matches ORDER BY id").fetchall()]
    assert closed == [when, when, when, None]  # the table's own match closes as it always did
    db.close()
