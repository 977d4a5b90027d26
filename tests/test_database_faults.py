"""The database file as it can go wrong: damaged (garbage, cut short, zeroed, a few pages
overwritten), written by a newer release, left with its WAL. Every command says what is wrong
and what to do, with no traceback; `check` verifies it; a clean stop leaves the `.sqlite` file
complete on its own."""

import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import closing
from pathlib import Path

import pytest

from assistant import create_app
from assistant.simulate import random_match
from tests.clients import post_json
from tests.database import database_rows
from tests.live_server import LiveServer, call, free_port
from tests.records import a_match

MATCHES = 40


def _club(path: Path, matches: int = MATCHES) -> Path:
    """A club's database at `path` with finished matches in it, its WAL checkpointed (the file
    alone is complete, as after a clean stop)."""
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"})
    client = app.test_client()
    for n in range(matches):
        record = random_match(random.Random(n), players=4, rules="all-fives", max_hands=3)
        assert post_json(client, "/api/matches", record).status_code == 201
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def _command(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "assistant", *args], capture_output=True, text=True, timeout=timeout
    )


def _serve(path: Path) -> subprocess.CompletedProcess:
    """`serve` on the file; a server that starts anyway is stopped by the timeout (a failure)."""
    return _command("serve", "--host", "127.0.0.1", "--port", str(free_port()), "--db", str(path),
                    timeout=30)  # fmt: skip


def _garbage(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(path.stat().st_size))


def _cut_short(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _zeroed(path: Path) -> None:
    path.write_bytes(bytes(path.stat().st_size))


@pytest.mark.parametrize("damage", [_garbage, _cut_short, _zeroed])
def test_a_damaged_database_stops_serve_with_what_is_wrong_and_the_restore_steps(tmp_path, damage):
    path = _club(tmp_path / "club.sqlite", matches=MATCHES)
    damage(path)
    for done in (_serve(path), _command("check", "--db", str(path))):
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert str(path) in done.stderr
        assert "To restore the latest backup" in done.stderr
        assert f"mv {path}* " in done.stderr


def _damage_pages(path: Path, count: int, table: str = "matches") -> None:
    """A few leaf pages of the match records (or of another table) overwritten with garbage
    (the file keeps its size, and what the server reads at start is intact)."""
    with closing(sqlite3.connect(path)) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        leaves = [n for (n,) in db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            [table],
        )]  # fmt: skip
    assert len(leaves) > count
    with open(path, "r+b") as file:
        for page in leaves[-count:]:
            file.seek((page - 1) * page_size)
            file.write(random.Random(page).randbytes(page_size))


def test_an_export_that_meets_a_damaged_page_fails_before_it_sends_anything(tmp_path):
    path = _club(tmp_path / "club.sqlite")
    _damage_pages(path, 2)
    _damage_pages(path, 1, "match_summary")  # hands.csv reads the scorepads the cache keeps
    server = LiveServer(path)
    try:
        server.start(ready="/static/app.js")  # the pages that read the damaged records say so
        for export in ("records.json", "hands.csv"):
            try:
                urllib.request.urlopen(f"{server.url}/history/{export}", timeout=30)
            except urllib.error.HTTPError as error:
                with error:
                    assert error.code == 503
                    assert error.headers.get_content_type() == "text/html"
                    page = error.read().decode()
            else:
                raise AssertionError(f"{export} was sent from a damaged database")
            assert "The database is damaged" in page and "restore the latest backup" in page
    finally:
        server.stop()
    checked = _command("check", "--db", str(path))
    assert checked.returncode == 1
    assert "To restore the latest backup" in checked.stderr


def test_check_says_a_whole_database_is_whole_and_names_a_record_that_does_not_replay(tmp_path):
    path = _club(tmp_path / "club.sqlite", matches=3)
    done = _command("check", "--db", str(path))
    assert done.returncode == 0, done.stderr
    assert "integrity check passed" in done.stdout and "3 records replay" in done.stdout
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("""UPDATE matches SET record = '{"format": "allfives-match/1"}' WHERE id = 2""")
    done = _command("check", "--db", str(path))
    assert done.returncode == 1
    assert "match 2: its record does not replay" in done.stderr
    assert "match 1" not in done.stderr and "match 3" not in done.stderr


def test_a_database_from_a_newer_release_is_refused_by_every_command_and_left_as_it_was(tmp_path):
    path = _club(tmp_path / "club.sqlite", matches=2)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "INSERT INTO _sqlite_migrations(migration_set, name, applied_at) "
            "VALUES ('allfives', 'a_step_from_the_future', '2027-01-01 00:00:00+00:00')"
        )
    before = database_rows(path)
    club_file = tmp_path / "club.json"
    club_file.write_text("[]")
    commands = [
        ["serve", "--host", "127.0.0.1", "--port", str(free_port())],
        ["import", str(club_file)],
        ["rebuild-stats"],
        ["check"],
    ]
    for command in commands:
        done = _command(*command, "--db", str(path), timeout=30)
        assert done.returncode == 1, command
        assert "Traceback" not in done.stderr
        assert "written by a newer release" in done.stderr
        assert "a_step_from_the_future" in done.stderr
    assert database_rows(path) == before


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_a_clean_stop_leaves_the_sqlite_file_complete_on_its_own(live_server, tmp_path, stop):
    server = live_server
    record, steps = a_match(seed=500)
    _, created = call(server.url + "/api/matches", record)
    version = created["version"]
    for entry in steps[:30]:
        status, body = call(f"{server.url}/api/matches/{created['id']}/events",
                            entry | {"version": version})  # fmt: skip
        assert status == 200
        version = body["version"]
    server.process.send_signal(stop)  # as systemd stops it, or Ctrl-C in its terminal
    said = server.process.communicate(timeout=30)[1].decode(errors="replace")
    assert server.process.returncode == 0, said
    wal = server.db.with_name(server.db.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0, said
    alone = tmp_path / "copy" / "live.sqlite"
    alone.parent.mkdir()
    shutil.copyfile(server.db, alone)  # only the .sqlite file, as a club copies it
    with closing(sqlite3.connect(alone)) as db:
        assert db.execute("SELECT version FROM matches").fetchone() == (version,)
