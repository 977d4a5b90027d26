"""`hands.csv` from the scorepads the cache keeps (a row a hand in each match's summary, kept by
every write, the import and the rebuild): the same rows as the matches replayed; a summary from
before scorepads were kept is replayed from its record."""

import sqlite3
from contextlib import closing

import orjson

from assistant.club import cache, derive, store
from assistant.club.opening import migrate
from assistant.db import connect, immediate
from assistant.engine import replay
from tests.clients import create, post_json
from tests.club.test_exports import as_dicts, rows
from tests.records import A, D, G


def kept(path) -> dict:
    with closing(sqlite3.connect(path)) as db:
        found = db.execute("SELECT match_id, hand_rows FROM match_summary").fetchall()
    return {match_id: orjson.loads(text) if text else None for match_id, text in found}


def test_hands_csv_reads_the_kept_scorepads_and_replays_only_old_summaries(client):
    ids = [create(client, r) for r in (A, D, G)]
    path = client.application.config["DATABASE"]
    assert all(kept(path)[i] for i in ids)
    before = as_dicts(rows(client.get("/history/hands.csv?sheet=comma")))
    assert {r["match"] for r in before} == {str(i) for i in ids}
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE match_summary SET hand_rows = NULL WHERE match_id = ?", [ids[1]])
    assert as_dicts(rows(client.get("/history/hands.csv?sheet=comma"))) == before


def test_a_tap_keeps_the_scorepad_as_the_replay_gives_it(client):
    match_id = create(client, {**A, "hands": []})
    path = client.application.config["DATABASE"]
    assert kept(path)[match_id] == []
    led = post_json(client, f"/api/matches/{match_id}/events",
                    {"version": 1, "player": "Ann", "play": "5-5"})  # fmt: skip
    assert led.status_code == 200
    record = client.get(f"/api/matches/{match_id}").get_json()["record"]
    assert kept(path)[match_id] == derive.scorepad(replay(record)) != []


def test_the_rebuild_keeps_the_scorepads(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    match_id = store.create(db, D).id
    expected = derive.scorepad(replay(D))
    with immediate(db):
        db.execute("UPDATE match_summary SET hand_rows = NULL")
        cache.rebuild(db)
    db.close()
    assert kept(path)[match_id] == expected
