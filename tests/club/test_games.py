"""A club that plays two games: every match keeps its game (All Fives, or Fives and Threes),
and the ratings, league tables and statistics of one never take in the other."""

import pytest

from assistant.club import league, queries, registry, store
from assistant.club.games import ALL_FIVES, FIVES_AND_THREES, game_of, pegs
from assistant.club.matchrow import stored_text
from assistant.club.opening import migrate
from assistant.club.schema import migrations
from assistant.db import connect, immediate
from tests.records import won


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.mark.parametrize(
    ("rules", "game"),
    [
        ("all-fives", ALL_FIVES),
        ("muggins", ALL_FIVES),
        ("pagat", ALL_FIVES),
        ("fives-and-threes", FIVES_AND_THREES),
        ({"preset": "muggins", "target": 150}, ALL_FIVES),
        ({"preset": "fives-and-threes", "target": 121}, FIVES_AND_THREES),
        ({"preset": "all-fives", "count_scoring": "fives_and_threes"}, FIVES_AND_THREES),
        ({"preset": "fives-and-threes", "count_scoring": "fives"}, ALL_FIVES),
    ],
)
def test_a_matchs_game_follows_from_its_rules(rules, game):
    assert game_of(rules) == game


def test_the_count_in_pegs():
    """RULES.md §7: 3 → 1, 5 → 1, 6 → 2, 9 → 3, 10 → 2, 12 → 4, 15 → 8, 18 → 6, 20 → 4."""
    table = {0: 0, 3: 1, 4: 0, 5: 1, 6: 2, 7: 0, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}
    assert {count: pegs(count) for count in table} == table


def test_a_club_of_one_game_reads_it_everywhere(db):
    store.create(db, won("Ann Bo", "2026-10-01"))
    assert queries.games(db) == [ALL_FIVES]
    assert db.execute("SELECT DISTINCT game FROM match_players").fetchall() == [(ALL_FIVES,)]
    assert [row["name"] for row in queries.leaderboard(db)] == ["Ann", "Bo"]
    assert queries.leaderboard(db, game=FIVES_AND_THREES) == []
    assert league.league(db, None, 0, game=FIVES_AND_THREES).ranked == []


def test_an_older_file_keeps_its_matches_as_all_fives_and_its_ratings(tmp_path):
    path = tmp_path / "old.sqlite"
    db = connect(path)
    migrations.apply(db, stop_before="games_apart")
    with immediate(db):
        for players in ("Ann Bo", "Bo Cy"):
            db.execute(
                "INSERT INTO matches(record, version, created, updated) VALUES (?, 1, ?, ?)",
                [stored_text(won(players, "2026-11-28")), "2026", "2026"],
            )
    db.close()
    migrate(path)
    db = connect(path)
    assert db.execute("SELECT DISTINCT game FROM match_summary").fetchall() == [(ALL_FIVES,)]
    board = queries.leaderboard(db)
    assert {row["name"]: row["games"] for row in board} == {"Ann": 1, "Bo": 2, "Cy": 1}
    ann = registry.find(db, "Ann")
    assert (
        queries.rating(db, ann)[1] == 1 and queries.rating(db, ann, game=FIVES_AND_THREES) is None
    )
    db.close()
