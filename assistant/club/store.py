"""Matches in the database: each row holds a match record and a version that every write bumps."""

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import orjson
from sqlite_utils import Database

from assistant.club import cache
from assistant.db import immediate
from assistant.engine import Match


class UnknownMatch(LookupError):
    pass


@dataclass(frozen=True)
class StoredMatch:
    id: int
    version: int
    record: dict
    leader: str | None  # the chosen leader of the hand about to start, when the rules ask
    updated: str


class StaleVersion(Exception):
    """The phone wrote against an older version; `fresh` is the match as it is now."""

    def __init__(self, fresh: StoredMatch):
        super().__init__(f"match {fresh.id} is at version {fresh.version}")
        self.fresh = fresh


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _text(record: dict) -> str:
    """The record as stored. orjson is seven times faster (the import writes thousands), but
    cannot write an integer beyond 64 bits, which the engine takes for a target."""
    try:
        return orjson.dumps(record).decode()
    except TypeError:
        return json.dumps(record)


def _from_row(row: dict) -> StoredMatch:
    record = json.loads(row["record"])
    next_hand = len(record.get("hands", [])) + 1
    leader = row["leader"] if row["leader_hand"] == next_hand else None
    return StoredMatch(row["id"], row["version"], record, leader, row["updated"])


def create(db: Database, record: dict, leader: str | None = None) -> StoredMatch:
    now = _now()
    with immediate(db):
        match_id = insert(db, record, now, now, leader)
        cache.refresh(db, match_id)  # the club's statistics, in the same transaction
    return get(db, match_id)


def insert(
    db: Database, record: dict, created: str, updated: str, leader: str | None = None
) -> int:
    """A new match row at version 1, inside the caller's transaction; its id. Every new match is
    written here: by `create`, and by the import for each record it takes (its cache rows are
    the caller's to write)."""
    leader_hand = len(record.get("hands", [])) + 1 if leader else None
    return db.execute(
        "INSERT INTO matches(record, version, leader, leader_hand, created, updated) "
        "VALUES (?, 1, ?, ?, ?, ?)",
        [_text(record), leader, leader_hand, created, updated],
    ).lastrowid


COLUMNS = ("id", "version", "record", "leader", "leader_hand", "updated")
SELECT = f"SELECT {', '.join(COLUMNS)} FROM matches WHERE id = ?"


def get(db: Database, match_id: int) -> StoredMatch:
    # Plain SQL: sqlite-utils' Table.get() looks the table's keys up first (a third of a read).
    try:
        row = db.execute(SELECT, [match_id]).fetchone()
    except OverflowError:  # an id beyond SQLite's integers
        row = None
    if row is None:
        raise UnknownMatch(match_id)
    return _from_row(dict(zip(COLUMNS, row, strict=True)))


def change(db: Database, match_id: int, version: int, edit: Callable[[dict], dict]) -> StoredMatch:
    """Replaces the record by edit(record) if the match is still at `version`.

    edit raises (the engine's RecordError) when the change breaks the rules: nothing is written."""
    return enter(db, match_id, version, lambda stored: (edit(stored.record), None))[0]


def enter(
    db: Database, match_id: int, version: int, edit: Callable[[StoredMatch], tuple[dict, Match]]
) -> tuple[StoredMatch, Match | None]:
    """Like `change`, but edit(stored) returns the new record and the match it replays to (the
    engine's add_entry does both): the club's cache is refreshed from that match and it is
    returned with the stored match, so the caller shows the table without replaying again."""
    replayed: list = []

    def columns(stored: StoredMatch) -> dict:
        record, match = edit(stored)
        replayed.append(match)
        return {"record": _text(record)}

    stored = _write(db, match_id, version, columns, replayed)
    return stored, replayed[0]


def choose_leader(db: Database, match_id: int, version: int, leader: str) -> StoredMatch:
    def columns(stored: StoredMatch) -> dict:
        return {"leader": leader, "leader_hand": len(stored.record.get("hands", [])) + 1}

    return _write(db, match_id, version, columns)


def _write(db: Database, match_id: int, version: int, columns, replayed=()) -> StoredMatch:
    with immediate(db):
        stored = get(db, match_id)
        if stored.version != version:
            raise StaleVersion(stored)
        update = columns(stored) | {"version": version + 1, "updated": _now()}
        assignments = ", ".join(f"{name} = ?" for name in update)  # names from this module
        db.execute(f"UPDATE matches SET {assignments} WHERE id = ?", [*update.values(), match_id])
        cache.refresh(db, match_id, next(iter(replayed), None))
    return get(db, match_id)
