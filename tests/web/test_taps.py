"""Taps that are safe to send twice: each carries an id the phone made; a tap the match already
recorded is answered as done with the table (200), never refused as stale, and writes nothing;
two taps of the same entry with their own ids are two entries. The same for the JSON API. And
what the phone follows with: the table's poll (304 while nothing changed), the manifest and
the service worker."""

import re
import sqlite3
import struct

from tests.clients import STALE, create, post_json
from tests.database import database_rows
from tests.paths import CHECKOUT
from tests.records import record

HTMX = {"HX-Request": "true"}
EMPTY = record({"preset": "all-fives", "target": 150}, "Ann Bo Cy")


def events(client, match_id) -> list[dict]:
    body = client.get(f"/api/matches/{match_id}").get_json()
    return [event for hand in body["record"]["hands"] for event in hand["events"]]


def led(client) -> int:
    match_id = create(client, EMPTY)
    client.post(f"/matches/{match_id}/leader", data={"version": 1, "leader": "Ann"})
    return match_id


def test_a_tap_sent_again_is_answered_as_done_with_the_table(client, app):
    match_id = led(client)
    tap = {"version": 2, "tile": "6-4", "tap": "phone1-tap-0001"}
    first = client.post(f"/matches/{match_id}/play", data=tap, headers=HTMX)
    assert first.status_code == 200
    before = database_rows(app.config["DATABASE"])
    again = client.post(f"/matches/{match_id}/play", data=tap, headers=HTMX)
    assert again.status_code == 200
    assert STALE not in again.text and "not recorded" not in again.text
    assert 'name="version" value="3"' in again.text  # the table as it is
    assert database_rows(app.config["DATABASE"]) == before
    assert events(client, match_id) == [{"player": "Ann", "play": "6-4"}]


def test_two_draw_taps_with_their_own_ids_are_both_recorded(client):
    match_id = led(client)
    client.post(f"/matches/{match_id}/play", data={"version": 2, "tile": "6-6", "tap": "t-play-01"})
    for version, tap in ((3, "t-draw-0001"), (4, "t-draw-0002")):
        answer = client.post(
            f"/matches/{match_id}/draw", data={"version": version, "tap": tap}, headers=HTMX
        )
        assert answer.status_code == 200
    client.post(f"/matches/{match_id}/draw", data={"version": 4, "tap": "t-draw-0002"})
    assert events(client, match_id)[1:] == [{"player": "Bo", "draw": 1}] * 2


def test_a_waiting_tap_that_no_longer_fits_is_refused_by_name(client, app):
    match_id = led(client)
    other = {"version": 2, "tile": "6-3", "tap": "other-phone-1"}
    client.post(f"/matches/{match_id}/play", data=other)
    before = database_rows(app.config["DATABASE"])
    late = {"version": 2, "tile": "6-3", "turn": "Ann", "tap": "this-phone-1"}
    refused = client.post(f"/matches/{match_id}/play", data=late, headers=HTMX)
    assert refused.status_code == 409
    assert "6-3 by Ann was not recorded: 6-3 by Ann came first from another phone." in (
        refused.text
    )
    assert database_rows(app.config["DATABASE"]) == before


def test_a_tap_id_that_is_not_one_the_app_makes_is_refused(client, app):
    match_id = led(client)
    before = database_rows(app.config["DATABASE"])
    bad = client.post(f"/matches/{match_id}/draw", data={"version": 2, "tap": "x'; --"})
    assert bad.status_code == 400 and "tap id" in bad.text
    assert database_rows(app.config["DATABASE"]) == before


def test_the_api_answers_a_tap_sent_again_as_done(client):
    match_id = led(client)
    body = {"version": 2, "play": "5-5", "tap": "api-tap-0001"}
    assert post_json(client, f"/api/matches/{match_id}/events", body).status_code == 200
    again = post_json(client, f"/api/matches/{match_id}/events", body)
    assert again.status_code == 200 and again.get_json()["version"] == 3
    for version, tap in ((3, "api-draw-001"), (4, "api-draw-002")):
        body = {"version": version, "draw": 1, "tap": tap}
        assert post_json(client, f"/api/matches/{match_id}/events", body).status_code == 200
    assert events(client, match_id) == [
        {"player": "Ann", "play": "5-5"},
        {"player": "Bo", "draw": 1},
        {"player": "Bo", "draw": 1},
    ]
    bad = post_json(client, f"/api/matches/{match_id}/undo", {"version": 5, "tap": 7})
    assert bad.status_code == 400 and '"tap"' in bad.get_json()["error"]


def test_only_the_latest_tap_ids_are_kept_and_go_with_their_match(client, app):
    from assistant.club import store

    match_id = led(client)
    client.post(f"/matches/{match_id}/play", data={"version": 2, "tile": "6-6"})
    version = 3
    for n in range(store.KEPT_TAPS + 5):
        route = "draw" if n % 2 == 0 else "undo"
        tap = {"version": version, "tap": f"tap-{n:06}"}
        assert client.post(f"/matches/{match_id}/{route}", data=tap).status_code == 303
        version += 1
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT COUNT(*) FROM taps").fetchone()[0] == store.KEPT_TAPS
        db.execute("DELETE FROM matches WHERE id = ?", [match_id])
        assert db.execute("SELECT COUNT(*) FROM taps").fetchone()[0] == 0


def test_the_table_poll_is_304_until_the_table_changes(client):
    match_id = led(client)
    first = client.get(f"/matches/{match_id}/live", headers=HTMX)
    assert first.status_code == 200 and 'id="table"' in first.text
    assert "<html" not in first.text
    tag = first.headers["ETag"]
    same = client.get(f"/matches/{match_id}/live", headers=HTMX | {"If-None-Match": tag})
    assert same.status_code == 304
    client.post(f"/matches/{match_id}/play", data={"version": 2, "tile": "5-5"})
    moved = client.get(f"/matches/{match_id}/live", headers=HTMX | {"If-None-Match": tag})
    assert moved.status_code == 200 and 'name="version" value="3"' in moved.text


def test_the_manifest_and_service_worker_let_a_table_open_full_screen_offline(client):
    match_id = led(client)
    manifest = client.get(f"/matches/{match_id}/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json()
    # installed, it opens the app (its home page), not the one match it was added from
    assert body["display"] == "standalone" and body["start_url"] == "/" and body["id"] == "/"
    assert {icon["src"] for icon in body["icons"]} == {
        "/static/icon-192.png",
        "/static/icon-512.png",
        "/static/apple-touch-icon.png",
        "/static/favicon.svg",
    }
    for icon in body["icons"]:
        with client.get(icon["src"]) as served:
            assert served.status_code == 200 and served.mimetype == icon["type"]
            if icon["type"] == "image/png":  # a PNG's width and height, as the manifest says
                width, height = struct.unpack(">II", served.data[16:24])
                assert icon["sizes"] == f"{width}x{height}"
    assert (
        f'href="/matches/{match_id}/manifest.webmanifest"'
        in client.get(f"/matches/{match_id}").text
    )
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.mimetype and "caches" in worker.text
    assert worker.headers["Cache-Control"] == "no-cache"


def test_the_offline_shell_holds_the_phone_rules_engine(client):
    """With no network the table still knows the game: the service worker keeps every module
    the table's script imports, the engine's included, and those it imports only when needed."""
    worker = client.get("/sw.js").text
    kept = set(re.findall(r'"(/static/[^"]+)"', worker))
    wanted, seen = ["static/phone-table.mjs", "static/phone-fix.mjs"], set()
    while wanted:
        path = wanted.pop()
        seen.add(path)
        text = (CHECKOUT / path).read_text()
        # imported with the page, or when first needed (import("./…"))
        for imported in re.findall(r'(?:from |import\()"(\./[^"]+)"', text):
            module = (CHECKOUT / path).parent.joinpath(imported).resolve()
            found = module.relative_to(CHECKOUT).as_posix()
            if found not in seen:
                wanted.append(found)
    assert {f"/{path}" for path in seen} <= kept
