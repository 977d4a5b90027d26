"""The store on a real SQLite file: what is written comes back as it was."""

import subprocess
import sys
from datetime import datetime

import orjson
import pytest

from assistant.club import store
from assistant.club.opening import migrate
from assistant.db import connect
from assistant.engine import Play, RecordError, read_entry
from tests.records import SMALL, A, play, record


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
    empty = store.create(db, A | {"hands": []})
    played = store.enter(db, empty.id, empty.version, read_entry({"player": "Ann", "play": "5-5"}))
    stored, match = played.stored, played.match  # won by its only play
    assert not store.is_closed(stored, match)
    later = datetime.fromisoformat(stored.updated) + store.CLOSE_AFTER
    assert store.is_closed(stored, match, at=later)  # left for half an hour
    undone = store.undo(db, stored.id, stored.version)
    assert undone.match.winner is None
    redone = store.enter(
        db, stored.id, undone.stored.version, read_entry({"player": "Ann", "play": "5-5"})
    )
    closed = store.close(db, stored.id)
    assert closed.closed is not None
    with pytest.raises(store.ClosedMatch):
        store.undo(db, stored.id, closed.version)
    assert store.undo(db, stored.id, closed.version, admin=True).match.winner is None
    assert redone.match.winner == 0
    db.close()


def test_each_write_answers_with_the_match_as_it_is_stored_and_as_a_replay_gives_it(tmp_path):
    """A write answers without reading the record back (a cost that grew with the match): what
    it answers is what reading the row gives, and its match what a replay from scratch gives."""
    from assistant.engine import replay
    from tests.records import a_match

    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    empty, entries = a_match(11)
    stored = store.create(db, empty | {"rules": {"preset": "all-fives", "hand_size": 5}})
    for entry in entries:
        if (
            stored.leader is None
            and replay(stored.record).phase == "lead"
            and stored.record["hands"]
        ):
            saved = store.choose_leader(db, stored.id, stored.version, entry["player"])
            assert saved.stored == store.get(db, stored.id)
            stored = saved.stored
        saved = store.enter(db, stored.id, stored.version, read_entry(entry))
        assert saved.stored == store.get(db, stored.id)
        assert saved.match.result() == replay(saved.stored.record).result()
        stored = saved.stored
    db.close()


def test_a_tap_between_the_discards_pick_and_its_delete_keeps_its_match(tmp_path):
    """The admin imports two unfinished matches and discards the import; meanwhile one of them
    is played on (a tap lands after the discard picked its matches, before it deleted them):
    that match stays, with the tap; the other goes."""
    path = tmp_path / "records.jsonl"
    started = [
        record(SMALL, players, {"events": [play(players[0], "5-0")]})
        for players in (["Ann", "Bo"], ["Cy", "Di"])
    ]
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in started))
    database = tmp_path / "club.sqlite"
    command = [sys.executable, "-m", "assistant", "import", str(path), "--db", str(database)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "2 imported" in done.stdout, done.stderr
    db = connect(database)
    (import_id,) = db.execute("SELECT id FROM imports").fetchone()
    played_on, other = (row[0] for row in db.execute("SELECT id FROM matches ORDER BY id"))

    picked = store.discard_picks(db, import_id)
    assert picked == [(played_on, 1), (other, 1)]
    tap = store.enter(db, played_on, 1, Play("0-2", "right"), admin=True, tap="tap-between-1")
    assert store.discard_picked(db, import_id, picked) == 1

    kept = store.get(db, played_on)
    assert kept.version == tap.stored.version == 2
    assert kept.record["hands"][0]["events"][-1] == play("Bo", "0-2", "right")
    with pytest.raises(store.UnknownMatch):
        store.get(db, other)
    db.close()
