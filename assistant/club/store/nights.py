"""The night's draws, planned with no lock held (`draws.py`, `seating.py`) and written here:
made, seated round by round, a table's match started or put in its place, comings and goings,
deleted."""

from sqlite_utils import Database

from assistant.club import (
    draws,
)
from assistant.club.clock import local_now, now
from assistant.club.store.matches import add
from assistant.db import immediate
from assistant.engine import (
    replay,
)


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
