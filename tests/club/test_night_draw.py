"""The night's draw as the club keeps it (assistant/club/draws.py) on a real SQLite file: made,
read back, a table's match started by one tap (once), the next Swiss round from the standings."""

import pytest

from assistant.club import derive, draws, nights, store
from assistant.db import connect
from assistant.engine import replay

EIGHT = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn", "Gus", "Hal"]


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def test_a_draw_planned_ahead_is_kept_and_each_table_starts_one_match(db):
    draw_id = draws.make(
        db, "2026-11-28", "pairs_rotating", EIGHT, [3, 5, 7], 3, "muggins", False, 1
    )
    made = draws.get(db, draw_id)
    assert (made.night, made.kind, made.rounds, made.rules, made.swiss) == (
        "2026-11-28", "pairs_rotating", 3, "muggins", False,
    )  # fmt: skip
    assert [r.number for r in made.drawn] == [1, 2, 3] and made.complete
    for planned in made.drawn:  # 8 players, two tables of four: the lowest numbers
        assert [s.table for s in planned.seatings] == [3, 5]
        assert sorted(p for s in planned.seatings for p in s.seats) == sorted(EIGHT)
    seated = made.drawn[1].seatings[1]

    match_id = draws.start(db, made, 2, 5)
    assert draws.start(db, made, 2, 5) == match_id  # a second tap: the same match
    stored = store.get(db, match_id)
    assert stored.record["players"] == list(seated.seats)  # partners opposite: 1+3 v 2+4
    assert replay(stored.record).sides == [list(side) for side in seated.sides]
    assert stored.record["rules"] == "muggins" and stored.record["partnership"] is True
    assert derive.night_of(stored.record["date"]) == nights.tonight()
    assert draws.place(db, match_id) == (5, 2)
    assert draws.get(db, draw_id).started == {(2, 5): match_id}
    with pytest.raises(LookupError):
        draws.start(db, made, 2, 4)

    draws.delete(db, draw_id)
    assert draws.get(db, draw_id) is None and draws.place(db, match_id) == (5, None)


def test_swiss_rounds_are_drawn_one_at_a_time_from_the_standings(db):
    pairs = [["Ann", "Bo"], ["Cy", "Di"], ["Eva", "Finn"], ["Gus", "Hal"]]
    draw_id = draws.make(db, "2026-11-28", "pairs_fixed", pairs, 2, 3, "all-fives", True, 7)
    made = draws.get(db, draw_id)
    assert len(made.drawn) == 1 and not made.complete
    first = {frozenset(s.sides) for s in made.drawn[0].seatings}
    # The leaders of round 1 (Ann + Bo, Eva + Finn) meet at table 1 in round 2, if they did not
    # meet in round 1; either way nobody meets the same pair again.
    standings = ["Ann", "Bo", "Eva", "Finn", "Cy", "Di", "Gus", "Hal"]
    draws.next_round(db, made, standings)
    draws.next_round(db, made, standings)  # a second organiser's tap: still one round 2
    made = draws.get(db, draw_id)
    assert [r.number for r in made.drawn] == [1, 2]
    second = made.drawn[1].seatings
    assert not first & {frozenset(s.sides) for s in second}
    if frozenset({("Ann", "Bo"), ("Eva", "Finn")}) not in first:
        assert set(second[0].sides) == {("Ann", "Bo"), ("Eva", "Finn")}
    draws.next_round(db, draws.get(db, draw_id), standings)
    draws.next_round(db, draws.get(db, draw_id), standings)  # no round 4 of 3
    assert [r.number for r in draws.get(db, draw_id).drawn] == [1, 2, 3]


def test_the_board_follows_the_round_being_played(db):
    draw_id = draws.make(db, nights.tonight(), "two", ["Ann", "Bo", "Cy"], 4, 2, "muggins", False)
    made = draws.get(db, draw_id)
    assert nights.board(db, nights.tonight())["round"] == 1
    seating = made.drawn[1].seatings[0]
    match_id = draws.start(db, made, 2, seating.table)
    stored = store.get(db, match_id)
    first = seating.seats[0]
    store.enter(db, match_id, stored.version, {"player": first, "play": "5-5"})  # 10 of 150
    board = nights.board(db, nights.tonight())
    assert board["round"] == 2 and board["draw"].id == draw_id and board["done"] == []
    in_play = nights.in_play(db, "2000", 10, nights.tonight())
    assert in_play == [(match_id, seating.table, 2)]  # version 2
