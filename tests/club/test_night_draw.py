"""The night's draw as the club keeps it (assistant/club/draws.py) on a real SQLite file: made,
read back, a table's match started by one tap (once), the next Swiss round from the standings."""

import pytest

from assistant.club import derive, draws, nights, registry, store
from assistant.db import connect
from assistant.engine import read_entry, replay

EIGHT = ["Ann", "Bo", "Cy", "Di", "Eva", "Finn", "Gus", "Hal"]


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def test_a_draw_planned_ahead_is_kept_and_each_table_starts_one_match(db):
    draw_id = store.make_draw(
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

    match_id = store.start_draw_match(db, made, 2, 5)
    assert store.start_draw_match(db, made, 2, 5) == match_id  # a second tap: the same match
    stored = store.get(db, match_id)
    assert stored.record["players"] == list(seated.seats)  # partners opposite: 1+3 v 2+4
    assert replay(stored.record).sides == tuple(tuple(side) for side in seated.sides)
    assert stored.record["rules"] == "muggins" and stored.record["partnership"] is True
    assert derive.night_of(stored.record["date"]) == nights.tonight()
    assert draws.place(db, match_id) == (5, 2)
    assert draws.get(db, draw_id).started == {(2, 5): match_id}
    with pytest.raises(LookupError):
        store.start_draw_match(db, made, 2, 4)

    store.delete_draw(db, draw_id)
    assert draws.get(db, draw_id) is None and draws.place(db, match_id) == (5, None)


def test_swiss_rounds_are_drawn_one_at_a_time_from_the_standings(db):
    pairs = [["Ann", "Bo"], ["Cy", "Di"], ["Eva", "Finn"], ["Gus", "Hal"]]
    draw_id = store.make_draw(db, "2026-11-28", "pairs_fixed", pairs, 2, 3, "all-fives", True, 7)
    made = draws.get(db, draw_id)
    assert len(made.drawn) == 1 and not made.complete
    first = {frozenset(s.sides) for s in made.drawn[0].seatings}
    # The leaders of round 1 (Ann + Bo, Eva + Finn) meet at table 1 in round 2, if they did not
    # meet in round 1; either way nobody meets the same pair again.
    standings = ["Ann", "Bo", "Eva", "Finn", "Cy", "Di", "Gus", "Hal"]
    store.next_draw_round(db, made, standings)
    store.next_draw_round(db, made, standings)  # a second organiser's tap: still one round 2
    made = draws.get(db, draw_id)
    assert [r.number for r in made.drawn] == [1, 2]
    second = made.drawn[1].seatings
    assert not first & {frozenset(s.sides) for s in second}
    if frozenset({("Ann", "Bo"), ("Eva", "Finn")}) not in first:
        assert set(second[0].sides) == {("Ann", "Bo"), ("Eva", "Finn")}
    store.next_draw_round(db, draws.get(db, draw_id), standings)
    store.next_draw_round(db, draws.get(db, draw_id), standings)  # no round 4 of 3
    assert [r.number for r in draws.get(db, draw_id).drawn] == [1, 2, 3]


def test_the_board_follows_the_round_being_played(db):
    draw_id = store.make_draw(
        db, nights.tonight(), "two", ["Ann", "Bo", "Cy"], 4, 2, "muggins", False
    )
    made = draws.get(db, draw_id)
    assert nights.board(db, nights.tonight())["round"] == 1
    seating = made.drawn[1].seatings[0]
    match_id = store.start_draw_match(db, made, 2, seating.table)
    stored = store.get(db, match_id)
    first = seating.seats[0]
    store.enter(
        db, match_id, stored.version, read_entry({"player": first, "play": "5-5"})
    )  # 10 of 150
    board = nights.board(db, nights.tonight())
    assert board["round"] == 2 and board["draw"].id == draw_id and board["done"] == []
    in_play = nights.in_play(db, "2000", 10, nights.tonight())
    assert in_play == [(match_id, seating.table, 2)]  # version 2


def test_people_come_and_go_between_rounds(db):
    """A latecomer joins the rounds not started, seated again; a round started meanwhile (since
    the organiser's page was read) makes the change stale; a leaver goes; the rounds keep their
    numbers and the revision they were seated at."""
    twelve = [f"P{k:02}" for k in range(1, 13)]
    draw_id = store.make_draw(db, "2026-11-28", "pairs_rotating", twelve, 3, 4, "muggins", False, 5)
    store.start_draw_match(db, draws.get(db, draw_id), 1, 1)
    read_before = draws.get(db, draw_id)
    store.start_draw_match(db, read_before, 2, 1)
    with pytest.raises(draws.Refused, match="stale"):  # round 2 started since
        store.join_draw(db, read_before, "Zed")
    store.join_draw(db, draws.get(db, draw_id), "Zed")
    made = draws.get(db, draw_id)
    assert made.revision == 1 and made.seated_at == {1: 0, 2: 0, 3: 1, 4: 1}
    assert made.changes == [draws.Change(1, 2, "arrives", "Zed")]
    assert [r.number for r in made.drawn] == [1, 2, 3, 4]
    assert all("Zed" in r.players for r in made.drawn[2:])
    assert "Zed" not in made.drawn[1].players
    assert draws.replaced(made, 3, 0) and not draws.replaced(made, 2, 0)
    with pytest.raises(draws.Refused, match="stale"):  # a start from a page of revision 0
        store.start_draw_match(db, read_before, 1, 3)
    with pytest.raises(draws.Refused, match="here"):
        store.join_draw(db, made, "zed")
    store.start_draw_match(db, made, 3, 2)
    store.leave_draw(db, draws.get(db, draw_id), "p03")
    made = draws.get(db, draw_id)
    assert made.entrants == [p for p in twelve if p != "P03"] + ["Zed"]
    assert made.changes[-1] == draws.Change(2, 3, "leaves", "P03")
    assert "P03" not in made.drawn[3].players and made.seated_at[4] == 2
    with pytest.raises(draws.Refused, match="not_here"):
        store.leave_draw(db, made, "P03")
    store.start_draw_match(db, made, 4, 1)
    with pytest.raises(draws.Refused, match="no_round_left"):
        store.leave_draw(db, draws.get(db, draw_id), "P04")


def test_a_player_renamed_after_the_draw_can_still_leave_it(db):
    """The leave form names the entrant as the draw stored them; the club renamed them since."""
    eight = [f"P{k}" for k in range(1, 9)]
    draw_id = store.make_draw(db, "2026-11-28", "pairs_rotating", eight, 3, 2, "muggins", False, 5)
    store.start_draw_match(db, draws.get(db, draw_id), 1, 1)
    store.add_player(db, "Zed")  # a latecomer the club knows
    store.join_draw(db, draws.get(db, draw_id), "Zed")
    store.rename_player(db, registry.find(db, "P3"), "Petra")
    with pytest.raises(draws.Refused, match="here"):
        store.join_draw(db, draws.get(db, draw_id), "petra")  # P3, renamed: here already
    store.leave_draw(db, draws.get(db, draw_id), "P3")
    made = draws.get(db, draw_id)
    assert "P3" not in made.entrants and made.changes[-1].change == "leaves"
