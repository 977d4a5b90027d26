"""In play means played now: a match stopped at the table, or arrived whole by an import, is on
neither home nor the board; the night's page and the history say which stopped; the admin sets
how the league counts a stopped match."""

import io
import re

import orjson
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from assistant.club import nights
from tests.clients import admin_client, create, imported, page_token, post_json
from tests.records import record

TO_50 = {"preset": "muggins", "target": 50}


def upload(client, data: bytes):
    form = {"csrf_token": page_token(client), "file": FileStorage(io.BytesIO(data), "club.json")}
    boundary, body = encode_multipart(form)
    return client.post(
        "/history/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )


def old_unfinished(n: int) -> dict:
    """A match from last year, broken off after its lead: P<n> led 5-5 against Q<n>."""
    hand = {"events": [{"player": f"P{n}", "play": "5-5"}]}
    made = record(TO_50, [f"P{n}", f"Q{n}"], hand)
    return made | {"date": f"2025-0{1 + n % 9}-1{n % 10}T20:{n % 60:02d}:00+01:00"}


def listed(page: str) -> set[int]:
    return {int(i) for i in re.findall(r'href="/matches/(\d+)"', page)}


def on_board(page: str) -> list[str]:
    return re.findall(r'class="board-id">([^<]+)<', page)


def test_200_old_unfinished_matches_imported_are_not_in_play(tmp_path):
    admin = admin_client(tmp_path / "club")
    club = {"format": "allfives-club/1", "matches": [
        {"record": old_unfinished(n)} for n in range(200)
    ]}  # fmt: skip
    report = imported(admin, upload(admin, orjson.dumps(club)))
    assert "200 imported, 0 already here, 0 broken" in report
    import_id = re.search(r"/history/imports/(\d+)/accept", report).group(1)
    assert admin.post(f"/history/imports/{import_id}/accept").status_code == 303
    tonight = create(admin, record(TO_50, ["Ann", "Bo"]))

    assert listed(admin.get("/").text) == {tonight}
    board = admin.get("/board").text
    assert on_board(board) == [f"Match {tonight}"]
    # Still in the history, filed away.
    archived = re.findall(r'href="/history/(\d+)"', admin.get("/history?status=archived").text)
    assert len(archived) == 25 and str(tonight) not in archived  # a page of them

    # Someone plays on at a table: in play again, after tonight's table on the board (though
    # tonight's match came later).
    oldest = int(archived[0])
    drawn = post_json(admin, f"/api/matches/{oldest}/events", {"version": 1, "draw": 1})
    assert drawn.status_code == 200
    assert listed(admin.get("/").text) == {tonight, oldest}
    assert on_board(admin.get("/board").text) == [f"Match {tonight}", f"Match {oldest}"]


def started_and_led(client) -> int:
    """A match started tonight at the table; Bo leads 5-5 (Bo 10, Cy 0)."""
    match_id = create(client, record(TO_50, ["Bo", "Cy"]))
    led = post_json(client, f"/api/matches/{match_id}/events", {"version": 1, "player": "Bo",
                                                                "play": "5-5"})  # fmt: skip
    assert led.status_code == 200
    return match_id


def test_the_table_stops_a_match_once_it_confirms(client):
    match_id = started_and_led(client)
    assert listed(client.get("/").text) == {match_id}
    table = client.get(f"/matches/{match_id}").text
    assert f'href="/matches/{match_id}/stop"' in table and "Stop this match…" in table
    asked = client.get(f"/matches/{match_id}/stop").text
    assert "Stop this match?" in asked and "The league does not count it." in asked
    stopped = client.post(f"/matches/{match_id}/stop", data={"version": "2"})
    assert stopped.status_code == 303
    table = client.get(f"/matches/{match_id}").text
    assert "will not be finished" in table and "Stop this match…" not in table
    assert 'class="picker' not in table  # no more tiles to tap
    assert listed(client.get("/").text) == set()
    assert on_board(client.get("/board").text) == []
    night = client.get(f"/nights/{nights.tonight()}").text
    assert "stopped-tag" in night and "in progress" not in night
    assert "stopped-tag" in client.get("/history?status=stopped").text

    # A second phone taps a tile: refused, with why, and nothing changes.
    tapped = client.post(f"/matches/{match_id}/play", data={"version": "3", "tile": "5-0",
                                                            "end": "left"})  # fmt: skip
    assert tapped.status_code == 409
    assert "This match was stopped: it takes no more entries." in tapped.text
    kept = client.get(f"/api/matches/{match_id}").get_json()
    assert kept["version"] == 3 and kept["stopped"]
    assert len(kept["record"]["hands"][0]["events"]) == 1
    # Stopping twice, or letting it play on without the admin, is refused.
    again = client.post(f"/matches/{match_id}/stop", data={"version": "3"})
    assert again.status_code == 409 and "Only a match still being played" in again.text
    resumed = client.post(f"/matches/{match_id}/resume", data={"version": "3"})
    assert resumed.status_code == 303 and "/admin/login" in resumed.headers["Location"]
    assert client.get(f"/api/matches/{match_id}").get_json()["version"] == 3


def test_the_api_stops_a_match_as_the_table_does(client):
    match_id = started_and_led(client)
    stopped = post_json(client, f"/api/matches/{match_id}/stop", {"version": 2})
    assert stopped.status_code == 200 and stopped.get_json()["stopped"]
    tapped = post_json(client, f"/api/matches/{match_id}/events", {"version": 3, "draw": 1})
    assert tapped.status_code == 409
    assert tapped.get_json()["error"] == "This match was stopped: it takes no more entries."


def test_the_admin_sets_how_the_league_counts_a_stopped_match(tmp_path):
    admin = admin_client(tmp_path / "club")
    match_id = started_and_led(admin)
    assert admin.post(f"/matches/{match_id}/stop", data={"version": "2"}).status_code == 303
    seasons_page = admin.get("/seasons").text
    assert "A match stopped before anyone won" in seasons_page
    refused = admin.post("/seasons/stopped", data={"stopped": "maybe"})
    assert refused.status_code == 422
    assert "Choose how the league counts a stopped match." in refused.text
    assert 'value="none" checked' in admin.get("/seasons").text
    assert (
        "<bdi>Bo</bdi></a>" not in admin.get("/league?season=all").text
    )  # not counted: not listed

    assert admin.post("/seasons/stopped", data={"stopped": "leader"}).status_code == 303
    league = admin.get("/league?season=all").text
    assert "Some matches stopped before anyone won." in league
    assert "The league counts it as won by the side ahead when it stopped." in league
    bo = re.search(r"<bdi>Bo</bdi></a></th>\s*<td>(\d+)</td><td>(\d+)</td>", league)
    assert bo.groups() == ("1", "1")  # played 1, won 1

    # The admin lets it play on: in play again.
    assert admin.post(f"/matches/{match_id}/resume", data={"version": "3"}).status_code == 303
    assert listed(admin.get("/").text) == {match_id}


def test_the_league_says_why_points_are_below_0(tmp_path):
    """All Fives, Ann against Bo: Ann leads 5-0 (5), Bo 0-3 (8), Ann 5-5 and is out; Bo holds
    6-6 (12 → 10) and takes it off his side: 5 to −10. Stopped there and counted as played:
    Ann's points against are −10, Bo's points for −10, each marked and explained."""
    admin = admin_client(tmp_path / "club")
    rules = {"preset": "all-fives", "target": 100, "hand_size": 2, "boneyard_reserve": 24}
    hand = {"events": [{"player": "Ann", "play": "5-0"},
                       {"player": "Bo", "play": "0-3", "end": "right"},
                       {"player": "Ann", "play": "5-5", "end": "left"}]}  # fmt: skip
    match_id = create(admin, record(rules, ["Ann", "Bo"]))
    for version, entry in enumerate(hand["events"], start=1):
        assert post_json(admin, f"/api/matches/{match_id}/events",
                         {"version": version} | entry).status_code == 200  # fmt: skip
    left = post_json(admin, f"/api/matches/{match_id}/events",
                     {"version": 4, "left": {"Bo": ["6-6"]}})  # fmt: skip
    assert left.get_json()["result"]["scores"] == [5, -10]
    assert post_json(admin, f"/api/matches/{match_id}/stop", {"version": 5}).status_code == 200
    note = "under All Fives each player takes their own pips off their side"
    assert note not in admin.get("/league?season=all").text  # not counted yet: nothing shown
    assert admin.post("/seasons/stopped", data={"stopped": "no_winner"}).status_code == 303
    league = admin.get("/league?season=all").text
    assert note in league and league.count('href="#below-zero" class="why"') == 2
    assert re.search(r'<td>−10<a href="#below-zero"|<td>-10<a href="#below-zero"', league)
