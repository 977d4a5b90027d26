"""The league table, a night's standings and seasons on small histories worked out by hand.

Every match below is won by its first plays under muggins to 10 (tests/records.py `won`):
"5-5" scores 10 at once (10–0); a partnership's "5-0, 0-0, 5-5" scores 5, 5, then 10 (15–5)."""

import pytest

from assistant.club import cache, derive, imports, league, queries, registry, seasons, store
from assistant.club.matchrow import stored_text
from assistant.club.opening import migrate
from assistant.club.schema import migrations
from assistant.db import connect, immediate
from tests.records import record, won

TO_10 = {"preset": "muggins", "target": 10}


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def add(db, players: str, when: str | None, rules=TO_10) -> int:
    """A match the first player's side wins by its first plays, dated `when`."""
    return store.create(db, won(players, when, rules)).id


def figures(standings) -> dict:
    return {
        s.name: (s.rank, s.played, s.won, s.lost, s.win_rate, s.points_for, s.points_against,
                 s.per_hand)
        for s in standings
    }  # fmt: skip


def test_the_night_runs_to_six_in_the_morning():
    assert derive.night_of("2026-11-28") == "2026-11-28"
    assert derive.night_of("2026-11-28T19:30:00+01:00") == "2026-11-28"
    assert derive.night_of("2026-11-29T05:59:59+01:00") == "2026-11-28"
    assert derive.night_of("2026-11-29T06:00:00+01:00") == "2026-11-29"
    assert derive.night_of("2026-11-29T01:00:00Z") == "2026-11-28"  # the time as written
    assert derive.night_of("20261128") == "2026-11-28"  # any ISO 8601 form the engine takes
    assert derive.night_of(None) is None


def test_the_league_table_with_its_minimum(db):
    """Ann beats Bo; Bo beats Cy; Cy beats Ann; Ann + Bo beat Cy + Di 15–5; Ann beats Di. Not
    counted: a match in play and an import the admin has not accepted (Di beats Cy).

    Ann: 4 played, 3 won (75 %), for 10 + 0 + 15 + 10 = 35, against 0 + 10 + 5 + 0 = 15, in 4
    hands: 8.8 a hand. Bo: 3, 2 won (67 %), for 0 + 10 + 15 = 25, against 10 + 0 + 5 = 15,
    8.3. Cy: 3, 1 won (33 %), for 0 + 10 + 5 = 15, against 10 + 0 + 15 = 25, 5. Di: 2, 0 won,
    for 5, against 15 + 10 = 25, 2.5: fewer than 3 games, listed apart. The pairs played once
    each: both apart, until the minimum is 1."""
    autumn = "2026-10-0{}T20:00:00+02:00"
    add(db, "Ann Bo", autumn.format(1))
    add(db, "Bo Cy", autumn.format(2))
    add(db, "Cy Ann", autumn.format(3))
    add(db, "Ann Cy Bo Di", autumn.format(4))
    add(db, "Ann Di", autumn.format(5))
    store.create(db, record(TO_10, ["Ann", "Bo"]) | {"date": autumn.format(6)})  # in play
    with immediate(db):
        imports.import_items(db, [{"record": won("Di Cy", autumn.format(7)), "created": None}])

    table = league.league(db, None, 3)
    assert figures(table.ranked) == {
        "Ann": (1, 4, 3, 1, 75, 35, 15, 8.8),
        "Bo": (2, 3, 2, 1, 67, 25, 15, 8.3),
        "Cy": (3, 3, 1, 2, 33, 15, 25, 5.0),
    }
    assert [s.name for s in table.ranked] == ["Ann", "Bo", "Cy"]
    assert figures(table.unranked) == {"Di": (None, 2, 0, 2, 0, 5, 25, 2.5)}
    assert table.pairs == [] and [s.name for s in table.pairs_unranked] == ["Ann + Bo", "Cy + Di"]
    ratings = {s.name: s.rating for s in table.ranked + table.unranked}
    board = {row["name"]: row["rating"] for row in queries.leaderboard(db)}
    assert ratings == board  # beside the table, from the leaderboard: never used to rank

    low = league.league(db, None, 1)
    assert figures(low.pairs) == {
        "Ann + Bo": (1, 1, 1, 0, 100, 15, 5, 15.0),
        "Cy + Di": (2, 1, 0, 1, 0, 5, 15, 5.0),
    }
    assert [s.name for s in low.ranked] == ["Ann", "Bo", "Cy", "Di"]

    with immediate(db):
        cache.rebuild(db)  # the same from the records
    assert figures(league.league(db, None, 3).ranked) == figures(table.ranked)


def test_fives_count_five_points_each(db):
    """Under score_unit: fives the lead 5-5 scores 2 (fives): 10 points in the league, added to
    a match scored in points (Ann 10–0 more): Ann 20 for, Bo 20 against."""
    fives = {"preset": "muggins", "target": 2, "score_unit": "fives"}
    add(db, "Ann Bo", "2026-10-01", fives)
    add(db, "Ann Bo", "2026-10-01")
    ann, bo = league.league(db, None, 0).ranked
    assert (ann.name, ann.points_for, ann.points_against, ann.per_hand) == ("Ann", 20, 0, 10.0)
    assert (bo.name, bo.points_for, bo.points_against) == ("Bo", 0, 20)


def test_a_nights_standings(db):
    """The night of 28 November: Ann beats Bo at 20:00; Bo beats Cy at 23:30; Ann + Bo beat
    Cy + Di 15–5 at 01:15 (after midnight: the same night); Di beats Cy (dated that day, no
    time). Not that night: Cy beats Ann at 07:00 the next morning, Di beats Ann the evening
    before.

    Ann: 2 won, for 25, against 5 (+20). Bo: 2 won, for 25, against 15 (+10). Di: 1 won, for
    15, against 15. Cy: none won, for 5, against 35. By wins, then points for less against:
    Ann, Bo, Di, Cy; Ann won the night."""
    add(db, "Ann Bo", "2026-11-28T20:00:00+01:00")
    add(db, "Bo Cy", "2026-11-28T23:30:00+01:00")
    add(db, "Ann Cy Bo Di", "2026-11-29T01:15:00+01:00")
    add(db, "Di Cy", "2026-11-28")
    add(db, "Cy Ann", "2026-11-29T07:00:00+01:00")
    add(db, "Di Ann", "2026-11-27T22:00:00+01:00")

    night = league.night(db, "2026-11-28")
    assert figures(night.ranked) == {
        "Ann": (1, 2, 2, 0, 100, 25, 5, 12.5),
        "Bo": (2, 3, 2, 1, 67, 25, 15, 8.3),
        "Di": (3, 2, 1, 1, 50, 15, 15, 7.5),
        "Cy": (4, 3, 0, 3, 0, 5, 35, 1.7),
    }
    assert [s.name for s in night.leaders] == ["Ann"]
    assert figures(league.night(db, "2026-11-29").ranked) == {
        "Cy": (1, 1, 1, 0, 100, 10, 0, 10.0),
        "Ann": (2, 1, 0, 1, 0, 0, 10, 0.0),
    }
    from assistant.club import nights

    assert [m["played"][11:16] for m in nights.matches(db, "2026-11-28")] == [
        "", "20:00", "23:30", "01:15",
    ]  # fmt: skip
    assert nights.nights(db) == [
        {"night": "2026-11-29", "matches": 1},
        {"night": "2026-11-28", "matches": 4},
        {"night": "2026-11-27", "matches": 1},
    ]


def test_equal_figures_share_a_place(db):
    add(db, "Ann Bo", "2026-11-28T20:00:00+01:00")
    add(db, "Cy Di", "2026-11-28T20:05:00+01:00")
    night = league.night(db, "2026-11-28")
    assert [(s.rank, s.name) for s in night.ranked] == [(1, "Ann"), (1, "Cy"), (3, "Bo"), (3, "Di")]
    assert [s.name for s in night.leaders] == ["Ann", "Cy"]


def test_a_season_boundary(db):
    """Summer: nights 1 June to 31 August; autumn from 1 September. Ann beats Bo on 31 August;
        Bo beats Ann at 00:30 on 1 September, still the night of 31 August: summer. Ann beats Bo
        on the evening of 1 September: autumn. Bo beats Ann at the table with no date: dated when it
    was created (today, in no season): all time only."""
    with immediate(db):
        summer = seasons.save(db, "Summer", "2025-06-01", "2025-08-31")
        autumn = seasons.save(db, "Autumn", "2025-09-01", "2025-12-31")
    store.keep_ratings_fresh(db)  # as the admin's `store.save_season` does
    add(db, "Ann Bo", "2025-08-31T20:00:00+02:00")
    add(db, "Bo Ann", "2025-09-01T00:30:00+02:00")
    add(db, "Ann Bo", "2025-09-01T19:00:00+02:00")
    add(db, "Bo Ann", None)
    summer, autumn = seasons.get(db, summer), seasons.get(db, autumn)
    assert seasons.holding(db, "2025-08-31") == summer
    assert seasons.holding(db, "2025-09-01") == autumn
    assert seasons.holding(db, "2026-01-01") is None

    def played_won(season):
        table = league.league(db, season, 0)
        return {s.name: (s.played, s.won) for s in table.ranked}

    assert played_won(summer) == {"Ann": (2, 1), "Bo": (2, 1)}
    assert played_won(autumn) == {"Ann": (1, 1), "Bo": (1, 0)}
    assert played_won(None) == {"Ann": (4, 2), "Bo": (4, 2)}

    ann = registry.find(db, "Ann")
    assert queries.player_stats(db, ann, summer.nights)["overall"]["matches"] == 2
    assert queries.player_stats(db, ann, autumn.nights)["overall"]["wins"] == 1
    assert queries.player_stats(db, ann)["overall"]["matches"] == 4

    board = {r["name"]: r for r in queries.leaderboard(db, season=autumn)}
    assert board["Ann"]["games"] == board["Bo"]["games"] == 1
    assert board["Ann"]["rating"] > board["Bo"]["rating"]
    assert {r["games"] for r in queries.leaderboard(db, season=summer)} == {2}
    assert {r["games"] for r in queries.leaderboard(db)} == {4}

    # The season's ratings follow its matches: one more autumn match, one moved out of it.
    third = add(db, "Bo Ann", "2025-09-02T19:00:00+02:00")
    assert {r["games"] for r in queries.leaderboard(db, season=autumn)} == {2}
    store.delete(db, third)
    assert {r["games"] for r in queries.leaderboard(db, season=autumn)} == {1}
    store.save_season(db, "Autumn", "2025-08-31", "2025-12-31", autumn.id)  # now holds 31 Aug
    assert {r["games"] for r in queries.leaderboard(db, season=seasons.get(db, autumn.id))} == {3}


def test_an_older_file_gets_the_nights_of_its_dated_matches(tmp_path):
    path = tmp_path / "old.sqlite"
    db = connect(path)
    migrations.apply(db, stop_before="seasons_nights_and_draws")
    with immediate(db):
        db.execute(
            "INSERT INTO matches(record, version, created, updated) VALUES (?, 1, ?, ?)",
            [stored_text(won("Ann Bo", "2026-11-29T01:00:00+01:00")), "2026", "2026"],
        )
    db.close()
    migrate(path)
    db = connect(path)
    assert db.execute("SELECT night, unit FROM match_summary").fetchall() == [
        ("2026-11-28", "points")
    ]
    assert [s.name for s in league.night(db, "2026-11-28").ranked] == ["Ann", "Bo"]
    db.close()
