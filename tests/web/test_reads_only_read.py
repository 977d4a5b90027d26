"""Opening the club's figures only reads, on the real app and a real SQLite file: the write that
makes the ratings stale (a match deleted, accepted) brings them up to date, and the leaderboard
and the league, all time and of a season, leave the file as it was (its data_version, which
moves with every commit by another connection, stays)."""

import sqlite3

from tests.clients import admin_client, create, won_at_the_table
from tests.records import won

PAGES = ["/leaderboard", "/league", "/leaderboard?season=all", "/league?season=all"]


def test_the_leaderboard_and_the_league_only_read(tmp_path):
    client = admin_client(tmp_path)
    database = client.application.config["DATABASE"]
    season = {"name": "Autumn", "starts": "2025-09-01", "ends": "2025-12-31"}
    assert client.post("/seasons", data=season).status_code == 303
    kept = create(client, won("Ann Bo", "2025-09-02T19:00:00+02:00"))
    deleted = create(client, won("Bo Ann", "2025-09-03T19:00:00+02:00"))
    create(client, won("Cy Di", "2025-09-04T19:00:00+02:00"))
    assert client.post("/history/waiting/accept", data={}).status_code == 303
    assert client.post(f"/matches/{deleted}/delete", data={}).status_code == 303  # stale now

    with sqlite3.connect(database) as watcher:
        (season_id,) = watcher.execute("SELECT id FROM seasons").fetchone()
        (player_id,) = watcher.execute("SELECT id FROM players LIMIT 1").fetchone()
        pages = PAGES + [f"/leaderboard?season={season_id}", f"/league?season={season_id}"]
        # ... and the club's other screens, none of which writes either.
        pages += ["/", "/history", "/players", f"/players/{player_id}", "/nights", "/board"]
        pages += ["/seasons", f"/matches/{kept}", f"/history/{kept}", "/history/import"]
        before = watcher.execute("PRAGMA data_version").fetchone()
        for page in pages:
            assert client.get(page).status_code == 200, page
        assert watcher.execute("PRAGMA data_version").fetchone() == before
        games = watcher.execute(
            "SELECT p.name, r.games FROM ratings r JOIN players p ON p.id = r.player_id"
        ).fetchall()
        in_season = watcher.execute(
            "SELECT p.name, r.games FROM season_ratings r JOIN players p ON p.id = r.player_id "
            "WHERE season_id = ?",
            [season_id],
        ).fetchall()
    assert sorted(games) == sorted(in_season) == [("Ann", 1), ("Bo", 1), ("Cy", 1), ("Di", 1)]
    assert kept != deleted


def test_a_rating_a_hair_below_zero_reads_0_0(client):
    """A rating of -0.00066 (openskill's ordinal, mu - 3 sigma, can land there) is 0.0 to the
    tenth, and the leaderboard and the league say so: not "-0.0"."""
    database = client.application.config["DATABASE"]
    won_at_the_table(client)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE ratings SET ordinal = -0.00066, recent = '[0.0, -0.00066]'")
    board = client.get("/leaderboard").text
    assert '<td class="rating">0.0</td>' in board and "-0.0" not in board
    assert "-0" not in client.get("/league?season=all").text.partition("<table")[2]
