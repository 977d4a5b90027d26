"""Hands scored as told at the club: the store enters and undoes them, the JSON API takes them as
the table does, the figures count their points and no plays, the exports and an import keep
them. Every number worked by hand."""

import csv
import io

import orjson
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from assistant.club import cache, queries, registry, store
from assistant.db import immediate
from assistant.engine import ScoredHand, new_record
from assistant.web.base.db import get_db
from tests.clients import admin_client, create, imported, page_token, post_json
from tests.records import example

TO_50 = {"preset": "muggins", "target": 50}
# Hand 1 on paper: Ann 40, Bo 15. Hand 2: Ann leads 5-5 (10) and reaches 50: she wins.
PAPER_THEN_TILES = {
    **new_record(TO_50, ["Ann", "Bo"]),
    "hands": [
        {"points": {"Ann": 40, "Bo": 15}, "notes": "on paper"},
        {"events": [{"player": "Ann", "play": "5-5"}]},
    ],
}


def csv_rows(response) -> list[dict]:
    text = response.get_data(as_text=True)[1:]  # after the byte-order mark
    return list(csv.DictReader(io.StringIO(text)))


def test_a_scored_hand_counts_its_points_and_no_plays(app, client):
    with app.app_context():
        db = get_db()
        stored = store.create(db, PAPER_THEN_TILES)
        waiting = queries.player_stats(db, registry.find(db, "Ann"))["overall"]
        assert waiting["matches"] == 0  # points nobody could check wait for the admin
        store.accept(db, [stored.id])
        ann = queries.player_stats(db, registry.find(db, "Ann"))["overall"]
        # 50 points in 2 hands, of which 1 play scoring 10.
        assert (ann["matches"], ann["wins"], ann["hands"], ann["points"]) == (1, 1, 2, 50)
        assert (ann["plays"], ann["scoring_plays"], ann["play_points"]) == (1, 1, 10)
    hands = csv_rows(client.get("/history/hands.csv?sheet=comma"))
    assert [(h["hand"], h["plays"], h["ended"], h["side"], h["by plays"], h["settlement"],
             h["score"]) for h in hands] == [
        ("1", "0", "scored", "Ann", "0", "40", "40"),
        ("1", "0", "scored", "Bo", "0", "15", "15"),
        ("2", "1", "win", "Ann", "10", "", "50"),
        ("2", "1", "win", "Bo", "0", "", "15"),
    ]  # fmt: skip
    players = csv_rows(client.get("/history/players.csv?sheet=comma"))
    assert [(p["player"], p["side points"], p["plays"], p["play points"]) for p in players] == [
        ("Ann", "50", "1", "10"),
        ("Bo", "15", "0", "0"),
    ]
    # The cache rebuilt from the records gives the same.
    with app.app_context():
        db = get_db()
        before = db.execute("SELECT * FROM match_players ORDER BY seat").fetchall()
        with immediate(db):
            cache.rebuild(db)
        assert db.execute("SELECT * FROM match_players ORDER BY seat").fetchall() == before
        assert store.get(db, stored.id).record == PAPER_THEN_TILES


def test_the_store_enters_a_scored_hand_and_undoes_it(app):
    with app.app_context():
        db = get_db()
        stored = store.create(db, new_record(TO_50, ["Ann", "Bo"]))
        saved = store.enter(db, stored.id, stored.version, ScoredHand({"Bo": 20}, "on paper"))
        assert saved.stored.record["hands"] == [{"points": {"Bo": 20}, "notes": "on paper"}]
        assert saved.match.scores == (0, 20)
        scores = "SELECT scores FROM match_summary WHERE match_id = ?"
        assert db.execute(scores, [stored.id]).fetchone()[0] == "[0,20]"
        undone = store.undo(db, stored.id, saved.stored.version)
        assert undone.stored.record["hands"] == [] and undone.match.scores == (0, 0)
        assert db.execute(scores, [stored.id]).fetchone()[0] == "[0,0]"


def test_the_json_api_takes_a_scored_hand_before_a_lead_only(client):
    match_id = create(client, new_record(TO_50, ["Ann", "Bo"]))
    body = {"version": 1, "points": {"Ann": 15, "Bo": 5}, "notes": "on paper"}
    answer = post_json(client, f"/api/matches/{match_id}/events", body)
    assert answer.status_code == 200
    assert answer.get_json()["result"]["hands"][0]["ended"] == "scored"
    assert answer.get_json()["result"]["scores"] == [15, 5]
    played = post_json(client, f"/api/matches/{match_id}/events",
                       {"version": 2, "player": "Bo", "play": "6-6"})  # fmt: skip
    assert played.status_code == 200
    before = client.get(f"/api/matches/{match_id}").get_json()
    refused = post_json(client, f"/api/matches/{match_id}/events", body | {"version": 3})
    assert refused.status_code == 422
    assert refused.get_json()["error"].endswith(
        "hand 2 has begun: a hand can be scored as told only before its lead"
    )
    assert client.get(f"/api/matches/{match_id}").get_json() == before


def test_an_import_keeps_a_match_continued_from_paper(tmp_path):
    admin = admin_client(tmp_path / "club")
    record = example("continued-from-paper")
    body = orjson.dumps({"format": "allfives-club/1", "matches": [{"record": record}]})
    form = {"csrf_token": page_token(admin), "file": FileStorage(io.BytesIO(body), "club.json")}
    boundary, data = encode_multipart(form)
    response = admin.post(
        "/history/import", data=data, content_type=f"multipart/form-data; boundary={boundary}"
    )
    assert "1 imported, 0 already here, 0 broken" in imported(admin, response)
    exported = orjson.loads(admin.get("/history/records.json").get_data())
    assert [m["record"] for m in exported["matches"]] == [record]
    matches = csv_rows(admin.get("/history/matches.csv?sheet=comma"))
    assert [(m["side1 score"], m["side2 score"], m["hands"]) for m in matches] == [
        ("95", "70", "2")
    ]


def test_undo_at_the_table_takes_the_scored_hand_away_and_says_so(client):
    match_id = create(client, new_record(TO_50, ["Ann", "Bo"]))
    body = {"version": 1, "points": {"Ann": 15}}
    assert post_json(client, f"/api/matches/{match_id}/events", body).status_code == 200
    page = client.post(f"/matches/{match_id}/undo", data={"version": "2"}, follow_redirects=True)
    assert page.status_code == 200
    assert "Undone: the hand scored as told." in page.text
    assert client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"] == []
