"""One person, one player: the registry compares names as the engine does (`name_key`), on a
real SQLite file, and a database keyed the old way is keyed again."""

import json

from assistant.club import registry
from assistant.club.opening import migrate
from assistant.db import connect, immediate
from assistant.engine import replay
from tests.clients import post_json
from tests.database import database_rows
from tests.records import D


def _played_by(first: str, second: str) -> dict:
    text = json.dumps(D).replace('"Ann"', json.dumps(first)).replace('"Bo"', json.dumps(second))
    return json.loads(text)


def test_lookalike_names_are_one_player_and_each_is_shown_as_typed(client):
    for first, second in (("Zo\u00eb", "Lee"), ("Zoe\u0308", "Lee\u200b"), ("ZOË", "lee")):
        assert post_json(client, "/api/matches", _played_by(first, second)).status_code == 201
    players = client.get("/players").get_data(as_text=True)
    assert players.count("<bdi>Zo\u00eb</bdi>") == 1 and players.count("<bdi>Lee</bdi>") == 1
    assert "Lee\u200b" not in players and "Zoe\u0308" not in players
    history = client.get("/history").get_data(as_text=True)
    assert history.count("Zo\u00eb") == 3  # each match shows the player's name now


def test_one_person_cannot_take_two_seats_and_nothing_is_written(client):
    before = database_rows(client.application.config["DATABASE"])
    for first, second in (("Kim", "kim"), ("Straße", "STRASSE"), ("Max", "Max\u00a0")):
        refused = post_json(client, "/api/matches", _played_by(first, second))
        assert refused.status_code == 422
        error = refused.get_json()["error"]
        assert f"{first!r} and {second!r} are one person's name" in error
    assert database_rows(client.application.config["DATABASE"]) == before


def test_names_keyed_the_old_way_are_keyed_again_and_lookalikes_become_one(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    with immediate(db):
        for name in ("Zo\u00eb", "Zoe\u0308", "Lee", "Lee\u200b", "Al Bo"):
            player = db.execute("INSERT INTO players(name) VALUES (?)", [name]).lastrowid
            old_key = " ".join(name.split()).casefold()  # the key before one_key_per_person
            db.execute("INSERT INTO player_names(key, player_id) VALUES (?, ?)", [old_key, player])
        db.execute("DELETE FROM _sqlite_migrations WHERE name = 'one_key_per_person'")
    db.close()
    migrate(path)
    db = connect(path)
    names = [row[0] for row in db.execute("SELECT name FROM players ORDER BY id").fetchall()]
    assert names == ["Zo\u00eb", "Lee", "Al Bo"]  # the first made keeps its name
    assert registry.find(db, "ZOE\u0308") == registry.find(db, "zo\u00eb") is not None
    assert registry.find(db, "Lee\u2060") == registry.find(db, "LEE") is not None
    db.close()


def test_the_new_match_screen_refuses_one_person_in_two_seats(client):
    form = {"player": ["Straße", "STRASSE", "", ""], "preset": "muggins", "create": "1"}
    refused = client.post("/matches/new", data=form)
    assert refused.status_code == 422
    assert "Straße and STRASSE are one person" in refused.text
    assert client.get("/api/matches/1").status_code == 404


def test_a_name_of_invisible_characters_is_no_name_for_the_registry(client):
    refused = client.post("/players", data={"name": "\u200b\u202e"})
    assert refused.status_code == 422 and "A player needs a name." in refused.text
    assert "<bdi>" not in refused.text.partition('class="player-list"')[2].partition("</ul>")[0]


def test_a_record_seating_one_person_twice_from_before_is_given_two_names(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    old = _played_by("Kim", "kim")  # taken before the engine compared names as one person's
    with immediate(db):
        db.execute(
            "INSERT INTO matches(record, version, created, updated) VALUES (?, 3, ?, ?)",
            [json.dumps(old), "2026-01-05T20:00:00+00:00", "2026-01-05T20:00:00+00:00"],
        )
        db.execute("DELETE FROM _sqlite_migrations WHERE name = 'one_seat_per_person'")
    db.close()
    migrate(path)
    db = connect(path)
    text, version = db.execute("SELECT record, version FROM matches").fetchone()
    record = json.loads(text)
    assert record == _played_by("Kim", "kim (2)") and version == 4
    replay(record)  # it replays again
    summary = db.execute("SELECT COUNT(*) FROM match_summary").fetchone()[0]
    assert summary == 1  # and the history shows it
    db.close()
