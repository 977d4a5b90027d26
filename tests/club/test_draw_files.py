"""The night's draw in the club's file: a club exported and imported keeps each night's draw,
its rounds, seatings and comings and goings, and every match at its table and round; the same
file imported twice does not double the draw; a draw the file spells wrong is left out, the
matches kept."""

import re

import orjson

from assistant.club import draws, nights, store
from assistant.db import connect
from tests.clients import admin_client, imported
from tests.club.test_imports import upload

NIGHT = nights.tonight()  # the matches a draw starts are dated now
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Éva", "Finn", "Gus", "Hal"]


def night_with_a_draw(client) -> int:
    """A draw of two tables and two rounds, Ida arriving after round 1, three tables started."""
    db = connect(client.application.config["DATABASE"])
    draw_id = store.make_draw(db, NIGHT, "two", PLAYERS, [1, 2, 3], 2, "muggins", False, seed=7)
    made = draws.get(db, draw_id)
    for seating in made.drawn[0].seatings[:2]:
        store.start_draw_match(db, made, 1, seating.table)
    store.join_draw(db, draws.get(db, draw_id), "Ida")
    made = draws.get(db, draw_id)
    store.start_draw_match(db, made, 2, made.drawn[1].seatings[0].table)
    db.close()
    return draw_id


def places(client) -> list[str]:
    """Every "Table N · Round N" of the night's page, in its order."""
    page = client.get(f"/nights/{NIGHT}").get_data(as_text=True)
    return re.findall(r"Table \d+ · Round \d+", page)


def test_export_then_import_of_the_club_keeps_the_draw_and_every_table(tmp_path):
    here = admin_client(tmp_path / "here")
    draw_id = night_with_a_draw(here)
    before = places(here)
    assert len(before) == 3
    exported = here.get("/history/records.json").get_data()
    assert orjson.loads(exported)["draws"][0]["night"] == NIGHT

    other = admin_client(tmp_path / "other")
    assert "3 imported" in imported(other, upload(other, exported))
    assert sorted(places(other)) == sorted(before)
    db = connect(other.application.config["DATABASE"])
    (theirs,) = draws.of_night(db, NIGHT)
    ours = draws.get(connect(here.application.config["DATABASE"]), draw_id)
    assert theirs.drawn == ours.drawn and theirs.entrants == ours.entrants
    assert [c.entrant for c in theirs.changes] == ["Ida"]
    assert sorted(theirs.started) == sorted(ours.started)
    db.close()
    page = other.get(f"/draws/{theirs.id}").get_data(as_text=True)
    free = sum(len(r.seatings) for r in ours.drawn) - 3
    assert page.count(">Start at table") == free  # not at the three tables started
    assert re.search(r"Ida(</bdi>)? came", page)

    again = imported(other, upload(other, exported))
    assert "3 already here" in again
    db = connect(other.application.config["DATABASE"])
    assert len(draws.of_night(db, NIGHT)) == 1
    db.close()


def test_a_draw_the_file_spells_wrong_is_left_out_and_its_matches_kept(tmp_path):
    here = admin_client(tmp_path / "here")
    night_with_a_draw(here)
    exported = orjson.loads(here.get("/history/records.json").get_data())
    exported["draws"][0]["entrants"] = "everyone"
    other = admin_client(tmp_path / "other")
    assert "3 imported" in imported(other, upload(other, orjson.dumps(exported)))
    db = connect(other.application.config["DATABASE"])
    assert draws.of_night(db, NIGHT) == []
    assert db.execute("SELECT COUNT(*) FROM matches WHERE table_no IS NULL").fetchone()[0] == 3
    db.close()
    assert other.get(f"/nights/{NIGHT}").status_code == 200
