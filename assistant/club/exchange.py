"""The import of a club file (an export of assistant/club/exports.py, or a list of records):
every record checked by the engine, duplicates found, all in one transaction."""

import multiprocessing
from datetime import UTC, datetime

import orjson

from assistant.club import cache, derive, store
from assistant.club.exports import FORMAT

PARALLEL = 300  # records: from this many on, they are checked on every core


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
            db, result, match_id, created, now, now, names, counted=not whole, origin="import"
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
