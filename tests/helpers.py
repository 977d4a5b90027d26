"""What the tests share: example records, records written by hand, a small club history worked
out by hand, the real server in its own process, HTTP calls, browser taps and fuzzing
strategies. Test modules import from here, never from each other."""

import json
import random
import re
import secrets
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from flask.testing import FlaskClient
from hypothesis import strategies as st

from assistant.engine import entries_of
from assistant.simulate import random_match
from assistant.web.base.security import masked

TESTS = Path(__file__).resolve().parent
CHECKOUT = TESTS.parent
EXAMPLES = TESTS / "examples"
STATIC = CHECKOUT / "static"
TEMPLATES = CHECKOUT / "templates"
CHROMIUM = "/usr/bin/chromium"
STALE = "The table changed — here is the latest."


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def blank(record: dict) -> dict:
    """The record with no hands: a match about to start with the same players and rules."""
    return {key: value for key, value in record.items() if key != "hands"} | {"hands": []}


# -- records written by hand: hand("X 5-5", "Y 5-1 right", "X draw 2", "Y pass") ---------------


def event(text: str) -> dict:
    player, action, *rest = text.split()
    if action == "draw":
        return {"player": player, "draw": int(rest[0])}
    if action == "pass":
        return {"player": player, "pass": True}
    played = {"player": player, "play": action}
    if rest:
        played["end"] = rest[0]
    return played


def hand(*events: str, left: dict | None = None) -> dict:
    data = {"events": [event(e) for e in events]}
    if left is not None:
        data["left"] = left
    return data


def record(rules, players="X Y", *hands: dict, partnership: bool = False) -> dict:
    return {
        "format": "allfives-match/1",
        "rules": rules,
        "players": players.split() if isinstance(players, str) else list(players),
        "partnership": partnership,
        "hands": list(hands),
    }


def play(player: str, tile: str, end: str | None = None) -> dict:
    return {"player": player, "play": tile} | ({"end": end} if end else {})


def run_replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "assistant", "replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def replay_file(tmp_path: Path, data: dict) -> subprocess.CompletedProcess:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    return run_replay(str(path))


# -- a small club history whose statistics are worked out by hand -------------------------------

SMALL = {"preset": "muggins", "target": 10, "hand_size": 2, "boneyard_reserve": 24}

# A: Ann leads 5-5 (10) and reaches the target of 10 at once.
A = record({"preset": "muggins", "target": 10}, ["Ann", "Bo"], {"events": [play("Ann", "5-5")]})
# D: Ann leads 5-0 (5), Bo 0-2 (5 + 2 = 7), Ann 5-6 on the left (6 + 2 = 8) and is out;
# Bo holds 3-1 (4 → 5): Ann +5 = 10 and wins.
D = record(SMALL, ["Ann", "Bo"], {
    "events": [play("Ann", "5-0"), play("Bo", "0-2", "right"), play("Ann", "5-6", "left")],
    "left": {"Bo": ["3-1"]},
})  # fmt: skip
# E: Bo leads 6-6 (12), both pass: blocked. Bo holds 3-2 (5), Ann 1-0 and 0-0 (1): Ann has
# the fewest and scores 5 - 0 = 5, the target.
E = record(SMALL | {"target": 5}, ["Bo", "Ann"], {
    "events": [play("Bo", "6-6"), {"player": "Ann", "pass": True}, {"player": "Bo", "pass": True}],
    "left": {"Bo": ["3-2"], "Ann": ["1-0", "0-0"]},
})  # fmt: skip
# F: partnerships. N leads 5-0 (5: N + S 5), E 0-0 on the right (5 + 0: E + W 5), S 5-5 on the
# left (10 + 0 = 10: N + S 15) and N + S win.
F = record({"preset": "muggins", "target": 10}, ["N", "E", "S", "W"], {
    "events": [play("N", "5-0"), play("E", "0-0", "right"), play("S", "5-5", "left")],
}, partnership=True)  # fmt: skip
# In progress: not counted in the statistics, shown in the history.
G = record("muggins", ["Ann", "Cy"], {"events": [play("Cy", "6-4")]})

WON_RULES = {"preset": "muggins", "target": 10}


def won(players: str, date: str | None = None, rules=WON_RULES) -> dict:
    """A finished match that the first player's side wins at once under muggins to 10: with two
    players the lead 5-5 scores 10 (10–0); with four, in partnerships (the first and third
    against the second and fourth), 5-0 scores 5, 0-0 on the right 5 for the others, 5-5 on the
    left 10 (15–5). `date`: the record's date."""
    names = players.split()
    if len(names) == 4:
        first, second, third, _fourth = names
        plays = [play(first, "5-0"), play(second, "0-0", "right"), play(third, "5-5", "left")]
    else:
        plays = [play(names[0], "5-5")]
    made = record(rules, names, {"events": plays}, partnership=len(names) == 4)
    return made | ({"date": date} if date else {})


# -- random legal matches -----------------------------------------------------------------------

entries = entries_of  # the entries a table taps in, in order, to build a record


def a_match(seed: int, players: int = 4) -> tuple[dict, list[dict]]:
    """A random legal finished match as an empty record and the entries that play it."""
    played = random_match(random.Random(seed), players=players, rules="all-fives", max_hands=3)
    return blank(played), entries(played)


# -- the Flask test client ----------------------------------------------------------------------


class FormClient(FlaskClient):
    """Sends this session's CSRF token with every form POST, as the pages' hidden field does
    (tests/web/test_security.py checks that a POST without it is refused)."""

    def post(self, path, *args, data=None, **kwargs):
        if (data is None or isinstance(data, dict)) and not str(path).startswith("/api/"):
            data = {"csrf_token": self.csrf_token()} | (data or {})
        return super().post(path, *args, data=data, **kwargs)

    def csrf_token(self) -> str:
        with self.session_transaction() as session:
            return masked(session.setdefault("csrf_token", secrets.token_urlsafe(32)))


ADMIN_PASSWORD = "club admin 123"


def admin_client(folder: Path, **config) -> FormClient:
    """A test client of an app on its own SQLite file in `folder`, logged in as the club admin."""
    from assistant import create_app
    from assistant.web.base.auth import save_password

    folder.mkdir(parents=True, exist_ok=True)
    save_password(folder / "admin_password", ADMIN_PASSWORD)
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(folder / "club.sqlite"),
            "SECRET_KEY": "t",
            "ADMIN_PASSWORD_FILE": str(folder / "admin_password"),
        }
        | config
    )
    app.test_client_class = FormClient
    client = app.test_client()
    logged_in = client.post("/admin/login", data={"password": ADMIN_PASSWORD})
    assert logged_in.status_code == 303
    return client


def imported(client, response, timeout: float = 120) -> str:
    """The report of the import a POST /history/import started (its 303 followed), once the
    import process has finished: the page the admin sees then."""
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    location = response.headers["Location"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = client.get(location)
        assert page.status_code == 200
        if 'hx-trigger="every 1s"' not in page.text:
            return page.text
        time.sleep(0.05)  # polling the page as it does itself, not a wait for a time
    raise AssertionError(f"the import at {location} did not finish in {timeout} s")


def post_json(client, path: str, body) -> object:
    return client.post(path, data=json.dumps(body), content_type="application/json")


def create(client, match_record: dict) -> int:
    """A match created through the API; its id."""
    response = post_json(client, "/api/matches", match_record)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def won_at_the_table(client, won: dict | None = None) -> int:
    """A match started empty through the API and played entry by entry as a table enters it
    (`won`: a record of one hand, A by default, won by its first tile): it counts at once, and
    stays open to the table until it closes. Its version is then 1 + the entries."""
    won = won or A
    match_id = create(client, blank(won))
    for version, entry in enumerate(won["hands"][0]["events"], start=1):
        response = post_json(
            client, f"/api/matches/{match_id}/events", entry | {"version": version}
        )
        assert response.status_code == 200, response.get_data(as_text=True)
    return match_id


def shown(html: str) -> str:
    """A page's text as a player reads it: the names without the `<bdi>` that isolates them."""
    return re.sub(r"</?bdi>", "", html)


def fresh_match(client) -> int:
    """A two-player all-fives match with no tiles laid yet."""
    return create(client, blank(example("spinner-lead-four-arms")))


def app_with_admin(folder: Path, password: str):
    """The app on a database in `folder`, with a club admin password set beside it."""
    from assistant import create_app
    from assistant.web.base.auth import save_password

    save_password(folder / "admin_password", password)
    config = {
        "TESTING": True,
        "DATABASE": str(folder / "club.sqlite"),
        "SECRET_KEY": "t",
        "ADMIN_PASSWORD_FILE": str(folder / "admin_password"),
    }
    return create_app(config)


def database_rows(path) -> dict:
    """What a refused request must leave as it was: every match row, player and name, read
    from the database file as committed."""
    conn = sqlite3.connect(path)
    try:
        return {
            "matches": conn.execute(
                "SELECT id, version, record, leader, closed, accepted FROM matches ORDER BY id"
            ).fetchall(),
            "players": conn.execute("SELECT id, name FROM players ORDER BY id").fetchall(),
            "names": conn.execute(
                "SELECT key, player_id FROM player_names ORDER BY key"
            ).fetchall(),
        }
    finally:
        conn.close()


def page_token(client, path: str = "/") -> str:
    """The CSRF token a page's forms carry."""
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


# -- the real server in its own process ---------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The real app on waitress in its own process, on a real SQLite file."""

    def __init__(self, db: Path):
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        command = [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1"]
        return command + ["--port", str(self.port), "--db", str(self.db)]

    def start(self, ready: str = "/") -> None:
        """Started, and answering 200 at `ready`."""
        self.process = subprocess.Popen(
            self.command(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.process.stderr.read().decode())
            try:
                with urllib.request.urlopen(self.url + ready, timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.05)  # polling interval while the server starts, not a wait for state
        raise RuntimeError("the server did not answer within 30 s")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        if self.process and self.process.stderr:
            self.process.stderr.close()

    def restart(self) -> None:
        self.stop()
        self.start()

    def post_json(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def get_json(self, path: str) -> dict:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def played_here(self, match_record: dict) -> int:
        """A match entered at a table, entry by entry through the API, up to where the record
        stands (in play, as a table's match is; one sent whole is filed away until played on);
        its id."""
        match_id = self.post_json("/api/matches", blank(match_record))["id"]
        for version, entry in enumerate(entries(match_record), start=1):
            self.post_json(f"/api/matches/{match_id}/events", {"version": version} | entry)
        return match_id

    def accept_imported(self) -> None:
        """What the club admin's acceptance does: every match that arrived whole counts."""
        accept_imported(self.db)


def accept_imported(path) -> None:
    """Every imported match in the database file accepted, as the club admin accepts them."""
    from assistant.club import store
    from assistant.db import connect

    db = connect(path)
    try:
        ids = [i for (i,) in db.execute("SELECT id FROM matches WHERE accepted = 0").fetchall()]
        if ids:
            store.accept(db, ids)
    finally:
        db.close()


def call(url: str, body=None, method: str = "POST", timeout: float = 10) -> tuple[int, dict]:
    """(status, JSON body) of one request; a JSON body when `body` is not None."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read() or b"null")


# -- the browser --------------------------------------------------------------------------------


def version(page) -> int:
    """The match version the table on the page was drawn from."""
    return int(page.locator("#table input[name=version]").first.input_value())


def saved(page, before: int) -> None:
    """Waits until the table shows the version after `before`: the tap was saved."""
    from playwright.sync_api import expect

    expect(page.locator("#table input[name=version]").first).to_have_value(str(before + 1))


def tap(page, name: str) -> None:
    """Taps a table button and waits until the tap is saved and the table has moved on."""
    before = version(page)
    page.get_by_role("button", name=name, exact=True).click()
    saved(page, before)


# -- fuzzing --------------------------------------------------------------------------------------

NASTY = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE matches; --",
    "{{ 7*7 }}",
    "\u202eevil",
    "\x00",
    "A" * 5000,
    "ü🀰",
    "",
    " ",
    "-1",
    "1e309",
    "NaN",
]
MARKERS = ["<script>alert", "<img src=x"]

texts = st.one_of(st.sampled_from(NASTY), st.text(max_size=40))
numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)),
    max_leaves=10,
)
# What broke the server once (issue 12): digits int() cannot read, numbers too long for int() or
# too big for SQLite, redirects that leave the site or break the header.
BOUNDARY = [
    "²",
    "١٢",
    "٣",
    "1-²",
    "9" * 5000,
    str(2**63),
    str(10**30),
    "-1",
    "0",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\r\nX-Evil: 1",
    "//evil.example",
    "/\\evil.example",
    "1:up",
    "²:down",
]
form_values = st.one_of(
    texts, numbers.map(str), st.sampled_from(["5-5", "6-6", "left", "up", *BOUNDARY])
)


# -- every route and what it reads ----------------------------------------------------------------

# What each route reads from a form, a query or a JSON body. A new route must be added here
# (tests/web/test_fuzz.py fails until it is); it is then fuzzed with everything in its fields.
# "pips:*": a field per player; "record:file": an upload; "record:json": a whole JSON body.
MATCH_FIELDS = ["version", "tile", "end", "leader", "position", "draw", "pass", "tap", "turn"]
ENTRY_FIELDS = ["version", "play", "end", "draw", "pass", "left", "player", "position", "leader",
                "points", "notes", "tap"]  # fmt: skip
PAPER_FIELDS = ["version", "points:*", "notes", "paper"]
NEW_MATCH_FIELDS = [
    "player", "preset", "partnership", "target", "hand_size", "leader", "move", "create",
    "target_default", "hand_size_default", "layout", "spinner_count", "hand_end",
    "domino_rounding", "block_scoring", "block_tie", "rounding", "win_check", "score_unit",
    "exact_target", "boneyard_reserve",
]  # fmt: skip
HISTORY_FILTER = ["player", "since", "until", "preset", "status", "page"]
DRAW_FIELDS = ["kind", "player", "new_names", "pairs", "rounds", "tables", "preset", "target",
               "swiss", "replace"]  # fmt: skip
ROUTE_FIELDS = {
    "static": [],
    "home.home": [],
    "home.new_match": [],
    "home.create_match": [*NEW_MATCH_FIELDS, "paper"],
    "table.table": ["tile", "fix", "insert", "layout"],
    "table.play": MATCH_FIELDS,
    "table.draw": MATCH_FIELDS,
    "table.pass_turn": MATCH_FIELDS,
    "table.undo": MATCH_FIELDS,
    "table.correct": [*MATCH_FIELDS, "end:*"],
    "table.insert_missed": [*MATCH_FIELDS, "end:*"],
    "table.remove_extra": [*MATCH_FIELDS, "end:*"],
    "table.choose_leader": MATCH_FIELDS,
    "table.preview_left": ["version", "pips:*", "tiles:*", "derived"],
    "table.enter_left": ["version", "pips:*", "tiles:*", "derived", "tap"],
    "table.rematch": [],
    "table.final": [],
    "table.turn_lead": ["version", "tap"],
    "home.archive": [],
    "table.export": [],
    "home.import_match": ["record:file"],
    "api.create_match": ["record:json"],
    "api.get_match": [],
    "api.add_event": ENTRY_FIELDS,
    "api.undo": ENTRY_FIELDS,
    "api.correct": [*ENTRY_FIELDS, "ends"],
    "api.choose_leader": ENTRY_FIELDS,
    "api.stop": ["version"],
    "admin.login": ["next", "password"],
    "admin.logout": [],
    "admin.confirm_delete": [],
    "admin.delete_match": [],
    "history.history": HISTORY_FILTER,
    "history.match": [],
    "history.replay_step": ["step"],
    "history.edit": ["version", "record"],
    "history.matches_csv": [*HISTORY_FILTER, "sheet"],
    "history.players_csv": [*HISTORY_FILTER, "sheet"],
    "history.hands_csv": [*HISTORY_FILTER, "sheet"],
    "history.records_json": HISTORY_FILTER,
    "history.import_form": [],
    "history.import_file": ["file:file"],
    "history.import_status": [],
    "history.accept_import": [],
    "history.discard_import": [],
    "history.accept_waiting": [],
    "history.accept_match": [],
    "i18n.switch": ["next"],
    "club.players": [],
    "club.add_player": ["name"],
    "club.player": ["season"],
    "club.rename": ["name"],
    "club.merge": ["source", "target"],
    "club.leaderboard": ["page", "season"],
    "live.watch": [],
    "live.watch_live": [],
    "live.board": [],
    "live.board_live": [],
    "phone.table_live": [],
    "phone.service_worker": [],
    "phone.manifest": [],
    "season.league": ["season"],
    "season.seasons_page": [],
    "season.add_season": ["name", "starts", "ends"],
    "season.edit_season": ["name", "starts", "ends"],
    "season.delete_season": [],
    "season.set_minimum": ["minimum"],
    "season.set_stopped": ["stopped"],
    "stopping.confirm": [],
    "stopping.stop": ["version"],
    "stopping.resume": ["version"],
    "paper.form": ["paper"],
    "paper.score": PAPER_FIELDS,
    "nights.nights_list": ["page"],
    "nights.night": [],
    "draws.new_draw": [],
    "draws.create_draw": DRAW_FIELDS,
    "draws.show": [],
    "draws.scoresheets": ["sheet"],
    "draws.next_round": [],
    "draws.start": ["round", "table", "revision"],
    "draws.arrive": ["name", "revision"],
    "draws.leave": ["name", "revision"],
    "draws.delete": [],
}
