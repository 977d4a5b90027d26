"""A club file read and checked: an `allfives-club/1` export, a list of match records, one
record, or JSON Lines (a record a line, what `replay --jsonl` reads), told apart by what the file
holds. Nothing here writes: `imports.py` writes what comes out of it, in the store's
transactions.

The file is read as a stream (ijson), so memory stays bounded whatever it holds: one record at a
time, a window of them while they are checked, and no record larger than `RECORD_LIMIT`. Each
record is checked by the engine with no lock held (on every core once the file holds many).

Dates: a record keeps its `date`; one without is dated by the `created` of its item in an
export, else by the file's `created`, else stays undated (`dated`)."""

import multiprocessing
import time
from collections import deque
from collections.abc import Iterator
from datetime import datetime
from itertools import chain, islice
from pathlib import Path

import ijson
import orjson

from assistant.club import derive, draw_files
from assistant.engine.errors import N_

MATCH = "allfives-match/1"
RECORD_LIMIT = 1024 * 1024  # bytes of one record in the file: 200 hands fit in a fifth of it
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


def is_time(value) -> bool:
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
        if is_time(when):
            return record | {"date": when}
    return record


# -- checking: no lock held, on every core for a large file -----------------------------------


def _check_texts(texts: list[bytes]) -> list[dict]:
    """derive.check of each record sent as its JSON text (far cheaper to send than the objects,
    and the text is the one the writer stores)."""
    return [derive.check(orjson.loads(text)) for text in texts]


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
