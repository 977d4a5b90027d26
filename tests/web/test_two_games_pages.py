"""A club that plays All Fives and Fives and Threes, on the real app and a real SQLite file: the
league table, the leaderboard and a player's statistics each read for one game, with a switch
between the two; the history, a match and a night name each match's game; the exports name it
in a column; a Fives and Threes record comes in through the API and a club file like any other;
the night's draw seats it."""

import csv
import io
import json
import re

import pytest

from assistant.club import draws, nights, registry, store
from assistant.db import connect
from tests.clients import admin_client, create, imported, page_token, shown
from tests.records import won
from tests.two_games import PLAYED_OUT, both_games, won_threes

THREES = "fives-and-threes"


@pytest.fixture
def club(app, client):
    db = connect(app.config["DATABASE"])
    try:
        ids = [store.create(db, made).id for made in both_games()]
        store.set_league_minimum(db, 0)  # everyone ranked
        client.players = {name: registry.find(db, name) for name in ("Ann", "Bo", "Cy")}
    finally:
        db.close()
    client.match_ids = ids
    return client


def text(response) -> str:
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    html = shown(response.get_data(as_text=True))
    return re.sub(r"\s+", " ", html)


def first_rows(html: str, caption: str) -> list[str]:
    """The names in a standings table, in order."""
    table = html.split(f"<caption>{caption}</caption>", 1)[1].split("</table>", 1)[0]
    return re.findall(r'<th scope="row" class="who">(?:<a [^>]*>)?([^<]+)<', table)


def csv_rows(response) -> list[dict]:
    body = response.get_data(as_text=True)
    return list(csv.DictReader(io.StringIO(body.removeprefix("\ufeff"))))


def test_the_league_table_of_each_game_with_a_switch(club):
    page = text(club.get("/league?season=all"))
    assert 'aria-label="Game"' in page
    assert f'href="/league?game={THREES}&amp;season=all"' in page
    assert "League table · All Fives · All time" in page  # the game played most (a tie: All Fives)
    assert first_rows(page, "Players") == ["Cy", "Ann", "Bo"]
    threes = text(club.get(f"/league?game={THREES}&season=all"))
    assert "League table · Fives and Threes · All time" in threes
    assert first_rows(threes, "Players") == ["Bo", "Cy", "Ann"]
    # Each name links to the player's figures in the same game.
    assert f'href="/players/{club.players["Bo"]}?game={THREES}"' in threes
    assert club.get("/league?game=dominoes").status_code == 404


def test_the_leaderboard_of_each_game(club):
    fives = text(club.get("/leaderboard?season=all"))
    assert "Leaderboard · All Fives" in fives
    assert re.findall(r'player_id=\d+|/players/\d+[^"]*">([^<]+)<', fives)[:3] == [
        "Ann",
        "Cy",
        "Bo",
    ]
    threes = text(club.get(f"/leaderboard?game={THREES}&season=all"))
    assert "Leaderboard · Fives and Threes" in threes
    assert re.findall(r'/players/\d+[^"]*">([^<]+)<', threes)[:3] == ["Bo", "Cy", "Ann"]


def test_a_players_fives_and_threes_figures_in_its_own_terms(club):
    ann = club.players["Ann"]
    page = text(club.get(f"/players/{ann}?game={THREES}&season=all"))
    assert "Finished matches · Fives and Threes" in page
    for label in ("Pegs / hand", "15s made", "Chip-outs", "Busts"):
        assert label in page
    figures = dict(re.findall(r'data-figure="(\w+)">([^<]+)<', page))
    assert (figures["matches"], figures["fifteens"], figures["chip_outs"]) == ("2", "1", "2")
    assert (figures["busts"], figures["points_per_hand"]) == ("1", "2.3")  # 14 pegs, 6 hands
    assert "Pips caught" not in page
    fives = text(club.get(f"/players/{ann}?season=all"))
    assert "Pips caught" in fives and "15s made" not in fives
    assert dict(re.findall(r'data-figure="(\w+)">([^<]+)<', fives))["matches"] == "3"


def test_history_a_match_and_a_night_name_the_game(club):
    history = text(club.get("/history"))
    assert history.count("Fives and Threes") >= 3
    only = text(club.get(f"/history?game={THREES}"))
    assert only.count('class="match-link"') == 3
    assert club.get("/history?game=chess").status_code == 400
    match = text(club.get(f"/history/{club.match_ids[4]}"))  # Bo beat Cy
    assert "Fives and Threes" in match and "<b>Bo won</b>" in match
    # The match played out: its scorepad, hand by hand, ends on Ann 14, Bo 20.
    played_out = text(club.get(f"/history/{club.match_ids[3]}"))
    assert "Fives and Threes" in played_out and "<b>Bo won</b>" in played_out
    totals = re.findall(r'class="total">(\d+)<', played_out)
    assert totals == ["5", "8", "7", "11", "13", "15", "13", "19", "14", "20"]
    night = text(club.get("/nights/2026-10-01"))
    assert '<h2 class="night-game">All Fives</h2>' in night
    assert '<h2 class="night-game">Fives and Threes</h2>' in night
    winners = night.split('<h2 class="night-game">Fives and Threes</h2>', 1)
    assert "Winner of the night: Ann" in winners[0] and "Winner of the night: Bo" in winners[1]


def test_the_exports_name_each_matchs_game(club):
    games = ["all-fives"] * 3 + [THREES] * 3
    matches = csv_rows(club.get("/history/matches.csv?sheet=comma"))
    assert [(r["match"], r["game"]) for r in matches] == list(
        zip([str(i) for i in club.match_ids], games, strict=True)
    )
    players = csv_rows(club.get("/history/players.csv?sheet=comma"))
    ann = [r for r in players if r["match"] == str(club.match_ids[3]) and r["player"] == "Ann"]
    assert [(r["game"], r["15s"], r["busts"], r["chip-outs"]) for r in ann] == [
        (THREES, "1", "1", "2")
    ]
    assert {r["game"] for r in players if r["match"] == str(club.match_ids[0])} == {"all-fives"}
    hands = csv_rows(club.get(f"/history/hands.csv?sheet=comma&game={THREES}"))
    assert {r["game"] for r in hands} == {THREES} and len(hands) == 2 * (5 + 1 + 1)
    records = json.loads(club.get(f"/history/records.json?game={THREES}").get_data())
    assert records["matches"][0]["record"] == PLAYED_OUT | {"date": "2026-10-01"}


def test_fives_and_threes_comes_in_through_the_api_and_a_club_file(client, tmp_path):
    match_id = create(client, won_threes("Ann Bo", "2026-10-02"))
    assert "Fives and Threes" in text(client.get(f"/history/{match_id}"))
    body = client.get("/history/records.json").get_data()
    other = admin_client(tmp_path / "other")
    form = {"csrf_token": page_token(other), "file": (io.BytesIO(body), "club.json")}
    report = imported(other, other.post("/history/import", data=form))
    assert "1 imported, 0 already here, 0 broken" in report
    listed = csv_rows(other.get("/history/matches.csv?sheet=comma"))
    assert [r["game"] for r in listed] == [THREES]


def test_the_draw_offers_fives_and_threes_and_seats_it_in_pairs(tmp_path):
    admin = admin_client(tmp_path / "club")
    night = nights.tonight()
    form_page = text(admin.get(f"/nights/{night}/draw"))
    assert f'<option value="{THREES}">Fives and Threes</option>' in form_page
    form = {"kind": "pairs_fixed", "pairs": "Ann + Bo\nCy + Di", "rounds": "1", "tables": "1",
            "preset": THREES}  # fmt: skip
    made = admin.post(f"/nights/{night}/draw", data=form)
    assert made.status_code == 303, text(made)[:300]
    draw_url = made.headers["Location"]
    assert "Fives and Threes" in text(admin.get(draw_url))
    started = admin.post(f"{draw_url}/start", data={"round": "1", "table": "1", "revision": "0"})
    assert started.status_code == 303
    db = connect(tmp_path / "club" / "club.sqlite")
    try:
        [(game, partnership)] = db.execute("SELECT game, partnership FROM match_summary")
        assert (game, partnership) == (THREES, 1)
        assert draws.of_night(db, night)[0].rules == THREES
    finally:
        db.close()


def test_a_swiss_round_of_fives_and_threes_follows_its_own_standings(tmp_path):
    """Round 1 of a Swiss draw of Fives and Threes to 4: each table's first seat leads 6-6 and
    wins. Bo also beat Ann twice at All Fives tonight; mixed in, that would pair Bo with the
    other winner. Round 2 pairs the two Fives and Threes winners, and the two losers."""
    admin = admin_client(tmp_path / "club")
    night = nights.tonight()
    form = {"kind": "two", "new_names": "Ann\nBo\nCy\nDi", "rounds": "2", "tables": "1-2",
            "preset": THREES, "target": "4", "swiss": "on"}  # fmt: skip
    made = admin.post(f"/nights/{night}/draw", data=form)
    assert made.status_code == 303, text(made)[:300]
    draw_url = made.headers["Location"]
    db = connect(tmp_path / "club" / "club.sqlite")
    try:
        drawn = draws.get(db, int(draw_url.rsplit("/", 1)[1]))
        winners, losers = [], []
        for seating in drawn.drawn[0].seatings:
            form = {"round": "1", "table": str(seating.table), "revision": "0"}
            started = admin.post(f"{draw_url}/start", data=form)
            match_id = int(started.headers["Location"].rstrip("/").rsplit("/", 1)[1])
            first, second = seating.seats
            lead = {"player": first, "play": "6-6", "version": 1}
            answer = admin.post(f"/api/matches/{match_id}/events", json=lead)
            assert answer.status_code == 200, answer.get_data(as_text=True)
            winners.append(first)
            losers.append(second)
        for _ in range(2):  # All Fives, tonight: the first loser beats the first winner twice
            store.create(db, won(f"{losers[0]} {winners[0]}", night))
        assert admin.post(f"{draw_url}/next").status_code == 303
        second_round = draws.get(db, drawn.id).drawn[1].seatings
        assert sorted(sorted(s.seats) for s in second_round) == sorted(
            [sorted(winners), sorted(losers)]
        )
    finally:
        db.close()
