"""Importing a club file: its matches and players written, and the import's row kept.

The file is read and checked by `club_file.py`, with no lock held; the checked records are
written here in short transactions, `SLICE` records at a time: a table that taps meanwhile waits
for one short slice at most. The import runs in a process of its own, at a lower priority than
the server (`store/import_process.py`, started by `store.start_import`), and keeps its progress and
report in the `imports` row: the web page polls it. Every transaction is the club's store's
(`store.begin_import`, `prepare_import`, `write_import_slice`, `end_import`, `start_import`,
`stop_dead_imports`): what writes rows here runs inside one the store opened.

A record's date is written into it before its digest is computed, so the same file imported
twice finds its duplicates.

The registry: the export's `players` ({"name", "names"}) come in before the matches, so renames
and merges survive an export and import. A club that already knows some of the names keeps its
own mapping and gains only the names it lacks."""

import os
import subprocess
import sys
import time
from pathlib import Path

import orjson

from assistant.club import cache, draw_files, matchrow, registry
from assistant.club.clock import now
from assistant.club.club_file import checked, dated, is_time
from assistant.engine.limits import MAX_NAME

SLICE = 50  # records written per transaction ...
SLICE_BYTES = 1024 * 1024  # ... or this much record text, whichever comes first
SLICE_WAIT = 0.1  # seconds: a slice is written when it is full or has waited this long
PROBLEMS_KEPT = 100  # broken records reported with their reason; the rest are counted


# -- the registry of an export ----------------------------------------------------------------


def _name(value) -> str | None:
    if not isinstance(value, str):
        return None
    name = " ".join(value.split())
    return name if 0 < len(name) <= MAX_NAME else None


def add_players(db, players: list) -> None:
    """The export's players into the registry, in the store's transaction: each under its name
    with every key that meant it; the keys the club already knows keep their player."""
    for entry in players:
        if not isinstance(entry, dict) or _name(entry.get("name")) is None:
            continue
        name = _name(entry["name"])
        keys = [registry.key(name)]
        others = entry.get("names")
        if isinstance(others, list):
            keys += [registry.key(n) for n in others[:100] if _name(n)]
        known = {k: registry.find(db, k) for k in keys}
        owner = known[keys[0]] or next((p for p in known.values() if p is not None), None)
        if owner is None:
            owner = registry.ensure(db, name)
        for key in dict.fromkeys(keys):
            if known[key] is None:
                db.execute(
                    "INSERT OR IGNORE INTO player_names(key, player_id) VALUES (?, ?)",
                    [key, owner],
                )


# -- writing, in short slices -----------------------------------------------------------------


class Writer:
    """Writes checked records in short transactions the store opens (a slice: SLICE records,
    SLICE_BYTES of them, or what came in SLICE_WAIT seconds) and keeps the import's row up to
    date. Records are gathered with no lock held, then written at once: a tap waits for one
    slice at most."""

    def __init__(self, db, import_id: int | None, positions: list):
        self.db, self.import_id, self.positions = db, import_id, positions
        self.places: dict = {}  # record number → its place in a draw (`header`'s)
        self.draws: dict = {}  # the file's draw id → the club's (`draw_files.add`)
        self.counts = {"imported": 0, "duplicates": 0, "broken": 0}
        self.done = 0
        self.pending: list = []
        self.pending_bytes = 0
        self.since = time.monotonic()
        self.report: list[dict] = []  # one line per record, for `import_items`
        self.names: dict = {}  # the registry's players by name, looked up once an import
        self.problems: list = []

    def take(self, item: tuple, result: dict) -> None:
        """A checked record: a broken one is counted, a valid one waits for the next slice."""
        if "error" in result:
            self.done += 1
            self.counts["broken"] += 1
            self._line(item[0], "broken", error=result["error"])
        else:
            self.pending.append((item, result))
            self.pending_bytes += item[3]

    def due(self) -> bool:
        """Whether the records taken make a slice: it is full, or has waited long enough."""
        full = len(self.pending) >= SLICE or self.pending_bytes >= SLICE_BYTES
        return full or time.monotonic() - self.since >= SLICE_WAIT

    def write_slice(self) -> None:
        """The records taken, written inside the store's transaction."""
        self._write(self.pending)

    def next_slice(self) -> None:
        """Once a slice is written: the next one starts empty."""
        self.pending, self.pending_bytes, self.since = [], 0, time.monotonic()

    def _write(self, batch: list) -> None:
        db, stamp, names = self.db, now(), self.names
        known = _known(db, [result["summary"]["digest"] for _item, result in batch])
        for (n, record, created, _size), result in batch:
            self.done += 1
            key = result["summary"]["digest"]
            place = self.places.pop(n, None)
            if key in known:
                self.counts["duplicates"] += 1
                self._line(n, "duplicate", match=known[key])
                continue
            when = created if is_time(created) else stamp
            # Not being played here: filed away until someone plays on at a table.
            archived = None if result["summary"]["finished"] else stamp
            match_id = matchrow.insert(
                db, record, when, stamp, origin="import", accepted=False,  # the admin decides
                import_id=self.import_id, text=result.get("text"), archived=archived,
            )  # fmt: skip
            known[key] = match_id
            summary, seats = cache.rows(db, result, match_id, when, stamp, stamp, names,
                                        counted=False, archived=bool(archived),
                                        origin="import")  # fmt: skip
            db.execute(cache.INSERT_SUMMARY, summary)
            db.conn.executemany(cache.INSERT_PLAYER, seats)
            cache.add_watch_codes(db, [match_id])
            draw_files.seat(db, self.draws, place, match_id)
            self.counts["imported"] += 1
            self._line(n, "imported", match=match_id)
        if self.problems:
            db.conn.executemany(
                "INSERT OR IGNORE INTO import_problems(import_id, n, error) VALUES (?, ?, ?)",
                [(self.import_id, n, orjson.dumps(e).decode()) for n, e in self.problems],
            )
            self.problems = []
        self.progress()

    def _line(self, n: int, status: str, **extra) -> None:
        if self.import_id is None:
            self.report.append({"n": n, "status": status} | extra)
        elif status == "broken" and self.counts["broken"] <= PROBLEMS_KEPT:
            self.problems.append((n, extra["error"]))

    def end(self, status: str, position: int, error: dict | None) -> None:
        """How the import ended (done, failed with why, interrupted), inside the store's
        transaction."""
        self.progress(
            status=status,
            total=self.done,
            position=position,
            error=orjson.dumps(error).decode() if error else None,
        )

    def progress(self, **columns) -> None:
        if self.import_id is None:
            return
        columns = {"done": self.done, "position": self.positions[0]} | self.counts | columns
        assignments = ", ".join(f"{name} = ?" for name in columns)  # names from this module
        self.db.execute(
            f"UPDATE imports SET {assignments} WHERE id = ?", [*columns.values(), self.import_id]
        )


def _known(db, digests: list[str]) -> dict:
    """The matches already here with these digests."""
    known = {}
    for start in range(0, len(digests), 500):
        part = digests[start : start + 500]
        marks = ",".join("?" * len(part))
        sql = f"SELECT digest, match_id FROM match_summary WHERE digest IN ({marks})"
        known.update(db.execute(sql, part).fetchall())
    return known


def import_items(db, items: list[dict], created=None) -> list[dict]:
    """Records given in memory ({"record", "created"?}; `created`: the file's) imported as a
    file's are, in the caller's transaction: one line of report per item, in order: imported
    (with its new id), duplicate (of which match) or broken (the broken rule as data)."""
    cache.set_digests(db, cache.missing_digests(db))
    writer = Writer(db, None, [0])
    numbered = (
        (n, dated(i["record"], i.get("created"), created), i.get("created"), 0)
        for n, i in enumerate(items, start=1)
    )
    for item, result in checked(numbered):
        writer.take(item, result)
    writer._write(writer.pending)
    return sorted(writer.report, key=lambda line: line["n"])


# -- what the pages show --------------------------------------------------------------------

STATUS_COLUMNS = (
    "id", "created", "name", "total", "done", "status", "accepted", "size", "position",
    "imported", "duplicates", "broken", "error", "discarded",
)  # fmt: skip


def _row(db, values) -> dict:
    found = dict(zip(STATUS_COLUMNS, values, strict=True))
    found["error"] = orjson.loads(found["error"]) if found["error"] else None
    found["waiting"] = db.execute(
        "SELECT COUNT(*) FROM matches WHERE import_id = ? AND accepted = 0", [found["id"]]
    ).fetchone()[0]
    found["percent"] = round(100 * found["position"] / found["size"]) if found["size"] else 100
    return found


def status(db, import_id: int) -> dict | None:
    """One import: how far it got, what it found, the broken records kept (`problems`), and how
    many of its matches wait for the admin."""
    values = db.execute(
        f"SELECT {', '.join(STATUS_COLUMNS)} FROM imports WHERE id = ?", [import_id]
    ).fetchone()
    if values is None:
        return None
    problems = db.execute(
        "SELECT n, error FROM import_problems WHERE import_id = ? ORDER BY n", [import_id]
    ).fetchall()
    return _row(db, values) | {
        "problems": [{"n": n, "error": orjson.loads(e)} for n, e in problems]
    }


def recent(db, limit: int = 20) -> list[dict]:
    """The latest imports, newest first."""
    rows = db.execute(
        f"SELECT {', '.join(STATUS_COLUMNS)} FROM imports ORDER BY id DESC LIMIT ?", [limit]
    ).fetchall()
    return [_row(db, values) for values in rows]


# -- one import from start to end ---------------------------------------------------------------


def insert(db, name: str, size: int) -> int:
    """The row of a new import, inside the store's transaction (status running, run by this
    process until `store.start_import` hands it to a process of its own); its id."""
    return db.execute(
        "INSERT INTO imports(created, name, size, status, pid) VALUES (?, ?, ?, 'running', ?)",
        [now(), name[:200], size, os.getpid()],
    ).lastrowid


def upload_folder(database: str | Path) -> Path:
    """Where the server keeps the files it was sent to import, beside the database (never shared
    with another database): `allfives.sqlite-imports/`."""
    database = Path(database)
    return database.with_name(database.name + "-imports")


def upload_path(database: str | Path, import_id: int) -> Path:
    return upload_folder(database) / f"import-{import_id}.json"


def still_running(pid: int | None, import_id: int) -> bool:
    """Whether the process `pid` is still running this import (a pid may have been reused, and a
    killed process may linger as a zombie: on Linux its command line says which it is)."""
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return not Path("/proc/self").exists()  # no /proc here: the pid is all there is
    except OSError:
        return True
    ours = b"\x00import\x00" in command
    this_one = f"--import-id\x00{import_id}\x00".encode()
    return ours and (this_one in command or b"--import-id" not in command)


def running(db) -> list[tuple[int, bool]]:
    """The imports marked running, each with whether its process still runs it (`store.
    stop_dead_imports` marks those whose process is gone stopped)."""
    rows = db.execute("SELECT id, pid FROM imports WHERE status = 'running'").fetchall()
    return [(import_id, still_running(pid, import_id)) for import_id, pid in rows]


def is_running(db, import_id: int) -> bool:
    row = db.execute("SELECT status FROM imports WHERE id = ?", [import_id]).fetchone()
    return row is not None and row[0] == "running"


def mark_stopped(db, import_ids: list[int]) -> None:
    """Inside the store's transaction."""
    marks = ",".join("?" * len(import_ids))
    db.execute(f"UPDATE imports SET status = 'stopped' WHERE id IN ({marks})", import_ids)


def remove_uploads(database: str | Path, kept: list[int]) -> None:
    """The files kept for imports no longer running removed: all but those of `kept`."""
    names = {upload_path(database, import_id).name for import_id in kept}
    folder = upload_folder(database)
    if folder.is_dir():
        for upload in folder.iterdir():
            if upload.name not in names:
                upload.unlink(missing_ok=True)


LIFELINE = "ALLFIVES_SERVER_LIFELINE"  # the import process's end of the pipe to its server


def launch(database: str, import_id: int, path: Path) -> subprocess.Popen:
    """Runs the import in a process of its own (`python -m assistant import`,
    `store/import_process.py`), at a lower priority, so the server's taps never wait for its
    work, only for one short write."""
    command = [sys.executable, "-m", "assistant", "import", str(path), "--db", database]
    command += ["--import-id", str(import_id), "--remove"]
    # The import ends with the server, kill -9 too: it holds the reading end of a pipe whose
    # one writing end stays in the server (`process.lifeline`, closed once the import ended).
    reading, writing = os.pipe()
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            pass_fds=(reading,),
            env=os.environ | {LIFELINE: str(reading)},
        )
    except BaseException:
        os.close(writing)
        raise
    finally:
        os.close(reading)
    process.lifeline = writing
    return process


def set_process(db, import_id: int, pid: int) -> None:
    """Inside the store's transaction: the import's row keeps its process's id, for the next
    start of the server to know whether it still runs."""
    db.execute("UPDATE imports SET pid = ? WHERE id = ? AND status = 'running'", [pid, import_id])
