"""The night's draw as people come and go, on the real app and a real SQLite file: the admin adds
a latecomer after round 1 and lets a leaver go after round 2; the rounds not started are seated
again and numbered on; a seating replaced cannot be started (409) nor printed; a night has one
draw; a refusal says why and changes nothing."""

import re

import pytest

from assistant.club import draws, nights
from assistant.db import connect
from tests.clients import admin_client

TWELVE = [f"P{k:02}" for k in range(1, 13)]


def text(response) -> str:
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def club(tmp_path):
    client = admin_client(tmp_path / "club")
    client.database = str(tmp_path / "club" / "club.sqlite")
    return client


def stored(client, draw_url: str) -> draws.Draw:
    db = connect(client.database)
    try:
        return draws.get(db, int(draw_url.rsplit("/", 1)[1]))
    finally:
        db.close()


def make_draw(client) -> str:
    form = {
        "kind": "pairs_rotating",
        "new_names": "\n".join(TWELVE),
        "rounds": "3",
        "tables": "1-3",
        "preset": "muggins",
    }
    made = client.post(f"/nights/{nights.tonight()}/draw", data=form)
    assert made.status_code == 303
    return made.headers["Location"]


def start_round(client, draw_url: str, number: int, revision: int) -> list[str]:
    tables = [s.table for s in stored(client, draw_url).drawn[number - 1].seatings]
    started = []
    for table in tables:
        form = {"round": str(number), "table": str(table), "revision": str(revision)}
        response = client.post(f"{draw_url}/start", data=form)
        assert response.status_code == 303, text(response)[:300]
        started.append(response.headers["Location"])
    return started


def test_a_latecomer_and_a_leaver(club):
    draw_url = make_draw(club)
    start_round(club, draw_url, 1, 0)
    before = stored(club, draw_url)

    came = club.post(f"{draw_url}/arrive", data={"name": "Latecomer", "revision": "0"})
    assert came.status_code == 303
    after = stored(club, draw_url)
    assert after.revision == 1 and after.drawn[0] == before.drawn[0]
    assert [r.number for r in after.drawn] == [1, 2, 3]
    for later in after.drawn[1:]:
        assert "Latecomer" in later.players and len(later.players) == 13
    page = text(club.get(draw_url))
    assert "After round 1: Latecomer came" in page
    assert [int(n) for n in re.findall(r'id="round-(\d+)"', club.get(draw_url).text)] == [1, 2, 3]

    # A phone still showing round 2 as it was drawn first: refused, nothing started.
    stale = {"round": "2", "table": "1", "revision": "0"}
    refused = club.post(f"{draw_url}/start", data=stale)
    assert refused.status_code == 409
    assert "That seating was replaced when someone came or went" in text(refused)
    assert stored(club, draw_url).started.keys() == before.started.keys()

    matches = start_round(club, draw_url, 2, 1)
    assert "Table 1 · Round 2" in text(club.get(matches[0]))  # the phone: the round numbered on
    assert "Round 2 of 3" in text(club.get("/board"))

    second = stored(club, draw_url)
    went = club.post(f"{draw_url}/leave", data={"name": "P05", "revision": "1"})
    assert went.status_code == 303
    last = stored(club, draw_url)
    assert last.drawn[:2] == second.drawn[:2] and last.revision == 2
    assert "P05" not in last.drawn[2].players and len(last.drawn[2].players) == 12
    assert "After round 2: P05 left" in text(club.get(draw_url))
    sheets = club.get(f"{draw_url}/scoresheets").get_data(as_text=True)
    assert sheets.count('class="sheet"') == 9  # three rounds of three tables, as they are now

    night = club.get(f"/nights/{nights.tonight()}").get_data(as_text=True)
    assert night.count(f'href="{draw_url}"') == 1 and "Make a draw" not in night

    start_round(club, draw_url, 3, 2)
    closed = club.post(f"{draw_url}/arrive", data={"name": "Too late", "revision": "2"})
    assert closed.status_code == 409
    assert "Every round has started" in text(closed)
    assert stored(club, draw_url).revision == 2


def test_what_a_change_refuses_changes_nothing(club):
    draw_url = make_draw(club)
    for form, status, said in (
        ({"name": "p01", "revision": "0"}, 422, "p01 is in the draw already."),
        ({"name": "Nobody", "revision": "1"}, 409, "The draw changed meanwhile"),
        ({"name": " ", "revision": "0"}, 422, "A player needs a name."),
    ):
        refused = club.post(f"{draw_url}/arrive", data=form)
        assert refused.status_code == status, form
        assert said in text(refused), (form, text(refused)[:400])
    refused = club.post(f"{draw_url}/leave", data={"name": "Nobody", "revision": "0"})
    assert refused.status_code == 422 and "Nobody is not in the draw." in text(refused)
    assert stored(club, draw_url).revision == 0

    club.post("/admin/logout", data={})
    anyone = club.post(f"{draw_url}/arrive", data={"name": "Eve", "revision": "0"})
    assert anyone.status_code == 303 and "/admin/login" in anyone.headers["Location"]
    assert stored(club, draw_url).revision == 0
    assert "Latecomers and leavers" not in text(club.get(draw_url))


def test_a_night_has_one_draw(club):
    draw_url = make_draw(club)
    night = f"/nights/{nights.tonight()}/draw"
    assert "This night has a draw already." in text(club.get(night))
    form = {"kind": "two", "new_names": "Ann\nBo", "rounds": "1", "tables": "1"}
    form["preset"] = "muggins"
    again = club.post(night, data=form)
    assert again.status_code == 409 and "open it, or tick “Replace it”" in text(again)
    assert club.get(draw_url).status_code == 200

    replaced = club.post(night, data=form | {"replace": "on"})
    assert replaced.status_code == 303 and replaced.headers["Location"] != draw_url
    assert club.get(draw_url).status_code == 404
