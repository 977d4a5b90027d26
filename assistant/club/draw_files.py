"""The night's draws in a club file (`records.json`): written by the export beside the
matches, read back by the import, so a club exported and imported keeps each night's draw, its
rounds and seatings, its comings and goings, and every match at its table and round.

The export writes `draws` before `matches`: each draw as the club keeps it, with the id it had
here; a match started from one carries `place`: {"draw": that id, "round", "table"}. The import
adds each draw under a new id (`add`, inside the store's transaction, before the first slice)
and puts each new match on its seating as it is written (`seat`). A night that has a draw
already keeps its own: the same draw imported again (same night, made at the same moment with
the same seed) is found, not doubled; another one is left out. A draw the file spells wrong
(a file edited by hand) is left out whole, never half written."""

from datetime import date

import orjson

from assistant.club import registry, rounds
from assistant.engine import RecordError, rules_for

DRAWS_KEPT = 1000  # draws read from a file at most
MAX_ROUNDS = 20
MAX_TABLE = 99
MAX_REVISION = 10_000


def _named(value, now):
    """A name, or a list of them (a pair, a side, a round's sides), as the club calls them now."""
    return now(value) if isinstance(value, str) else [_named(v, now) for v in value]


def exported(conn, draw_ids: list[int] | None, now=lambda name: name) -> list[dict]:
    """The draws (`draw_ids`, or every one when None) as the file holds them, read on the
    export's connection; `now(name)`: the name the club uses now (the registry beside them
    knows every name that meant each player)."""
    where, params = "", []
    if draw_ids is not None:
        if not draw_ids:
            return []
        where, params = f"WHERE id IN ({','.join('?' * len(draw_ids))})", draw_ids
    found = []
    for row in conn.execute(
        "SELECT id, night, created, kind, entrants, tables, rounds, rules, swiss, seed, revision "
        f"FROM draws {where} ORDER BY id",
        params,
    ).fetchall():
        draw_id, night, created, kind, entrants, tables, rounds, rules, swiss, seed, rev = row
        seatings: dict[int, list] = {}
        for number, table, sides in conn.execute(
            "SELECT round, table_no, sides FROM draw_seatings WHERE draw_id = ? "
            "ORDER BY round, table_no",
            [draw_id],
        ):
            sides = _named(orjson.loads(sides), now)
            seatings.setdefault(number, []).append({"table": table, "sides": sides})
        drawn = [
            {"round": number, "sitting_out": _named(orjson.loads(out), now), "revision": revision,
             "seatings": seatings.get(number, [])}
            for number, out, revision in conn.execute(
                "SELECT round, sitting_out, revision FROM draw_rounds WHERE draw_id = ? "
                "ORDER BY round",
                [draw_id],
            )
        ]  # fmt: skip
        changes = [
            {"revision": revision, "after_round": after, "change": change,
             "entrant": _named(orjson.loads(entrant), now), "made": made}
            for revision, after, change, entrant, made in conn.execute(
                "SELECT revision, after_round, change, entrant, made FROM draw_changes "
                "WHERE draw_id = ? ORDER BY revision",
                [draw_id],
            )
        ]  # fmt: skip
        found.append(
            {"id": draw_id, "night": night, "created": created, "kind": kind,
             "entrants": _named(orjson.loads(entrants), now), "tables": orjson.loads(tables),
             "rounds": rounds,
             "rules": orjson.loads(rules), "swiss": bool(swiss), "seed": seed, "revision": rev,
             "drawn": drawn, "changes": changes}
        )  # fmt: skip
    return found


# -- reading a file's draws back --------------------------------------------------------------


class Misspelt(ValueError):
    """A draw in the file the club could not keep as it is: left out."""


def _whole(value, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise Misspelt(value)
    return value


def _name(value) -> str:
    try:
        return registry.checked_name(value) if isinstance(value, str) else _refuse(value)
    except registry.RegistryError:
        raise Misspelt(value) from None


def _refuse(value):
    raise Misspelt(value)


def _entrant(value, pairs: bool):
    if pairs:
        if not isinstance(value, list) or len(value) != 2:
            raise Misspelt(value)
        return [_name(n) for n in value]
    return _name(value)


def _text(value) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise Misspelt(value)
    return value


def checked(item) -> dict:
    """One draw of the file, every field checked and tidied; Misspelt when one is wrong."""
    if not isinstance(item, dict) or item.get("kind") not in rounds.KINDS:
        raise Misspelt(item)
    kind = item["kind"]
    game = rounds.KINDS[kind]
    night = _text(item.get("night"))
    try:
        if date.fromisoformat(night).isoformat() != night:
            raise Misspelt(night)
    except ValueError:
        raise Misspelt(night) from None
    try:
        rules_for(item.get("rules"), game.seats, kind.startswith("pairs"))
    except RecordError:
        raise Misspelt(item.get("rules")) from None
    entrants = item.get("entrants")
    tables, drawn, changes = item.get("tables"), item.get("drawn"), item.get("changes", [])
    if not all(isinstance(v, list) for v in (entrants, tables, drawn, changes)):
        raise Misspelt(item)
    if len(entrants) > 200 or len(tables) > MAX_TABLE or len(drawn) > MAX_ROUNDS:
        raise Misspelt(item)
    checked_rounds = []
    for planned in drawn:
        if not isinstance(planned, dict) or not isinstance(planned.get("seatings"), list):
            raise Misspelt(planned)
        out = planned.get("sitting_out", [])
        if not isinstance(out, list):
            raise Misspelt(out)
        seatings = []
        for seated in planned["seatings"][:MAX_TABLE]:
            sides = seated.get("sides") if isinstance(seated, dict) else None
            if not isinstance(sides, list) or not all(isinstance(s, list) for s in sides):
                raise Misspelt(seated)
            seatings.append(
                {"table": _whole(seated.get("table"), 1, MAX_TABLE),
                 "sides": [[_name(n) for n in side] for side in sides]}
            )  # fmt: skip
        checked_rounds.append(
            {"round": _whole(planned.get("round"), 1, MAX_ROUNDS),
             "revision": _whole(planned.get("revision", 0), 0, MAX_REVISION),
             "sitting_out": [_entrant(e, game.fixed_pairs) for e in out], "seatings": seatings}
        )  # fmt: skip
    checked_changes = []
    for change in changes[:MAX_REVISION]:
        if not isinstance(change, dict) or change.get("change") not in ("arrives", "leaves"):
            raise Misspelt(change)
        checked_changes.append(
            {"revision": _whole(change.get("revision"), 1, MAX_REVISION),
             "after_round": _whole(change.get("after_round"), 0, MAX_ROUNDS),
             "change": change["change"], "made": _text(change.get("made", "")),
             "entrant": _entrant(change.get("entrant"), game.fixed_pairs)}
        )  # fmt: skip
    return {
        "night": night,
        "created": _text(item.get("created")),
        "kind": kind,
        "entrants": [_entrant(e, game.fixed_pairs) for e in entrants],
        "tables": [_whole(t, 1, MAX_TABLE) for t in tables],
        "rounds": _whole(item.get("rounds"), 1, MAX_ROUNDS),
        "rules": item["rules"],
        "swiss": item.get("swiss") is True,
        "seed": _whole(item.get("seed"), 0, 2**62),
        "revision": _whole(item.get("revision", 0), 0, MAX_REVISION),
        "drawn": checked_rounds,
        "changes": checked_changes,
    }


def add(db, items: list, new_id) -> dict:
    """The file's draws into the club, inside the store's transaction; the file's draw id →
    the club's, for the matches to find their seating. `new_id(db)`: an id no draw ever had."""
    kept = {}
    for item in items[:DRAWS_KEPT]:
        try:
            found = checked(item)
        except Misspelt:
            continue
        if not isinstance(item.get("id"), int):
            continue
        here = db.execute(
            "SELECT id, created, seed FROM draws WHERE night = ? ORDER BY id DESC",
            [found["night"]],
        ).fetchall()
        made = (found["created"], found["seed"])
        same = [draw_id for draw_id, *when_and_seed in here if tuple(when_and_seed) == made]
        if same:
            kept[item["id"]] = same[0]
        elif not here:
            kept[item["id"]] = _insert(db, found, new_id(db))
    return kept


def _json(value) -> str:
    return orjson.dumps(value).decode()


def _insert(db, found: dict, draw_id: int) -> int:
    db.execute(
        "INSERT INTO draws(id, night, created, kind, entrants, tables, rounds, rules, swiss, "
        "seed, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [draw_id, found["night"], found["created"], found["kind"], _json(found["entrants"]),
         _json(found["tables"]), found["rounds"], _json(found["rules"]), int(found["swiss"]),
         found["seed"], found["revision"]],
    )  # fmt: skip
    for planned in found["drawn"]:
        db.execute(
            "INSERT OR IGNORE INTO draw_rounds(draw_id, round, sitting_out, revision) "
            "VALUES (?, ?, ?, ?)",
            [draw_id, planned["round"], _json(planned["sitting_out"]), planned["revision"]],
        )
        db.conn.executemany(
            "INSERT OR IGNORE INTO draw_seatings(draw_id, round, table_no, sides) "
            "VALUES (?, ?, ?, ?)",
            [(draw_id, planned["round"], s["table"], _json(s["sides"]))
             for s in planned["seatings"]],
        )  # fmt: skip
    db.conn.executemany(
        "INSERT OR IGNORE INTO draw_changes(draw_id, revision, after_round, change, entrant, "
        "made) VALUES (?, ?, ?, ?, ?, ?)",
        [(draw_id, c["revision"], c["after_round"], c["change"], _json(c["entrant"]), c["made"])
         for c in found["changes"]],
    )  # fmt: skip
    return draw_id


def seat(db, kept: dict, place, match_id: int) -> None:
    """A match just imported put on its seating, inside the store's transaction: when the file
    placed it on a draw the club kept, and that seating has no match yet."""
    if not isinstance(place, dict) or place.get("draw") not in kept:
        return
    number, table = place.get("round"), place.get("table")
    if type(number) is not int or type(table) is not int:
        return
    draw_id = kept[place["draw"]]
    free = db.execute(
        "UPDATE draw_seatings SET match_id = ? WHERE draw_id = ? AND round = ? AND table_no = ? "
        "AND match_id IS NULL",
        [match_id, draw_id, number, table],
    ).rowcount
    if free:
        db.execute(
            "UPDATE matches SET table_no = ?, draw_id = ?, draw_round = ? WHERE id = ?",
            [table, draw_id, number, match_id],
        )
