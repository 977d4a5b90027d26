"""Hands scored on paper at the table and matches continued from a paper sheet, through the
forms (no JavaScript) and the JSON API, which take the same entry.

Muggins to 100, Ann and Bo. A hand scored by hand: Ann +25, Bo +10, "played without the
phone": 25–10 after hand 1, no plays, the lead of hand 2 asked."""

import re

import pytest

from assistant.club import queries, registry, store
from assistant.db import connect
from assistant.web.base.bounds import MAX_NOTE
from tests.clients import create, post_json
from tests.database import database_rows
from tests.records import record

TO_100 = {"preset": "muggins", "target": 100}


def scored(client, match_id: int, version: int, *points: str, notes: str = "", **extra):
    data = {"version": str(version), "notes": notes} | extra
    data |= {f"points:{side}": typed for side, typed in enumerate(points)}
    return client.post(f"/matches/{match_id}/scored", data=data)


def test_a_hand_scored_by_hand_at_the_table(app, client):
    match_id = create(client, record(TO_100, ["Ann", "Bo"]))
    table = client.get(f"/matches/{match_id}").text
    assert f'href="/matches/{match_id}/scored"' in table
    asked = client.get(f"/matches/{match_id}/scored").text
    assert "Score hand 1 on paper" in asked and 'name="points:1"' in asked

    done = scored(client, match_id, 1, "25", "10", notes="played without the phone")
    assert done.status_code == 303
    state = client.get(f"/api/matches/{match_id}").get_json()
    assert state["record"]["hands"] == [
        {"points": {"Ann": 25, "Bo": 10}, "notes": "played without the phone"}
    ]
    assert state["result"]["scores"] == [25, 10]
    table = client.get(f"/matches/{match_id}").text
    assert "scored on paper" in table and "Ann +25 · Bo +10" in table
    pad = client.get(f"/history/{match_id}").text
    assert "on paper" in pad and "<q>played without the phone</q>" in pad
    assert "no plays, counts or dominoes" in pad

    # The figures: the hand's points count, no plays; the player's page says what leaves it out.
    with app.app_context():
        db = connect(app.config["DATABASE"])
        row = db.execute(
            "SELECT hands, side_points, plays, told_hands FROM match_players WHERE seat = 0"
        ).fetchone()
        assert row == (1, 25, 0, 1)
        db.close()

    # Undo takes the whole hand away; the form is offered again.
    undone = client.post(f"/matches/{match_id}/undo", data={"version": "2"})
    assert undone.status_code == 303
    assert client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"] == []


def test_a_hand_already_led_or_bad_points_are_refused_and_nothing_changes(client):
    match_id = create(client, record(TO_100, ["Ann", "Bo"]))
    words = scored(client, match_id, 1, "lots", "10")
    assert words.status_code == 422
    assert "Type each side&#39;s points as a number, like 25 or -10, not lots." in words.text
    assert 'value="lots"' in words.text  # what was typed is still there
    half = scored(client, match_id, 1, "12.5", "0")
    assert half.status_code == 422 and "must be a whole number" in half.text
    led = post_json(client, f"/api/matches/{match_id}/events", {"version": 1, "player": "Ann",
                                                                "play": "6-6"})  # fmt: skip
    assert led.status_code == 200
    begun = scored(client, match_id, 2, "25", "10")
    assert begun.status_code == 422 and "has begun" in begun.text
    assert f'href="/matches/{match_id}/scored"' not in client.get(f"/matches/{match_id}").text
    hands = client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"]
    assert hands == [{"events": [{"player": "Ann", "play": "6-6"}]}]


# What float() read as a number: other scripts' digits, Python's underscores, exponents, a plus,
# a number cut to 20 characters ("25" + spaces + "0" was saved as 25), one too small to be kept.
NOT_POINTS = ["\u0663\u0665", "3_5", "5e0", "+5", "25" + " " * 20 + "0", "1e-400", "0x19", "nan"]


@pytest.mark.parametrize("typed", NOT_POINTS)
def test_points_that_are_not_a_plain_number_are_refused_and_nothing_is_saved(client, typed):
    match_id = create(client, record(TO_100, ["Ann", "Bo"]))
    before = database_rows(client.application.config["DATABASE"])
    refused = scored(client, match_id, 1, typed, "10", notes="on paper")
    assert refused.status_code == 422
    assert "Type each side&#39;s points as a number, like 25 or -10, not" in refused.text
    assert 'value="on paper"' in refused.text  # the note typed is still there
    assert database_rows(client.application.config["DATABASE"]) == before


def test_points_beyond_the_bounds_are_refused_and_a_minus_or_a_comma_is_read(client):
    match_id = create(client, record(TO_100, ["Ann", "Bo"]))
    before = database_rows(client.application.config["DATABASE"])
    refused = scored(client, match_id, 1, "10001", "0")
    assert refused.status_code == 422
    assert "A side&#39;s points are from -10000 to 10000, not 10001." in refused.text
    assert database_rows(client.application.config["DATABASE"]) == before
    assert scored(client, match_id, 1, "\u22125", " 0 ").status_code == 303  # U+2212, a minus
    hands = client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"]
    assert hands == [{"points": {"Ann": -5}}]


def test_a_half_is_taken_where_the_game_scores_halves(client):
    three = record(TO_100 | {"block_tie": "split"}, ["Ann", "Bo", "Cy"])
    match_id = create(client, three)
    assert scored(client, match_id, 1, "12.5", "0", "12,5").status_code == 303
    hands = client.get(f"/api/matches/{match_id}").get_json()["record"]["hands"]
    assert hands == [{"points": {"Ann": 12.5, "Cy": 12.5}}]


def test_a_note_is_held_to_one_length_and_no_control_character_by_form_and_api(client):
    match_id = create(client, record(TO_100, ["Ann", "Bo"]))
    database = client.application.config["DATABASE"]
    before = database_rows(database)
    for note, said in (
        ("x" * (MAX_NOTE + 1), f"A note has at most {MAX_NOTE} characters."),
        ("on\x00paper", "A note cannot hold control characters"),
        ("on \x1b[31mpaper", "A note cannot hold control characters"),
    ):
        by_form = scored(client, match_id, 1, "25", "10", notes=note)
        assert by_form.status_code == 422 and said in by_form.text
        by_api = post_json(client, f"/api/matches/{match_id}/events",
                           {"version": 1, "points": {"Ann": 25}, "notes": note})  # fmt: skip
        assert by_api.status_code == 422 and said in by_api.get_json()["error"]
        whole = record(TO_100, ["Ann", "Bo"], {"points": {"Ann": 25}, "notes": note})
        sent_whole = post_json(client, "/api/matches", whole)
        assert sent_whole.status_code == 422 and said in sent_whole.get_json()["error"]
    assert database_rows(database) == before
    longest = "x" * MAX_NOTE
    assert scored(client, match_id, 1, "25", "10", notes=longest).status_code == 303


def test_the_api_takes_the_same_entry_as_the_screen(client):
    by_form = create(client, record(TO_100, ["Ann", "Bo"]))
    assert scored(client, by_form, 1, "25", "10", notes="on paper").status_code == 303
    by_api = create(client, record(TO_100, ["Ann", "Bo"]))
    answer = post_json(
        client,
        f"/api/matches/{by_api}/events",
        {"version": 1, "points": {"Ann": 25, "Bo": 10}, "notes": "on paper"},
    )
    assert answer.status_code == 200
    form_record = client.get(f"/api/matches/{by_form}").get_json()["record"]
    assert answer.get_json()["record"] == form_record


def test_a_new_match_continues_from_paper(app, client):
    """Partners N + S against E + W, 85 to 60 on the paper sheet."""
    form = {"player": ["N", "E", "S", "W"], "partnership": "on", "preset": "muggins",
            "paper": "on", "create": "1"}  # fmt: skip
    made = client.post("/matches/new", data=form)
    assert made.status_code == 303 and made.headers["Location"].endswith("/scored?paper=1")
    asked = client.get(made.headers["Location"]).text
    assert "Continue from paper" in asked and 'value="Continued from paper"' in asked
    assert "N + S" in asked and "E + W" in asked
    match_id = int(re.search(r"/matches/(\d+)/scored", made.headers["Location"]).group(1))
    done = scored(client, match_id, 1, "85", "60", notes="Continued from paper", paper="1")
    assert done.status_code == 303
    state = client.get(f"/api/matches/{match_id}").get_json()
    assert state["record"]["hands"] == [
        {"points": {"N": 85, "E": 60}, "notes": "Continued from paper"}
    ]
    table = client.get(f"/matches/{match_id}").text
    assert "Who leads hand 2?" in table
    with app.app_context():
        db = connect(app.config["DATABASE"])
        stats = queries.player_stats(db, registry.find(db, "S"))
        db.close()
    assert stats["playing"] == 1  # in play; its figures count once it finishes


def test_the_players_page_says_what_a_hand_on_paper_leaves_out(app, client):
    match_id = create(client, record(TO_100, ["Ann", "Bo"]))
    assert scored(client, match_id, 1, "25", "10").status_code == 303
    assert post_json(client, f"/api/matches/{match_id}/stop", {"version": 2}).status_code == 200
    with app.app_context():
        db = connect(app.config["DATABASE"])
        store.accept(db, [match_id])  # points nobody could check: they count once accepted
        ann = registry.find(db, "Ann")
        db.close()
    page = client.get(f"/players/{ann}").text
    assert "1 hand was scored on paper: its points count in the points per hand" in page
    assert "1 match stopped before anyone won" in page
    assert re.search(r'data-figure="points_per_hand">25<', page)
    assert 'class="stopped-tag">stopped<' in client.get(f"/history/{match_id}").text
