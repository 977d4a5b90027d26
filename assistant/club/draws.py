"""The night's draws as the club keeps them: who is here, the game, the tables and rounds, each
round's seatings (`assistant/club/seating.py` makes them) and the match started at each table.

A draw without Swiss rounds is planned whole when it is made (`seating.make_draw`); with Swiss
rounds, round 1 is drawn by lot and each later round when the organiser asks for it, from the
night's standings then (`seating.plan_round`). A seating is one tap to start its match: the record
gets its players in seat order (partners opposite) and its date, the match its physical table
and round, all in one write.

People come and go: between rounds the organiser adds a latecomer or lets a leaver go
(`arrival`, `departure`). The rounds up to the latest with a match started are played (or being
played) and stay; the rounds after it are seated again over the whole night's history
(`seating.make_draw` with the history; Swiss: the rounds drawn and not started, from the
standings), numbered on. Each change is kept (`draw_changes`) and raises the draw's revision;
each round keeps the revision it was seated at, so a phone showing a seating since replaced
cannot start it.

The club's store writes a draw (`store.make_draw`, `next_draw_round`, `start_draw_match`,
`join_draw`, `leave_draw`, `delete_draw`): what is planned here runs with no lock held, and
what writes rows here runs inside the store's transaction."""

import random
from dataclasses import dataclass, field

import orjson

from assistant.club import registry
from assistant.club.rounds import KINDS, Round, Seating
from assistant.club.seating import make_draw, plan_round
from assistant.engine import new_record
from assistant.engine.names import name_key


@dataclass(frozen=True)
class Draw:
    id: int
    night: str
    created: str
    kind: str
    entrants: list  # names, or for fixed pairs [name, name]
    tables: list[int]
    rounds: int  # planned
    rules: object  # the record's `rules` for every match of the draw
    swiss: bool
    seed: int
    drawn: list[Round] = field(default_factory=list)  # the rounds drawn so far
    started: dict = field(default_factory=dict)  # (round, table) → match id
    revision: int = 0  # changes made since the draw was made
    seated_at: dict = field(default_factory=dict)  # round → the revision it was seated at
    changes: list["Change"] = field(default_factory=list)  # oldest first

    @property
    def complete(self) -> bool:
        return len(self.drawn) >= self.rounds

    @property
    def partnership(self) -> bool:
        return self.kind in ("pairs_fixed", "pairs_rotating")

    @property
    def played(self) -> int:
        """The rounds that stay when people come or go: up to the latest with a match started."""
        return max((number for number, _table in self.started), default=0)


@dataclass(frozen=True)
class Change:
    revision: int
    after_round: int  # the rounds played when it was made
    change: str  # "arrives" or "leaves"
    entrant: object  # a name, or for fixed pairs [name, name]


class Refused(Exception):
    """A change the draw cannot take; `reason` says which: "here" (already in the draw),
    "not_here", "too_few" (a table could not be filled), "no_round_left", "stale" (the draw
    changed since the organiser's page showed it)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _entrants(kind: str, entrants: list) -> list:
    return [tuple(e) for e in entrants] if KINDS[kind].fixed_pairs else list(entrants)


def new_seed() -> int:
    return random.SystemRandom().getrandbits(48)


def plan(
    kind: str, entrants: list, tables: list[int], rounds: int, swiss: bool, seed: int
) -> list[Round]:
    """A new draw's first round (every round, without Swiss rounds), planned with no lock held.
    Raises ValueError (draw's) when the entrants cannot fill one table of the game."""
    units = _entrants(kind, entrants)
    if swiss:
        return [plan_round(units, kind, tables, (), None, seed)]
    return make_draw(units, kind, tables, rounds, None, seed)


def clear_night(db, night: str, replacing: int | None) -> None:
    """Inside the store's transaction: a night has one draw, so Refused("night_has_draw") when
    it has one already, unless it is `replacing` (which goes, its matches staying)."""
    for (existing,) in db.execute("SELECT id FROM draws WHERE night = ?", [night]).fetchall():
        if existing != replacing:
            raise Refused("night_has_draw")
        remove(db, existing)


def insert(
    db,
    night: str,
    created: str,
    kind: str,
    entrants: list,
    tables: list[int],
    rounds: int,
    rules: object,
    swiss: bool,
    seed: int,
    planned: list[Round],
) -> int:
    """A new draw with its `planned` rounds, inside the store's transaction; its id."""
    draw_id = new_id(db)
    db.execute(
        "INSERT INTO draws(id, night, created, kind, entrants, tables, rounds, rules, swiss, "
        "seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [draw_id, night, created, kind, _json(entrants), _json(tables), rounds,
         _json(rules), int(swiss), seed],
    )  # fmt: skip
    for planned_round in planned:
        _save_round(db, draw_id, planned_round)
    return draw_id


def new_id(db) -> int:
    """An id no draw ever had: a page of a deleted or replaced draw never reaches a new one."""
    latest = db.execute(
        "SELECT MAX(COALESCE((SELECT MAX(id) FROM draws), 0), "
        "COALESCE((SELECT CAST(value AS INTEGER) FROM club_meta WHERE key = 'last_draw_id'), 0))"
    ).fetchone()[0]
    db.execute(
        "INSERT OR REPLACE INTO club_meta(key, value) VALUES ('last_draw_id', ?)", [latest + 1]
    )
    return latest + 1


def _json(value) -> str:
    return orjson.dumps(value).decode()


def _save_round(db, draw_id: int, planned: Round, revision: int = 0) -> None:
    db.execute(
        "INSERT INTO draw_rounds(draw_id, round, sitting_out, revision) VALUES (?, ?, ?, ?)",
        [draw_id, planned.number, _json(planned.sitting_out), revision],
    )
    db.conn.executemany(
        "INSERT INTO draw_seatings(draw_id, round, table_no, sides) VALUES (?, ?, ?, ?)",
        [(draw_id, planned.number, s.table, _json(s.sides)) for s in planned.seatings],
    )


def get(db, draw_id: int) -> Draw | None:
    row = db.execute(
        "SELECT id, night, created, kind, entrants, tables, rounds, rules, swiss, seed, revision "
        "FROM draws WHERE id = ?",
        [draw_id],
    ).fetchone()
    if row is None:
        return None
    seatings: dict[int, list] = {}
    started = {}
    for number, table, sides, match_id in db.execute(
        "SELECT d.round, d.table_no, d.sides, m.id FROM draw_seatings d "
        "LEFT JOIN matches m ON m.id = d.match_id WHERE d.draw_id = ? ORDER BY d.round, d.table_no",
        [draw_id],
    ):
        sides = tuple(tuple(side) for side in orjson.loads(sides))
        seatings.setdefault(number, []).append(Seating(table, sides))
        if match_id is not None:
            started[(number, table)] = match_id
    drawn, seated_at = [], {}
    for number, out, revision in db.execute(
        "SELECT round, sitting_out, revision FROM draw_rounds WHERE draw_id = ? ORDER BY round",
        [draw_id],
    ):
        drawn.append(Round(number, tuple(seatings.get(number, ())), tuple(orjson.loads(out))))
        seated_at[number] = revision
    changes = [
        Change(revision, after_round, change, orjson.loads(entrant))
        for revision, after_round, change, entrant in db.execute(
            "SELECT revision, after_round, change, entrant FROM draw_changes WHERE draw_id = ? "
            "ORDER BY revision",
            [draw_id],
        )
    ]
    return Draw(
        row[0], row[1], row[2], row[3], orjson.loads(row[4]), orjson.loads(row[5]), row[6],
        orjson.loads(row[7]), bool(row[8]), row[9], drawn, started, row[10], seated_at, changes,
    )  # fmt: skip


def of_night(db, night: str) -> list[Draw]:
    """The night's draws, the latest first."""
    ids = db.execute("SELECT id FROM draws WHERE night = ? ORDER BY id DESC", [night])
    return [get(db, draw_id) for (draw_id,) in ids.fetchall()]


def plan_next(made: Draw, standings: list[str]) -> Round:
    """The next round of a Swiss draw from the night's standings (names, best first), planned
    with no lock held."""
    number = len(made.drawn) + 1
    rng = random.Random(made.seed * 1000 + number)
    return plan_round(
        _entrants(made.kind, made.entrants), made.kind, made.tables, made.drawn, standings, rng
    )


def add_round(db, made: Draw, planned: Round) -> None:
    """The next round, inside the store's transaction: written unless it is drawn already (two
    organisers asking at once get one round) or beyond the draw's rounds; Refused("stale") when
    the draw changed since `made` was read."""
    taken = db.execute(
        "SELECT 1 FROM draw_rounds WHERE draw_id = ? AND round = ?", [made.id, planned.number]
    ).fetchone()
    if not taken and planned.number <= made.rounds:
        check_revision(db, made)
        _save_round(db, made.id, planned, made.revision)


def seating(made: Draw, number: int, table: int) -> Seating | None:
    for drawn in made.drawn:
        if drawn.number == number:
            return next((s for s in drawn.seatings if s.table == table), None)
    return None


def replaced(made: Draw, number: int, seen: int) -> bool:
    """Was round `number` seated again since the revision `seen` (what a phone's page showed)?"""
    return seen < made.revision and made.seated_at.get(number, made.revision) > seen


def match_record(made: Draw, number: int, table: int, date: str) -> dict:
    """The record of one seating's match, made with no lock held: its players in seat order
    (partners opposite), the draw's rules, dated `date`. LookupError for a seating not drawn."""
    seated = seating(made, number, table)
    if seated is None:
        raise LookupError((made.id, number, table))
    return new_record(made.rules, list(seated.seats), made.partnership, date)


def check_revision(db, made: Draw) -> None:
    """Inside the store's transaction: Refused("stale") when the draw changed since `made` was
    read."""
    row = db.execute("SELECT revision FROM draws WHERE id = ?", [made.id]).fetchone()
    if row is None or row[0] != made.revision:
        raise Refused("stale")


def started_at(db, made: Draw, number: int, table: int) -> int | None:
    """The match already started at one seating (two taps, or two phones, start one match)."""
    found = db.execute(
        "SELECT m.id FROM draw_seatings d JOIN matches m ON m.id = d.match_id "
        "WHERE d.draw_id = ? AND d.round = ? AND d.table_no = ?",
        [made.id, number, table],
    ).fetchone()
    return found[0] if found else None


def seat(db, made: Draw, number: int, table: int, match_id: int) -> None:
    """A match just started at one seating, inside the store's transaction: the match gets its
    physical table and round, the seating its match."""
    db.execute(
        "UPDATE matches SET table_no = ?, draw_id = ?, draw_round = ? WHERE id = ?",
        [table, made.id, number, match_id],
    )
    db.execute(
        "UPDATE draw_seatings SET match_id = ? WHERE draw_id = ? AND round = ? AND table_no = ?",
        [match_id, made.id, number, table],
    )


# -- a result sent whole, put on its table and round ----------------------------------------


def _sides_key(db, sides) -> frozenset:
    """A table's sides as people, in any order (partners together): the same whatever names
    the club renamed since, or the order the record lists them."""
    return frozenset(frozenset(_key(db, name) for name in side) for side in sides)


def places_for(db, made: Draw, match_id: int) -> list[tuple[int, int]]:
    """Where a match of the draw's night that was not started from it (sent whole from a phone,
    say) may be put: (round, table) of each seating not started whose sides are the match's.
    None for a match already at a table."""
    row = db.execute(
        "SELECT s.sides, s.night, m.table_no FROM match_summary s "
        "JOIN matches m ON m.id = s.match_id WHERE s.match_id = ?",
        [match_id],
    ).fetchone()
    if row is None or row[1] != made.night or row[2] is not None:
        return []
    wanted = _sides_key(db, orjson.loads(row[0]))
    return [
        (drawn.number, seated.table)
        for drawn in made.drawn
        for seated in drawn.seatings
        if (drawn.number, seated.table) not in made.started
        and _sides_key(db, seated.sides) == wanted
    ]


def places_on_night(db, match_id: int) -> tuple[Draw, list[tuple[int, int]]] | None:
    """A match sent whole, of a night with a draw: the night's latest draw and where on it the
    match may be put (`places_for`); None when there is no such place."""
    row = db.execute("SELECT night FROM match_summary WHERE match_id = ?", [match_id])
    night = row.fetchone()
    found = of_night(db, night[0]) if night and night[0] else []
    places = places_for(db, found[0], match_id) if found else []
    return (found[0], places) if places else None


def put(db, made: Draw, number: int, table: int, match_id: int) -> None:
    """A match sent whole put on one seating, inside the store's transaction: Refused("stale")
    when the draw changed since `made` was read, Refused("taken") when the seating has a match
    or the match a table already, Refused("not_theirs") when the seating's sides are not the
    match's."""
    check_revision(db, made)
    if started_at(db, made, number, table) is not None:
        raise Refused("taken")
    if (number, table) not in places_for(db, made, match_id):
        at_table = db.execute("SELECT table_no FROM matches WHERE id = ?", [match_id]).fetchone()
        raise Refused("taken" if at_table and at_table[0] is not None else "not_theirs")
    seat(db, made, number, table, match_id)


# -- people coming and going ----------------------------------------------------------------


def _key(db, entrant) -> tuple:
    """An entrant as one person (or pair, in any order): the registry's player, so a name the
    club renamed since the draw is still the same person; else the name as the engine compares
    names."""
    names = [entrant] if isinstance(entrant, str) else list(entrant)
    found = [(name, registry.find(db, name)) for name in names]
    return tuple(sorted(("name", name_key(n)) if p is None else ("player", p) for n, p in found))


@dataclass(frozen=True)
class Reseating:
    """A change of who is here, planned with no lock held: the draw's entrants after it, the
    change and its entrant as `draw_changes` keeps them, and the rounds after those played."""

    entrants: list
    change: str  # "arrives" or "leaves"
    entrant: object
    rounds: list[Round]


def arrival(db, made: Draw, entrant, standings: list[str] | None = None) -> Reseating:
    """A latecomer (a name, or for fixed pairs [name, name]) joining the rounds not yet
    started."""
    if _names_taken(db, made, [entrant] if isinstance(entrant, str) else list(entrant)):
        raise Refused("here")
    return _reseating(made, [*made.entrants, entrant], "arrives", entrant, standings)


def departure(db, made: Draw, entrant, standings: list[str] | None = None) -> Reseating:
    """A leaver going from the rounds not yet started (a fixed pair goes as a pair)."""
    leaving = _key(db, entrant)
    staying = [e for e in made.entrants if _key(db, e) != leaving]
    if len(staying) == len(made.entrants):
        raise Refused("not_here")
    gone = next(e for e in made.entrants if _key(db, e) == leaving)
    if len(staying) < KINDS[made.kind].units:
        raise Refused("too_few")
    return _reseating(made, staying, "leaves", gone, standings)


def _names_taken(db, made: Draw, names: list[str]) -> bool:
    taken = {_key(db, n) for e in made.entrants for n in ([e] if isinstance(e, str) else e)}
    return any(_key(db, n) in taken for n in names)


def _reseated(made: Draw, entrants: list, standings: list[str] | None) -> list[Round]:
    """The rounds after those played, seated again for `entrants` over the night so far."""
    played = [r for r in made.drawn if r.number <= made.played]
    units = _entrants(made.kind, entrants)
    rng = random.Random(made.seed * 1000 + 500 + made.revision)
    if not made.swiss:
        return make_draw(units, made.kind, made.tables, made.rounds, None, rng, played)
    night = list(played)
    for _number in range(made.played + 1, len(made.drawn) + 1):
        ranked = standings if night else None
        night.append(plan_round(units, made.kind, made.tables, night, ranked, rng))
    return night[len(played) :]


def _reseating(made: Draw, entrants: list, change: str, entrant, standings) -> Reseating:
    """The draw for `entrants` from the first round not started, planned with no lock held."""
    if made.played >= made.rounds:
        raise Refused("no_round_left")
    units = _entrants(made.kind, entrants)
    if len(units) < KINDS[made.kind].units:
        raise Refused("too_few")
    return Reseating(entrants, change, entrant, _reseated(made, entrants, standings))


def reseat(db, made: Draw, reseating: Reseating, made_at: str) -> None:
    """A change of who is here, inside the store's transaction: written only if nothing changed
    meanwhile (no change, no match started), else Refused("stale")."""
    check_revision(db, made)
    started = db.execute(
        "SELECT MAX(round) FROM draw_seatings WHERE draw_id = ? AND match_id IS NOT NULL",
        [made.id],
    ).fetchone()[0]
    if (started or 0) != made.played:
        raise Refused("stale")
    revision = made.revision + 1
    db.execute(
        "UPDATE draws SET entrants = ?, revision = ? WHERE id = ?",
        [_json(reseating.entrants), revision, made.id],
    )
    for table in ("draw_seatings", "draw_rounds"):
        db.execute(f"DELETE FROM {table} WHERE draw_id = ? AND round > ?", [made.id, made.played])
    for planned in reseating.rounds:
        _save_round(db, made.id, planned, revision)
    db.execute(
        "INSERT INTO draw_changes(draw_id, revision, after_round, change, entrant, made) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [made.id, revision, made.played, reseating.change, _json(reseating.entrant), made_at],
    )


def remove(db, draw_id: int) -> None:
    """The draw goes, inside the store's transaction; the matches started from it stay, as
    ordinary matches of the night."""
    db.execute("DELETE FROM draw_changes WHERE draw_id = ?", [draw_id])
    db.execute("UPDATE matches SET draw_id = NULL, draw_round = NULL WHERE draw_id = ?", [draw_id])
    db.execute("DELETE FROM draw_seatings WHERE draw_id = ?", [draw_id])
    db.execute("DELETE FROM draw_rounds WHERE draw_id = ?", [draw_id])
    db.execute("DELETE FROM draws WHERE id = ?", [draw_id])


def place(db, match_id: int) -> tuple[int, int] | None:
    """The physical table and the draw's round of a match started from a draw."""
    row = db.execute(
        "SELECT table_no, draw_round FROM matches WHERE id = ? AND table_no IS NOT NULL",
        [match_id],
    ).fetchone()
    return (row[0], row[1]) if row else None
