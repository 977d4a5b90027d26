"""A match's row and the match it replays to: reading a row (`get`), the replays kept in
memory, the refusals a write can meet, and the two halves every change of a match's record goes
through inside its write transaction, with the engine's edit between them: `_opened` (the row
read once, the version and the tap checked) and `_written` (the new record and the cache rows
written, the new match kept)."""

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

import orjson
from sqlite_utils import Database

from assistant.club import (
    cache,
    matchrow,
)
from assistant.club.clock import now
from assistant.club.store.fresh_ratings import keep_ratings_fresh
from assistant.engine import (
    Match,
    replay,
)

CLOSE_AFTER = timedelta(minutes=30)
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


def told_hands(record: dict) -> int:
    """The hands scored as told (points given, not played out tile by tile): nobody could check
    them, so a match holding one waits for the admin."""
    return sum(1 for hand in record.get("hands", []) if "points" in hand)


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


def _opened(
    db: Database,
    match_id: int,
    version: int,
    admin: bool,
    tap: str | None = None,
    uid: str | None = None,
) -> tuple[StoredMatch, Match]:
    """The first half of every change of a match's record, inside the caller's write
    transaction: the row read once, and the match it replays to (`_current`); a closed or a
    stopped match refused unless the admin changes it."""
    stored, match = _current(db, match_id, version, tap, uid)
    if not admin and is_closed(stored, match):
        raise ClosedMatch(stored)
    if not admin and stored.stopped:
        raise StoppedMatch(stored)
    return stored, match


def _written(
    db: Database, stored: StoredMatch, record: dict, match: Match, admin: bool, tap: str | None
) -> Saved:
    """The second half, once the engine made the new `record` and the `match` it replays to:
    both written with the next version, the club's cache rows refreshed, the new match kept."""
    text = matchrow.stored_text(record)
    changed = {"record": text, "updated": now(), "archived": None}  # played again: in use
    if not admin and stored.accepted and told_hands(record) > told_hands(stored.record):
        changed["accepted"] = 0  # a hand scored as told: the admin decides
    written = _update(db, stored, changed, tap)
    counted = bool(written.get("accepted", stored.accepted))
    cache.refresh(db, stored.id, match, stored.created, changed["updated"],
                  counted=counted, origin=stored.origin,
                  stopped=bool(stored.stopped))  # fmt: skip
    return _saved(stored, match, written | {"record": record, "text": text})


def _rated(db: Database, before: Match, after: Match) -> None:
    """After the transaction: only a finished match is rated."""
    if before.winner is not None or after.winner is not None:
        keep_ratings_fresh(db)


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
