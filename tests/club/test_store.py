"""The store on a real SQLite file: what is written comes back as it was."""

from datetime import datetime

import pytest

from assistant.club import store
from assistant.club.schema import migrate
from assistant.db import connect
from assistant.engine import RecordError
from tests.helpers import A


def test_a_record_comes_back_whole_and_one_beyond_the_limits_is_refused(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    stored = store.create(db, A)
    assert store.get(db, stored.id).record == A
    huge = A | {"rules": A["rules"] | {"target": 10**20}}
    with pytest.raises(RecordError, match="the target must be from 1 to 10000 points"):
        store.create(db, huge)
    assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 1
    db.close()


def test_a_finished_match_stays_open_to_the_table_until_it_is_closed(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    stored = store.create(db, A)  # won by its only play
    match = store.replayed(db, stored)
    assert not store.is_closed(stored, match)
    later = datetime.fromisoformat(stored.updated) + store.CLOSE_AFTER
    assert store.is_closed(stored, match, at=later)  # left for half an hour
    undone = store.undo(db, stored.id, stored.version)
    assert undone.match.winner is None
    redone = store.enter(db, stored.id, undone.stored.version, {"player": "Ann", "play": "5-5"})
    closed = store.close(db, stored.id)
    assert closed.closed is not None
    with pytest.raises(store.ClosedMatch):
        store.undo(db, stored.id, closed.version)
    assert store.undo(db, stored.id, closed.version, admin=True).match.winner is None
    assert redone.match.winner == 0
    db.close()
