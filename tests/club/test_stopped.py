"""A match that stops: it leaves the matches in play, its hands count in the figures, and the
league counts it as the club's setting says. Standings worked out by hand for each setting.

Muggins to 50, all on the night of 1 October 2026:
* M1: Ann beats Bo at once: the lead 5-5 scores 10 (10–0), 1 hand, finished.
* M2: Bo leads 5-5 (10) against Cy, then the match stops: Bo 10, Cy 0, 1 hand; Bo alone ahead.
* M3: Ann leads 5-5 (10), Cy lays 5-0 on the left (10), then it stops: 10–10, 1 hand; a tie.
"""

import pytest

from assistant.club import cache, league, nights, queries, registry, seasons, store
from assistant.db import connect, immediate
from assistant.engine import read_entry
from tests.records import play, record, won

NIGHT = "2026-10-01"
WHEN = "2026-10-01T20:00:00+02:00"
TO_50 = {"preset": "muggins", "target": 50}


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def stopped_match(db, players: list[str], *plays: dict) -> int:
    made = store.create(db, record(TO_50, players, {"events": list(plays)}) | {"date": WHEN})
    return store.stop(db, made.id, made.version).stored.id


@pytest.fixture
def night(db):
    store.create(db, won("Ann Bo", WHEN))
    stopped_match(db, ["Bo", "Cy"], play("Bo", "5-5"))
    stopped_match(db, ["Ann", "Cy"], play("Ann", "5-5"), play("Cy", "5-0", "left"))
    return db


def figures(standings) -> dict:
    return {
        s.name: (s.rank, s.played, s.won, s.lost, s.win_rate, s.points_for, s.points_against,
                 s.per_hand)
        for s in standings
    }  # fmt: skip


def counting(db, how: str) -> None:
    with immediate(db):
        seasons.set_stopped_counting(db, how)


def test_by_default_the_league_does_not_count_a_stopped_match(night):
    """Only M1: Ann 1 played, 1 won, 10 for, 0 against in 1 hand; Bo 1 played, 0 won, 0 for,
    10 against. Cy played only stopped matches: not in the table."""
    assert seasons.stopped_counting(night) == "none"
    assert figures(league.league(night, None, 0).ranked) == {
        "Ann": (1, 1, 1, 0, 100, 10, 0, 10.0),
        "Bo": (2, 1, 0, 1, 0, 0, 10, 0.0),
    }


def test_as_played_with_no_winner(night):
    """Ann: M1 and M3, 1 won, for 10 + 10 = 20, against 0 + 10 = 10, 2 hands: 10 a hand. Bo:
    M1 and M2, none won, for 0 + 10 = 10, against 10 + 0 = 10, 5 a hand. Cy: M2 and M3, none
    won, for 0 + 10 = 10, against 10 + 10 = 20, 5 a hand. Bo and Cy both 0 %: Bo's 0 beats
    Cy's −10 on points for less against."""
    counting(night, "no_winner")
    assert figures(league.league(night, None, 0).ranked) == {
        "Ann": (1, 2, 1, 1, 50, 20, 10, 10.0),
        "Bo": (2, 2, 0, 2, 0, 10, 10, 5.0),
        "Cy": (3, 2, 0, 2, 0, 10, 20, 5.0),
    }


def test_the_leader_wins(night):
    """As above, but Bo led M2 when it stopped: Bo 2 played, 1 won. M3 was a tie: nobody won
    it. Ann and Bo both 50 % with 1 win: Ann's +10 beats Bo's 0."""
    counting(night, "leader")
    table = league.league(night, None, 0)
    assert figures(table.ranked) == {
        "Ann": (1, 2, 1, 1, 50, 20, 10, 10.0),
        "Bo": (2, 2, 1, 1, 50, 10, 10, 5.0),
        "Cy": (3, 2, 0, 2, 0, 10, 20, 5.0),
    }
    # The night's standings count it the same way (wins, then points for less against).
    assert [(s.name, s.won) for s in league.night(night, NIGHT).ranked] == [
        ("Ann", 1), ("Bo", 1), ("Cy", 0)
    ]  # fmt: skip


def test_a_stopped_match_leaves_the_matches_in_play_and_its_hands_count(night):
    assert queries.home(night)["playing"] == []
    assert nights.in_play(night, "2000-01-01", 40, NIGHT) == []
    assert store.stale_in_play(night) == []
    listed = {row["id"]: row for row in nights.matches(night, NIGHT)}
    assert [row["stopped"] for row in listed.values()] == [False, True, True]
    # Cy's figures: no match finished, two stopped, their 2 hands and 10 points counted.
    cy = queries.player_stats(night, registry.find(night, "Cy"))
    overall = cy["overall"]
    assert (overall["matches"], overall["stopped"], overall["hands"], overall["points"]) == (
        0, 2, 2, 10
    )  # fmt: skip
    assert overall["win_rate"] is None and cy["playing"] == 0


def test_a_stopped_match_takes_no_entry_until_the_admin_lets_it_play_on(db):
    made = store.create(db, record(TO_50, ["Bo", "Cy"], {"events": [play("Bo", "5-5")]}))
    stopped = store.stop(db, made.id, made.version).stored
    with pytest.raises(store.StoppedMatch):
        store.enter(db, made.id, stopped.version, read_entry({"play": "5-0", "end": "left"}))
    with pytest.raises(store.NotStoppable):
        store.stop(db, made.id, stopped.version)
    assert store.get(db, made.id).record == made.record  # nothing written
    resumed = store.resume(db, made.id, stopped.version).stored
    assert resumed.stopped is None
    played = store.enter(db, made.id, resumed.version, read_entry({"play": "5-0", "end": "left"}))
    assert played.match.scores == (10, 10)
    assert [row["id"] for row in queries.home(db)["playing"]] == [made.id]


def test_a_finished_match_is_not_stopped(db):
    made = store.create(db, won("Ann Bo", WHEN))
    with pytest.raises(store.NotStoppable):
        store.stop(db, made.id, made.version)
    assert store.get(db, made.id).stopped is None


def test_a_rebuilt_cache_keeps_what_stopped(night):
    counting(night, "leader")
    before = figures(league.league(night, None, 0).ranked)
    with immediate(night):
        cache.rebuild(night)
    assert figures(league.league(night, None, 0).ranked) == before


def test_an_unknown_setting_is_refused(db):
    with pytest.raises(ValueError), immediate(db):
        seasons.set_stopped_counting(db, "maybe")
    assert seasons.stopped_counting(db) == "none"


def test_nobody_chooses_who_leads_a_stopped_match(db):
    made = store.create(db, record(TO_50, ["Bo", "Cy"]))
    stopped = store.stop(db, made.id, made.version).stored
    with pytest.raises(store.StoppedMatch):
        store.choose_leader(db, made.id, stopped.version, "Bo")
    assert store.get(db, made.id).leader is None


def test_choosing_who_leads_a_match_that_arrived_whole_plays_it_on_here(db):
    whole = record(TO_50, ["Bo", "Cy"], {"points": {"Bo": 10}, "notes": "on paper"})
    made = store.create(db, whole, origin="import")
    assert queries.home(db)["playing"] == []  # filed away until played on
    store.choose_leader(db, made.id, made.version, "Cy")
    assert [row["id"] for row in queries.home(db)["playing"]] == [made.id]
