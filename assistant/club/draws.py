"""The night's draws as the club keeps them: who is here, the game, the tables and rounds, each
round's seatings (`assistant/club/draw.py` makes them) and the match started at each table.

A draw without Swiss rounds is planned whole when it is made (`draw.make_draw`); with Swiss
rounds, round 1 is drawn by lot and each later round when the organiser asks for it, from the
night's standings then (`draw.plan_round`). A seating is one tap to start its match: the record
gets its players in seat order (partners opposite) and its date, the match its physical table
and round, all in one write."""

import random
from dataclasses import dataclass, field

import orjson

from assistant.club import draw, store
from assistant.db import immediate
from assistant.engine import new_record, replay


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
    drawn: list[draw.Round] = field(default_factory=list)  # the rounds drawn so far
    started: dict = field(default_factory=dict)  # (round, table) → match id

    @property
    def complete(self) -> bool:
        return len(self.drawn) >= self.rounds

    @property
    def partnership(self) -> bool:
        return self.kind in ("pairs_fixed", "pairs_rotating")


def _entrants(kind: str, entrants: list) -> list:
    return [tuple(e) for e in entrants] if draw.KINDS[kind].fixed_pairs else list(entrants)


def make(
    db,
    night: str,
    kind: str,
    entrants: list,
    tables: list[int],
    rounds: int,
    rules: object,
    swiss: bool,
    seed: int | None = None,
) -> int:
    """A new draw with its first round (every round, without Swiss rounds); its id. Raises
    ValueError (draw's) when the entrants cannot fill one table of the game."""
    seed = random.SystemRandom().getrandbits(48) if seed is None else seed
    units = _entrants(kind, entrants)
    if swiss:
        planned = [draw.plan_round(units, kind, tables, (), None, seed)]
    else:
        planned = draw.make_draw(units, kind, tables, rounds, None, seed)
    with immediate(db):
        draw_id = db.execute(
            "INSERT INTO draws(night, created, kind, entrants, tables, rounds, rules, swiss, seed) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [night, store.now(), kind, _json(entrants), _json(tables), rounds, _json(rules),
             int(swiss), seed],
        ).lastrowid  # fmt: skip
        for planned_round in planned:
            _save_round(db, draw_id, planned_round)
    return draw_id


def _json(value) -> str:
    return orjson.dumps(value).decode()


def _save_round(db, draw_id: int, planned: draw.Round) -> None:
    db.execute(
        "INSERT INTO draw_rounds(draw_id, round, sitting_out) VALUES (?, ?, ?)",
        [draw_id, planned.number, _json(planned.sitting_out)],
    )
    db.conn.executemany(
        "INSERT INTO draw_seatings(draw_id, round, table_no, sides) VALUES (?, ?, ?, ?)",
        [(draw_id, planned.number, s.table, _json(s.sides)) for s in planned.seatings],
    )


def get(db, draw_id: int) -> Draw | None:
    row = db.execute(
        "SELECT id, night, created, kind, entrants, tables, rounds, rules, swiss, seed "
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
        seatings.setdefault(number, []).append(draw.Seating(table, sides))
        if match_id is not None:
            started[(number, table)] = match_id
    drawn = [
        draw.Round(number, tuple(seatings.get(number, ())), tuple(orjson.loads(out)))
        for number, out in db.execute(
            "SELECT round, sitting_out FROM draw_rounds WHERE draw_id = ? ORDER BY round",
            [draw_id],
        )
    ]
    return Draw(
        row[0], row[1], row[2], row[3], orjson.loads(row[4]), orjson.loads(row[5]), row[6],
        orjson.loads(row[7]), bool(row[8]), row[9], drawn, started,
    )  # fmt: skip


def of_night(db, night: str) -> list[Draw]:
    """The night's draws, the latest first."""
    ids = db.execute("SELECT id FROM draws WHERE night = ? ORDER BY id DESC", [night])
    return [get(db, draw_id) for (draw_id,) in ids.fetchall()]


def next_round(db, made: Draw, standings: list[str]) -> None:
    """Draws the next round of a Swiss draw from the night's standings (names, best first). Two
    organisers asking at once get one round."""
    number = len(made.drawn) + 1
    rng = random.Random(made.seed * 1000 + number)
    planned = draw.plan_round(
        _entrants(made.kind, made.entrants), made.kind, made.tables, made.drawn, standings, rng
    )
    with immediate(db):
        taken = db.execute(
            "SELECT 1 FROM draw_rounds WHERE draw_id = ? AND round = ?", [made.id, number]
        ).fetchone()
        if not taken and number <= made.rounds:
            _save_round(db, made.id, planned)


def seating(made: Draw, number: int, table: int) -> draw.Seating | None:
    for drawn in made.drawn:
        if drawn.number == number:
            return next((s for s in drawn.seatings if s.table == table), None)
    return None


def start(db, made: Draw, number: int, table: int) -> int:
    """The match of one seating, started now (or the one already started there: two taps, or
    two phones, start one match); its id."""
    seated = seating(made, number, table)
    if seated is None:
        raise LookupError((made.id, number, table))
    record = new_record(made.rules, list(seated.seats), made.partnership, store.local_now())
    match = replay(record)
    with immediate(db):
        found = db.execute(
            "SELECT m.id FROM draw_seatings d JOIN matches m ON m.id = d.match_id "
            "WHERE d.draw_id = ? AND d.round = ? AND d.table_no = ?",
            [made.id, number, table],
        ).fetchone()
        if found:
            return found[0]
        match_id = store.add(db, record, match)
        db.execute(
            "UPDATE matches SET table_no = ?, draw_id = ?, draw_round = ? WHERE id = ?",
            [table, made.id, number, match_id],
        )
        db.execute(
            "UPDATE draw_seatings SET match_id = ? "
            "WHERE draw_id = ? AND round = ? AND table_no = ?",
            [match_id, made.id, number, table],
        )
    return match_id


def delete(db, draw_id: int) -> None:
    """The draw goes; the matches started from it stay, as ordinary matches of the night."""
    with immediate(db):
        db.execute(
            "UPDATE matches SET draw_id = NULL, draw_round = NULL WHERE draw_id = ?", [draw_id]
        )
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
