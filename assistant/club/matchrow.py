"""A new match's row: `insert` is the one writer of new rows, inside a transaction the store
opened (`store.add` for a match started or sent whole, the import's slices for each record they
take). It sits below the store and the import, so that both write a row the one way."""

import orjson
from sqlite_utils import Database

from assistant.club.schema import new_uid


def stored_text(record: dict) -> str:
    """The record as stored (a record the engine takes holds no integer beyond its limits, so
    orjson, seven times faster than json, writes every one)."""
    return orjson.dumps(record).decode()


def insert(
    db: Database,
    record: dict,
    created: str,
    updated: str,
    leader: str | None = None,
    origin: str = "table",
    accepted: bool = True,
    import_id: int | None = None,
    text: bytes | None = None,
    archived: str | None = None,
) -> int:
    """A new match row at version 1, inside the caller's transaction; its id. Every new match is
    written here: by `store.add`, and by the import for each record it takes (its cache rows are
    the caller's to write; `text`: the record's JSON when the caller has it; `archived`: when it
    was filed away, for one that arrives whole and unfinished). A match that waits for the admin
    is closed from the start: nobody saw its hands played here, so once it is finished only the
    admin may change it. Each row gets an identity of its own (`uid`), never another's."""
    leader_hand = len(record.get("hands", [])) + 1 if leader else None
    return db.execute(
        "INSERT INTO matches(record, version, leader, leader_hand, created, updated, origin, "
        "accepted, import_id, closed, archived, uid) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            text.decode() if text else stored_text(record),
            leader,
            leader_hand,
            created,
            updated,
            origin,
            int(accepted),
            import_id,
            None if accepted else updated,
            archived,
            new_uid(),
        ],  # fmt: skip
    ).lastrowid
