"""One way to name a player: after Ann is renamed Annie and Bo is merged into Bob, every screen
and every export names them as the club does now, on the real app and a real SQLite file.
Only the record as typed keeps the old names: the table's record.json, the `record` of each
match in records.json (beside the registry, which maps every old name to the player's name
now) and the "entered as" column of players.csv."""

import csv
import io
import json
import re
import sqlite3

import pytest

from assistant.club import nights
from tests.clients import admin_client, create, post_json, shown
from tests.database import accept_imported
from tests.records import SMALL, blank, play, record

OLD = re.compile(r"\b(Ann|Bo)\b")

# Ann leads 5-0 (5), Bo 0-2 on the right (7), Ann 5-6 on the left (8) and is out; Bo holds 3-1.
OUT = [play("Ann", "5-0"), play("Bo", "0-2", "right"), play("Ann", "5-6", "left")]
FINISHED = record(SMALL, ["Ann", "Bo"], {"events": OUT, "left": {"Bo": ["3-1"]}})


def visible(html: str) -> str:
    """The words a reader sees (and hears: titles and labels), without the markup."""
    words = re.sub(r"<(script|style)\b.*?</\1>", " ", shown(html), flags=re.S)
    labels = " ".join(re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', words))
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", words)) + " " + labels


def played_at_the_table(client, events: list[dict]) -> int:
    """Ann v Bo started empty and entered tap by tap, as a table does: in play tonight."""
    match_id = create(client, blank(FINISHED))
    for version, entry in enumerate(events, start=1):
        response = post_json(
            client, f"/api/matches/{match_id}/events", entry | {"version": version}
        )
        assert response.status_code == 200, response.get_data(as_text=True)
    return match_id


@pytest.fixture
def club(tmp_path):
    """A finished match, one Ann has just scored in and one she has just gone out of (its
    tiles left not counted yet); then Ann is renamed Annie and Bo merged into Bob."""
    client = admin_client(tmp_path)
    database = client.application.config["DATABASE"]
    ids = {
        "finished": create(client, FINISHED),
        "scored": played_at_the_table(client, OUT[:1]),
        "out": played_at_the_table(client, OUT),
    }
    accept_imported(database)
    draw_form = {
        "kind": "two",
        "player": ["Ann", "Bo", "Cy", "Di"],
        "rounds": "2",
        "preset": "muggins",
    }
    drawn = client.post(f"/nights/{nights.tonight()}/draw", data=draw_form | {"tables": "1-2"})
    assert drawn.status_code == 303, drawn.get_data(as_text=True)
    ids["draw"] = drawn.headers["Location"]
    assert client.post("/players", data={"name": "Bob"}).status_code == 303
    with sqlite3.connect(database) as db:
        player = dict(db.execute("SELECT name, id FROM players").fetchall())
        codes = dict(db.execute("SELECT match_id, code FROM watch_codes").fetchall())
    renamed = client.post(f"/players/{player['Ann']}/rename", data={"name": "Annie"})
    merged = client.post("/players/merge", data={"source": player["Bo"], "target": player["Bob"]})
    assert renamed.status_code == merged.status_code == 303
    return client, ids, codes


def test_every_screen_names_the_players_as_the_club_does_now(club):
    client, ids, codes = club
    steps = len(FINISHED["hands"][0]["events"]) + 1
    pages = {
        "the table, Ann's last play and the tiles held": f"/matches/{ids['scored']}",
        "the table, Ann gone out": f"/matches/{ids['out']}",
        "the finished table": f"/matches/{ids['finished']}",
        "the scorepad": f"/history/{ids['finished']}",
        **{
            f"the replay, step {n}": f"/history/{ids['finished']}/replay?step={n}"
            for n in range(steps + 1)
        },
        "the board": "/board",
        "the watch page": f"/watch/{codes[ids['scored']]}",
        "the watch page of the hand gone out": f"/watch/{codes[ids['out']]}",
        "the night": f"/nights/{nights.tonight()}",
        "the night's draw": ids["draw"],
        "the draw's scoresheets": f"{ids['draw']}/scoresheets",
        "the league": "/league",
        "the league of all time": "/league?season=all",
        "the history": "/history",
        "the home page": "/",
        "the leaderboard": "/leaderboard",
        "the players": "/players",
    }
    for what, path in pages.items():
        response = client.get(path)
        assert response.status_code == 200, what
        words = visible(response.get_data(as_text=True))
        assert not OLD.search(words), f"{what} ({path}) still says {OLD.search(words)[0]!r}"
        assert "Annie" in words, what

    table = visible(client.get(f"/matches/{ids['scored']}").get_data(as_text=True))
    assert "→ Annie +5" in table and "Annie 1" in table and "Bob 2" in table
    scorepad = visible(client.get(f"/history/{ids['finished']}").get_data(as_text=True))
    assert "Annie out" in scorepad and "Annie went out." in scorepad
    settle = visible(client.get(f"/matches/{ids['out']}").get_data(as_text=True))
    assert "Annie went out!" in settle and "Pips left by Bob" in settle


def test_a_refusal_names_the_player_as_the_club_does_now(club):
    client, ids, _codes = club
    before = client.get(f"/matches/{ids['scored']}/record.json").get_json()
    refused = client.post(f"/matches/{ids['scored']}/draw", data={"version": 2})
    assert refused.status_code == 422
    words = visible(refused.get_data(as_text=True))
    assert "Bob cannot draw: the 24 tiles left in the boneyard are kept back" in words
    assert not OLD.search(words)
    assert client.get(f"/matches/{ids['scored']}/record.json").get_json() == before


def rows(response) -> list[dict]:
    assert response.status_code == 200
    text = response.get_data(as_text=True).lstrip("\ufeff")
    return list(csv.DictReader(io.StringIO(text)))


def test_every_export_names_the_players_as_the_club_does_now(club):
    client, ids, _codes = club
    for kind in ("matches", "hands"):
        exported = rows(client.get(f"/history/{kind}.csv?sheet=comma"))
        assert exported and not any(OLD.search(v or "") for r in exported for v in r.values())
    players = rows(client.get("/history/players.csv?sheet=comma"))
    assert {r["player"] for r in players} == {"Annie", "Bob"}
    assert {r["entered as"] for r in players} == {"Ann", "Bo"}  # the record as typed
    for row in players:
        assert not any(OLD.search(v or "") for k, v in row.items() if k != "entered as")

    # records.json keeps each record as typed, so that it imports again as it was played, and
    # the registry beside it names each player now with every name that meant them.
    exported = json.loads(client.get("/history/records.json").get_data())
    registry = {p["name"]: sorted(p["names"]) for p in exported["players"]}
    assert registry == {"Annie": ["ann", "annie"], "Bob": ["bo", "bob"]}
    assert all(m["record"]["players"] == ["Ann", "Bo"] for m in exported["matches"])
    outside_records = json.dumps({k: v for k, v in exported.items() if k != "matches"})
    assert not OLD.search(outside_records)
    table_record = client.get(f"/matches/{ids['finished']}/record.json").get_json()
    assert table_record["players"] == ["Ann", "Bo"]  # the record itself, as typed


def test_a_polled_screen_is_sent_again_after_a_rename(tmp_path):
    """A rename changes no match's version: the phones and the board that poll are still
    answered with the new name, not a 304 for what they hold."""
    client = admin_client(tmp_path)
    match_id = played_at_the_table(client, OUT[:1])
    with sqlite3.connect(client.application.config["DATABASE"]) as db:
        ann = db.execute("SELECT id FROM players WHERE name = 'Ann'").fetchone()[0]
        code = db.execute("SELECT code FROM watch_codes").fetchone()[0]
    polled = [f"/matches/{match_id}/live", f"/watch/{code}/live", "/board/live"]
    tags = {path: client.get(path).headers["ETag"] for path in polled}
    assert all(
        client.get(p, headers={"If-None-Match": t}).status_code == 304 for p, t in tags.items()
    )
    client.post(f"/players/{ann}/rename", data={"name": "Annie"})
    for path, tag in tags.items():
        again = client.get(path, headers={"If-None-Match": tag})
        assert again.status_code == 200, path
        words = visible(again.get_data(as_text=True))
        assert "Annie" in words and not re.search(r"\bAnn\b", words), path


# Characters that draw nothing (Unicode's default ignorables, not only its format characters):
# each makes no new person.
UNSEEN = ["A\u034fnn", "Ann\ufe0f", "Ann\u3164", "\u115fAnn"]


@pytest.mark.parametrize("lookalike", UNSEEN)
def test_a_name_with_a_character_that_draws_nothing_is_no_second_seat(tmp_path, lookalike):
    client = admin_client(tmp_path)
    form = {"player": ["Ann", lookalike, "", ""], "preset": "muggins", "create": "1"}
    refused = client.post("/matches/new", data=form)
    assert refused.status_code == 422
    assert "are one person: each player needs a different name." in refused.text
    assert client.get("/api/matches/1").status_code == 404
    assert client.post("/players", data={"name": "Ann"}).status_code == 303
    again = client.post("/players", data={"name": lookalike})
    assert again.status_code == 422 and "is already in the club." in again.text
    with sqlite3.connect(client.application.config["DATABASE"]) as db:
        assert db.execute("SELECT name FROM players").fetchall() == [("Ann",)]


def test_pia_with_a_variation_selector_takes_no_second_seat_in_the_draw(tmp_path):
    client = admin_client(tmp_path)
    draw_url = f"/nights/{nights.tonight()}/draw"
    form = {"kind": "two", "rounds": "1", "preset": "muggins", "tables": "1-2"}
    twice = client.post(draw_url, data=form | {"player": ["Pia", "Pia\ufe0f", "Cy", "Di"]})
    assert twice.status_code == 422 and "is entered twice." in twice.text
    drawn = client.post(draw_url, data=form | {"player": ["Pia", "Bo", "Cy", "Di"]})
    assert drawn.status_code == 303
    late = client.post(f"{drawn.headers['Location']}/arrive",
                       data={"name": "Pia\ufe0f", "revision": "0"})  # fmt: skip
    assert late.status_code == 422 and "is in the draw already." in late.text
    with sqlite3.connect(client.application.config["DATABASE"]) as db:
        assert db.execute("SELECT revision FROM draws").fetchall() == [(0,)]
