"""Importing a club file: an `allfives-club/1` export, a list of match records, one record, or
JSON Lines (a record a line, what `replay --jsonl` reads), told apart by what the file holds.

The file is read as a stream (ijson), so memory stays bounded whatever it holds: one record at a
time, a window of them while they are checked, and no record larger than `RECORD_LIMIT`. Each
record is checked by the engine with no lock held (on every core once the file holds many), and
the checked records are written in short transactions, `SLICE` records at a time: a table that
taps meanwhile waits for one short slice at most. The import runs in a process of its own, at a
lower priority than the server (`import_process.py`, started by `store.start_import`), and keeps
its progress and report in the `imports` row: the web page polls it. Every transaction is the
club's store's (`store.begin_import`, `prepare_import`, `write_import_slice`, `end_import`,
`start_import`, `stop_dead_imports`): what writes rows here runs inside one the store opened.

Dates: a record keeps its `date`; one without is dated by the `created` of its item in
an export, else by the file's `created`, else stays undated. The date is written into the record
before its digest is computed, so the same file imported twice finds its duplicates.

The registry: the export's `players` ({"name", "names"}) come in before the matches, so renames
and merges survive an export and import. A club that already knows some of the names keeps its
own mapping and gains only the names it lacks."""

import multiprocessing
import os
import subprocess
import sys
import time
from collections import deque
from collections.abc import Iterator
from datetime import UTC, datetime
from itertools import chain, islice
from pathlib import Path

import ijson
import orjson

from assistant.club import cache, derive, draw_files, matchrow, registry
from assistant.engine.errors import N_
from assistant.engine.limits import MAX_NAME

CLUB = "allfives-club/1"
MATCH = "allfives-match/1"
RECORD_LIMIT = 1024 * 1024  # bytes of one record in the file: 200 hands fit in a fifth of it
SLICE = 50  # records written per transaction ...
SLICE_BYTES = 1024 * 1024  # ... or this much record text, whichever comes first
SLICE_WAIT = 0.1  # seconds: a slice is written when it is full or has waited this long
PROBLEMS_KEPT = 100  # broken records reported with their reason; the rest are counted
INLINE = 64  # records: a file with more is checked on every core
WINDOW = 64  # records read ahead of the writer at most
PLAYERS_KEPT = 10_000  # registry entries read from a file at most
CHUNK = 16384  # bytes read at a time: a record too deep is stopped after one more chunk
# Seconds of this thread's processor time to parse one record at most, far beyond what a real
# one takes. Not the wall clock: the import waits between records (for the tables' write lock,
# for the checking processes, for a core at its low priority), and a wait is not parsing.
RECORD_SECONDS = 2.0
CHUNKSIZE = 16  # records sent to a checking process at a time


class BrokenFile(ValueError):
    """The file cannot be read (further): why, as the engine's errors say it (`error`: the
    sentence and its parameters as data, for the web layer to put in words)."""

    def __init__(self, template: str, **params):
        super().__init__(template.format(**params))
        self.error = {"template": template, "params": params, "hand": None, "event": None}


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# -- reading the file ---------------------------------------------------------------------------


class _Reader:
    """The file as ijson reads it, a chunk at a time, refusing a record larger than
    RECORD_LIMIT or one that takes longer than RECORD_SECONDS to parse (JSON
    nested thousands deep: ijson's work grows with the square of the depth). `mark()` after
    each record; `too_large()` is the BrokenFile to raise."""

    def __init__(self, file, too_large):
        self.file, self.too_large = file, too_large
        self.position = self.marked = file.tell()
        self.started = time.thread_time()

    def read(self, size: int = -1) -> bytes:
        if self.position - self.marked > RECORD_LIMIT + CHUNK:
            raise self.too_large()
        if time.thread_time() - self.started > RECORD_SECONDS:
            raise self.too_large()
        data = self.file.read(CHUNK if size < 0 else min(size, CHUNK))
        self.position += len(data)
        return data

    def mark(self) -> None:
        self.marked = self.position
        self.started = time.thread_time()


def _start(file) -> int:
    """Where the JSON starts: after white space and a UTF-8 byte order mark."""
    head = file.read(4096)
    text = head.removeprefix(b"\xef\xbb\xbf")
    return len(head) - len(text.lstrip())


def header(path: Path) -> dict:
    """What comes before the records: the file's format, `created` and `players` (an export
    writes them before its matches, and they are read there), and where the records are:
    `prefix` for ijson ("matches.item", "item", or "" for a file that is one record), or
    `lines` for JSON Lines."""
    with open(path, "rb") as file:
        start = _start(file)
        file.seek(start)
        first = file.read(1)
        found: dict = {"start": start, "format": None, "created": None, "players": [],
                       "draws": [], "places": {}}  # fmt: skip
        if first == b"[":
            return found | {"prefix": "item"}
        if first != b"{":
            file.seek(start)
            if not (text := _shown(file)):
                raise BrokenFile(N_("this file is empty"))
            raise BrokenFile(N_("this file is not JSON: it begins “{text}”"), text=text)
        file.seek(start)
        if _json_lines(file):
            return found | {"prefix": None, "lines": True}
        file.seek(start)
        reader = _Reader(file, lambda: BrokenFile(N_("this file holds no list of match records")))
        events = ijson.parse(reader)
        try:
            for prefix, event, value in events:
                if prefix == "" and event == "map_key" and value == "matches":
                    break
                if prefix in ("format", "created") and event == "string":
                    found[prefix] = value
                    if value == MATCH:
                        return found | {"prefix": ""}
                elif prefix == "players" and event == "start_array":
                    found["players"] = _players(events)
                elif prefix == "draws" and event == "start_array":
                    found["draws"] = _players(events, draw_files.DRAWS_KEPT)
            else:
                raise BrokenFile(N_("this file holds no list of match records"))
        except ijson.JSONError:
            raise BrokenFile(N_("this file is not JSON")) from None
    return found | {"prefix": "matches.item"}


def _json_lines(file) -> bool:
    """Whether the file is JSON Lines: its first line is a whole JSON object and more follows.
    An export's first line is never a whole object, and a file that is one record on one line
    reads the same either way."""
    line = file.readline(RECORD_LIMIT + 1)
    try:
        first = orjson.loads(line)
    except orjson.JSONDecodeError:
        return False
    return isinstance(first, dict) and bool(file.read(4096).strip())


def _shown(source, limit: int = 24) -> str:
    """What a piece of the file reads, as it may be shown in a sentence (one line, short)."""
    data = source.read(limit * 4) if hasattr(source, "read") else source
    text = " ".join(data.decode("utf-8", "replace").split())
    return text[:limit] + ("…" if len(text) > limit else "")


class Unreadable:
    """A line of a JSON Lines file that holds no JSON: counted as a broken record, with where
    and what it holds (`error`), and the import goes on with the next line."""

    def __init__(self, line: int, text: bytes, error: orjson.JSONDecodeError):
        if error.msg.startswith("depth limit"):
            template, params = N_("line {line} is nested too deeply to read"), {"line": line}
        else:
            column = error.colno
            template = N_("line {line} is not JSON: at character {column} it reads “{text}”")
            shown = _shown(text[error.pos : error.pos + 24])
            params = {"line": line, "column": column, "text": shown or "…"}
        self.error = {"template": template, "params": params, "hand": None, "event": None}


def _check(record) -> dict:
    if isinstance(record, Unreadable):
        return {"error": record.error}
    return derive.check(record)


def _players(events, kept: int = PLAYERS_KEPT) -> list:
    """The export's registry, built from its events ([{"name", "names"}, ...]), bounded (its
    draws too, `kept` at most)."""
    players, builder, depth = [], ijson.ObjectBuilder(), 0
    for _prefix, event, value in events:
        if event in ("end_map", "end_array"):
            depth -= 1
            if depth < 0:
                break
        builder.event(event, value)
        if event in ("start_map", "start_array"):
            depth += 1
        elif depth == 0:
            if len(players) < kept:
                players.append(builder.value)
            builder = ijson.ObjectBuilder()
    return players


def records(path: Path, header: dict, positions: list) -> Iterator[tuple]:
    """(n, record, created, size) for each item of the file, in order, one at a time;
    `positions[0]` follows the bytes read."""
    number = 0

    def too_large():
        limit = RECORD_LIMIT // (1024 * 1024)
        return BrokenFile(
            N_(
                "record {n} is larger than {limit} MB, or nested too deeply: the import stopped "
                "there"
            ),
            n=number + 1,
            limit=limit,
        )

    with open(path, "rb") as file:
        file.seek(header["start"])
        if header.get("lines"):
            yield from _lines(file, positions, header)
            return
        reader = _Reader(file, too_large)
        try:
            for item in ijson.items(reader, header["prefix"], use_float=True):
                size = reader.position - reader.marked
                reader.mark()
                number += 1
                positions[0] = reader.position
                if isinstance(item, dict) and "record" in item and "format" not in item:
                    _keep_place(header, number, item)
                    yield number, item["record"], item.get("created"), size
                else:
                    yield number, item, None, size
        except ijson.JSONError as error:  # broken, or cut short
            found = _where_broken(str(error))
            if found:
                raise BrokenFile(
                    N_(
                        "record {n} is not JSON: where it breaks, it reads “{text}”: the import "
                        "stopped there"
                    ),
                    n=number + 1,
                    text=found,
                ) from None
            raise BrokenFile(
                N_(
                    "record {n} is not JSON, or the file ends in the middle of it: the import "
                    "stopped there"
                ),
                n=number + 1,
            ) from None


def _where_broken(message: str) -> str | None:
    """What the file reads where the parser stopped, from its message (yajl shows the text
    around the place and a caret under it); None when the file just ends, or the message shows
    nothing."""
    lines = message.splitlines()
    caret = next((n for n, line in enumerate(lines) if line.endswith("^")), None)
    if caret is None or caret == 0:
        return None
    at = len(lines[caret]) - 1  # the caret stands a little after the place: a few before it
    return _shown(lines[caret - 1][max(0, at - 8) :].encode()) or None


def _lines(file, positions: list, header: dict) -> Iterator[tuple]:
    """The records of a JSON Lines file, as `records` gives them; blank lines are skipped, a
    line that is not JSON is an Unreadable record, a line longer than RECORD_LIMIT stops the
    import."""
    number = 0
    for line_number, line in enumerate(iter(lambda: file.readline(RECORD_LIMIT + 1), b""), 1):
        positions[0] = file.tell()
        if not line.strip():
            continue
        number += 1
        if len(line) > RECORD_LIMIT:
            raise BrokenFile(
                N_("line {line} (record {n}) is larger than {limit} MB: the import stopped there"),
                line=line_number,
                n=number,
                limit=RECORD_LIMIT // (1024 * 1024),
            )
        try:
            item = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            item = Unreadable(line_number, line, error)
        if isinstance(item, dict) and "record" in item and "format" not in item:
            _keep_place(header, number, item)
            yield number, item["record"], item.get("created"), len(line)
        else:
            yield number, item, None, len(line)


def _keep_place(header: dict, number: int, item: dict) -> None:
    """An export's item placed on a draw (`draw_files.py`): its place, kept for the writer until
    the record is written (records are read a window ahead of it, so few wait here)."""
    if isinstance(item.get("place"), dict) and "places" in header:
        header["places"][number] = item["place"]


def _is_time(value) -> bool:
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def dated(record, created, file_created):
    """The record with its `date`: its own, else its item's `created`, else the file's;
    none of them: undated."""
    if type(record) is not dict or "date" in record:
        return record
    for when in (created, file_created):
        if _is_time(when):
            return record | {"date": when}
    return record


# -- checking: no lock held, on every core for a large file -----------------------------------


def _check_texts(texts: list[bytes]) -> list[dict]:
    """derive.check of each record sent as its JSON text (far cheaper to send than the objects,
    and the text is the one the writer stores)."""
    return [derive.check(orjson.loads(text)) for text in texts]


def _unreadable() -> dict:
    error = {"template": N_("the record is nested too deeply to read"), "params": {}}
    return {"error": error | {"hand": None, "event": None}}


def checked(items: Iterator[tuple]) -> Iterator[tuple[tuple, dict]]:
    """(item, derive.check of its record) for every (n, record, …) item. Up to INLINE records
    are checked here; a file with more is checked on a pool of every core, at most WINDOW
    records ahead of the caller. Valid records come in the file's order (the first of two
    copies is the one imported); a record that is not even an object is answered at once. A
    file that breaks off (BrokenFile) does so after every record before the break."""
    stopped: list[BrokenFile] = []

    def read(source):
        try:
            yield from source
        except BrokenFile as broken:
            stopped.append(broken)

    source = read(items)
    first = list(islice(source, INLINE))
    if len(first) < INLINE:
        yield from ((item, _check(item[1])) for item in first)
    else:
        yield from _on_every_core(chain(first, source))
    if stopped:
        raise stopped[0]


def _on_every_core(items) -> Iterator[tuple[tuple, dict]]:
    pending: deque = deque()  # (items, their texts, their results to come), in the file's order
    with multiprocessing.get_context("spawn").Pool() as pool:
        while batch := list(islice(items, CHUNKSIZE)):
            objects, texts = [], []
            for item in batch:
                text = _text(item[1])
                if text is None:  # not an object, or too deep for orjson: checked here
                    yield item, _check(item[1])
                else:
                    objects.append(item)
                    texts.append(text)
            if objects:
                pending.append((objects, texts, pool.apply_async(_check_texts, (texts,))))
            while pending and (len(pending) * CHUNKSIZE > WINDOW or pending[0][2].ready()):
                yield from _received(*pending.popleft())
        while pending:
            yield from _received(*pending.popleft())


def _text(record) -> bytes | None:
    """A record object as its JSON text; None for anything else, or one orjson cannot write
    (nested deeper than it goes, a number beyond 64 bits: the engine refuses both)."""
    if type(record) is not dict:
        return None
    try:
        return orjson.dumps(record)
    except orjson.JSONEncodeError:
        return None


def _received(items: list, texts: list, answer) -> Iterator[tuple[tuple, dict]]:
    for item, text, result in zip(items, texts, answer.get(), strict=True):
        yield item, result | {"text": text}


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
            when = created if _is_time(created) else stamp
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


def launch(database: str, import_id: int, path: Path) -> subprocess.Popen:
    """Runs the import in a process of its own (`python -m assistant import`, import_process.py),
    at a lower priority, so the server's taps never wait for its work, only for one short
    write."""
    command = [sys.executable, "-m", "assistant", "import", str(path), "--db", database]
    command += ["--import-id", str(import_id), "--remove"]
    return subprocess.Popen(command, stdin=subprocess.DEVNULL)


def set_process(db, import_id: int, pid: int) -> None:
    """Inside the store's transaction: the import's row keeps its process's id, for the next
    start of the server to know whether it still runs."""
    db.execute("UPDATE imports SET pid = ? WHERE id = ? AND status = 'running'", [pid, import_id])
