"""Home lists what a club night needs at hand: at most the ten matches in play touched last and
the latest finished; matches untouched for a week can be archived (off home, still in the
history, back when someone plays on). Every list names players as they are called now."""

from datetime import UTC, datetime, timedelta

from assistant.club import registry, store
from assistant.db import immediate
from assistant.web.base.db import get_db
from tests.clients import create, post_json
from tests.records import D, G, record


def in_play(i: int) -> dict:
    return record("muggins", [f"P{i}", f"Q{i}"])


def test_home_lists_at_most_ten_matches_in_play(client):
    ids = [create(client, in_play(i)) for i in range(12)]
    page = client.get("/").get_data(as_text=True)
    shown = [i for i in ids if f'href="/matches/{i}"' in page]
    assert shown == ids[2:] and "All matches in progress" in page


def test_matches_untouched_for_a_week_are_archived_and_come_back_when_played(app, client):
    old, fresh = create(client, in_play(1)), create(client, in_play(2))
    week_ago = (datetime.now(UTC) - timedelta(days=8)).isoformat(timespec="seconds")
    with app.app_context():
        db = get_db()
        with immediate(db):
            db.execute("UPDATE match_summary SET updated = ? WHERE match_id = ?", [week_ago, old])
    home = client.get("/").get_data(as_text=True)
    assert "Archive 1 match untouched for a week" in home
    done = client.post("/matches/archive")
    assert done.status_code == 303
    home = client.get("/").get_data(as_text=True)
    assert f'href="/matches/{old}"' not in home and f'href="/matches/{fresh}"' in home
    assert "1 match was archived." in home and "Archive 1 match" not in home
    archived = client.get("/history?status=archived").get_data(as_text=True)
    assert f"#{old} " in archived and f"#{fresh} " not in archived
    played = post_json(client, f"/api/matches/{old}/events", {"version": 1, "player": "P1",
                                                              "play": "6-6"})  # fmt: skip
    assert played.status_code == 200
    assert f'href="/matches/{old}"' in client.get("/").get_data(as_text=True)


def test_the_lists_name_players_as_they_are_called_now(app, client):
    create(client, D)
    create(client, G)
    with app.app_context():
        db = get_db()
        with immediate(db):
            registry.rename(db, registry.find(db, "Ann"), "Annette")
    for path in ("/", "/history"):
        page = client.get(path).get_data(as_text=True)
        assert "Annette" in page and ">Ann <" not in page and "Ann <b>" not in page
    with app.app_context():
        assert store.stale_in_play(get_db()) == []


def test_the_scorepad_the_board_and_the_watch_page_use_the_names_of_now(app, client):
    match_id = create(client, D)
    playing = create(client, G)  # arrived with a hand begun: in play once played on here
    drawn = post_json(client, f"/api/matches/{playing}/events", {"version": 1, "draw": 1})
    assert drawn.status_code == 200
    with app.app_context():
        db = get_db()
        with immediate(db):
            registry.rename(db, registry.find(db, "Ann"), "Annette")
        (code,) = db.execute(
            "SELECT code FROM watch_codes WHERE match_id = ?", [match_id]
        ).fetchone()
    for path in (f"/history/{match_id}", "/board", f"/watch/{code}", f"/matches/{match_id}"):
        page = client.get(path).get_data(as_text=True)
        assert "Annette" in page, path
