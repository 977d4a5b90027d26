"""No write on a read's connection, held on the real app and a real SQLite file with a club's
worth of data (matches in play, finished, stopped, sent whole and waiting, a club file imported
and waiting, a night with its draw and a round started, a season): every GET route of the app
(its url_map, so a new route cannot be forgotten), asked for as a player and as the club admin,
as a page and as htmx's piece, answers below 500 and leaves the file as it was (its
data_version, which moves with every commit of another connection, stays). A GET whose handler
tries to write fails: the read's connection refuses it, loudly."""

import io
import re
import sqlite3
from contextlib import closing
from functools import partial

import orjson
import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from assistant.club import nights, store
from assistant.web.base.db import get_db
from tests.clients import (
    admin_client,
    app_with_admin,
    create,
    fresh_match,
    imported,
    page_token,
    post_json,
    won_at_the_table,
)
from tests.records import A, D, E, a_match

HTMX = {"HX-Request": "true"}
NAMES = [f"P{k:02}" for k in range(1, 13)]
# Each route's address once more with what its page reads from the query, beside the plain one.
QUERIES = {
    "table.table": ["?fix=1", "?fix=2&insert=1", "?layout=1", "?tile=5-5"],
    "history.history": ["?status=waiting", "?player=P01&since=2020-01-01&page=1"],
    "history.replay_step": ["?step=0", "?step=3"],
    "history.matches_csv": ["?sheet=semicolon"],
    "players.leaderboard": ["?season=all", "?game=fives-and-threes"],
    "season.league": ["?season=all", "?game=fives-and-threes"],
    "paper.form": ["?paper=1"],
    "draws.scoresheets": ["?sheet=2"],
    "i18n.switch": ["?next=/history"],
}


def _in_play(client, seed: int, entered: int) -> int:
    record, steps = a_match(seed)
    match_id = create(client, record)
    for version, entry in enumerate(steps[:entered], start=1):
        answer = post_json(client, f"/api/matches/{match_id}/events", entry | {"version": version})
        assert answer.status_code == 200, answer.get_data(as_text=True)
    return match_id


def _import(client) -> int:
    """A club file imported by the admin: its matches wait to be accepted; the import's id."""
    body = orjson.dumps({"format": "allfives-club/1", "matches": [{"record": D}, {"record": E}]})
    form = {"csrf_token": page_token(client), "file": FileStorage(io.BytesIO(body), "club.json")}
    boundary, data = encode_multipart(form)
    kind = f"multipart/form-data; boundary={boundary}"
    report = imported(client, client.post("/history/import", data=data, content_type=kind))
    return int(re.search(r"/history/imports/(\d+)/accept", report).group(1))


def _night_with_a_draw(client) -> tuple[int, int]:
    """Tonight's draw, its first round started at table 1: the draw's id and that match's."""
    form = {"kind": "pairs_rotating", "new_names": "\n".join(NAMES), "tables": "1-3", "rounds": "2"}
    made = client.post(f"/nights/{nights.tonight()}/draw", data=form | {"preset": "muggins"})
    assert made.status_code == 303, made.get_data(as_text=True)[:300]
    draw_url = made.headers["Location"]
    start = {"round": "1", "table": "1", "revision": "1"}
    started = client.post(f"{draw_url}/start", data=start)
    assert started.status_code == 303, started.get_data(as_text=True)[:300]
    return int(draw_url.rsplit("/", 1)[1]), int(started.headers["Location"].rsplit("/", 1)[1])


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    admin = admin_client(tmp_path_factory.mktemp("club"))
    season = {"name": "Autumn", "starts": "2020-01-01", "ends": "2099-12-31"}
    assert admin.post("/seasons", data=season).status_code == 303
    stopped = _in_play(admin, seed=5, entered=2)
    assert post_json(admin, f"/api/matches/{stopped}/stop", {"version": 3}).status_code == 200
    draw_id, drawn = _night_with_a_draw(admin)
    admin.matches = [
        _in_play(admin, seed=3, entered=4),
        fresh_match(admin),
        won_at_the_table(admin),
        create(admin, A),  # sent whole: it waits for the admin
        stopped,
        drawn,
    ]
    admin.draw_id, admin.import_id = draw_id, _import(admin)
    return admin


def _values(club, watcher, rule) -> list[dict]:
    """Each set of values for the parts of the rule's address: every kind of match, player,
    night and code the club has."""
    players = [row[0] for row in watcher.execute("SELECT id FROM players ORDER BY id LIMIT 4")]
    codes = [row[0] for row in watcher.execute("SELECT code FROM watch_codes")]
    night = watcher.execute("SELECT night FROM draws").fetchone()[0]
    known = {
        "match_id": club.matches,
        "player_id": players,
        "draw_id": [club.draw_id],
        "import_id": [club.import_id],
        "text": [night, "2020-01-02"],
        "filename": ["app.css"],
        "code": ["da"] if rule.endpoint == "i18n.switch" else codes,
    }
    sets: list[dict] = [{}]
    for part in rule.arguments:
        assert part in known, f"{rule.rule}: give the test a value for <{part}>"
        sets = [values | {part: value} for values in sets for value in known[part]]
    return sets


def _addresses(club, watcher) -> list[str]:
    """Every address the app answers a GET at, with the club's values and its pages' queries."""
    addresses = []
    for rule in sorted(club.application.url_map.iter_rules(), key=lambda rule: rule.rule):
        if "GET" in rule.methods:
            for values in _values(club, watcher, rule):
                url = rule.build(values, append_unknown=False)[1]
                addresses += [url] + [url + query for query in QUERIES.get(rule.endpoint, [])]
    return addresses


def test_every_get_route_leaves_the_file_as_it_was(club):
    player = club.application.test_client()
    with closing(sqlite3.connect(club.application.config["DATABASE"])) as watcher:
        addresses = _addresses(club, watcher)
        before = watcher.execute("PRAGMA data_version").fetchone()
        asked = 0
        for address in addresses:
            for phone in (player, club):
                for ask in (phone.get, partial(phone.get, headers=HTMX), phone.head):
                    answer = ask(address)
                    assert answer.status_code < 500, address
                    answer.close()
                    after = watcher.execute("PRAGMA data_version").fetchone()
                    assert after == before, f"GET {address} wrote"
                    asked += 1
    assert asked > 900


@pytest.fixture
def writing_page(tmp_path):
    """The app with one more page, a GET that writes (adds a player) as a careless screen
    would."""
    app = app_with_admin(tmp_path, "club admin")

    def careless():
        store.add_player(get_db(), "Zed")
        return "added"

    app.add_url_rule("/careless", "careless", careless)
    return app


def test_a_get_that_writes_fails_and_writes_nothing(writing_page):
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        writing_page.test_client().get("/careless")
    # Served for real (no test re-raising the crash): a 500, not the 503 of a file the server
    # may not write, whose words would send the organiser to fix a file that is fine.
    writing_page.config["PROPAGATE_EXCEPTIONS"] = False
    answer = writing_page.test_client().get("/careless")
    assert answer.status_code == 500
    assert "cannot be written" not in answer.get_data(as_text=True)
    with closing(sqlite3.connect(writing_page.config["DATABASE"])) as watcher:
        assert watcher.execute("SELECT count(*) FROM players WHERE name = 'Zed'").fetchone()[0] == 0
