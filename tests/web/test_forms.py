"""The screens without JavaScript: real forms, 303 after a save, 422 and 409 with the table."""

import io
import json
import random
import re

from assistant.club import store
from assistant.db import connect
from assistant.engine import replay
from assistant.simulate import random_match
from tests.clients import create, fresh_match, shown
from tests.records import example


def version_of(html: bytes) -> int:
    return int(re.search(rb'name="version" value="(\d+)"', html).group(1))


def without_token(html: bytes) -> bytes:
    """The page without its CSRF token, which is masked afresh in every answer, nor the name
    of the table's drawing (its checksum, token included)."""
    html = re.sub(rb'data-drawing="[^"]*"', b"", html)
    return re.sub(rb'name="csrf_token" value="[^"]*"', b"", html)


def test_new_match_form_creates_a_match_and_redirects(client):
    page = client.get("/matches/new")
    assert page.status_code == 200
    form = {
        "player": ["Ann", "Bo", "Cy", ""],
        "preset": "muggins",
        "target": "150",
        "target_default": "200",
        "hand_size": "5",
        "hand_size_default": "5",
        "leader": "Bo",
        "create": "1",
    }
    response = client.post("/matches/new", data=form)
    assert response.status_code == 303
    match = client.get("/api/matches/1").get_json()
    assert match["record"]["players"] == ["Ann", "Bo", "Cy"]
    assert match["record"]["rules"] == {"preset": "muggins", "target": 150}
    assert match["record"]["hands"] == []
    table = client.get(response.headers["Location"])
    assert "Bo leads hand 1" in shown(table.text)


def test_a_new_match_asked_for_twice_is_made_once(client):
    """A double tap on Start, or the form sent again when its answer was lost: one match, the
    same one, whether its seats moved before or not; the form drawn anew starts another."""
    page = client.get("/matches/new").text
    start = re.search(r'name="start" value="([^"]+)"', page).group(1)
    moved = client.post(
        "/matches/new", data={"player": ["Ann", "Bo"], "move": "1:up", "start": start}
    )
    assert f'name="start" value="{start}"' in moved.text  # kept while the form is drawn again
    form = {"player": ["Bo", "Ann"], "preset": "muggins", "create": "1", "start": start}
    first = client.post("/matches/new", data=form).headers["Location"]
    again = client.post("/matches/new", data=form).headers["Location"]
    assert again == first
    assert client.get("/api/matches/2").status_code == 404
    changed = client.post("/matches/new", data=form | {"player": ["Bo", "Cy"]}).headers["Location"]
    assert changed != first  # the same form asking for another match: the Back button, changed
    other = re.search(r'name="start" value="([^"]+)"', client.get("/matches/new").text).group(1)
    assert other != start
    made = client.post("/matches/new", data=form | {"start": other}).headers["Location"]
    assert made not in (first, changed)
    forged = client.post("/matches/new", data=form | {"start": "x" * 500})
    assert forged.status_code == 303 and forged.headers["Location"] not in (first, changed, made)


def test_a_file_imported_twice_from_one_page_is_one_match(client):
    """A second tap on Import while the file uploads, or once the answer was lost: one match;
    another file from the same page, or the same file from the page drawn again, another."""
    start = re.search(r'name="start" value="([^"]+)"', client.get("/").text).group(1)
    sent = json.dumps(example("next-hand-led-by-winner")).encode()

    def imported(content: bytes, page_id: str) -> str:
        upload = {"record": (io.BytesIO(content), "match.json"), "start": page_id}
        answer = client.post("/matches/import", data=upload, content_type="multipart/form-data")
        assert answer.status_code == 303
        return answer.headers["Location"]

    first = imported(sent, start)
    assert imported(sent, start) == first
    other_file = imported(json.dumps(example("next-hand-led-by-winner"), indent=1).encode(), start)
    assert other_file != first
    again = re.search(r'name="start" value="([^"]+)"', client.get("/").text).group(1)
    assert imported(sent, again) not in (first, other_file)


def test_seats_move_without_javascript(client):
    form = {"player": ["Ann", "Bo", "", ""], "preset": "all-fives", "move": "1:up"}
    response = client.post("/matches/new", data=form)
    assert response.status_code == 200
    names = re.findall(rb'name="player" value="([^"]*)"', response.data)
    assert names[:2] == [b"Bo", b"Ann"]


def test_known_names_are_suggested(client):
    fresh_match(client)
    assert b'<option value="X">' in client.get("/matches/new").data


def test_new_match_needs_two_players(client):
    response = client.post("/matches/new", data={"player": ["Ann"], "create": "1"})
    assert response.status_code == 422
    assert b"Enter 2 to 4 players" in response.data


def test_leader_by_lot_then_a_tile_that_fits(client):
    match_id = fresh_match(client)
    page = client.get(f"/matches/{match_id}")
    assert b"Who leads hand 1?" in page.data
    response = client.post(
        f"/matches/{match_id}/leader", data={"version": version_of(page.data), "leader": "lots"}
    )
    assert response.status_code == 303
    page = client.get(f"/matches/{match_id}")
    leader = re.search(r"(\w+) leads hand 1", shown(page.text)).group(1)
    response = client.post(
        f"/matches/{match_id}/play", data={"version": version_of(page.data), "tile": "5-5"}
    )
    assert response.status_code == 303
    record = client.get(f"/api/matches/{match_id}").get_json()["record"]
    assert record["hands"][0]["events"] == [{"player": leader, "play": "5-5"}]


def test_a_tile_fitting_two_ends_asks_which(client):
    record = example("spinner-lead-four-arms")
    record["hands"][0]["events"] = record["hands"][0]["events"][:3]  # left shows 4, right 1
    match_id = create(client, record)
    page = client.get(f"/matches/{match_id}?tile=4-1")
    assert b"Where does 4-1 go?" in page.data
    assert b'name="end" value="left"' in page.data and b'name="end" value="right"' in page.data
    response = client.post(
        f"/matches/{match_id}/play",
        data={"version": version_of(page.data), "tile": "4-1", "end": "right"},
    )
    assert response.status_code == 303


def test_a_tile_that_does_not_fit_is_422_with_the_table(client):
    record = example("spinner-lead-four-arms")
    match_id = create(client, record)
    page = client.get(f"/matches/{match_id}")
    response = client.post(
        f"/matches/{match_id}/play", data={"version": version_of(page.data), "tile": "6-6"}
    )
    assert response.status_code == 422
    assert b"6-6 does not fit" in response.data
    assert b'id="table"' in response.data


def test_a_stale_phone_gets_409_and_the_latest_table(client):
    match_id = fresh_match(client)
    client.post(f"/matches/{match_id}/leader", data={"version": 1, "leader": "X"})
    response = client.post(f"/matches/{match_id}/leader", data={"version": 1, "leader": "Y"})
    assert response.status_code == 409
    assert "The table changed — here is the latest" in response.get_data(as_text=True)
    assert "X leads hand 1" in shown(response.text)


def test_htmx_gets_only_the_piece_of_screen(client):
    match_id = fresh_match(client)
    piece = client.get(f"/matches/{match_id}", headers={"HX-Request": "true"})
    assert piece.data.startswith(b'<div id="table"')
    assert "HX-Request" in piece.headers["Vary"]
    page = client.get(f"/matches/{match_id}")
    assert b"<html" in page.data


def test_a_form_without_version_is_400(client):
    match_id = fresh_match(client)
    assert client.post(f"/matches/{match_id}/undo").status_code == 400


def test_draw_pass_and_undo(client):
    match_id = create(client, example("spinner-lead-four-arms"))
    page = client.get(f"/matches/{match_id}")
    assert b"Boneyard <b>10</b>" in page.data
    client.post(f"/matches/{match_id}/draw", data={"version": version_of(page.data)})
    page = client.get(f"/matches/{match_id}")
    assert b"Boneyard <b>9</b>" in page.data
    response = client.post(f"/matches/{match_id}/pass", data={"version": version_of(page.data)})
    assert response.status_code == 422
    assert b"must draw" in response.data
    client.post(f"/matches/{match_id}/undo", data={"version": version_of(page.data)})
    assert b"Boneyard <b>10</b>" in client.get(f"/matches/{match_id}").data


def test_settlement_preview_then_confirm(client):
    record = example("partnership-spinner-hand")
    record["hands"][0].pop("left")
    match_id = create(client, record)
    page = client.get(f"/matches/{match_id}")
    assert "N went out!" in shown(page.text)
    form = {"version": version_of(page.data), "tiles:E": ["6-6"], "pips:S": "4", "pips:W": "9"}
    preview = client.post(f"/matches/{match_id}/left/preview", data=form)
    assert preview.status_code == 200
    # all-fives: each player pays their own pips, each rounded.
    assert "Everyone pays the pips left in their own hand, rounded." in preview.text
    assert "S 4 → 5" in shown(preview.text) and "E 12 → 10" in shown(preview.text)
    assert "W 9 → 10" in shown(preview.text)
    assert "<b>N + S \u22125 · E + W \u221220</b>" in preview.text
    said = {"da": "rundet", "sv": "avrundade", "fr": "arrondis"}
    for language, word in said.items():
        url = f"/matches/{match_id}/left/preview"
        text = client.post(url, data=form, headers={"Accept-Language": language}).text
        assert word in text and "W 9 → 10" in shown(text)
    assert client.post(f"/matches/{match_id}/left", data=form).status_code == 303
    result = client.get(f"/api/matches/{match_id}").get_json()["result"]
    assert result["scores"] == [20, 10]


def test_unknown_unplayed_tile_in_settlement_is_422(client):
    record = example("partnership-spinner-hand")
    record["hands"][0].pop("left")
    match_id = create(client, record)
    form = {"version": 1, "tiles:E": ["5-5"], "pips:S": "4", "pips:W": "9"}
    response = client.post(f"/matches/{match_id}/left", data=form)
    assert response.status_code == 422
    assert b"5-5 was played this hand" in response.data


def test_export_and_import_round_trip(client):
    match_id = create(client, example("next-hand-led-by-winner"))
    exported = client.get(f"/matches/{match_id}/record.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    assert json.loads(exported.data) == example("next-hand-led-by-winner")
    upload = {"record": (io.BytesIO(exported.data), "match.json")}
    response = client.post("/matches/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303
    imported = client.get(response.headers["Location"].replace("/matches/", "/api/matches/"))
    assert imported.get_json()["record"] == example("next-hand-led-by-winner")


def test_a_broken_import_is_422_with_a_clear_message(client):
    for content, message in [
        (b"{not json", b"it is not JSON"),
        (json.dumps(example("wrong-turn")).encode(), b"This match record is broken"),
        (b"\xff\xfe", b"it is not JSON"),
    ]:
        upload = {"record": (io.BytesIO(content), "match.json")}
        response = client.post("/matches/import", data=upload, content_type="multipart/form-data")
        assert response.status_code == 422
        assert message in response.data
    assert client.get("/api/matches/1").status_code == 404


def test_unknown_match_page_is_404(client):
    assert client.get("/matches/42").status_code == 404


WON_AT_ONCE = {
    "format": "allfives-match/1",
    "rules": {"preset": "all-fives", "target": 10},
    "players": ["Ann", "Bo"],
    "hands": [{"events": [{"player": "Ann", "play": "5-5"}]}],
}


def test_rematch_keeps_players_and_rules(client):
    match_id = create(client, WON_AT_ONCE)
    assert "Ann wins!" in shown(client.get(f"/matches/{match_id}").text)
    response = client.post(f"/matches/{match_id}/rematch")
    assert response.status_code == 303
    new = client.get(response.headers["Location"].replace("/matches/", "/api/matches/"))
    assert new.get_json()["record"]["rules"] == WON_AT_ONCE["rules"]
    assert new.get_json()["record"]["hands"] == []


def test_vendored_files_are_cached_long_and_pages_link_them(client):
    page = client.get("/").get_data(as_text=True)
    for path in ("/static/vendor/htmx-2.0.11.min.js", "/static/vendor/pico-2.1.1-app.min.css"):
        assert path in page
        response = client.get(path)
        assert response.status_code == 200
        assert response.cache_control.max_age == 365 * 24 * 3600
        response.close()


def test_home_lists_matches_in_play_and_finished_ones(client):
    finished = random_match(random.Random(7), players=2, rules="muggins", max_hands=60)
    match = replay(finished)
    winner = match.side_name(match.winner)
    create(client, finished)
    playing = fresh_match(client)

    home = client.get("/").get_data(as_text=True)
    in_progress, done = home.split("Finished", 1)
    assert f'href="/matches/{playing}"' in in_progress
    assert f"{winner} won" in shown(done)


def test_an_htmx_tap_gets_the_new_table_at_once_a_plain_form_a_303(client):
    match_id = fresh_match(client)
    htmx = {"HX-Request": "true"}
    chosen = client.post(f"/matches/{match_id}/leader", data={"version": 1, "leader": "X"})
    assert chosen.status_code == 303
    tapped = client.post(
        f"/matches/{match_id}/play", data={"version": 2, "tile": "5-5"}, headers=htmx
    )
    assert tapped.status_code == 200
    assert tapped.data.startswith(b'<div id="table"') and version_of(tapped.data) == 3
    again = client.get(f"/matches/{match_id}", headers=htmx).data
    assert without_token(tapped.data) == without_token(again)
    drawn = client.post(f"/matches/{match_id}/draw", data={"version": 3})
    assert drawn.status_code == 303
    undone = client.post(f"/matches/{match_id}/undo", data={"version": 4}, headers=htmx)
    again = client.get(f"/matches/{match_id}", headers=htmx).data
    # The same table, and what Undo took away said on the phone that tapped it.
    said = b'<p class="notice">Undone: Y&#39;s draw.</p>'
    assert said in undone.data and said not in again
    assert without_token(undone.data.replace(said, b"")) == without_token(again)


def test_a_tile_whose_ends_make_the_same_game_is_laid_without_asking(client):
    match_id = fresh_match(client)  # all-fives: 5-5 is the spinner, both its sides show 5
    client.post(f"/matches/{match_id}/leader", data={"version": 1, "leader": "X"})
    client.post(f"/matches/{match_id}/play", data={"version": 2, "tile": "5-5"})
    table = client.get(f"/matches/{match_id}").data
    assert b'formaction="/matches/%d"' % match_id not in table  # no tile asks for its end
    assert client.get(f"/matches/{match_id}?tile=5-1").data.count(b'class="big end"') == 0
    response = client.post(f"/matches/{match_id}/play", data={"version": 3, "tile": "5-1"})
    assert response.status_code == 303
    events = client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"][0]["events"]
    assert events[-1] == {"player": "Y", "play": "5-1", "end": "left"}
    client.post(f"/matches/{match_id}/play", data={"version": 4, "tile": "6-5"})
    asked = client.get(f"/matches/{match_id}?tile=6-1")  # left shows 1, right 6: they differ
    assert b"Where does 6-1 go?" in asked.data
    assert asked.data.count(b'class="big end"') == 2


def test_settlement_shows_three_tiles_or_fewer_at_once_without_javascript(client):
    small = {"preset": "muggins", "target": 50, "hand_size": 4, "boneyard_reserve": 20}
    record = {"format": "allfives-match/1", "rules": small, "players": ["Ann", "Bo"],
              "hands": [{"events": [{"player": "Ann", "play": "6-6"},
                                    {"player": "Bo", "pass": True},
                                    {"player": "Ann", "pass": True}]}]}  # fmt: skip
    match_id = create(client, record)
    page = client.get(f"/matches/{match_id}").text
    assert "Blocked!" in page
    opened = {who: "open" in re.search(rf"<legend>{who} <small>holds.*?<details[^>]*>", shown(page),
                                       re.S)[0] for who in ("Ann", "Bo")}  # fmt: skip
    assert opened == {"Ann": True, "Bo": False}  # Ann holds 3: one tap per tile; Bo holds 4
    tiles = ["5-0", "0-0", "1-0"]
    form = {"version": version_of(page.encode()), "tiles:Ann": tiles, "pips:Bo": "20"}
    assert client.post(f"/matches/{match_id}/left", data=form).status_code == 303
    left = client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"][0]["left"]
    assert left == {"Ann": tiles, "Bo": 20}


def test_a_rematch_asked_again_is_the_same_new_match(app, client):
    """Two phones at the table, or a tap whose answer the Wi-Fi lost: one new match, not a
    second left empty among the matches in play; once it is deleted, a new one."""
    match_id = create(client, WON_AT_ONCE)
    first = client.post(f"/matches/{match_id}/rematch").headers["Location"]
    again = client.post(f"/matches/{match_id}/rematch").headers["Location"]
    assert again == first
    assert client.get(f"/matches/{match_id + 2}").status_code == 404  # no second one made
    store.delete(connect(app.config["DATABASE"]), int(first.rsplit("/", 1)[1]))
    made = client.post(f"/matches/{match_id}/rematch").headers["Location"]
    assert made != first
    assert client.get(made).status_code == 200
