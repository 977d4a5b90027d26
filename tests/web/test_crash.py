"""Crashes: the server is SIGKILLed in the middle of a burst of entries from several phones; on
restart every acknowledged entry is there, nothing is half-written, and every record replays."""

import http.client
import signal
import sqlite3
import threading
from contextlib import closing

from assistant.engine import replay
from tests.live_server import call
from tests.records import a_match, entries

TABLES = 6
KILL_AFTER = 90  # acknowledged entries before the kill; each table has far more to send


def test_sigkill_mid_burst_loses_no_acknowledged_entry(live_server):
    url = live_server.url + "/api/matches"
    tables = []
    for seed in range(TABLES):
        record, steps = a_match(seed=100 + seed)
        assert len(steps) > 3 * KILL_AFTER // TABLES
        _, created = call(url, record)
        tables.append({"id": created["id"], "steps": steps, "acked": 0, "sent": 0})

    acks = threading.Semaphore(0)
    stopped = threading.Event()

    def phone(table: dict) -> None:
        version = 1
        for entry in table["steps"]:
            table["sent"] += 1
            try:
                status, body = call(f"{url}/{table['id']}/events", entry | {"version": version})
            except (OSError, http.client.HTTPException):  # the server is gone, before or
                return  # while it answered: this entry was never acknowledged
            assert status == 200, body
            version = body["version"]
            table["acked"] += 1
            acks.release()
            if stopped.is_set():
                return

    threads = [threading.Thread(target=phone, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for _ in range(KILL_AFTER):
        assert acks.acquire(timeout=30), "the phones stopped getting answers before the kill"
    live_server.process.send_signal(signal.SIGKILL)
    live_server.process.wait(timeout=10)
    live_server.process.stderr.close()
    stopped.set()
    for thread in threads:
        thread.join(timeout=30)
        assert not thread.is_alive()

    with closing(sqlite3.connect(live_server.db)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    live_server.start()
    for table in tables:
        status, now = call(f"{url}/{table['id']}", method="GET")
        assert status == 200
        stored = entries(now["record"])
        # Every acknowledged entry is there; at most the one in flight at the kill besides.
        assert table["acked"] <= len(stored) <= table["sent"]
        assert stored == table["steps"][: len(stored)]
        assert now["version"] == 1 + len(stored)
        replay(now["record"])
        next_entry = table["steps"][len(stored)] | {"version": now["version"]}
        assert call(f"{url}/{table['id']}/events", next_entry)[0] == 200
