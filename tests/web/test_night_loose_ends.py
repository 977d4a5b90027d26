"""The night's loose ends, page by page: a match sent whole goes on its draw's seating only by
the admin or the phone that sent it, only on a seating of its own players, never on a table
started; the board says what its standings leave out; an imported unfinished match is archived
on every page; scores below 0 read with a real minus sign; the leavers are listed by name; the
scoresheets show the target; the file boxes take .jsonl; the printed night's note runs across
the page."""

import html
import re

from assistant.club import draws, nights, store
from assistant.db import connect
from tests.clients import admin_client, create, shown
from tests.records import won

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn"]


def night_draw(client) -> draws.Draw:
    db = connect(client.application.config["DATABASE"])
    draw_id = store.make_draw(
        db, nights.tonight(), "two", PLAYERS, [1, 2, 3], 3, "muggins", False, seed=5
    )
    made = draws.get(db, draw_id)
    db.close()
    return made


def sent_whole(client, made: draws.Draw, number: int, table: int) -> int:
    """A finished match of one seating's players, sent whole through the API, dated now."""
    seated = next(s for s in made.drawn[number - 1].seatings if s.table == table)
    names = " ".join(side[0] for side in seated.sides)
    return create(client, won(names, store.local_now()))


def put(client, made: draws.Draw, match_id: int, place: str):
    form = {"match": str(match_id), "place": place, "revision": str(made.revision)}
    return client.post(f"/draws/{made.id}/put", data=form)


def test_a_match_sent_whole_goes_on_its_own_seating_by_the_admin_or_its_phone(tmp_path):
    admin = admin_client(tmp_path / "club")
    made = night_draw(admin)
    match_id = sent_whole(admin, made, 2, 1)
    night = shown(admin.get(f"/nights/{made.night}").get_data(as_text=True))
    assert "Round 2 · Table 1" in night and "Put it on the draw" in night

    phone = admin.application.test_client()  # another phone: not the admin, nor the sender
    assert "Put it on the draw" not in phone.get(f"/nights/{made.night}").get_data(as_text=True)
    assert put(phone, made, match_id, "2-1").status_code == 303  # to the admin's login
    assert put(admin, made, match_id, "1-1").status_code == 422  # not its players
    db = connect(admin.application.config["DATABASE"])
    assert draws.get(db, made.id).started == {}
    db.close()

    assert put(admin, made, match_id, "2-1").status_code == 303
    night = shown(admin.get(f"/nights/{made.night}").get_data(as_text=True))
    assert "Table 1 · Round 2" in night and "Put it on the draw" not in night
    again = sent_whole(admin, made, 2, 1)
    assert put(admin, made, again, "2-1").status_code == 409  # that table has its match
    page = admin.get(f"/draws/{made.id}").get_data(as_text=True)
    assert "10 – 0" in shown(page)


def test_the_phone_that_sent_a_match_whole_may_put_it_on_the_draw(tmp_path):
    admin = admin_client(tmp_path / "club")
    made = night_draw(admin)
    phone = admin.application.test_client()
    seated = made.drawn[2].seatings[2]
    record = won(" ".join(side[0] for side in seated.sides), store.local_now())
    sent = phone.post("/api/matches", json=record)
    assert sent.status_code == 201
    match_id = sent.get_json()["id"]
    assert "Put it on the draw" in phone.get(f"/nights/{made.night}").get_data(as_text=True)
    table = phone.get(f"/matches/{match_id}").get_data(as_text=True)  # its own table page too
    assert "Put it on the draw" in table and 'value="3-3"' in table
    other = admin.application.test_client()
    assert "Put it on the draw" not in other.get(f"/matches/{match_id}").get_data(as_text=True)
    assert put(phone, made, match_id, "3-3").status_code == 303
    assert "Table 3 · Round 3" in shown(phone.get(f"/nights/{made.night}").get_data(as_text=True))
    table = shown(phone.get(f"/matches/{match_id}").get_data(as_text=True))
    assert "Table 3 · Round 3" in table and "Put it on the draw" not in table


def test_the_night_page_accepts_this_nights_matches_alone(tmp_path):
    admin = admin_client(tmp_path / "club")
    tonight = create(admin, won("Ann Bo", store.local_now()))
    other_night = create(admin, won("Cy Di", "2026-11-28T20:00:00+01:00"))
    accept = f"/nights/{nights.tonight()}/accept"
    assert admin.application.test_client().post(accept).status_code == 303  # to the login
    page = html.unescape(admin.get(f"/nights/{nights.tonight()}").get_data(as_text=True))
    assert "Accept tonight's (1)" in page
    assert admin.post(accept).status_code == 303
    db = connect(admin.application.config["DATABASE"])
    assert store.get(db, tonight).accepted and not store.get(db, other_night).accepted
    db.close()


def test_the_board_says_what_its_standings_leave_out(tmp_path):
    admin = admin_client(tmp_path / "club")
    create(admin, won("Ann Bo", store.local_now()))  # sent whole: waits for the admin
    board = shown(admin.get("/board").get_data(as_text=True))
    assert "Not in the standings yet: 1 match waiting for the club admin" in board


def test_an_imported_unfinished_match_is_archived_on_every_page(tmp_path):
    admin = admin_client(tmp_path / "club")
    record = won("Ann Bo", store.local_now())
    record["hands"][0]["events"] = [{"player": "Ann", "play": "5-0"}]  # 5 of 10: unfinished
    match_id = create(admin, record)
    night = shown(admin.get(f"/nights/{nights.tonight()}").get_data(as_text=True))
    assert "archived" in night and "in progress" not in night
    history = shown(admin.get("/history").get_data(as_text=True))
    assert "archived" in history
    match = shown(admin.get(f"/history/{match_id}").get_data(as_text=True))
    assert "archived" in match and "in progress" not in match
    db = connect(admin.application.config["DATABASE"])
    ann = db.execute("SELECT id FROM players WHERE name = 'Ann'").fetchone()[0]
    db.close()
    player = shown(admin.get(f"/players/{ann}").get_data(as_text=True))
    assert "0 in progress" in player and "1 archived" in player


def test_leavers_are_listed_by_name_and_the_scoresheets_show_the_target(tmp_path):
    admin = admin_client(tmp_path / "club")
    db = connect(admin.application.config["DATABASE"])
    entrants = ["Öl", "Zed", "Ann", "Ål", "Bo", "Æbbe"]
    draw_id = store.make_draw(db, nights.tonight(), "two", entrants, [1, 2, 3], 2, "muggins", False)
    db.close()
    page = admin.get(f"/draws/{draw_id}", headers={"Accept-Language": "da"}).get_data(as_text=True)
    leaving = page[page.index('name="name" required>') :]
    listed = re.findall(r'<option value="([^"]+)"', leaving)
    assert listed == ["Ann", "Bo", "Zed", "Æbbe", "Öl", "Ål"]  # Danish: æ, ø (ö), å after z
    sheets = shown(admin.get(f"/draws/{draw_id}/scoresheets").get_data(as_text=True))
    assert sheets.count("to 250") == 6  # muggins for two plays to 250: on every sheet


def test_the_file_boxes_take_json_lines(tmp_path):
    admin = admin_client(tmp_path / "club")
    for path in ("/", "/history/import"):
        box = re.search(r'<input type="file"[^>]*accept="([^"]+)"', admin.get(path).text)
        assert ".jsonl" in box.group(1).split(",")
