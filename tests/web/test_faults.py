"""Faults of the database's file and disk, on the real server and a real SQLite file: a full disk
and a read-only database answer 503 with what happened and what to do (the JSON API and the
table's htmx tap alike), nothing saved is lost, and writes resume once it is fixed, with no
restart.

The full disk is a small tmpfs the test mounts (root only, as in CI). The read-only database is
made so for real: as root, whom file modes do not stop, the file is marked immutable
(`chattr +i`, which refuses root's writes too: SQLite then opens the file read-only, as for an
organiser whose file belongs to another user); as another user, `chmod 444`. The server is
started on the read-only file, as an organiser meets it (a restored backup, a copied file):
SQLite keeps the file open and writes new entries to the WAL, so a file made read-only under a
running server goes on being written until the next start."""

import os
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from tests.live_server import LiveServer, call
from tests.records import a_match

ROOT = os.geteuid() == 0


def _root_or_skip(what: str) -> None:
    if not ROOT:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{what} needs root on CI")
        pytest.skip(f"{what} needs root (run as root, as CI does)")


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MB tmpfs of its own, unmounted after the test whatever happened."""
    _root_or_skip("mounting a small disk")
    folder = tmp_path / "disk"
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.fixture
def server(request, tmp_path):
    folder = getattr(request, "param", None) or tmp_path
    live = LiveServer(Path(folder) / "club.sqlite")
    yield live
    live.stop()


class Phone:
    """A browser's session on the table: its cookie, and taps sent the way htmx sends them."""

    def __init__(self, url: str):
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def tap(self, match_id: int, entry: dict) -> tuple[int, str]:
        table = self.opener.open(f"{self.url}/matches/{match_id}", timeout=10).read().decode()
        token = re.search(r'name="csrf_token" value="([^"]+)"', table).group(1)
        version = re.search(r'name="version" value="(\d+)"', table).group(1)
        form = {"csrf_token": token, "version": version, "tile": entry["play"]}
        if "end" in entry:
            form["end"] = entry["end"]
        request = urllib.request.Request(
            f"{self.url}/matches/{match_id}/play",
            data=urllib.parse.urlencode(form).encode(),
            headers={"HX-Request": "true"},
        )
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.read().decode()


def _played(server, match_id: int) -> tuple[int, list]:
    status, body = call(f"{server.url}/api/matches/{match_id}", method="GET")
    assert status == 200
    return body["version"], body["record"]["hands"]


def _start_playing(server, seed: int) -> tuple[int, list[dict]]:
    """A match with its first three entries saved; its id and the entries still to come."""
    record, steps = a_match(seed)
    status, created = call(server.url + "/api/matches", record)
    assert status == 201
    version = created["version"]
    for entry in steps[:3]:
        status, body = call(f"{server.url}/api/matches/{created['id']}/events",
                            entry | {"version": version})  # fmt: skip
        assert status == 200, body
        version = body["version"]
    return created["id"], steps[3:]


def _refused_in_words(server, match_id: int, entry: dict, words: list[str]) -> None:
    """The API and the table's tap both get 503 with the sentence; nothing changed."""
    before = _played(server, match_id)
    status, body = call(f"{server.url}/api/matches/{match_id}/events",
                        entry | {"version": before[0]})  # fmt: skip
    assert status == 503, body
    for word in words:
        assert word in body["error"]
    assert "reload" not in body["error"]
    status, piece = Phone(server.url).tap(match_id, entry)
    assert status == 503
    said = re.search(r"data-error-message>([^<]+)<", piece).group(1)
    for word in words:
        assert word in said
    assert _played(server, match_id) == before


def _saved_again(server, match_id: int, entry: dict) -> None:
    version, hands = _played(server, match_id)
    status, body = call(f"{server.url}/api/matches/{match_id}/events", entry | {"version": version})
    assert status == 200, body
    assert body["version"] == version + 1


def _fill(folder: Path) -> Path:
    """Writes a file until the disk has no byte left; the file, to delete to free the space."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (1 << 16, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                pass
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_answers_503_in_words_and_writes_resume_once_space_is_freed(small_disk):
    server = LiveServer(small_disk / "club.sqlite")
    try:
        server.start()
        match_id, steps = _start_playing(server, seed=300)
        assert steps[0].keys() <= {"player", "play", "end"}
        filler = _fill(small_disk)
        _refused_in_words(server, match_id, steps[0], ["disk is full", str(server.db), "Free"])
        filler.unlink()
        _saved_again(server, match_id, steps[0])
        assert len(_played(server, match_id)[1][0]["events"]) == 4
    finally:
        server.stop()


@pytest.fixture
def read_only():
    """Makes a file read-only for this process's user, root included; undone after the test."""
    made = []

    def make(path: Path) -> None:
        if ROOT:
            subprocess.run(["chattr", "+i", str(path)], check=True)
        else:
            path.chmod(0o444)
        made.append(path)

    def undo(path: Path) -> None:
        if ROOT:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(0o644)
        made.remove(path)

    make.undo = undo
    yield make
    for path in list(made):
        undo(path)


def test_a_read_only_database_answers_503_in_words_and_writes_resume_once_writable(
    server, read_only
):
    """As an organiser meets it: the file restored or copied in by another user, and the server
    started on it. It serves what was saved; a write gets 503; once the file is writable, the
    next write is saved, with no restart."""
    server.start()
    match_id, steps = _start_playing(server, seed=301)
    assert steps[0].keys() <= {"player", "play", "end"}
    server.stop()
    read_only(server.db)
    server.start()
    _refused_in_words(server, match_id, steps[0], [str(server.db), "writable"])
    read_only.undo(server.db)
    _saved_again(server, match_id, steps[0])
