"""A club that plays two games: every match keeps its game (All Fives, or Fives and Threes),
and the ratings, league tables and statistics of one never take in the other."""

import random

import pytest

from assistant.club import cache, league, nights, queries, registry, seasons, store
from assistant.club.games import ALL_FIVES, FIVES_AND_THREES, game_of
from assistant.club.matchrow import stored_text
from assistant.club.opening import migrate
from assistant.club.schema import migrations
from assistant.db import connect, immediate
from assistant.engine import replay
from assistant.simulate import random_match
from tests.records import won
from tests.two_games import both_games, won_threes


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
        ({"preset": "fives-and-threes", "bogus": 1}, FIVES_AND_THREES),  # no longer replays
        (
            {"preset": "muggins", "count_scoring": "fives_and_threes", "hand_size": 99},
            FIVES_AND_THREES,
        ),
    ],
)
def test_a_matchs_game_follows_from_its_rules(rules, game):
    assert game_of(rules) == game


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


def add_both(db) -> dict[str, int]:
    for made in both_games():
        store.create(db, made)
    return {name: registry.find(db, name) for name in ("Ann", "Bo", "Cy")}


def standings(table) -> dict:
    return {s.name: (s.rank, s.played, s.won, s.points_for, s.points_against) for s in table}


def test_each_game_has_its_own_league_table(db):
    add_both(db)
    assert queries.games(db) == [ALL_FIVES, FIVES_AND_THREES]  # 3 matches each: All Fives first
    fives = league.league(db, None, 0)
    assert standings(fives.ranked) == {
        "Cy": (1, 1, 1, 10, 0),
        "Ann": (2, 3, 2, 20, 10),
        "Bo": (3, 2, 0, 0, 20),
    }
    threes = league.league(db, None, 0, game=FIVES_AND_THREES)
    assert standings(threes.ranked) == {
        "Bo": (1, 2, 2, 24, 14),
        "Cy": (2, 2, 1, 4, 4),
        "Ann": (3, 2, 0, 14, 24),
    }
    night = league.night(db, "2026-10-01", game=FIVES_AND_THREES)
    assert [s.name for s in night.ranked] == ["Bo", "Cy", "Ann"]
    store.create(db, won_threes("Di Cy", "2026-10-02"))  # now played most: the pages open on it
    assert queries.games(db) == [FIVES_AND_THREES, ALL_FIVES]
    assert queries.games(db, "2026-10-01") == [ALL_FIVES, FIVES_AND_THREES]
    assert queries.games(db, "2026-10-02") == [FIVES_AND_THREES]
    assert queries.games(db, "2026-10-03") == [ALL_FIVES]


def test_each_game_has_its_own_ratings_never_moved_by_the_other(db):
    store.create(db, won("Ann Bo", "2026-10-01"))
    ann = registry.find(db, "Ann")
    before = queries.rating(db, ann)
    for made in both_games()[3:]:  # Fives and Threes only: Ann loses twice
        store.create(db, made)
    assert queries.rating(db, ann) == before  # her All Fives rating did not move
    threes = queries.leaderboard(db, game=FIVES_AND_THREES)
    assert [(row["name"], row["games"]) for row in threes] == [("Bo", 2), ("Cy", 2), ("Ann", 2)]
    fives = queries.leaderboard(db)
    assert [(row["name"], row["games"]) for row in fives] == [("Ann", 1), ("Bo", 1)]
    # Recomputed from scratch (`rebuild-stats`), the games stay apart just the same.
    with immediate(db):
        cache.rebuild(db)
    assert queries.rating(db, ann) == before
    assert [row["name"] for row in queries.leaderboard(db, game=FIVES_AND_THREES)][0] == "Bo"


def test_fives_and_threes_statistics_in_its_own_terms(db):
    ids = add_both(db)
    ann = queries.player_stats(db, ids["Ann"], game=FIVES_AND_THREES)["overall"]
    assert (ann["matches"], ann["wins"], ann["hands"], ann["points"]) == (2, 0, 6, 14)
    assert (ann["fifteens"], ann["busts"], ann["chip_outs"]) == (1, 1, 2)
    assert (ann["plays"], ann["scoring_plays"], ann["largest"]) == (7, 5, 4)
    bo = queries.player_stats(db, ids["Bo"], game=FIVES_AND_THREES)["overall"]
    assert (bo["matches"], bo["wins"], bo["hands"], bo["points"]) == (2, 2, 6, 24)
    assert (bo["fifteens"], bo["busts"], bo["chip_outs"], bo["largest"]) == (1, 1, 2, 8)
    assert bo["points_per_hand"] == 4.0
    # All Fives figures stay as they were, without a single Fives and Threes hand in them.
    fives = queries.player_stats(db, ids["Ann"])["overall"]
    assert (fives["matches"], fives["wins"], fives["hands"], fives["points"]) == (3, 2, 3, 20)
    assert (fives["fifteens"], fives["busts"], fives["chip_outs"]) == (0, 0, 0)


def opened(path):
    migrate(path)
    return connect(path)


def test_random_clubs_keep_the_games_apart(tmp_path):
    """Random matches of both games (the project's simulator) in one club: the Fives and Threes
    leaderboard and league table are those of a club that played only its Fives and Threes
    matches, and each seat's own figures are those its plays and hands show."""
    rng = random.Random(24)
    threes = [random_match(rng, rules=FIVES_AND_THREES) for _ in range(8)]
    fives = [random_match(rng, rules="muggins", max_hands=6) for _ in range(8)]
    both, alone = opened(tmp_path / "both.sqlite"), opened(tmp_path / "alone.sqlite")
    for three, five in zip(threes, fives, strict=True):
        store.create(both, five)
        store.create(both, three)
        store.create(alone, three)

    def board(db) -> list:
        rows = queries.leaderboard(db, game=FIVES_AND_THREES)
        return [(r["name"], r["rating"], r["games"], r["trend"]) for r in rows]

    def table(db) -> dict:
        return standings(league.league(db, None, 0, game=FIVES_AND_THREES).ranked)

    assert board(both) == board(alone) and len(board(both)) > 1
    assert table(both) == table(alone)

    for match_id, record in enumerate(threes, start=1):
        match = replay(record)
        for name in match.players:
            side = match.side_of[name]
            plays = [p for hand in match.hands for p in hand.plays if p["player"] == name]
            seat = alone.execute(
                "SELECT side_points, fifteens, busts, chip_outs, game FROM match_players "
                "WHERE match_id = ? AND name = ?",
                [match_id, name],
            ).fetchone()
            assert seat == (
                match.scores[side],
                sum(p["count"] == 15 for p in plays),
                sum(not p["points"] and match.count_points(p["count"]) > 0 for p in plays),
                sum(
                    hand.ended == "domino" and match.side_of[hand.went_out] == side
                    for hand in match.hands
                ),
                FIVES_AND_THREES,
            )
    both.close()
    alone.close()


def test_the_club_boards_standings_are_of_the_nights_game(db):
    for made in both_games()[3:]:  # a night of Fives and Threes alone
        store.create(db, made)
    board = nights.board(db, "2026-10-01")
    assert [s.name for s in board["standings"].ranked] == ["Bo", "Cy", "Ann"]


def test_a_seasons_table_and_ratings_per_game(db):
    for made in both_games("2026-10-01"):
        store.create(db, made)
    store.create(db, won_threes("Ann Bo", "2027-03-01"))  # after the season
    store.save_season(db, "Autumn", "2026-09-01", "2026-12-31", None)
    [autumn] = seasons.all_seasons(db)
    threes = league.league(db, autumn, 0, game=FIVES_AND_THREES)
    assert standings(threes.ranked)["Ann"] == (3, 2, 0, 14, 24)  # not the win of March
    assert [s.rating is not None for s in threes.ranked] == [True, True, True]
    board = queries.leaderboard(db, season=autumn, game=FIVES_AND_THREES)
    assert [(row["name"], row["games"]) for row in board] == [("Bo", 2), ("Cy", 2), ("Ann", 2)]
    fives = queries.leaderboard(db, season=autumn)
    assert {row["name"]: row["games"] for row in fives} == {"Ann": 3, "Bo": 2, "Cy": 1}
