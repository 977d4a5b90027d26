"""Statistics and ratings of a small club history, checked against figures worked out by hand
(tests/records.py says how each match goes)."""

import math

import pytest

from assistant.club import cache, queries, registry, store
from assistant.db import connect, immediate
from tests.records import A, D, E, F, G, play, record


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def stats(db, name):
    return queries.player_stats(db, registry.find(db, name))


def test_player_statistics_by_hand(db):
    for r in (A, D, E, F, G):
        store.create(db, r)
    ann = stats(db, "ann")  # names are found ignoring case
    overall = ann["overall"]
    assert (overall["matches"], overall["wins"], overall["win_rate"]) == (3, 3, 100)
    assert overall["points"] == 25 and overall["hands"] == 3  # 10 + 10 + 5 over 3 hands
    assert overall["points_per_hand"] == 8.3
    assert (overall["plays"], overall["scoring_plays"], overall["play_points"]) == (3, 2, 15)
    assert overall["average_score"] == 7.5 and overall["largest"] == 10
    assert (overall["dominoes"], overall["blocks_won"], overall["pips_caught"]) == (1, 1, 1)
    assert ann["playing"] == 1  # G
    assert [p["preset"] for p in ann["presets"]] == ["muggins"]

    bo = stats(db, "Bo")["overall"]
    assert (bo["matches"], bo["wins"], bo["win_rate"], bo["points_per_hand"]) == (3, 0, 0, 0)
    assert (bo["plays"], bo["scoring_plays"], bo["average_score"], bo["largest"]) == (2, 0, None, 0)
    assert (bo["dominoes"], bo["blocks_won"], bo["pips_caught"]) == (0, 0, 9)  # 4 in D, 5 in E


def test_partnership_statistics_by_hand(db):
    store.create(db, F)
    north = registry.find(db, "N")
    [pair] = queries.partnerships(db, north)
    assert pair["partner"] == "S"
    assert (pair["matches"], pair["wins"], pair["points"], pair["points_per_hand"]) == (
        1,
        1,
        15,
        15,
    )
    assert (pair["plays"], pair["scoring_plays"], pair["average_score"]) == (2, 2, 7.5)
    assert pair["largest"] == 10
    [east] = queries.partnerships(db, registry.find(db, "E"))
    assert (east["partner"], east["wins"], east["points"], east["scoring_plays"]) == ("W", 0, 5, 1)


def test_statistics_per_preset(db):
    store.create(db, A)
    store.create(db, record("all-fives", ["Ann", "Bo"], {"events": [play("Ann", "6-4")]}))
    ann = stats(db, "Ann")
    assert [(p["preset"], p["matches"]) for p in ann["presets"]] == [("muggins", 1)]
    assert ann["playing"] == 1


BETA = 25 / 6
SIGMA = 25 / 3


def test_one_game_rating_by_hand(db):
    """Plackett-Luce, two new players, one game: c = √(2σ² + 2β²), each p = ½, and the winner
    gains σ²/c · ½ while the loser loses as much."""
    store.create(db, A)
    c = math.sqrt(2 * SIGMA**2 + 2 * BETA**2)
    gain = SIGMA**2 / c * 0.5
    board = {row["name"]: row for row in queries.leaderboard(db)}
    assert board["Ann"]["mu"] == round(25 + gain, 1) == 27.6
    assert board["Bo"]["mu"] == round(25 - gain, 1) == 22.4
    assert board["Ann"]["games"] == board["Bo"]["games"] == 1
    assert board["Ann"]["sigma"] < SIGMA and board["Ann"]["rank"] == 1


def test_ratings_follow_the_match_order_and_partnerships_are_teams(db):
    for r in (A, D, E, F, G):
        store.create(db, r)
    board = queries.leaderboard(db)
    games = {row["name"]: row["games"] for row in board}
    assert games == {"Ann": 3, "Bo": 3, "N": 1, "S": 1, "E": 1, "W": 1}  # G is not finished
    assert board[0]["name"] == "Ann" and board[0]["trend"] > 0
    by_name = {row["name"]: row for row in board}
    assert by_name["N"]["mu"] == by_name["S"]["mu"] > by_name["E"]["mu"] == by_name["W"]["mu"]
    incremental = [(r["name"], r["mu"], r["sigma"]) for r in board]
    with immediate(db):
        cache.rebuild(db)  # what `rebuild-stats` does: the same figures from scratch
    assert [(r["name"], r["mu"], r["sigma"]) for r in queries.leaderboard(db)] == incremental


def test_deleting_a_match_recomputes_the_ratings(db):
    first = store.create(db, A)
    store.create(db, D)
    store.delete(db, first.id)  # the admin deletes it: the store makes the ratings again
    games = {row["name"]: row["games"] for row in queries.leaderboard(db)}
    assert games == {"Ann": 1, "Bo": 1}
    assert stats(db, "Ann")["overall"]["matches"] == 1


def test_rename_keeps_the_history_and_merge_joins_two_entries(db):
    store.create(db, A)
    store.create(db, record({"preset": "muggins", "target": 10}, ["Annie", "Bo"],
                            {"events": [play("Annie", "5-5")]}))  # fmt: skip
    bo = registry.find(db, "Bo")
    with immediate(db):
        registry.rename(db, bo, "Bob")
    assert registry.find(db, "BOB") == registry.find(db, "bo") == bo
    assert registry.get(db, bo)["name"] == "Bob"
    with pytest.raises(registry.RegistryError, match="already another player"):
        registry.rename(db, bo, "ANN")
    ann, annie = registry.find(db, "Ann"), registry.find(db, "Annie")
    with pytest.raises(registry.RegistryError, match="same match"):
        registry.merge(db, bo, ann)
    with immediate(db):
        registry.merge(db, annie, ann)
    assert registry.find(db, "annie") == ann
    assert stats(db, "Ann")["overall"]["wins"] == 2
    assert [p["name"] for p in registry.all_players(db)] == ["Ann", "Bob"]
    # A new match under the old name goes to the merged player.
    store.create(db, record("muggins", ["Annie", "Cy"]))
    assert queries.history(db, queries.HistoryFilter(player="ann"))["rows"][0]["players"] == (
        "Annie, Cy"
    )


def test_history_filters(db):
    for r in (A, D, E, F, G):
        store.create(db, r)

    def ids(**kwargs):
        return [row["id"] for row in queries.history(db, queries.HistoryFilter(**kwargs))["rows"]]

    assert ids() == [5, 4, 3, 2, 1]
    assert ids(player="ANN") == [5, 3, 2, 1]
    assert ids(status="playing") == [5]
    assert ids(status="finished", player="bo") == [3, 2, 1]
    assert ids(preset="all-fives") == []
    assert ids(since="2000-01-01", until="2999-12-31") == [5, 4, 3, 2, 1]
    assert ids(until="2000-01-01") == []
    assert queries.history(db, queries.HistoryFilter(player="nobody"))["unknown_player"]


def test_imported_matches_count_once_accepted_and_are_rated_as_if_played_last(db):
    from assistant.club import imports

    store.create(db, A)
    with immediate(db):
        report = imports.import_items(db, [{"record": D, "created": None}])
    assert report == [{"n": 1, "status": "imported", "match": 2}]
    assert [r["games"] for r in queries.leaderboard(db)] == [1, 1]  # A only: D awaits the admin
    assert stats(db, "Ann")["overall"]["matches"] == 1
    store.accept(db, [2])
    assert stats(db, "Ann")["overall"]["matches"] == 2
    incremental = [(r["name"], r["mu"], r["sigma"], r["games"]) for r in queries.leaderboard(db)]
    with immediate(db):
        cache.rebuild(db)
    assert [(r["name"], r["mu"], r["sigma"], r["games"]) for r in queries.leaderboard(db)] == (
        incremental
    )
    assert incremental[0][3] == 2
