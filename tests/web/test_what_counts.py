"""What counts in the club's standings, against the real server on a real SQLite file: a match
played entry by entry at a table counts at once; one sent whole, dated by its sender or imported
waits for the club admin, and once finished only the admin changes it. Each way round it the
issue found is tried: refused or not counted, nothing changed; the admin's acceptance makes it
count."""

import http.cookiejar
import io
import json
import re
import urllib.error
import urllib.request

import orjson
import pytest
from markupsafe import escape
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from tests.clients import admin_client, imported, page_token
from tests.database import database_rows
from tests.live_server import LiveServer, call
from tests.records import D, blank

PAST = "2026-03-05T20:00:00+00:00"
NIGHT = "2026-03-05"


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """The real server and the club admin (logged in, on the same database file)."""
    folder = tmp_path_factory.mktemp("club")
    admin = admin_client(folder)  # migrates the file
    server = LiveServer(folder / "club.sqlite")
    server.start()
    yield server, admin
    server.stop()


class Phone:
    """A browser without JavaScript: its cookie, and the CSRF token of the page it opened."""

    def __init__(self, server: LiveServer):
        self.url = server.url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect
        )

    def get(self, path: str) -> str:
        with self.opener.open(self.url + path, timeout=10) as response:
            return response.read().decode()

    def post(self, path: str, fields: dict, files: dict | None = None) -> tuple[int, str]:
        token = re.search(r'name="csrf_token" value="([^"]+)"', self.get("/")).group(1)
        form = {"csrf_token": token} | fields | (files or {})
        boundary, body = encode_multipart(form)
        request = urllib.request.Request(self.url + path, data=body, method="POST")
        request.add_header("Content-Type", f"multipart/form-data; boundary={boundary}")
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.headers.get("Location", "")
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.headers.get("Location", "")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def standings(server: LiveServer, name: str) -> dict:
    """Where `name` counts in the club's standings: the leaderboard, the night's standings (the
    page's part above its lists of matches), the league all time and the player's statistics."""
    phone = Phone(server)
    night = _section(phone.get(f"/nights/{NIGHT}"), "night")
    return {
        "leaderboard": _named(_section(phone.get("/leaderboard"), "leaderboard"), name),
        "night": _named(night.partition("Waiting for")[0].partition("night-matches")[0], name),
        "league": _named(_section(phone.get("/league?season=all"), "league"), name),
        "statistics": _matches_counted(phone, name) > 0,
    }


def _section(page: str, section_id: str) -> str:
    _before, found, after = page.partition(f'<section id="{section_id}"')
    assert found, f"no section {section_id} in the page"
    return after.partition("</section>")[0]


def _named(part: str, name: str) -> bool:
    """Whether the part of a page names the player, as a page shows a name (in a `<bdi>` of its
    own): a short name such as "Cy" turns up now and then inside the random CSRF token that
    every page carries, or inside another word."""
    return f"<bdi>{escape(name)}</bdi>" in part


def _matches_counted(phone: Phone, name: str) -> int:
    """The player's statistics: the matches they count."""
    found = re.search(
        rf'href="(/players/\d+)"><bdi>{re.escape(name)}</bdi><', phone.get("/players")
    )
    figures = phone.get(found.group(1))
    return int(re.search(r'data-figure="matches">(\d+)', figures).group(1))


def renamed(record: dict, first: str, second: str) -> dict:
    """D (Ann and Bo) played by two others."""
    text = json.dumps(record).replace('"Ann"', f'"{first}"').replace('"Bo"', f'"{second}"')
    return json.loads(text)


NOWHERE = {"leaderboard": False, "night": False, "league": False, "statistics": False}
EVERYWHERE = {"leaderboard": True, "night": True, "league": True, "statistics": True}


def accept(admin, match_id: int) -> None:
    accepted = admin.post(f"/history/{match_id}/accept")
    assert accepted.status_code == 303


def test_a_match_the_api_dates_in_the_past_waits_for_the_admin(club):
    server, admin = club
    record = {"format": "allfives-match/1", "rules": {"preset": "all-fives", "target": 5}}
    record |= {"players": ["Mallory", "Victim"], "date": PAST, "hands": []}
    status, body = call(server.url + "/api/matches", record)
    assert status == 201 and body["imported"] is True
    match_id = body["id"]
    entry = {"player": "Mallory", "play": "5-0", "version": 1}
    status, body = call(f"{server.url}/api/matches/{match_id}/events", entry)
    assert status == 200 and body["result"]["winner"] == 0
    assert standings(server, "Mallory") == NOWHERE
    night = Phone(server).get(f"/nights/{NIGHT}")
    assert "Waiting for the club admin" in night
    assert "1 match of this night was not played tile by tile on a phone here" in night

    before = database_rows(server.db)
    status, body = call(f"{server.url}/api/matches/{match_id}/undo", {"version": 2})
    assert status == 401 and "admin" in body["error"]  # finished, never played here: closed
    assert database_rows(server.db) == before

    accept(admin, match_id)
    assert standings(server, "Mallory") == EVERYWHERE
    assert "Waiting for the club admin" not in Phone(server).get(f"/nights/{NIGHT}")


def test_an_empty_record_dated_in_the_past_imported_at_the_table_waits_for_the_admin(club):
    server, admin = club
    record = {"format": "allfives-match/1", "rules": {"preset": "all-fives", "target": 5}}
    record |= {"players": ["Mel", "Vic"], "date": PAST, "hands": []}
    phone = Phone(server)
    upload = FileStorage(io.BytesIO(json.dumps(record).encode()), "m.json")
    status, location = phone.post("/matches/import", {}, {"record": upload})
    assert status == 303
    match_id = int(re.search(r"/matches/(\d+)", location).group(1))
    table = phone.get(f"/matches/{match_id}")
    assert "counts in the standings once the club admin accepts it" in table
    status, _ = phone.post(f"/matches/{match_id}/leader", {"leader": "Mel", "version": "1"})
    assert status == 303
    status, _ = phone.post(f"/matches/{match_id}/play", {"tile": "5-0", "version": "2"})
    assert status == 303
    assert standings(server, "Mel") == NOWHERE

    before = database_rows(server.db)
    status, location = phone.post(f"/matches/{match_id}/undo", {"version": "3"})
    assert status == 303 and "/admin/login" in location  # the table's Undo: the admin's now
    assert database_rows(server.db) == before

    accept(admin, match_id)
    assert standings(server, "Mel") == EVERYWHERE


def test_an_accepted_match_sent_whole_cannot_be_undone_by_anyone(club):
    server, admin = club
    status, body = call(server.url + "/api/matches", renamed(D, "Ada", "Bea"))
    assert status == 201 and body["imported"] is True
    match_id = body["id"]
    assert standings(server, "Ada")["leaderboard"] is False
    accept(admin, match_id)
    assert standings(server, "Ada")["leaderboard"] is True

    before = database_rows(server.db)
    status, body = call(f"{server.url}/api/matches/{match_id}/undo", {"version": 1})
    assert status == 401 and "admin" in body["error"]
    entry = {"player": "Ada", "play": "6-6", "version": 1}
    status, _ = call(f"{server.url}/api/matches/{match_id}/events", entry)
    assert status in (401, 422)
    status, location = Phone(server).post(f"/matches/{match_id}/undo", {"version": "1"})
    assert status == 303 and "/admin/login" in location
    assert database_rows(server.db) == before

    undone = admin.post(
        f"/api/matches/{match_id}/undo",
        data=json.dumps({"version": 1}),
        content_type="application/json",
    )
    assert undone.status_code == 200  # the admin may


def test_matches_of_an_accepted_club_file_are_closed_to_everyone_but_the_admin(club):
    server, admin = club
    records = [
        {"record": renamed(D, "Cy", "Di")},
        {"record": blank(renamed(D, "Ed", "Flo")) | {"date": PAST}},
    ]
    body = orjson.dumps({"format": "allfives-club/1", "matches": records})
    form = {"csrf_token": page_token(admin), "file": FileStorage(io.BytesIO(body), "club.json")}
    boundary, data = encode_multipart(form)
    sent = admin.post(
        "/history/import", data=data, content_type=f"multipart/form-data; boundary={boundary}"
    )
    report = imported(admin, sent)
    assert "2 imported" in report
    assert standings(server, "Cy")["leaderboard"] is False
    import_id = re.search(r"/history/imports/(\d+)/accept", report).group(1)
    assert admin.post(f"/history/imports/{import_id}/accept").status_code == 303
    assert standings(server, "Cy")["leaderboard"] is True

    finished = admin.get("/history").text
    ids = [int(i) for i in re.findall(r'href="/history/(\d+)"', finished)]
    before = database_rows(server.db)
    tried = 0
    for match_id in ids:
        _status, state = call(f"{server.url}/api/matches/{match_id}", method="GET")
        if state["result"]["winner"] is not None:
            tried += 1
            status, body = call(
                f"{server.url}/api/matches/{match_id}/undo", {"version": state["version"]}
            )
            assert status == 401 and "admin" in body["error"]
    assert tried >= 1  # Cy's match at least
    assert database_rows(server.db) == before


def test_a_match_started_empty_and_played_at_the_table_counts_at_once(club):
    server, _admin = club
    whole = renamed(D, "Gus", "Hal")
    record = blank(whole)
    status, body = call(server.url + "/api/matches", record)
    assert status == 201 and body["imported"] is False
    version = body["version"]
    for event in whole["hands"][0]["events"]:
        status, body = call(
            f"{server.url}/api/matches/{body['id']}/events", event | {"version": version}
        )
        assert status == 200, body
        version = body["version"]
    status, body = call(
        f"{server.url}/api/matches/{body['id']}/events",
        {"left": {"Hal": ["3-1"]}, "version": version},
    )
    assert status == 200 and body["result"]["winner"] is not None
    assert standings(server, "Gus")["leaderboard"] is True
    undone = call(f"{server.url}/api/matches/{body['id']}/undo", {"version": body["version"]})
    assert undone[0] == 200  # still open to the table: not closed yet
