"""`python -m assistant rebuild-stats`: run as the club would, on a real SQLite file."""

import sqlite3
import subprocess
import sys
from contextlib import closing

from assistant.club import store
from assistant.club.opening import migrate
from assistant.db import connect
from tests.records import A, D, G

COMMAND = [sys.executable, "-m", "assistant", "rebuild-stats"]
CACHE = {
    "match_summary": "SELECT * FROM match_summary ORDER BY match_id",
    "match_players": "SELECT * FROM match_players ORDER BY match_id, seat",
    "ratings": "SELECT * FROM ratings ORDER BY player_id",
}


def cache_rows(path) -> dict:
    with closing(sqlite3.connect(path)) as db:
        return {table: db.execute(sql).fetchall() for table, sql in CACHE.items()}


def test_rebuild_stats_rebuilds_the_cache_of_matches(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    for r in (A, D, G):
        store.create(db, r)
    db.close()
    before = cache_rows(path)
    assert len(before["match_summary"]) == 3 and before["ratings"]
    with closing(sqlite3.connect(path)) as db, db:
        for table in CACHE:
            db.execute(f"DELETE FROM {table}")

    done = subprocess.run(COMMAND + ["--db", str(path)], capture_output=True, text=True)

    assert done.returncode == 0, done.stderr
    assert done.stdout == "Rebuilt the statistics and ratings of 3 matches.\n"
    assert cache_rows(path) == before


def test_rebuild_stats_makes_a_fresh_file_without_loading_the_web_app(tmp_path):
    path = tmp_path / "new" / "club.sqlite"
    script = (
        "import sys; from assistant.__main__ import main; code = main(sys.argv[1:]); "
        "assert not [m for m in sys.modules if m.startswith(('assistant.web', 'flask'))]; "
        "sys.exit(code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "rebuild-stats", "--db", str(path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "of 0 matches" in done.stdout
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT count(*) FROM match_summary").fetchone() == (0,)


def test_rebuild_stats_refuses_a_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "notes.sqlite"
    path.write_text("not a database, " * 100)
    done = subprocess.run(COMMAND + ["--db", str(path)], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.startswith("rebuild-stats: ") and "Traceback" not in done.stderr
