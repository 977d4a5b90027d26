"""Exports (CSV of matches, CSV of hands, one JSON file of every record) and the import of such
a file: every record checked by the engine, duplicates found, all in one transaction."""

import csv
import io
import multiprocessing
from collections.abc import Iterator
from datetime import UTC, datetime

import orjson

from assistant.club import cache, derive, store
from assistant.engine import RecordError, replay

FORMAT = "allfives-club/1"
BATCH = 500
PARALLEL = 300  # records: from this many on, they are checked on every core


def _csv_lines(header: list[str], rows) -> Iterator[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    for n, row in enumerate(rows):
        writer.writerow(row)
        if n % BATCH == 0:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def _opened(path: str):
    """Exports stream after the request's connection is closed: they read on their own."""
    import sqlite3

    return sqlite3.connect(path, timeout=10)


def matches_csv(path: str) -> Iterator[str]:
    header = ["match", "created", "updated", "preset", "custom", "players", "partnership",
              "hands", "sides", "scores", "winner", "finished"]  # fmt: skip

    def rows():
        conn = _opened(path)
        try:
            cursor = conn.execute(
                "SELECT match_id, created, updated, preset, custom, players, partnership, hands, "
                "sides, scores, winner, finished FROM match_summary ORDER BY match_id"
            )
            yield from (_match_csv_row(r) for r in cursor)
        finally:
            conn.close()

    return _csv_lines(header, rows())


def _match_csv_row(r) -> list:
    sides, scores = orjson.loads(r[8]), orjson.loads(r[9])
    winner = " + ".join(sides[r[10]]) if r[10] is not None else ""
    return [
        r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
        " | ".join(" + ".join(side) for side in sides),
        " | ".join(str(s) for s in scores), winner, r[11],
    ]  # fmt: skip


def hands_csv(path: str) -> Iterator[str]:
    header = ["match", "hand", "plays", "ended", "went_out", "side", "by_plays", "settlement",
              "score"]  # fmt: skip

    def rows():
        conn = _opened(path)
        try:
            yield from _hand_rows(conn)
        finally:
            conn.close()

    return _csv_lines(header, rows())


def _hand_rows(conn):
    for match_id, record in conn.execute("SELECT id, record FROM matches ORDER BY id"):
        try:
            match = replay(orjson.loads(record))
        except RecordError:
            continue
        for hand in derive.hand_rows(match):
            for side, players in enumerate(match.sides):
                settled = hand["settlement"][side] if hand["settlement"] else ""
                yield [match_id, hand["number"], hand["plays"], hand["ended"] or "",
                       hand["went_out"] or "", " + ".join(players), hand["by_plays"][side],
                       settled, hand["scores"][side]]  # fmt: skip


def records_json(path: str) -> Iterator[bytes]:
    """{"format": "allfives-club/1", "matches": [{"id", "created", "record"}, ...]}, streamed."""
    yield b'{"format": "' + FORMAT.encode() + b'", "matches": [\n'
    conn = _opened(path)
    try:
        cursor = conn.execute("SELECT id, created, record FROM matches ORDER BY id")
        first = True
        for match_id, created, record in cursor:
            item = {"id": match_id, "created": created, "record": orjson.loads(record)}
            yield (b"" if first else b",\n") + orjson.dumps(item)
            first = False
    finally:
        conn.close()
    yield b"\n]}\n"


class BrokenFile(ValueError):
    """The file as a whole cannot be read: nothing is imported."""


def read_file(data: bytes) -> list[dict]:
    """The items of an export file (or a bare list of records): each {"record", "created"?}."""
    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError:
        raise BrokenFile("This file is not JSON.") from None
    if isinstance(body, dict) and body.get("format") == FORMAT:
        items = body.get("matches")
    elif isinstance(body, dict) and body.get("format") == "allfives-match/1":
        items = [body]
    else:
        items = body
    if not isinstance(items, list):
        raise BrokenFile("This file holds no list of match records.")
    found = []
    for item in items:
        if isinstance(item, dict) and "record" in item and "format" not in item:
            created = item.get("created")
            found.append({"record": item["record"], "created": created})
        else:
            found.append({"record": item, "created": None})
    return found


def checked(records: list) -> list[dict]:
    """derive.check of every record, on every core when there are many."""
    if len(records) < PARALLEL:
        return [derive.check(r) for r in records]
    with multiprocessing.get_context("spawn").Pool() as pool:
        return pool.map(derive.check, records, chunksize=100)


def import_records(db, items: list[dict]) -> list[dict]:
    """Imports every valid new record in one transaction (the caller's); returns one line of
    report per item: imported (with its new id), duplicate (of which match) or broken (the
    broken rule as data: template, params, hand, event, for the web layer to put in words)."""
    now = datetime.now(UTC).isoformat(timespec="seconds")
    known = dict(db.execute("SELECT digest, match_id FROM match_summary").fetchall())
    names: dict = {}
    report, imported, summaries, seats = [], [], [], []
    results = checked([item["record"] for item in items])
    for n, (item, result) in enumerate(zip(items, results, strict=True), start=1):
        if "error" in result:
            report.append({"n": n, "status": "broken", "error": result["error"]})
            continue
        key = result["summary"]["digest"]
        if key in known:
            report.append({"n": n, "status": "duplicate", "match": known[key]})
            continue
        created = item["created"] if _is_time(item["created"]) else now
        whole = bool(item["record"]["hands"])  # arrived with hands played: the admin accepts it
        match_id = store.insert(
            db, item["record"], created, now, origin="import", accepted=not whole
        )
        known[key] = match_id
        summary, players = cache.rows(
            db, result, match_id, created, now, now, names, counted=not whole
        )
        summaries.append(summary)
        seats += players
        imported.append(match_id)
        report.append({"n": n, "status": "imported", "match": match_id})
    db.conn.executemany(cache.INSERT_SUMMARY, summaries)
    db.conn.executemany(cache.INSERT_PLAYER, seats)
    cache.add_watch_codes(db, imported)
    return report


def _is_time(value) -> bool:
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True
