"""The club's store owns every write: each write transaction is opened here, by a named
function (a match's entries, players, seasons, ratings, the night's draws, a club file's
import), and the web layer and the commands call these and never open one. The modules it
writes for (`draws.py`, `imports.py`, `registry.py`, `seasons.py`, `cache.py`, `matchrow.py`)
plan with no lock held (a draw's search, a file read and its records checked) and write their
rows inside the transaction opened here; only the file's opening (`opening.py`: the schema's
steps, the cache rebuilt) opens one of its own. No read holds the write lock.

Matches in the database: each row holds a match record, the source of truth, and a version
that every write bumps.

Every change to a record is made here, by the engine, in one write transaction: the row is read
once, the entry is put to the engine against the match as replayed for that version (kept in
memory, so only the current hand is replayed), the new record is written, the club's cache rows
are refreshed from the new match, and both are returned, so a screen shows the result without
replaying again. A stale phone (an older version) is refused with the match as it is now.

What counts in the club's standings (`accepted`): a match played entry by entry at a table of
this club and dated by the server, from the start; a match that arrived whole or dated by
whoever sent it (an import, the API with hands or a date), or that holds a hand scored as told,
once the club admin accepts it (`counts_at_once`, `accept`).

Who may change a finished match: the table, until it closes the match ("Final", a rematch) or
leaves it for `CLOSE_AFTER` after its last entry; a match that arrived whole, or that the admin
accepted, is closed from the start. A closed match only the club admin may change. A match that
will not be finished is stopped (`stop`): the table takes no more entries; the admin may let it
play on (`resume`).

A match in play is one being played here now: a match that arrives whole (an import, a record)
is filed away as archived until someone plays on at a table."""

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import orjson
from sqlite_utils import Database

from assistant.club import (
    cache,
    draw_files,
    draws,
    imports,
    matchrow,
    ratings,
    registry,
    seasons,
    worker,
)
from assistant.club.clock import local_now, now
from assistant.club.seasons import Season
from assistant.db import connect, file_of, immediate
from assistant.engine import (
    Match,
    add_entry,
    correct_entry,
    insert_entry,
    remove_entry,
    replay,
    undo_entry,
)

CLOSE_AFTER = timedelta(minutes=30)
ARCHIVE_AFTER = timedelta(days=7)  # a match in play untouched this long may be archived
ACCEPT_SLICE = 100  # matches accepted per transaction: a tap waits for one slice at most
KEPT_TAPS = 64  # tap ids remembered per match: a phone re-sends only its latest few


class UnknownMatch(LookupError):
    pass


@dataclass(frozen=True)
class StoredMatch:
    id: int
    version: int
    record: dict
    leader: str | None  # the chosen leader of the hand about to start, when the rules ask
    created: str
    updated: str
    origin: str = "table"  # table, api or import
    accepted: bool = True  # counts in the standings (one sent whole once the admin accepts)
    closed: str | None = None  # when the table closed the finished match
    text: str = ""  # the record as stored
    chosen: tuple = (None, None)  # the leader column as stored: (player, for which hand)
    stopped: str | None = None  # when the match was stopped before anyone won
    uid: str = ""  # the match's identity for life: a number met again is not the same match

    @property
    def imported(self) -> bool:
        """The match waits for the admin: it arrived whole or dated by its sender (an import,
        the API), or holds a hand scored as told."""
        return not self.accepted


@dataclass(frozen=True)
class Saved:
    """A match after a write: as stored, and as the engine replayed it."""

    stored: StoredMatch
    match: Match


class StaleVersion(Exception):
    """The phone wrote against an older version; `fresh` is the match as it is now."""

    def __init__(self, fresh: StoredMatch):
        super().__init__(f"match {fresh.id} is at version {fresh.version}")
        self.fresh = fresh


class StoppedMatch(Exception):
    """The match was stopped: the table takes no more entries (the admin may resume it)."""

    def __init__(self, fresh: StoredMatch):
        super().__init__(f"match {fresh.id} is stopped")
        self.fresh = fresh


class NotStoppable(Exception):
    """Only a match still being played can be stopped."""


class TapDone(Exception):
    """The phone sent again a tap this match already recorded (its answer was lost on the way):
    nothing more is written; `fresh` is the match as it is now."""

    def __init__(self, fresh: StoredMatch):
        super().__init__(f"match {fresh.id}: tap already recorded")
        self.fresh = fresh


class ClosedMatch(Exception):
    """The match is finished and closed: only the club admin may change it now."""

    def __init__(self, fresh: StoredMatch):
        super().__init__(f"match {fresh.id} is closed")
        self.fresh = fresh


# -- reading ------------------------------------------------------------------------------------

COLUMNS = (
    "id", "version", "record", "leader", "leader_hand", "created", "updated", "origin",
    "accepted", "closed", "stopped", "uid",
)  # fmt: skip
SELECT = f"SELECT {', '.join(COLUMNS)} FROM matches WHERE id = ?"


def get(db: Database, match_id: int) -> StoredMatch:
    # Plain SQL: every tap reads its row here, and sqlite-utils' Table.get() would look the
    # table's keys up before each read.
    try:
        row = db.execute(SELECT, [match_id]).fetchone()
    except OverflowError:  # an id beyond SQLite's integers
        row = None
    if row is None:
        raise UnknownMatch(match_id)
    values = dict(zip(COLUMNS, row, strict=True))
    text = values["record"]
    kept = _replays.get(match_id)
    record = kept.record if kept and kept.text == text else orjson.loads(text)
    chosen = (values["leader"], values["leader_hand"])
    return StoredMatch(
        values["id"],
        values["version"],
        record,
        _leader(chosen, record),
        values["created"],
        values["updated"],
        values["origin"],
        bool(values["accepted"]),
        values["closed"],
        text,
        chosen,
        values["stopped"],
        values["uid"],
    )


def _leader(chosen: tuple, record: dict) -> str | None:
    """The player chosen to lead, when the choice is for the hand about to start."""
    player, hand = chosen
    return player if hand == len(record.get("hands", [])) + 1 else None


def replayed(db: Database, stored: StoredMatch) -> Match:
    """The match a stored version replays to: kept in memory per version, so a screen that shows
    a match, and every write to it, replays only what changed."""
    kept = _replays.get(stored.id)
    if kept and kept.text == stored.text:
        return kept.match
    match = replay(stored.record, prefix=kept.match if kept else None)
    _replays.put(stored.id, stored, match)
    return match


def is_closed(stored: StoredMatch, match: Match, at: datetime | None = None) -> bool:
    """A finished match is closed once the table said so, or `CLOSE_AFTER` after its last
    entry; a match still being played never is."""
    if match.winner is None:
        return False
    if stored.closed:
        return True
    at = at or datetime.now(UTC)
    return datetime.fromisoformat(stored.updated) + CLOSE_AFTER <= at


# -- writing ------------------------------------------------------------------------------------


def create(
    db: Database, record: dict, leader: str | None = None, origin: str = "table"
) -> StoredMatch:
    """A new match. One that arrives with hands played (`origin` api or import) is imported:
    it counts in ratings and standings once the admin accepts it."""
    match = replay(record)  # before the write lock is taken
    with immediate(db):
        match_id = add(db, record, match, leader, origin)
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


def told_hands(record: dict) -> int:
    """The hands scored as told (points given, not played out tile by tile): nobody could check
    them, so a match holding one waits for the admin."""
    return sum(1 for hand in record.get("hands", []) if "points" in hand)


def add(
    db: Database, record: dict, match: Match, leader: str | None = None, origin: str = "table"
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
    return match_id


def enter(
    db: Database,
    match_id: int,
    version: int,
    entry: object,
    admin=False,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Adds one entry as a player says it (`engine.add_entry`): the chosen leader of a new hand
    is the one stored with the match. `tap`: the id the phone gave this tap (every writer
    below takes one): a tap already recorded raises `TapDone` and writes nothing. `uid`: the
    identity of the match the phone made it on (every writer below takes one): when the match
    under `match_id` is another (that one was deleted), UnknownMatch."""
    return _write(
        db,
        match_id,
        version,
        lambda stored, match: add_entry(stored.record, entry, stored.leader, match),
        admin,
        tap,
        uid,
    )


def undo(
    db: Database,
    match_id: int,
    version: int,
    admin=False,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Takes the last entry away (`engine.undo_entry`)."""

    def undone(stored: StoredMatch, match: Match):
        return undo_entry(stored.record, match)

    return _write(db, match_id, version, undone, admin, tap, uid)


def correct(
    db: Database,
    match_id: int,
    version: int,
    position: int,
    entry: object,
    admin=False,
    ends: dict[int, str] | None = None,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """Replaces event `position` of the last hand (`engine.correct_entry`; `ends`: the end of
    each later tile the correction made fit ends that make different games)."""
    return _write(
        db,
        match_id,
        version,
        lambda stored, match: correct_entry(stored.record, position, entry, match, ends),
        admin,
        tap,
        uid,
    )


def insert_missed(
    db: Database,
    match_id: int,
    version: int,
    position: int,
    entry: object,
    admin=False,
    ends: dict[int, str] | None = None,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """A missed entry put in before event `position` of the last hand (`engine.insert_entry`)."""
    return _write(
        db,
        match_id,
        version,
        lambda stored, match: insert_entry(stored.record, position, entry, match, ends),
        admin,
        tap,
        uid,
    )


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
    return _write(
        db,
        match_id,
        version,
        lambda stored, match: remove_entry(stored.record, position, match, ends),
        admin,
        tap,
        uid,
    )


def change(db: Database, match_id: int, version: int, record: dict) -> Saved:
    """The admin's editor: the whole record replaced (checked by replaying it)."""
    return _write(
        db, match_id, version, lambda _stored, match: (record, replay(record, prefix=match)), True
    )


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


def close(db: Database, match_id: int) -> StoredMatch:
    """The table is done with a finished match ("Final", a rematch): only the admin may
    change it from now on. A match still being played is left open."""
    with immediate(db):
        stored = get(db, match_id)
        if stored.closed is None and replayed(db, stored).winner is not None:
            db.execute("UPDATE matches SET closed = ? WHERE id = ?", [now(), match_id])
    return get(db, match_id)


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


def _write(
    db: Database,
    match_id: int,
    version: int,
    edit,
    admin: bool,
    tap: str | None = None,
    uid: str | None = None,
) -> Saved:
    """edit(stored, match) → the new record and the match it replays to; raises the engine's
    RecordError when the change breaks a rule, and then nothing is written."""
    with immediate(db):
        stored, match = _current(db, match_id, version, tap, uid)
        if not admin and is_closed(stored, match):
            raise ClosedMatch(stored)
        if not admin and stored.stopped:
            raise StoppedMatch(stored)
        record, updated = edit(stored, match)
        text = matchrow.stored_text(record)
        changed = {"record": text, "updated": now(), "archived": None}  # played again: in use
        if not admin and stored.accepted and told_hands(record) > told_hands(stored.record):
            changed["accepted"] = 0  # a hand scored as told: the admin decides
        written = _update(db, stored, changed, tap)
        counted = bool(written.get("accepted", stored.accepted))
        cache.refresh(db, match_id, updated, stored.created, changed["updated"],
                      counted=counted, origin=stored.origin,
                      stopped=bool(stored.stopped))  # fmt: skip
        saved = _saved(stored, updated, written | {"record": record, "text": text})
    if match.winner is not None or updated.winner is not None:
        keep_ratings_fresh(db)  # only a finished match is rated
    return saved


def _current(
    db: Database, match_id: int, version: int, tap: str | None = None, uid: str | None = None
) -> tuple[StoredMatch, Match]:
    """The match to change, when it is still the one the phone made the change on (`uid`);
    a tap it already recorded is done (asked before the version: the phone re-sends it with
    the version it first sent)."""
    stored = get(db, match_id)
    if uid is not None and uid != stored.uid:
        raise UnknownMatch(match_id)  # that match was deleted; this is another
    if tap and recorded(db, match_id, tap):
        raise TapDone(stored)
    if stored.version != version:
        raise StaleVersion(stored)
    return stored, replayed(db, stored)


def recorded(db: Database, match_id: int, tap: str) -> bool:
    found = db.execute("SELECT 1 FROM taps WHERE match_id = ? AND tap = ?", [match_id, tap])
    return found.fetchone() is not None


def _update(db: Database, stored: StoredMatch, columns: dict, tap: str | None = None) -> dict:
    """Writes the columns and the next version, and the tap's id with it; returns what was
    written."""
    columns = columns | {"version": stored.version + 1}
    assignments = ", ".join(f"{name} = ?" for name in columns)  # names from this module
    db.execute(f"UPDATE matches SET {assignments} WHERE id = ?", [*columns.values(), stored.id])
    if tap:
        db.execute(
            "INSERT OR REPLACE INTO taps(match_id, tap, version) VALUES (?, ?, ?)",
            [stored.id, tap, columns["version"]],
        )
        db.execute(
            "DELETE FROM taps WHERE match_id = ? AND version <= ?",
            [stored.id, columns["version"] - KEPT_TAPS],
        )
    return columns


def _saved(stored: StoredMatch, match: Match, written: dict) -> Saved:
    """The match as just written, with its replay, kept for the next tap: made from the row as
    read and what was written, so the record just written, which grows with the match, is not
    read and parsed again."""
    record = written.get("record", stored.record)
    chosen = (written.get("leader", stored.chosen[0]), written.get("leader_hand", stored.chosen[1]))
    kept = {
        name: written[name] for name in ("version", "record", "text", "updated") if name in written
    }
    if "accepted" in written:
        kept["accepted"] = bool(written["accepted"])
    saved = replace(stored, **kept, leader=_leader(chosen, record), chosen=chosen)
    _replays.put(stored.id, saved, match)
    return Saved(saved, match)


# -- the night's draws: planned with no lock held (draws.py), written here ----------------------


def make_draw(
    db: Database,
    night: str,
    kind: str,
    entrants: list,
    tables: list[int],
    rounds: int,
    rules: object,
    swiss: bool,
    seed: int | None = None,
    replacing: int | None = None,
) -> int:
    """A new draw with its first round (every round, without Swiss rounds); its id. Raises
    ValueError (draw's) when the entrants cannot fill one table of the game. A night has one
    draw: draws.Refused("night_has_draw") when it has one already, unless it is `replacing`
    (which goes, its matches staying)."""
    seed = draws.new_seed() if seed is None else seed
    planned = draws.plan(kind, entrants, tables, rounds, swiss, seed)
    with immediate(db):
        draws.clear_night(db, night, replacing)
        return draws.insert(
            db, night, now(), kind, entrants, tables, rounds, rules, swiss, seed, planned
        )


def next_draw_round(db: Database, made: draws.Draw, standings: list[str]) -> None:
    """Draws the next round of a Swiss draw from the night's standings (names, best first). Two
    organisers asking at once get one round."""
    planned = draws.plan_next(made, standings)
    with immediate(db):
        draws.add_round(db, made, planned)


def start_draw_match(db: Database, made: draws.Draw, number: int, table: int) -> int:
    """The match of one seating, started now (or the one already started there: two taps, or
    two phones, start one match), with its table and round in the same write; its id. Raises
    draws.Refused("stale") when the draw changed since `made` was read."""
    record = draws.match_record(made, number, table, local_now())
    match = replay(record)
    with immediate(db):
        draws.check_revision(db, made)
        started = draws.started_at(db, made, number, table)
        if started is not None:
            return started
        match_id = add(db, record, match)
        draws.seat(db, made, number, table, match_id)
    return match_id


def put_in_draw(db: Database, made: draws.Draw, number: int, table: int, match_id: int) -> None:
    """A match sent whole (a phone's record, the API) put on its seating of the draw: the
    night's page shows it at its table and round, and the draw starts no other match there.
    Raises draws.Refused ("stale", "taken", "not_theirs": `draws.put`)."""
    with immediate(db):
        draws.put(db, made, number, table, match_id)


def join_draw(db: Database, made: draws.Draw, entrant, standings: list[str] | None = None) -> None:
    """A latecomer (a name, or for fixed pairs [name, name]) joins the rounds not yet started
    (`draws.arrival`)."""
    _reseat(db, made, draws.arrival(db, made, entrant, standings))


def leave_draw(db: Database, made: draws.Draw, entrant, standings: list[str] | None = None) -> None:
    """A leaver goes from the rounds not yet started (`draws.departure`; a fixed pair goes as a
    pair)."""
    _reseat(db, made, draws.departure(db, made, entrant, standings))


def _reseat(db: Database, made: draws.Draw, reseating: draws.Reseating) -> None:
    """The rounds not yet started seated again: planned with no lock held, written only if
    nothing changed meanwhile (no change, no match started)."""
    with immediate(db):
        draws.reseat(db, made, reseating, now())


def delete_draw(db: Database, draw_id: int) -> None:
    """The draw goes; the matches started from it stay, as ordinary matches of the night."""
    with immediate(db):
        draws.remove(db, draw_id)


# -- a club file's import: read and checked with no lock held (imports.py), written here -------


def begin_import(db: Database, name: str, size: int) -> int:
    """The row of a new import of a file `name` of `size` bytes (status running, run by this
    process until `start_import` hands it to a process of its own); its id."""
    with immediate(db):
        return imports.insert(db, name, size)


def start_import(db: Database, database: str, import_id: int, path: Path):
    """Runs the import of the file at `path` in a process of its own (`imports.launch`); its row
    keeps the process's id, for the next start of the server to know whether it still runs. The
    process."""
    process = imports.launch(database, import_id, path)
    with immediate(db):
        imports.set_process(db, import_id, process.pid)
    threading.Thread(target=_after_import, args=(database, import_id, process), daemon=True).start()
    return process


def _after_import(database: str, import_id: int, process) -> None:
    """Once the import's process has ended: if it ended without saying how (killed, or out of
    memory), the import is marked stopped and its file removed, so its page offers to accept or
    discard what it brought instead of showing it running for ever."""
    process.wait()
    os.close(process.lifeline)
    db = connect(database)
    try:
        with immediate(db):
            if imports.is_running(db, import_id):
                imports.mark_stopped(db, [import_id])
    finally:
        db.close()
    imports.upload_path(database, import_id).unlink(missing_ok=True)


def stop_dead_imports(db: Database, database: str | Path) -> list[int]:
    """At the server's start: every import whose process is gone (killed with the server, or
    the machine stopped) is marked stopped, so its page says so and its matches can be accepted
    or discarded; the files kept for imports no longer running are removed. The ids stopped."""
    running = imports.running(db)
    dead = [import_id for import_id, alive in running if not alive]
    if dead:
        with immediate(db):
            imports.mark_stopped(db, dead)
    imports.remove_uploads(database, [import_id for import_id, alive in running if alive])
    return dead


def prepare_import(db: Database, digests: list, players: list, night_draws: list = ()) -> dict:
    """Before an import's first slice: the digests of the matches in play it needs to find its
    duplicates (`cache.missing_digests`, made with no lock held), the export's players
    (`imports.add_players`) and its night's draws (`draw_files.add`). The file's draw id → the
    club's, for its matches to find their seatings."""
    with immediate(db):
        cache.set_digests(db, digests)
        imports.add_players(db, players)
        return draw_files.add(db, list(night_draws), draws.new_id)


def write_import_slice(db: Database, writer: imports.Writer) -> None:
    """The checked records `writer` holds, written in one short transaction: a table that taps
    meanwhile waits for this slice at most."""
    with immediate(db):
        writer.write_slice()
    writer.next_slice()


def end_import(
    db: Database, writer: imports.Writer, status: str, position: int, error: dict | None
) -> None:
    """How the import ended: done, failed (`error` says why) or interrupted."""
    with immediate(db):
        writer.end(status, position, error)


# -- the club's other writes: players, seasons, ratings --------------------------------------


def add_player(db: Database, name: str) -> int:
    with immediate(db):
        return registry.ensure(db, name)


def rename_player(db: Database, player_id: int, name: str) -> None:
    with immediate(db):
        registry.rename(db, player_id, name)


def merge_players(db: Database, source: int, target: int) -> None:
    with immediate(db):
        registry.merge(db, source, target)
        ratings.mark_dirty(db)
    keep_ratings_fresh(db)


def save_season(db: Database, name: str, starts: str, ends: str, season_id: int | None) -> None:
    with immediate(db):
        seasons.save(db, name, starts, ends, season_id)
    keep_ratings_fresh(db)  # the season's nights: its own ratings


def delete_season(db: Database, season_id: int) -> None:
    with immediate(db):
        seasons.delete(db, season_id)


def set_league_minimum(db: Database, games: int) -> None:
    with immediate(db):
        seasons.set_league_minimum(db, games)


def set_stopped_counting(db: Database, counting: str) -> None:
    with immediate(db):
        seasons.set_stopped_counting(db, counting)


def _rated(db: Database, nights: tuple[str, str] | None = None) -> dict:
    """Every rating from scratch, computed by the process of its own (worker.py), or here for
    a database in memory."""
    path = file_of(db)
    if not path:
        return ratings.rate_all(db) if nights is None else ratings.rate_season(db, nights)
    return worker.rated(path, nights)


def keep_ratings_fresh(db: Database) -> None:
    """After a write that may have made ratings stale (a match finished, or its result changed,
    deleted, accepted; players merged; a season's nights changed): the all-time ratings and
    those of each season whose matches changed, brought up to date by the writer, so that the
    screens that show them (the leaderboard, the league) only read."""
    refresh_ratings(db)
    for season in seasons.all_seasons(db):
        refresh_season_ratings(db, season)


def refresh_ratings(db: Database, attempts: int = 3) -> None:
    """The all-time ratings brought up to date when they are stale. They are computed by a
    process of its own with no lock held (a table keeps tapping meanwhile) and kept only if
    nothing changed them in the meantime; else computed again, and after `attempts` left stale
    for the next write (the one that changed them meanwhile keeps them fresh in its turn)."""
    for _ in range(attempts):
        if not ratings.is_dirty(db):
            return
        seen = ratings.changes(db)
        state = _rated(db)
        with immediate(db):
            if ratings.changes(db) == seen:
                ratings.save_all(db, state)
                return


def refresh_season_ratings(db: Database, season: Season) -> None:
    """A season's ratings, the same way: computed with no lock, kept if still current."""
    mark = ratings.season_mark(db, season.nights)
    if ratings.season_is_fresh(db, season.id, mark):
        return
    state = _rated(db, season.nights)
    with immediate(db):
        if ratings.season_mark(db, season.nights) == mark:
            ratings.save_season(db, season.id, mark, state)


# -- the replayed matches kept in memory ------------------------------------------------------


@dataclass(frozen=True)
class _Kept:
    text: str
    record: dict
    match: Match


class _Replays:
    """The latest replayed version of the matches in use, per process: a tap replays only the
    current hand (the settled ones are shared, `engine.replay(prefix=...)`), and the record is
    not parsed again. A version is recognised by its stored text, the only thing a replay
    depends on: a match deleted and made again under the same id, or the same id in another
    database file, is never mistaken for it."""

    SIZE = 256

    def __init__(self):
        self.kept: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key) -> _Kept | None:
        with self.lock:
            kept = self.kept.get(key)
            if kept is not None:
                self.kept.move_to_end(key)
            return kept

    def put(self, key, stored: StoredMatch, match: Match) -> None:
        with self.lock:
            self.kept[key] = _Kept(stored.text, stored.record, match)
            self.kept.move_to_end(key)
            while len(self.kept) > self.SIZE:
                self.kept.popitem(last=False)


_replays = _Replays()
