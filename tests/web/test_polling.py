"""The board and the watch page poll every second: a poll that finds nothing changed is
answered 304 with no body (the browser keeps its copy), and any change to a table shows."""

from assistant.db import connect
from tests.clients import admin_client, create, post_json
from tests.records import G, blank

PIECE = {"HX-Request": "true"}


def _poll(client, path: str, etag: str | None = None):
    headers = PIECE | ({"If-None-Match": etag} if etag else {})
    return client.get(path, headers=headers)


def test_board_and_watch_polls_answer_304_until_a_table_changes(app, client):
    match_id = create(client, blank(G))  # G led here: in play (a whole record is not)
    led = post_json(client, f"/api/matches/{match_id}/events", {"version": 1, "player": "Cy",
                                                                "play": "6-4"})  # fmt: skip
    assert led.status_code == 200, led.get_data(as_text=True)
    code = (
        connect(app.config["DATABASE"])
        .execute("SELECT code FROM watch_codes WHERE match_id = ?", [match_id])
        .fetchone()[0]
    )
    for path in ("/board/live", f"/watch/{code}/live"):
        first = _poll(client, path)
        assert first.status_code == 200 and "6-4" in first.text
        assert (
            first.headers["Cache-Control"] == "no-cache" and "HX-Request" in first.headers["Vary"]
        )
        again = _poll(client, path, first.headers["ETag"])
        assert again.status_code == 304 and again.data == b""
        in_danish = client.get(path, headers=PIECE | {"If-None-Match": first.headers["ETag"],
                                                      "Accept-Language": "da"})  # fmt: skip
        assert in_danish.status_code == 200  # another language is another answer

    tags = {
        path: _poll(client, path).headers["ETag"] for path in ("/board/live", f"/watch/{code}/live")
    }
    played = post_json(client, f"/api/matches/{match_id}/events", {"version": 2, "play": "4-3"})
    assert played.status_code == 200, played.get_data(as_text=True)
    for path, tag in tags.items():
        fresh = _poll(client, path, tag)
        assert fresh.status_code == 200 and "4-3" in fresh.text


def test_the_tables_poll_is_not_confirmed_across_a_logout(tmp_path):
    """The admin sees a stopped match's Play on; after the admin logs out, the same phone's poll
    with the answer it kept is answered afresh (200, without Play on), never 304."""
    client = admin_client(tmp_path)
    match_id = create(client, blank(G))
    stopped = post_json(client, f"/api/matches/{match_id}/stop", {"version": 1})
    assert stopped.status_code == 200, stopped.get_data(as_text=True)
    as_admin = _poll(client, f"/matches/{match_id}/live")
    assert as_admin.status_code == 200 and "Play on" in as_admin.text
    assert _poll(client, f"/matches/{match_id}/live", as_admin.headers["ETag"]).status_code == 304
    assert client.post("/admin/logout", data={}).status_code in (302, 303)
    as_player = _poll(client, f"/matches/{match_id}/live", as_admin.headers["ETag"])
    assert as_player.status_code == 200 and "Play on" not in as_player.text
