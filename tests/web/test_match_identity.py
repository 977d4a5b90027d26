"""A match keeps one identity for life, on the real app and a real SQLite file: a deleted
match's number is never given out again, and a number met again (a backup restored) is not the
same match. A tap that waited on a phone for the deleted match, and the phone's poll with the
answer it kept, are refused: neither ever lands in, nor is answered by, the match that came
after."""

import re
import shutil
import sqlite3

from assistant.backup import backup
from tests.clients import admin_client, create, won_at_the_table
from tests.records import record, won

HTMX = {"HX-Request": "true"}
EMPTY = record({"preset": "all-fives", "target": 150}, "Ann Bo Cy")
GONE = "This match was deleted: the tap was not recorded."


def phone_at(client, match_id: int) -> dict:
    """What a phone at the table holds: the match's identity, its version, and the poll's ETag
    for the table it shows."""
    page = client.get(f"/matches/{match_id}").text
    uid = re.search(r'data-match="([^"]+)"', page)[1]
    polled = client.get(f"/matches/{match_id}/live", headers=HTMX | {"X-Match": uid})
    assert polled.status_code == 200
    return {"uid": uid, "version": 1, "etag": polled.headers["ETag"]}


def waiting_tap(client, match_id: int, phone: dict, headers=HTMX):
    """The Draw tap the phone queued while the match was deleted, sent as static/app.js sends
    it: its id, the version it was made on, and the match it was made on."""
    tap = {"version": str(phone["version"]), "tap": "waiting-tap-0001", "match": phone["uid"]}
    return client.post(f"/matches/{match_id}/draw", data=tap, headers=headers)


def rows(database: str) -> list:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT id, version, record FROM matches ORDER BY id").fetchall()


def test_a_deleted_matchs_number_is_not_given_again_and_its_waiting_tap_is_refused(tmp_path):
    client = admin_client(tmp_path)
    database = client.application.config["DATABASE"]
    create(client, EMPTY)
    latest = create(client, EMPTY)
    phone = phone_at(client, latest)

    deleted = client.post(f"/matches/{latest}/delete", data={})
    assert deleted.status_code == 303
    after = create(client, EMPTY)
    assert after == latest + 1  # the latest match's number is not given out again
    before = rows(database)

    refused = waiting_tap(client, latest, phone)
    assert refused.status_code == 404 and GONE in refused.text
    old_poll = client.get(
        f"/matches/{latest}/live", headers=HTMX | {"If-None-Match": phone["etag"]}
    )
    assert old_poll.status_code == 404  # not 304: the phone is told, not left on the old game
    assert rows(database) == before


def test_a_number_met_again_after_a_restore_is_not_the_same_match(tmp_path):
    client = admin_client(tmp_path / "club")
    database = client.application.config["DATABASE"]
    create(client, EMPTY)
    backup(database, tmp_path / "backup.sqlite")
    second = create(client, EMPTY)
    phone = phone_at(client, second)

    # docs/operations.md's restore: the file (and its -wal) moved aside, the backup copied in.
    aside = tmp_path / "aside"
    aside.mkdir()
    for path in (tmp_path / "club").glob("club.sqlite*"):
        shutil.move(path, aside / path.name)
    shutil.copy(tmp_path / "backup.sqlite", database)
    client = admin_client(tmp_path / "club")
    assert create(client, EMPTY) == second  # the number met again, by another match
    before = rows(database)

    refused = waiting_tap(client, second, phone)
    assert refused.status_code == 404 and GONE in refused.text
    kept = {"If-None-Match": phone["etag"]}
    assert client.get(f"/matches/{second}/live", headers=HTMX | kept).status_code == 200
    told = client.get(f"/matches/{second}/live", headers=HTMX | kept | {"X-Match": phone["uid"]})
    assert told.status_code == 404 and "This match was deleted." in told.text
    assert rows(database) == before
    assert phone_at(client, second)["uid"] != phone["uid"]


def test_a_final_that_waited_for_another_match_closes_nothing(tmp_path):
    """Final waits on the phone like a tap: sent for a match deleted meanwhile (another match
    under its number, here one won too), it is refused and the match there stays open."""
    client = admin_client(tmp_path)
    first = create(client, won("Ann Bo"))
    there = won_at_the_table(client, won("Cy Di"))
    tapped_on = phone_at(client, first)["uid"]
    refused = client.post(f"/matches/{there}/final", data={"match": tapped_on}, headers=HTMX)
    assert refused.status_code == 404 and GONE in refused.text
    assert client.get(f"/matches/{there}").text.count("Final</button>") == 1  # still open
    own = phone_at(client, there)["uid"]
    closed = client.post(f"/matches/{there}/final", data={"match": own}, headers=HTMX)
    assert closed.status_code == 200 and "Final</button>" not in closed.text
