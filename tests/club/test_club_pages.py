"""The club's screens on the real app and a real SQLite file: history, the replay of a shared
example step by step, exports and their import, the admin's routes, the watch page."""

import io
import json
import re

from assistant.web.base.auth import save_password
from tests.clients import admin_client, create, imported, page_token, post_json
from tests.paths import EXAMPLES
from tests.records import A, D, G, example

PASSWORD = "club admin 123"


def test_history_lists_filters_and_refuses_bad_filters(client):
    for r in (A, D, G):
        create(client, r)
    page = client.get("/history").get_data(as_text=True)
    assert page.count('class="match-link"') == 3
    piece = client.get("/history?status=playing", headers={"HX-Request": "true"})
    assert piece.status_code == 200 and "HX-Request" in piece.headers["Vary"]
    assert piece.get_data(as_text=True).count('class="match-link"') == 1
    assert "<html" not in piece.get_data(as_text=True)
    bad = client.get("/history?since=31/12/2024&page=x")
    assert bad.status_code == 400
    assert "Dates are written YYYY-MM-DD" in bad.get_data(as_text=True)
    assert client.get("/history?player=Nobody").status_code == 200


def test_match_page_shows_the_scorepad(client):
    match_id = create(client, D)
    page = client.get(f"/history/{match_id}").get_data(as_text=True)
    assert "<bdi>Ann</bdi> out" in page and "<bdi>Ann</bdi> won" in page
    assert re.search(r'class="total">10<', page)
    assert client.get("/history/999").status_code == 404


def test_replay_steps_show_the_counts_of_a_shared_example(client):
    name = "partnership-spinner-hand"
    match_id = create(client, example(name))
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    plays = expected["hands"][0]["plays"]
    for number, play in enumerate(plays, start=1):
        page = client.get(f"/history/{match_id}/replay?step={number}").get_data(as_text=True)
        assert f"Step {number} of {len(plays) + 1}" in page
        count = re.search(r'class="count-value">(\d+)<', page).group(1)
        assert int(count) == play["count"], number
        assert play["tile"] in page
    last = client.get(f"/history/{match_id}/replay?step={len(plays) + 1}").get_data(as_text=True)
    assert "The tiles left are counted." in last
    assert 'rel="next"' not in last
    first = client.get(f"/history/{match_id}/replay?step=0").get_data(as_text=True)
    assert "Before the first lead." in first and 'rel="prev"' not in first
    assert client.get(f"/history/{match_id}/replay?step=-1").status_code == 400


def test_export_then_import_detects_duplicates_and_refuses_broken_files(app, client, tmp_path):
    ids = [create(client, r) for r in (A, D, G)]
    exported = client.get("/history/records.json")
    body = exported.get_data()
    assert [m["id"] for m in json.loads(body)["matches"]] == ids
    matches_csv = client.get("/history/matches.csv").get_data(as_text=True).splitlines()
    assert matches_csv[0].startswith("\ufeffmatch,date") and len(matches_csv) == 4
    hands_csv = client.get("/history/hands.csv").get_data(as_text=True).splitlines()
    assert len(hands_csv) == 1 + 2 * 3  # a row per hand and side

    other = admin_client(tmp_path / "other")

    def upload(data: bytes):
        form = {"csrf_token": page_token(other), "file": (io.BytesIO(data), "club.json")}
        return imported(other, other.post("/history/import", data=form))

    first = upload(body)
    assert "3 imported, 0 already here, 0 broken" in first
    again = upload(body)
    assert "0 imported, 3 already here, 0 broken" in again

    form = {"csrf_token": page_token(other), "file": (io.BytesIO(b"<html>"), "club.json")}
    refused = other.post("/history/import", data=form)
    assert refused.status_code == 422 and "Nothing was imported" in refused.text
    cut = upload(body[:-10])
    assert "The import stopped: record 3 is not JSON" in cut
    mixed = json.loads(body)
    mixed["matches"].append({"record": {"format": "allfives-match/1", "players": ["X"]}})
    mixed["matches"].append({"record": dict(A, players=["Xi", "Yu"], hands=[])})
    text = upload(json.dumps(mixed).encode())
    assert "1 imported, 3 already here, 1 broken" in text and "players must be 2 to 4" in text
    assert len(json.loads(other.get("/history/records.json").get_data())["matches"]) == 4


def test_merge_and_edit_need_the_admin(app, client, tmp_path):
    path = tmp_path / "admin_password"
    save_password(path, PASSWORD)
    app.config["ADMIN_PASSWORD_FILE"] = str(path)
    match_id = create(client, A)
    csrf = page_token(client)
    merge = client.post("/players/merge", data={"csrf_token": csrf, "source": 1, "target": 2})
    assert merge.status_code == 303 and "/admin/login" in merge.headers["Location"]
    edit = client.get(f"/history/{match_id}/edit")
    assert edit.status_code == 303 and "/admin/login" in edit.headers["Location"]

    client.post("/admin/login", data={"password": PASSWORD, "csrf_token": page_token(client)})
    csrf = page_token(client)
    same = client.post("/players/merge", data={"csrf_token": csrf, "source": 1, "target": 2})
    assert same.status_code == 422 and "same match" in same.get_data(as_text=True)
    page = client.get(f"/history/{match_id}/edit").get_data(as_text=True)
    assert "Ann" in page
    wrong = client.post(
        f"/history/{match_id}/edit",
        data={"csrf_token": csrf, "version": 1, "record": '{"format": "nope"}'},
    )
    assert wrong.status_code == 422 and "format must be" in wrong.get_data(as_text=True)
    fixed = json.dumps(dict(A, players=["Ann", "Bob"], hands=[]))
    saved = client.post(
        f"/history/{match_id}/edit", data={"csrf_token": csrf, "version": 1, "record": fixed}
    )
    assert saved.status_code == 303
    assert "Bob" in client.get("/players").get_data(as_text=True)


def test_players_add_rename_and_refuse_duplicates(client):
    csrf = page_token(client)
    assert client.post("/players", data={"csrf_token": csrf, "name": "Ann"}).status_code == 303
    again = client.post("/players", data={"csrf_token": csrf, "name": "  ANN "})
    assert again.status_code == 422 and "already in the club" in again.get_data(as_text=True)
    renamed = client.post("/players/1/rename", data={"csrf_token": csrf, "name": "Anna"})
    assert renamed.status_code == 303
    assert "Anna" in client.get("/players/1").get_data(as_text=True)
    assert client.get("/players/99").status_code == 404
    client.post("/players", data={"csrf_token": csrf, "name": "Bo"})
    taken = client.post("/players/1/rename", data={"csrf_token": csrf, "name": "bo"})
    assert taken.status_code == 422
    assert "bo is already another player: merge them instead." in taken.get_data(as_text=True)
    danish = client.post(
        "/players/1/rename",
        data={"csrf_token": csrf, "name": ""},
        headers={"Accept-Language": "da"},
    )
    assert "En spiller skal have et navn." in danish.get_data(as_text=True)


def test_watch_page_and_board(app, client):
    match_id = create(client, G)  # arrived with a hand begun: on the board once played on here
    drawn = post_json(client, f"/api/matches/{match_id}/events", {"version": 1, "draw": 1})
    assert drawn.status_code == 200
    from assistant.db import connect

    code = (
        connect(app.config["DATABASE"])
        .execute("SELECT code FROM watch_codes WHERE match_id = ?", [match_id])
        .fetchone()[0]
    )
    assert re.fullmatch(r"[A-Za-z0-9_-]{16}", code)  # cache.new_watch_code, as every code is made
    assert f'href="/watch/{code}"' in client.get(f"/matches/{match_id}").get_data(as_text=True)
    page = client.get(f"/watch/{code}").get_data(as_text=True)
    assert "<svg" in page and 'hx-trigger="every 1s"' in page and "6-4" in page
    assert client.get("/watch/not-a-code").status_code == 404
    board = client.get("/board").get_data(as_text=True)
    assert f"Match {match_id}" in board  # at no numbered table: not started from a draw


def test_every_watch_code_is_made_one_way_and_old_codes_stay_valid(app, client):
    from assistant.club import cache, imports
    from assistant.db import connect, immediate

    created = create(client, G)
    db = connect(app.config["DATABASE"])
    with immediate(db):
        imported = imports.import_items(db, [{"record": A, "created": None}])[0]["match"]
        db.execute("UPDATE watch_codes SET code = ? WHERE match_id = ?", ["0a1b" * 6, created])
        db.execute("DELETE FROM watch_codes WHERE match_id = ?", [imported])
        cache.rebuild(db)  # gives the match that lost its code a new one, keeps the others
    codes = dict(db.execute("SELECT match_id, code FROM watch_codes").fetchall())
    db.close()
    assert codes[created] == "0a1b" * 6  # 24 hex digits, as codes were made before
    assert re.fullmatch(r"[A-Za-z0-9_-]{16}", codes[imported])
    assert client.get(f"/watch/{'0a1b' * 6}").status_code == 200
    assert client.get(f"/watch/{codes[imported]}").status_code == 200


def _drawing(page: str) -> tuple[str, str]:
    """The layout's <svg> tag and what it draws, from a table or replay page."""
    svg = re.search(r'<section class="layout[^>]*>\s*(<svg[^>]*>)(.*?)</svg>', page, re.S)
    return svg.group(1), re.sub(r"\s+", " ", svg.group(2))


def test_the_replay_draws_the_layout_as_the_table_does_centred_on_the_spinner(client):
    match_id = create(client, example("spinner-lead-four-arms"))  # a hand in play, four arms
    table_tag, table_tiles = _drawing(client.get(f"/matches/{match_id}").get_data(as_text=True))
    step = 1
    while 'rel="next"' in (page := client.get(f"/history/{match_id}/replay?step={step}").text):
        step += 1
    replay_tag, replay_tiles = _drawing(page)  # the last step: the table as it is now
    assert replay_tiles == table_tiles and replay_tag == table_tag
    assert table_tiles.count('class="face"') == 5 and table_tiles.count('class="end-label"') == 4
    assert "width=" not in replay_tag  # it fills its box: nothing to scroll sideways
    x, y, w, h = (float(n) for n in re.search(r'viewBox="([^"]+)"', replay_tag).group(1).split())
    assert (x + w / 2, y + h / 2) == (0, 0)  # the spinner, 5-5 led, is in the middle
