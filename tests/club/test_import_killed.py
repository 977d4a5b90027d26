"""An import killed with the server (kill -9 of both, mid-way through a real file), then a
restart: the import is shown as stopped, its matches can be accepted ("Accept all waiting" takes
them) or discarded, the file it was sent is removed, and a retry completes with nothing doubled.
An import whose process alone is killed is shown as stopped at once, while the server goes on.

The server is the real app on waitress in its own process, as `serve` runs it, with an admin
password file of the test's own (`serve` reads it from the instance folder, shared by every
test)."""

import io
import os
import random
import re
import select
import signal
import sqlite3
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import closing
from http.cookiejar import CookieJar
from pathlib import Path

import orjson
import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from assistant.club.imports import still_running, upload_folder
from assistant.simulate import random_match
from assistant.web.base.auth import save_password
from tests.clients import ADMIN_PASSWORD
from tests.live_server import LiveServer

RECORDS = 1500
SERVE = """
import sys, waitress
from assistant import create_app
database, passwords, port = sys.argv[1:]
app = create_app({"DATABASE": database, "SECRET_KEY": "t", "ADMIN_PASSWORD_FILE": passwords})
waitress.serve(app, host="127.0.0.1", port=int(port), threads=4)
"""


class AdminServer(LiveServer):
    """The real server, with the test's admin password; a browser session logged in to it."""

    def __init__(self, db: Path, passwords: Path):
        super().__init__(db)
        self.passwords = passwords

    def command(self) -> list[str]:
        return [sys.executable, "-c", SERVE, str(self.db), str(self.passwords), str(self.port)]

    def start(self, ready: str = "/") -> None:
        super().start(ready)
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        token = self.token("/admin/login")
        self.post("/admin/login", {"csrf_token": token, "password": ADMIN_PASSWORD})

    def page(self, path: str) -> str:
        with self.opener.open(self.url + path, timeout=30) as response:
            return response.read().decode()

    def token(self, path: str) -> str:
        return re.search(r'name="csrf_token" value="([^"]+)"', self.page(path)).group(1)

    def post(self, path: str, form: dict, content_type=None, body=None) -> tuple[str, str]:
        """The page the POST's 303 leads to, and its address."""
        data = body if body is not None else urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(self.url + path, data=data)
        if content_type:
            request.add_header("Content-Type", content_type)
        with self.opener.open(request, timeout=60) as response:
            return response.read().decode(), response.url

    def upload(self, data: bytes) -> str:
        """The club file sent as the admin's import form sends it; the import's address."""
        form = {
            "csrf_token": self.token("/history/import"),
            "file": FileStorage(io.BytesIO(data), "club.json"),
        }
        boundary, body = encode_multipart(form)
        _page, address = self.post(
            "/history/import", {}, f"multipart/form-data; boundary={boundary}", body
        )
        return urllib.parse.urlsplit(address).path


def _club_file() -> bytes:
    records = [random_match(random.Random(n), max_hands=2) for n in range(RECORDS)]
    return orjson.dumps({"format": "allfives-club/1", "matches": [{"record": r} for r in records]})


def _row(db_path: Path, import_id: int) -> dict:
    with closing(sqlite3.connect(db_path)) as db:
        db.row_factory = sqlite3.Row
        return dict(db.execute("SELECT * FROM imports WHERE id = ?", [import_id]).fetchone())


def _matches(db_path: Path) -> list[tuple]:
    with closing(sqlite3.connect(db_path)) as db:
        return db.execute("SELECT id, import_id, accepted FROM matches ORDER BY id").fetchall()


def _finished(server: AdminServer, address: str, timeout: float = 120) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = server.page(address)
        if 'hx-trigger="every 1s"' not in page:
            return page
        time.sleep(0.05)  # the page polls itself like this; not a wait for a time
    raise AssertionError("the import did not finish")


@pytest.fixture
def servers(tmp_path):
    started: list[AdminServer] = []
    passwords = tmp_path / "admin_password"
    save_password(passwords, ADMIN_PASSWORD)

    def start() -> AdminServer:
        server = AdminServer(tmp_path / "club.sqlite", passwords)
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:
        server.stop()
    with closing(sqlite3.connect(tmp_path / "club.sqlite")) as db:  # an import left running
        running = db.execute("SELECT id, pid FROM imports WHERE status = 'running'").fetchall()
    for import_id, pid in running:
        if still_running(pid, import_id):  # that process, still running this import
            os.kill(pid, signal.SIGKILL)


def test_an_import_killed_with_the_server_is_stopped_then_accepted_retried_and_discarded(
    servers, tmp_path
):
    data = _club_file()
    server = servers()
    address = server.upload(data)
    import_id = int(address.rsplit("/", 1)[1])

    deadline = time.monotonic() + 120
    while (row := _row(server.db, import_id))["imported"] < 100:  # mid-way: some written
        assert row["status"] == "running" and time.monotonic() < deadline, row
        time.sleep(0.01)  # the import's progress is read from the file, as the page does
    importer = row["pid"]
    assert importer and importer != server.process.pid
    watch = os.pidfd_open(importer)  # the importer as it is now, never a later holder of its pid
    try:
        os.kill(importer, signal.SIGKILL)
        server.process.kill()
        server.process.wait(timeout=10)
        assert select.select([watch], [], [], 10)[0]  # readable once the importer has ended
    finally:
        os.close(watch)
    left = _row(server.db, import_id)
    assert left["status"] == "running" and 0 < left["imported"] < RECORDS
    assert list(upload_folder(server.db).iterdir())  # the upload the killed import left

    server = servers()  # the restart
    report = server.page(address)
    assert 'hx-trigger="every 1s"' not in report
    assert f"The import stopped part-way, after {left['done']} records" in report
    assert "Accept this import" in report and "Discard its matches" in report
    assert list(upload_folder(server.db).iterdir()) == []
    waiting = [m for m in _matches(server.db) if not m[2]]
    assert len(waiting) == left["imported"]
    listed = server.page("/history/import")
    assert f"{len(waiting)} matches wait for you" in listed

    accepted, _ = server.post("/history/waiting/accept", {"csrf_token": server.token(address)})
    assert f"{len(waiting)} imported matches now count" in accepted
    assert [m for m in _matches(server.db) if not m[2]] == []

    retry = server.upload(data)  # the same file again
    report = _finished(server, retry)
    assert f"{RECORDS - len(waiting)} imported, {len(waiting)} already here, 0 broken" in report
    assert len(_matches(server.db)) == RECORDS  # nothing doubled

    retry_id = int(retry.rsplit("/", 1)[1])
    discarded, _ = server.post(f"{retry}/discard", {"csrf_token": server.token(retry)})
    assert f"{RECORDS - len(waiting)} matches of this import were discarded" in discarded
    assert "Discarded: the matches this import brought were removed." in discarded
    assert [m[1] for m in _matches(server.db)] == [import_id] * len(waiting)
    assert _row(server.db, retry_id)["status"] == "done"
    assert list(upload_folder(server.db).iterdir()) == []


def test_an_import_whose_process_is_killed_while_the_server_runs_is_stopped_at_once(servers):
    """The import's process alone is killed (out of memory, or by hand): its page does not show
    it importing for ever, but stopped part-way, with its matches to accept or discard."""
    server = servers()
    address = server.upload(_club_file())
    import_id = int(address.rsplit("/", 1)[1])
    deadline = time.monotonic() + 120
    while (row := _row(server.db, import_id))["imported"] < 100:  # mid-way: some written
        assert row["status"] == "running" and time.monotonic() < deadline, row
        time.sleep(0.01)  # the import's progress is read from the file, as the page does
    os.kill(row["pid"], signal.SIGKILL)

    deadline = time.monotonic() + 30
    while 'hx-trigger="every 1s"' in (report := server.page(address)):
        assert time.monotonic() < deadline, "the import still shows as running"
        time.sleep(0.05)  # the page polls itself like this; not a wait for a time
    left = _row(server.db, import_id)
    assert left["status"] == "stopped" and 0 < left["imported"] < RECORDS
    assert f"The import stopped part-way, after {left['done']} records" in report
    assert "Accept this import" in report and "Discard its matches" in report
    assert list(upload_folder(server.db).iterdir()) == []
    assert server.process.poll() is None  # the server went on serving


def test_an_import_ends_with_its_server_killed_and_says_it_was_interrupted(servers):
    """The server alone is killed (kill -9: nothing of it runs to stop the import): the import's
    process does not run on by itself, but stops as Ctrl-C stops it, saying so in its row; the
    next start offers to accept or discard what it brought."""
    server = servers()
    address = server.upload(_club_file())
    import_id = int(address.rsplit("/", 1)[1])
    deadline = time.monotonic() + 120
    while (row := _row(server.db, import_id))["imported"] < 100:  # mid-way: some written
        assert row["status"] == "running" and time.monotonic() < deadline, row
        time.sleep(0.01)  # the import's progress is read from the file, as the page does
    watch = os.pidfd_open(row["pid"])
    try:
        server.process.kill()
        server.process.wait(timeout=10)
        assert select.select([watch], [], [], 30)[0], "the import runs on without its server"
    finally:
        os.close(watch)
    left = _row(server.db, import_id)
    assert left["status"] == "interrupted" and 0 < left["imported"] < RECORDS

    server = servers()  # the restart
    report = server.page(address)
    assert "The import was interrupted." in report
    assert "Accept this import" in report and "Discard its matches" in report
