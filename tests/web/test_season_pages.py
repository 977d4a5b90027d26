"""The season's screens on the real app and a real SQLite file: dates at the table, the
admin's seasons and minimum, the league table per season, club nights, the night's draw and
the board's round."""

import re
from datetime import datetime

import pytest

from assistant.club import derive, nights
from assistant.web.base.auth import save_password
from tests.clients import create
from tests.database import accept_imported
from tests.records import WON_RULES, record, won

PASSWORD = "club admin 123"


@pytest.fixture
def admin(app, client, tmp_path):
    """The client, logged in as the club admin."""
    path = tmp_path / "admin_password"
    save_password(path, PASSWORD)
    app.config["ADMIN_PASSWORD_FILE"] = str(path)
    client.post("/admin/login", data={"password": PASSWORD})
    return client


def text(response) -> str:
    """The page's words, without its markup."""
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_match_started_at_the_table_is_dated_when_it_starts(client):
    before = datetime.now().astimezone()
    form = {"player": ["Ann", "Bo", "", ""], "preset": "muggins", "create": "1"}
    created = client.post("/matches/new", data=form)
    match_id = int(created.headers["Location"].rsplit("/", 1)[1])
    date = client.get(f"/api/matches/{match_id}").get_json()["record"]["date"]
    started = datetime.fromisoformat(date)
    assert started.utcoffset() == before.utcoffset()  # the server's local time, with its offset
    assert 0 <= (started - before.replace(microsecond=0)).total_seconds() < 60
    rematch = client.post(f"/matches/{match_id}/rematch")
    again = int(rematch.headers["Location"].rsplit("/", 1)[1])
    assert client.get(f"/api/matches/{again}").get_json()["record"]["date"] >= date


def test_only_the_admin_sets_seasons_and_the_minimum(admin, client):
    client.post("/admin/logout", data={})
    refused = client.post("/seasons", data={"name": "Autumn", "starts": "2026-09-01"})
    assert refused.status_code == 303 and "/admin/login" in refused.headers["Location"]
    assert "The club admin sets the seasons" in text(client.get("/seasons"))

    client.post("/admin/login", data={"password": PASSWORD})
    season = {"name": "Autumn 2026", "starts": "2026-09-01", "ends": "2026-12-31"}
    assert client.post("/seasons", data=season).status_code == 303
    overlap = client.post(
        "/seasons", data={"name": "X", "starts": "2026-12-31", "ends": "2027-01-31"}
    )
    assert overlap.status_code == 422
    assert "It would overlap Autumn 2026" in text(overlap)
    backwards = client.post(
        "/seasons", data={"name": "X", "starts": "2027-02-01", "ends": "2027-01-01"}
    )
    assert backwards.status_code == 422 and "ends on or after" in text(backwards)
    bad = client.post("/seasons", data={"name": "X", "starts": "1/2/2027", "ends": "2027-03-01"})
    assert bad.status_code == 422 and "YYYY-MM-DD" in text(bad)
    nameless = client.post(
        "/seasons", data={"name": " ", "starts": "2027-01-01", "ends": "2027-03-01"}
    )
    assert nameless.status_code == 422
    renamed = client.post("/seasons/1", data=season | {"name": "Autumn"})  # its own range: fine
    assert renamed.status_code == 303 and "Autumn" in text(client.get("/seasons"))
    assert client.post("/seasons/9", data=season).status_code == 404

    assert client.post("/seasons/minimum", data={"minimum": "x"}).status_code == 422
    assert client.post("/seasons/minimum", data={"minimum": "2"}).status_code == 303
    assert 'value="2"' in client.get("/seasons").get_data(as_text=True)
    assert client.post("/seasons/1/delete").status_code == 303
    assert "No seasons yet" in text(client.get("/seasons"))


def test_the_league_table_is_read_per_season_the_current_one_first(app, admin, client):
    tonight = nights.tonight()
    create(client, won("Ann Bo", tonight))
    create(client, won("Cy Ann", "2001-01-01"))
    accept_imported(app.config["DATABASE"])
    client.post("/seasons/minimum", data={"minimum": "1"})
    assert "Ann" in text(client.get("/league"))  # no season yet: all time
    client.post("/seasons", data={"name": "Now", "starts": tonight, "ends": tonight})
    client.post("/seasons", data={"name": "Long ago", "starts": "2001-01-01", "ends": "2001-12-31"})

    current = text(client.get("/league"))
    assert "League table · Now" in current
    assert re.search(r"1 Ann 1 1 0 100 10 0 10 ", current)  # one game, won 10–0
    assert " Cy " not in current
    old = text(client.get("/league?season=2"))
    assert re.search(r"1 Cy 1 1 0 100 10 0 10 ", old) and " Bo " not in old
    every = text(client.get("/league?season=all"))
    assert re.search(r"1 Cy 1 1 0 100 10 0 10 .* 2 Ann 2 1 1 50 10 10 5 ", every)
    assert "a match scored in fives counts ×5" in every
    assert client.get("/league?season=9").status_code == 404
    assert client.get("/league?season=x").status_code == 404
    piece = client.get("/league?season=all", headers={"HX-Request": "true"})
    assert "<html" not in piece.get_data(as_text=True) and "HX-Request" in piece.headers["Vary"]

    ann = re.search(r'href="/players/(\d+)"><bdi>Ann</bdi><', client.get("/league").text)
    player = f"/players/{ann.group(1)}"
    assert 'aria-current="page">Now<' in client.get(player).get_data(as_text=True)
    assert "Finished matches · Long ago" in text(client.get(f"{player}?season=2"))
    assert "Leaderboard · Now" in text(client.get("/leaderboard"))
    board = client.get("/leaderboard?season=2").get_data(as_text=True)
    assert ">Cy<" in board and ">Bo<" not in board


def test_club_nights(app, client):
    create(client, won("Ann Bo", "2026-11-28T21:00:00+01:00"))
    create(client, won("Bo Ann", "2026-11-29T01:30:00+01:00"))
    create(client, won("Bo Cy", "2026-11-29T01:45:00+01:00"))
    accept_imported(app.config["DATABASE"])
    listed = text(client.get("/nights"))
    assert "Saturday, November 28, 2026 3 matches" in listed
    night = text(client.get("/nights/2026-11-28"))
    assert "Winner of the night: Bo" in night
    assert "01:45 · Muggins · finished" in night
    assert client.get("/nights/2026-11-31").status_code == 404
    assert client.get("/nights/20261128").status_code == 404
    assert "No match was played this night." in text(client.get("/nights/2026-11-27"))
    assert client.get("/nights?page=0").status_code == 400


def draw_form(**changes) -> dict:
    form = {
        "kind": "pairs_rotating",
        "player": ["Ann", "Bo", "Cy", "Di"],
        "new_names": "Eva\nFinn\n\nGus\nHal",
        "rounds": "2",
        "tables": "3, 5-6",
        "preset": "muggins",
        "target": "10",
    }
    return form | changes


def test_the_draw_refuses_what_it_cannot_seat(client):
    night = "/nights/2026-11-28/draw"
    assert client.get(night).status_code == 200
    assert client.get("/nights/2026-02-30/draw").status_code == 404
    for changes, said in (
        ({"player": [], "new_names": "Ann\nBo"}, "This game needs at least 4 players."),
        ({"new_names": "ann"}, "ann is entered twice."),
        ({"new_names": "x" * 41}, "A name has at most 40 characters."),
        ({"kind": "five"}, "Pick the game."),
        ({"kind": "pairs_fixed"}, "List the fixed pairs"),
        ({"kind": "pairs_fixed", "pairs": "Ann Bo"}, "Write one pair a line"),
        ({"rounds": "0"}, "The rounds are a whole number from 1 to 20."),
        ({"tables": "1-x"}, "Tables are numbers or ranges"),
        ({"tables": "0-3"}, "Tables are numbered from 1 to 99."),
        ({"tables": "²"}, "Tables are numbers or ranges"),
        ({"tables": "1-²"}, "Tables are numbers or ranges"),
        ({"tables": "9" * 4400}, "Tables are numbered from 1 to 99."),
        ({"tables": "٣"}, "Tables are numbers or ranges"),  # ASCII digits only
        ({"tables": "5-3"}, "Tables are numbers or ranges"),
        ({"tables": " "}, "Say which tables are free"),
        ({"preset": "chess"}, "Pick the rules."),
        ({"target": "1e9"}, "The target is a whole number."),
        ({"target": "99999"}, "the target must be from 1 to 10000 points"),
    ):
        refused = client.post(night, data=draw_form(**changes))
        assert refused.status_code == 422, changes
        assert said in text(refused), changes
        assert 'name="kind"' in refused.get_data(as_text=True)  # the form again, as it was
    assert "/draws/" not in client.get("/nights/2026-11-28").text  # no draw was made


def test_a_draw_seats_each_round_and_starts_a_table_in_one_tap(admin, client):
    made = client.post("/nights/2026-11-28/draw", data=draw_form(player=["Ann", "bo", "Cy", "Di"]))
    assert made.status_code == 303
    draw = made.headers["Location"]
    page = client.get(draw).get_data(as_text=True)
    assert page.count('class="draw-round"') == 2
    assert page.count("Start at table 3") == 2 and page.count("Start at table 5") == 2
    assert "Start at table 6" not in page  # eight players fill two tables: the lowest numbers
    assert "<bdi>bo</bdi>" in page  # a name the club does not know yet: as typed

    started = client.post(f"{draw}/start", data={"round": "2", "table": "5"})
    table = started.headers["Location"]
    assert re.fullmatch(r"/matches/\d+", table)
    assert client.post(f"{draw}/start", data={"round": "2", "table": "5"}).headers["Location"] == (
        table
    )
    assert "Table 5 · Round 2" in text(client.get(table))
    assert "<title>Table 5 ·" in client.get(table).get_data(as_text=True)
    record = client.get(f"/api{table}").get_json()["record"]
    assert record["rules"] == {"preset": "muggins", "target": 10} and record["partnership"]
    assert derive.night_of(record["date"]) == nights.tonight()
    assert f'href="{table}"' in client.get(draw).get_data(as_text=True)
    # A table that played on paper so far starts at its phone from the paper's score.
    paper = client.post(f"{draw}/start", data={"round": "1", "table": "3", "paper": "1"})
    assert re.fullmatch(r"/matches/\d+/scored\?paper=1", paper.headers["Location"])
    asked = text(client.get(paper.headers["Location"]))
    assert "Table 3 · Round 1" in asked and "Continue from paper" in asked
    paper_table = paper.headers["Location"].split("/scored")[0]
    assert f'href="{paper_table}"' in client.get(draw).get_data(as_text=True)
    assert client.post(f"{draw}/start", data={"round": "3", "table": "5"}).status_code == 404
    assert client.post(f"{draw}/start", data={"round": "", "table": "5"}).status_code == 400
    assert client.post(f"{draw}/next").status_code == 303  # planned whole: nothing to draw

    sheets = client.get(f"{draw}/scoresheets").get_data(as_text=True)
    assert sheets.count('class="sheet"') == 4 and sheets.count('<tr><th scope="row">') == 4 * 30
    assert "Continuation sheets for a long match: hands 31 to 60" in sheets
    more = client.get(f"{draw}/scoresheets?sheet=2").get_data(as_text=True)
    assert more.count("continued, sheet 2") == 4 and more.count("Carried over") == 4
    assert '<th scope="row">31</th>' in more and '<th scope="row">60</th>' in more
    assert client.get(f"{draw}/scoresheets?sheet=8").status_code == 400

    client.post("/admin/logout", data={})
    assert client.post(f"{draw}/delete").status_code == 303
    assert client.get(draw).status_code == 200  # the admin's only
    client.post("/admin/login", data={"password": PASSWORD})
    assert client.post(f"{draw}/delete").headers["Location"] == "/nights/2026-11-28"
    assert client.get(draw).status_code == 404
    assert client.get(table).status_code == 200  # its match stays


def test_the_board_shows_the_round_its_tables_by_number_and_the_standings(app, client):
    tonight = nights.tonight()
    form = draw_form(tables="4, 2", new_names="Eva\nFinn\nGus\nHal", swiss="on")
    draw = client.post(f"/nights/{tonight}/draw", data=form).headers["Location"]
    loose = create(client, record(WON_RULES, ["Xi", "Yu"]))  # in play, at no numbered table
    for number in (4, 2):
        client.post(f"{draw}/start", data={"round": "1", "table": str(number)})
    board = text(client.get("/board"))
    assert "Round 1 of 2" in board
    assert board.index("Table 2") < board.index("Table 4") < board.index(f"Match {loose}")
    assert "Tonight's standings" not in board  # nothing finished yet
    create(client, won("Ann Bo", tonight))
    accept_imported(app.config["DATABASE"])
    board = text(client.get("/board/live"))
    assert "Tonight's standings" in board and re.search(r"1 Ann 1 1 \+10", board)
    assert 'action="' + draw + '/next"' in client.get(draw).get_data(as_text=True)
    client.post(f"{draw}/next")
    assert client.get(draw).get_data(as_text=True).count('class="draw-round"') == 2
