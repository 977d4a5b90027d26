"""A match's writes: created, its entries entered, undone and corrected, its leader chosen,
closed, stopped and let play on, archived, accepted, deleted; a club file's matches accepted or
discarded."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from assistant.club import (
    cache,
    matchrow,
    ratings,
)
from assistant.club.clock import now
from assistant.club.store.fresh_ratings import keep_ratings_fresh
from assistant.club.store.rows import (
    NotStoppable,
    Saved,
    StoppedMatch,
    StoredMatch,
    UnknownMatch,
    _current,
    _opened,
    _rated,
    _saved,
    _update,
    _written,
    get,
    replayed,
    told_hands,
)
from assistant.db import immediate
from assistant.engine import (
    Entry,
    Match,
    add_entry,
    correct_entry,
    insert_entry,
    remove_entry,
    replay,
    undo_entry,
)

ARCHIVE_AFTER = timedelta(days=7)  # a match in play untouched this long may be archived
ACCEPT_SLICE = 100  # matches accepted per transaction: a tap waits for one slice at most


def create(
    db: Database,
    record: dict,
    leader: str | None = None,
    origin: str = "table",
    started_by: str | None = None,
) -> StoredMatch:
    """A new match. One that arrives with hands played (`origin` api or import) is imported:
    it counts in ratings and standings once the admin accepts it. `started_by`: the request
    that asks for it (a form's own id with what it asks for); asked again, it is the match made
    the first time."""
    match = replay(record)  # before the write lock is taken
    with immediate(db):
        match_id = _started(db, started_by) or add(db, record, match, leader, origin, started_by)
    if match.winner is not None:
        keep_ratings_fresh(db)
    return get(db, match_id)


def counts_at_once(record: dict, origin: str) -> bool:
    """Whether a new match counts in the standings without the admin: one the screens start at a
    table (empty, dated by the server's clock), or one sent through the API empty and undated.
    A record sent whole (an import), with hands or with a date of its own waits for the admin,
    and so does any holding a hand scored as told."""
    if told_hands(record):
        return False
    if origin == "table":
        return True
    return origin == "api" and not record["hands"] and "date" not in record


def add(
    db: Database,
    record: dict,
    match: Match,
    leader: str | None = None,
    origin: str = "table",
    started_by: str | None = None,
) -> int:
    """What `create` does, inside the caller's transaction (a match started from the night's
    draw is written with its table in the same transaction); `match` is the record replayed.
    Returns the new match's id."""
    created = now()
    accepted = counts_at_once(record, origin)
    played_here = origin == "table" or not record["hands"]
    # Arrived whole and unfinished: not being played here until someone plays on.
    archived = created if not played_here and match.winner is None else None
    match_id = matchrow.insert(
        db, record, created, created, leader, origin, accepted, archived=archived
    )
    cache.refresh(db, match_id, match, created, created, counted=accepted,
                  archived=bool(archived), origin=origin)  # fmt: skip
    if started_by is not None:
        db.execute("UPDATE matches SET started_by = ? WHERE id = ?", [started_by, match_id])
    return match_id


def _started(db: Database, started_by: str | None) -> int | None:
    """The match `started_by` made, if it made one that is still kept."""
    if started_by is None:
        return None
    row = db.execute("SELECT id FROM matches WHERE started_by = ?", [started_by]).fetchone()
    return row[0] if row else None


def enter(
    db: Database,
    match_id: int,
    version: int,
    entry: Entry,
    admin=False,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Adds one entry as a player says it (`engine.add_entry`): the chosen leader of a new hand
    is the one stored with the match. `tap`: the id the phone gave this tap (every writer
    below takes one): a tap already recorded raises `TapDone` and writes nothing. `uid`: the
    identity of the match the phone made it on (every writer below takes one): when the match
    under `match_id` is another (that one was deleted), UnknownMatch."""
    with immediate(db):
        stored, match = _opened(db, match_id, version, admin, tap, uid)
        record, entered = add_entry(stored.record, entry, stored.leader, match)
        saved = _written(db, stored, record, entered, admin, tap)
    _rated(db, match, entered)
    return saved


def undo(
    db: Database,
    match_id: int,
    version: int,
    admin=False,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Takes the last entry away (`engine.undo_entry`)."""
    with immediate(db):
        stored, match = _opened(db, match_id, version, admin, tap, uid)
        record, undone = undo_entry(stored.record, match)
        saved = _written(db, stored, record, undone, admin, tap)
    _rated(db, match, undone)
    return saved


def correct(
    db: Database,
    match_id: int,
    version: int,
    position: int,
    entry: Entry,
    admin=False,
    ends: dict[int, str] | None = None,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Replaces event `position` of the last hand (`engine.correct_entry`; `ends`: the end of
    each later tile the correction made fit ends that make different games)."""
    with immediate(db):
        stored, match = _opened(db, match_id, version, admin, tap, uid)
        record, corrected = correct_entry(stored.record, position, entry, match, ends)
        saved = _written(db, stored, record, corrected, admin, tap)
    _rated(db, match, corrected)
    return saved


def insert_missed(
    db: Database,
    match_id: int,
    version: int,
    position: int,
    entry: Entry,
    admin=False,
    ends: dict[int, str] | None = None,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """A missed entry put in before event `position` of the last hand (`engine.insert_entry`)."""
    with immediate(db):
        stored, match = _opened(db, match_id, version, admin, tap, uid)
        record, inserted = insert_entry(stored.record, position, entry, match, ends)
        saved = _written(db, stored, record, inserted, admin, tap)
    _rated(db, match, inserted)
    return saved


def remove_extra(
    db: Database,
    match_id: int,
    version: int,
    position: int,
    admin=False,
    ends: dict[int, str] | None = None,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Event `position` of the last hand taken out (`engine.remove_entry`)."""
    with immediate(db):
        stored, match = _opened(db, match_id, version, admin, tap, uid)
        record, removed = remove_entry(stored.record, position, match, ends)
        saved = _written(db, stored, record, removed, admin, tap)
    _rated(db, match, removed)
    return saved


def change(db: Database, match_id: int, version: int, record: dict) -> Saved:
    """The admin's editor: the whole record replaced (checked by replaying it)."""
    with immediate(db):
        stored, match = _opened(db, match_id, version, admin=True)
        changed = replay(record, prefix=match)
        saved = _written(db, stored, record, changed, admin=True, tap=None)
    _rated(db, match, changed)
    return saved


def choose_leader(
    db: Database,
    match_id: int,
    version: int,
    leader: str,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Who leads the next hand, when the rules leave it to the table (lot, or a pick)."""
    with immediate(db):
        stored, match = _current(db, match_id, version, tap, uid)
        if stored.stopped:
            raise StoppedMatch(stored)
        hand = len(stored.record.get("hands", [])) + 1
        changed = {"leader": leader, "leader_hand": hand, "archived": None}  # played on here
        db.execute("UPDATE match_summary SET archived = 0 WHERE match_id = ?", [match_id])
        return _saved(stored, match, _update(db, stored, changed, tap))


def close(db: Database, match_id: int, uid: str | None = None) -> StoredMatch:
    """The table is done with a finished match ("Final", a rematch): only the admin may
    change it from now on. A match still being played is left open. `uid`: the match the phone
    tapped Final on (a Final that waited on the phone for a match deleted meanwhile raises
    UnknownMatch, never closing the match that took its number)."""
    with immediate(db):
        stored = get(db, match_id)
        if uid is not None and uid != stored.uid:
            raise UnknownMatch(match_id)
        _close(db, stored)
    return get(db, match_id)


def _close(db: Database, stored: StoredMatch) -> None:
    if stored.closed is None and replayed(db, stored).winner is not None:
        db.execute("UPDATE matches SET closed = ? WHERE id = ?", [now(), stored.id])


def rematch(db: Database, match_id: int, record: dict) -> StoredMatch:
    """The table's rematch: `record`, a new match of the same players and rules, made and the
    finished match closed, in one write. Asked again (a second phone at the table, a tap whose
    answer the Wi-Fi lost) it is the match made the first time, never a second one left empty
    in the matches in play; once that one is deleted, a new one."""
    match = replay(record)  # before the write lock is taken
    with immediate(db):
        stored = get(db, match_id)
        asked = f"rematch:{stored.uid}"
        made = _started(db, asked) or add(db, record, match, started_by=asked)
        _close(db, stored)
    return get(db, made)


def delete(db: Database, match_id: int) -> None:
    """The admin deletes a match: its row, and by the schema's trigger its derived rows."""
    with immediate(db):
        db.execute("DELETE FROM matches WHERE id = ?", [match_id])
    keep_ratings_fresh(db)


def stop(db: Database, match_id: int, version: int) -> Saved:
    """Ends a match that will not be finished (the table, confirming, or the admin): it leaves
    the lists of matches in play, its hands count in the figures, and the league counts it as
    the club's setting says. A finished or already stopped match raises NotStoppable."""
    with immediate(db):
        stored, match = _current(db, match_id, version)
        if match.winner is not None or stored.stopped:
            raise NotStoppable(match_id)
        return _mark_stopped(db, stored, match, now())


def resume(db: Database, match_id: int, version: int) -> Saved:
    """The admin lets a stopped match be played on."""
    with immediate(db):
        stored, match = _current(db, match_id, version)
        return _mark_stopped(db, stored, match, None)


def _mark_stopped(db: Database, stored: StoredMatch, match: Match, when: str | None) -> Saved:
    changed = {"stopped": when, "updated": now()}
    written = _update(db, stored, changed)
    cache.refresh(db, stored.id, match, stored.created, changed["updated"],
                  counted=stored.accepted, origin=stored.origin, stopped=bool(when))  # fmt: skip
    return _saved(replace(stored, stopped=when), match, written)


def stale_in_play(db: Database, at: datetime | None = None) -> list[int]:
    """The matches in play nobody has touched for `ARCHIVE_AFTER`, not yet archived."""
    before = ((at or datetime.now(UTC)) - ARCHIVE_AFTER).isoformat(timespec="seconds")
    rows = db.execute(
        "SELECT match_id FROM match_summary WHERE finished = 0 AND stopped = 0 AND archived = 0 "
        "AND updated < ?",
        [before],
    )
    return [match_id for (match_id,) in rows.fetchall()]


def archive(db: Database, at: datetime | None = None) -> int:
    """Files away the matches in play untouched for `ARCHIVE_AFTER`: off the home screen, still
    in the history. An entry in one brings it back. Returns how many were archived."""
    with immediate(db):
        ids = stale_in_play(db, at)
        marks = ",".join("?" * len(ids))
        if ids:
            db.execute(f"UPDATE matches SET archived = ? WHERE id IN ({marks})", [now(), *ids])
            db.execute(f"UPDATE match_summary SET archived = 1 WHERE match_id IN ({marks})", ids)
    return len(ids)


def accept(db: Database, match_ids: list[int]) -> None:
    """The admin accepts imported matches: they count in ratings and standings from now on, and
    are closed (only the admin changes them). Written in short transactions of ACCEPT_SLICE
    matches, so no table waits for a long one."""
    for start in range(0, len(match_ids), ACCEPT_SLICE):
        part = match_ids[start : start + ACCEPT_SLICE]
        marks = ",".join("?" * len(part))
        with immediate(db):
            db.execute(
                f"UPDATE matches SET accepted = 1, closed = COALESCE(closed, ?) "
                f"WHERE id IN ({marks})",
                [now(), *part],
            )
            db.execute(f"UPDATE match_summary SET counted = 1 WHERE match_id IN ({marks})", part)
            db.execute(f"UPDATE match_players SET counted = 1 WHERE match_id IN ({marks})", part)
            ratings.mark_dirty(db)
    keep_ratings_fresh(db)


def accept_import(db: Database, import_id: int) -> int:
    """The admin accepts every match of one import (one tap); how many were waiting."""
    waiting = [
        match_id
        for (match_id,) in db.execute(
            "SELECT id FROM matches WHERE import_id = ? AND accepted = 0", [import_id]
        ).fetchall()
    ]
    accept(db, waiting)
    with immediate(db):
        db.execute("UPDATE imports SET accepted = ? WHERE id = ?", [now(), import_id])
    return len(waiting)


def discard_import(db: Database, import_id: int) -> int:
    """The admin discards what an import brought that nobody has played on since: its matches
    still waiting and those still at their first version; how many went. Picked with no lock
    held (`discard_picks`), then deleted in short transactions, like `accept`, each match only
    if it is still at the version picked (`discard_picked`): one a table played on meanwhile
    stays, with its tap."""
    count = discard_picked(db, import_id, discard_picks(db, import_id))
    with immediate(db):
        db.execute("UPDATE imports SET discarded = ? WHERE id = ?", [now(), import_id])
    keep_ratings_fresh(db)
    return count


def discard_picks(db: Database, import_id: int) -> list[tuple[int, int]]:
    """The matches of the import to discard, with the version each is at now."""
    rows = db.execute(
        "SELECT id, version FROM matches WHERE import_id = ? AND (accepted = 0 OR version = 1) "
        "ORDER BY id",
        [import_id],
    )
    return [(match_id, version) for match_id, version in rows.fetchall()]


def discard_picked(db: Database, import_id: int, picked: list[tuple[int, int]]) -> int:
    """The picked matches deleted, each only if it is still the import's at the version picked
    (read again under the write lock: a tap between the pick and the delete keeps its match);
    how many went."""
    gone = 0
    for start in range(0, len(picked), ACCEPT_SLICE):
        with immediate(db):
            for match_id, version in picked[start : start + ACCEPT_SLICE]:
                gone += db.execute(
                    "DELETE FROM matches WHERE id = ? AND version = ? AND import_id = ?",
                    [match_id, version, import_id],
                ).rowcount
    return gone


def waiting(db: Database) -> list[int]:
    """Every match that waits for the admin and is no longer arriving: sent whole one by one, or
    brought by an import that ended (done, failed, or stopped part-way)."""
    rows = db.execute(
        "SELECT m.id FROM matches m LEFT JOIN imports i ON i.id = m.import_id "
        "WHERE m.accepted = 0 AND (m.import_id IS NULL OR i.status != 'running') ORDER BY m.id"
    ).fetchall()
    return [match_id for (match_id,) in rows]
