"""Backups: `python -m assistant backup FILE` while a writer is entering a match through the
real server; every copy opens, holds whole entries only, replays, and serves after a restore."""

import json
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing

from assistant.engine import replay
from tests.live_server import LiveServer, call
from tests.records import a_match, entries


def test_backup_while_writing_then_restore(live_server, tmp_path):
    record, steps = a_match(seed=21)
    _, created = call(live_server.url + "/api/matches", record)
    url = f"{live_server.url}/api/matches/{created['id']}"
    acked = threading.Semaphore(0)
    stop = threading.Event()

    def writer() -> None:
        version = 1
        while not stop.is_set():  # enter the match, undo it all, and again
            for entry in steps:
                status, body = call(url + "/events", entry | {"version": version})
                assert status == 200
                version = body["version"]
                acked.release()
            for _ in steps:
                version = call(url + "/undo", {"version": version})[1]["version"]

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    copies = []
    for n in range(3):
        assert acked.acquire(timeout=30)
        copy = tmp_path / f"backup-{n}.sqlite"
        command = [sys.executable, "-m", "assistant", "backup", str(copy)]
        done = subprocess.run(
            command + ["--db", str(live_server.db)], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        assert "1 matches" in done.stdout
        copies.append(copy)
    assert thread.is_alive()  # the copies were made while the writer was writing
    stop.set()
    thread.join(timeout=60)

    for copy in copies:
        assert not copy.with_name(copy.name + "-wal").exists()
        with closing(sqlite3.connect(copy)) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            row = db.execute("SELECT record, version FROM matches").fetchone()
        stored = json.loads(row[0])
        replay(stored)
        assert entries(stored) == steps[: len(entries(stored))]

    restored = LiveServer(copies[-1])  # restore: serve the copy
    restored.start()
    try:
        status, body = call(f"{restored.url}/api/matches/{created['id']}", method="GET")
        assert status == 200 and body["record"]["players"] == record["players"]
    finally:
        restored.stop()


def test_backup_refuses_a_missing_database_and_itself(tmp_path):
    base = [sys.executable, "-m", "assistant", "backup"]
    missing = subprocess.run(
        base + [str(tmp_path / "b.sqlite"), "--db", str(tmp_path / "none.sqlite")],
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2 and "no database" in missing.stderr
    db = tmp_path / "a.sqlite"
    sqlite3.connect(db).close()
    same = subprocess.run(base + [str(db), "--db", str(db)], capture_output=True, text=True)
    assert same.returncode == 2
