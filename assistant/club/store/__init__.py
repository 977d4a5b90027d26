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
is filed away as archived until someone plays on at a table.

By subject: `rows.py` (a match's row, the replays kept in memory, the refusals, the row opened
and written around every change of a match's record), `matches.py` (a match's writes),
`nights.py` (the night's draws), `imports.py` (a club file's import), `import_process.py` (the
process that runs it, `python -m assistant import`), `club.py` (players, seasons, the league's
settings) and `fresh_ratings.py` (the ratings kept fresh by the writes that stale them). Callers
use them through this package: `store.enter(...)`."""

from assistant.club.store.club import (
    add_player,
    delete_season,
    merge_players,
    rename_player,
    save_season,
    set_league_minimum,
    set_stopped_counting,
)
from assistant.club.store.fresh_ratings import (
    keep_ratings_fresh,
    refresh_ratings,
    refresh_season_ratings,
)
from assistant.club.store.imports import (
    begin_import,
    end_import,
    prepare_import,
    start_import,
    stop_dead_imports,
    write_import_slice,
)
from assistant.club.store.matches import (
    ACCEPT_SLICE,
    ARCHIVE_AFTER,
    accept,
    accept_import,
    add,
    archive,
    change,
    choose_leader,
    close,
    correct,
    counts_at_once,
    create,
    delete,
    discard_import,
    discard_picked,
    discard_picks,
    enter,
    insert_missed,
    rematch,
    remove_extra,
    resume,
    stale_in_play,
    stop,
    undo,
    waiting,
)
from assistant.club.store.nights import (
    delete_draw,
    join_draw,
    leave_draw,
    make_draw,
    next_draw_round,
    put_in_draw,
    start_draw_match,
)
from assistant.club.store.rows import (
    CLOSE_AFTER,
    COLUMNS,
    KEPT_TAPS,
    SELECT,
    ClosedMatch,
    NotStoppable,
    Saved,
    StaleVersion,
    StoppedMatch,
    StoredMatch,
    TapDone,
    UnknownMatch,
    get,
    is_closed,
    recorded,
    replayed,
    told_hands,
)

__all__ = [
    "ACCEPT_SLICE",
    "ARCHIVE_AFTER",
    "CLOSE_AFTER",
    "COLUMNS",
    "ClosedMatch",
    "KEPT_TAPS",
    "NotStoppable",
    "SELECT",
    "Saved",
    "StaleVersion",
    "StoppedMatch",
    "StoredMatch",
    "TapDone",
    "UnknownMatch",
    "accept",
    "accept_import",
    "add",
    "add_player",
    "archive",
    "begin_import",
    "change",
    "choose_leader",
    "close",
    "correct",
    "counts_at_once",
    "create",
    "delete",
    "delete_draw",
    "delete_season",
    "discard_import",
    "discard_picked",
    "discard_picks",
    "end_import",
    "enter",
    "get",
    "insert_missed",
    "is_closed",
    "join_draw",
    "keep_ratings_fresh",
    "leave_draw",
    "make_draw",
    "merge_players",
    "next_draw_round",
    "prepare_import",
    "put_in_draw",
    "recorded",
    "refresh_ratings",
    "refresh_season_ratings",
    "rematch",
    "remove_extra",
    "rename_player",
    "replayed",
    "resume",
    "save_season",
    "set_league_minimum",
    "set_stopped_counting",
    "stale_in_play",
    "start_draw_match",
    "start_import",
    "stop",
    "stop_dead_imports",
    "told_hands",
    "undo",
    "waiting",
    "write_import_slice",
]
