"""Several phones, one table: writes against the same version through the real server on a
real SQLite file. Exactly one wins, the others get 409 with the fresh state; nothing doubles."""

import threading
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from assistant.club import store
from assistant.db import connect
from tests.clients import STALE
from tests.live_server import call
from tests.records import a_match, entries

PHONES = 8


def at_once(url: str, body: dict) -> list[tuple[int, dict]]:
    """PHONES threads send the same body, released together."""
    barrier = threading.Barrier(PHONES)

    def phone(_):
        barrier.wait(timeout=10)
        return call(url, body)

    with ThreadPoolExecutor(PHONES) as pool:
        return list(pool.map(phone, range(PHONES)))


def check_one_winner(results, version: int) -> None:
    codes = sorted(status for status, _ in results)
    assert codes == [200] + [409] * (PHONES - 1)
    for status, body in results:
        assert body["version"] == version + 1  # the 409s carry the fresh state
        if status == 409:
            assert body["error"] == STALE
            assert "record" in body and "result" in body


def test_the_same_entry_from_many_phones_enters_once(live_server):
    record, steps = a_match(seed=1)
    _, created = call(live_server.url + "/api/matches", record)
    match_id, version = created["id"], created["version"]
    url = f"{live_server.url}/api/matches/{match_id}"
    for entry in steps[:20]:
        check_one_winner(at_once(url + "/events", entry | {"version": version}), version)
        version += 1
    status, now = call(url, method="GET")
    assert now["version"] == version
    assert entries(now["record"]) == steps[:20]


def test_undo_from_many_phones_takes_back_one_entry(live_server):
    record, steps = a_match(seed=2)
    _, created = call(live_server.url + "/api/matches", record)
    match_id, version = created["id"], created["version"]
    url = f"{live_server.url}/api/matches/{match_id}"
    for entry in steps[:6]:
        status, body = call(url + "/events", entry | {"version": version})
        assert status == 200
        version = body["version"]
    check_one_winner(at_once(url + "/undo", {"version": version}), version)
    _, now = call(url, method="GET")
    assert entries(now["record"]) == steps[:5]


def test_a_stale_write_is_refused_even_when_it_would_be_legal(live_server):
    record, steps = a_match(seed=3)
    _, created = call(live_server.url + "/api/matches", record)
    url = f"{live_server.url}/api/matches/{created['id']}"
    assert call(url + "/events", steps[0] | {"version": 1})[0] == 200
    assert call(url + "/events", steps[1] | {"version": 2})[0] == 200
    status, body = call(url + "/events", steps[2] | {"version": 2})  # a phone one tap behind
    assert status == 409 and body["version"] == 3 and body["error"] == STALE
    assert entries(body["record"]) == steps[:2]


def test_every_server_thread_sees_a_change_made_by_another_process(live_server):
    """The server keeps a connection per thread: none of them keeps showing the club as it was.
    After every thread has answered, a player added by another process (the command line, the
    import) is on the players page from every thread at once."""

    def players_page(_) -> str:
        barrier.wait(timeout=10)
        with urllib.request.urlopen(live_server.url + "/players", timeout=10) as answer:
            return answer.read().decode()

    zed_shown = "<bdi>Zed</bdi>"  # as the page shows a name: its random CSRF token can hold "Zed"
    barrier = threading.Barrier(PHONES)
    with ThreadPoolExecutor(PHONES) as pool:
        assert all(zed_shown not in page for page in pool.map(players_page, range(PHONES)))
    db = connect(live_server.db)
    store.add_player(db, "Zed")
    db.close()
    barrier = threading.Barrier(PHONES)
    with ThreadPoolExecutor(PHONES) as pool:
        assert all(zed_shown in page for page in pool.map(players_page, range(PHONES)))
