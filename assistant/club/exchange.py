"""Exports: CSV of matches, CSV of hands, one JSON file of every record (imported again by
`assistant/club/imports.py`)."""

import csv
import io
from collections.abc import Iterator

import orjson

from assistant.club import derive
from assistant.engine import RecordError, replay

FORMAT = "allfives-club/1"
BATCH = 500


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
