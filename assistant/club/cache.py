"""The derived cache: refreshed from the record inside the same write transaction as every
write of a match, rebuilt whole by `python -m assistant rebuild-stats`, filled in bulk by import
and the benchmark."""

import secrets

import orjson

from assistant.club import derive, ratings, registry
from assistant.engine import RecordError, replay

SUMMARY_COLUMNS = [
    "match_id", "created", "updated", "finished_at", "preset", "custom", "players",
    "partnership", "n_players", "hands", "sides", "scores", "winner", "finished", "digest",
    "played", "counted", "archived", "target", "unit", "night", "stopped", "hand_rows", "game",
]  # fmt: skip
PLAYER_COLUMNS = [
    "match_id", "seat", "player_id", "name", "side", "partner_id", "preset", "finished", "won",
    "hands", "side_points", "plays", "scoring_plays", "play_points", "largest", "dominoes",
    "blocks_won", "pips_caught", "counted", "night", "points_against", "stopped", "led",
    "told_hands", "game", "fifteens", "busts", "chip_outs",
]  # fmt: skip

INSERT_SUMMARY = (
    f"INSERT OR REPLACE INTO match_summary({', '.join(SUMMARY_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(SUMMARY_COLUMNS))})"
)
INSERT_PLAYER = (
    f"INSERT INTO match_players({', '.join(PLAYER_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(PLAYER_COLUMNS))})"
)


def rows(
    db,
    derived: dict,
    match_id,
    created,
    updated,
    finished_at,
    names: dict | None = None,
    counted: bool = True,
    archived: bool = False,
    origin: str = "table",
    stopped: bool = False,
):
    """The summary row and the per-seat rows of one match, as tuples for the inserts, from
    derive.derived(match) (or derive.check, which gives the same for an import). `counted`: the
    match counts in ratings and standings (not an import the admin has yet to accept). A match
    is played on its record's date; one entered here with no date, when it was created; an
    import with no date is undated. `stopped`: ended before anyone won (a finished match never
    is); each seat is marked `led` when its side alone had the most points then."""
    played = derived["summary"]["played"] or (created if origin != "import" else None)
    stopped = bool(stopped) and not derived["summary"]["finished"]
    scores = orjson.loads(derived["summary"]["scores"])
    leading = scores.index(max(scores)) if stopped and scores.count(max(scores)) == 1 else None
    summary = derived["summary"] | {
        "match_id": match_id,
        "created": created,
        "updated": updated,
        "finished_at": finished_at if derived["summary"]["finished"] else None,
        "counted": int(counted),
        "archived": int(archived),
        "played": played,
        "night": derive.night_of(played),
        "stopped": int(stopped),
    }
    ids = {p: registry.ensure(db, p, names) for p in derived["names"]}
    seats = []
    for row in derived["players"]:
        row |= {
            "match_id": match_id,
            "player_id": ids[row["name"]],
            "partner_id": ids[row["partner"]] if row["partner"] else None,
            "preset": summary["preset"],
            "game": summary["game"],
            "finished": summary["finished"],
            "hands": summary["hands"],
            "counted": int(counted),
            "night": summary["night"],
            "stopped": int(stopped),
            "led": int(row["side"] == leading),
        }
        seats.append(tuple(row[c] for c in PLAYER_COLUMNS))
    return tuple(summary[c] for c in SUMMARY_COLUMNS), seats


def new_watch_code() -> str:
    """Every match's watch code, the address of its watch page: 16 URL-safe characters. Older
    files also hold codes of 24 hex digits; they stay as they are, and valid."""
    return secrets.token_urlsafe(12)


def watch_code(db, match_id: int) -> str | None:
    """The code of the match's read-only watch page."""
    found = db.execute("SELECT code FROM watch_codes WHERE match_id = ?", [match_id]).fetchone()
    return found[0] if found else None


def add_watch_codes(db, match_ids) -> None:
    """A watch code for each of these matches that has none yet."""
    db.conn.executemany(
        "INSERT OR IGNORE INTO watch_codes(match_id, code) VALUES (?, ?)",
        ((match_id, new_watch_code()) for match_id in match_ids),
    )


def refresh(
    db,
    match_id: int,
    match,
    created: str,
    updated: str,
    counted=True,
    archived=False,
    origin="table",
    stopped=False,
) -> None:
    """Brings one match's cache rows in line with its replayed record; call inside the write
    that changed it (the writer has the match replayed and the row's columns at hand)."""
    old = db.execute(
        "SELECT finished, finished_at, scores, winner, counted FROM match_summary "
        "WHERE match_id = ?",
        [match_id],
    ).fetchone()
    db.execute("DELETE FROM match_players WHERE match_id = ?", [match_id])
    db.execute("DELETE FROM match_summary WHERE match_id = ?", [match_id])
    was_finished = bool(old and old[0])
    finished_at = old[1] if was_finished else updated
    # The digest (of the whole record) only finds duplicates when a file is imported: a tap in a
    # match in play does not hash the record again; the import makes the missing ones.
    derived = derive.derived(match, with_digest=match.winner is not None)
    summary, seats = rows(db, derived, match_id, created, updated, finished_at, counted=counted,
                          archived=archived, origin=origin, stopped=stopped)  # fmt: skip
    db.execute(INSERT_SUMMARY, summary)
    db.conn.executemany(INSERT_PLAYER, seats)
    add_watch_codes(db, [match_id])
    _rate(db, match_id, match, old, finished_at, counted)


def _rate(db, match_id: int, match, old, finished_at, counted: bool) -> None:
    """Keeps the ratings in step: a newly finished match that counts is rated on top when it is
    the latest; any other change to what is rated recomputes them (on the next read)."""
    finished = match.winner is not None and counted
    was_finished = bool(old and old[0] and old[4])
    if not finished and not was_finished:
        return
    if was_finished:
        same = finished and orjson.loads(old[2]) == list(match.scores) and old[3] == match.winner
        if not same:
            ratings.mark_dirty(db)
        return
    later = db.execute(
        "SELECT 1 FROM match_summary WHERE finished = 1 AND counted = 1 AND match_id != ? "
        "AND (finished_at > ? OR (finished_at = ? AND match_id > ?)) LIMIT 1",
        [match_id, finished_at, finished_at, match_id],
    ).fetchone()
    if later or ratings.is_dirty(db):
        ratings.mark_dirty(db)
    else:
        ratings.add_match(db, match_id)


def missing_digests(db) -> list[tuple[str, int]]:
    """(digest, match id) of the matches in play, which refresh leaves without one: an import
    needs them to find its duplicates. Read and made with no lock held; `set_digests` writes
    them."""
    rows = db.execute(
        "SELECT s.match_id, m.record FROM match_summary s JOIN matches m ON m.id = s.match_id "
        "WHERE s.digest = ''"
    ).fetchall()
    return [(derive.digest(orjson.loads(record)), match_id) for match_id, record in rows]


def set_digests(db, made: list[tuple[str, int]]) -> None:
    """In the caller's transaction."""
    db.conn.executemany("UPDATE match_summary SET digest = ? WHERE match_id = ?", made)


def rebuild(db) -> int:
    """Every cache row from the records; the registry is kept. Returns the number of matches.
    Call inside a write transaction."""
    db.execute("DELETE FROM match_players")
    db.execute("DELETE FROM match_summary")
    names: dict = {}
    count = 0
    cursor = db.execute(
        "SELECT id, record, created, updated, accepted, archived IS NOT NULL, origin, "
        "stopped IS NOT NULL FROM matches ORDER BY id"
    )
    for match_id, record, created, updated, counted, archived, origin, stopped in cursor.fetchall():
        try:
            match = replay(orjson.loads(record))
        except RecordError:
            continue
        derived = derive.derived(match, with_digest=match.winner is not None)  # as refresh does
        summary, seats = rows(db, derived, match_id, created, updated, updated, names,
                              counted=counted, archived=archived, origin=origin,
                              stopped=stopped)  # fmt: skip
        db.execute(INSERT_SUMMARY, summary)
        db.conn.executemany(INSERT_PLAYER, seats)
        count += 1
    missing = db.execute(
        "SELECT id FROM matches WHERE id NOT IN (SELECT match_id FROM watch_codes)"
    )
    add_watch_codes(db, [match_id for (match_id,) in missing.fetchall()])
    ratings.recompute(db)
    return count
