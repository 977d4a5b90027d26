"""The club's exports, each for the matches the history's filter keeps:

* `matches.csv` — a match a row: its date, game, rules, target and score unit, and a column
  pair (names, score) per side;
* `players.csv` — a player a match a row, for pivot tables (points in points: a match scored in
  fives counts 5 each, as in the club's statistics; and Fives and Threes' own figures: 15s made,
  busts, chip-outs, 0 in a match of All Fives);
* `hands.csv` — a hand a side a row: what it scored by plays and at the settlement;

Each CSV row names the match's game (`all-fives` or `fives-and-threes`, games.py): a club that
plays both never adds one's points to the other's in a pivot table by mistake.
* `records.json` — every record, with the club's registry (each player's name and the names that
  mean them), so another club, or this one from a backup, keeps renames and merges.

A match's date is two columns a spreadsheet reads as a date and a time: `date` (YYYY-MM-DD)
and `time` (HH:MM, empty for a match dated by its day alone). The time is the club's clock as the
match's `date` reads it: the table writes the server's local time there (the server runs at the
club), and its UTC offset is left as written, as the club nights count.

Players are named as they are called now (after renames and merges). A CSV file starts with a
UTF-8 byte-order mark (so a spreadsheet reads "Søren" as written), may use `;` and a decimal
comma (Danish, Swedish and French spreadsheets), and never holds a cell a spreadsheet would run
as a formula: a text starting with = + - @, a tab or a carriage return, that is not a number,
gets a leading apostrophe (OWASP, "CSV Injection").

Each export reads on a connection of its own, and is made whole before any of it is sent
(`whole`): one that meets a damaged page of the database fails with nothing sent, never a file
cut short behind a 200."""

import csv
import io
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial

import orjson

from assistant.club import derive, draw_files, registry
from assistant.engine import RecordError, replay

FORMAT = "allfives-club/1"
BATCH = 500  # rows per piece of a streamed file
BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
MAX_SIDES = 4


@dataclass(frozen=True)
class Spreadsheet:
    """How the spreadsheet the file is for reads a CSV file."""

    delimiter: str
    decimal: str


SPREADSHEETS = {"comma": Spreadsheet(",", "."), "semicolon": Spreadsheet(";", ",")}
# A spreadsheet in these languages expects `;` between cells and a decimal comma.
SEMICOLON_LANGUAGES = ("da", "sv", "fr")


def spreadsheet_for(language: str) -> str:
    return "semicolon" if language in SEMICOLON_LANGUAGES else "comma"


@dataclass(frozen=True)
class Selection:
    """The matches an export holds: SQL after `FROM match_summary s` and its parameters
    (queries.selection), read from the database file at `path`."""

    path: str
    sql: str = ""
    params: tuple = ()

    def rows(self, conn: sqlite3.Connection, columns: str, joins: str = "", order="s.match_id"):
        return conn.execute(
            f"SELECT {columns} FROM match_summary s {joins} {self.sql} ORDER BY {order}",
            self.params,
        )


def _opened(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=10)


def _record(text: str, match_id: int):
    """A stored record; one that is not JSON was damaged on disk (the store writes JSON only)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        raise sqlite3.DatabaseError(
            f"database disk image is malformed: the record of match {match_id} is not JSON"
        ) from None


def _now_name(names: dict[str, str], entered: str) -> str:
    return names.get(registry.key(entered), entered)


# -- CSV --------------------------------------------------------------------------------------


def cell(value: object, sheet: Spreadsheet) -> object:
    """A value as the spreadsheet should read it: numbers with its decimal mark, and text that
    would start a formula neutralised."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float):
        text = str(int(value)) if value == int(value) else repr(value)
        return text.replace(".", sheet.decimal)
    if isinstance(value, int):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not _is_number(text):
        return "'" + text
    return text


def date_and_time(played: str | None) -> tuple[str | None, str | None]:
    """A match's date as a date cell (YYYY-MM-DD) and a time cell (HH:MM), as its clock read."""
    if not played:
        return None, None
    try:
        when = datetime.fromisoformat(played)
    except ValueError:  # not a date a spreadsheet would read either: left as written
        return played, None
    if len(played) <= 10:
        return played, None
    return when.date().isoformat(), f"{when:%H:%M}"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def csv_lines(header: list[str], rows: Iterable[list], sheet: Spreadsheet) -> Iterator[str]:
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer, delimiter=sheet.delimiter)
    writer.writerow(header)
    for n, row in enumerate(rows, start=1):
        writer.writerow([cell(value, sheet) for value in row])
        if n % BATCH == 0:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def _streamed(selection: Selection, rows) -> Iterator[list]:
    """rows(conn, names) read on a connection of their own, closed when the file is done."""
    conn = _opened(selection.path)
    try:
        yield from rows(conn, registry.current_names(conn))  # every key → its name now
    finally:
        conn.close()


MATCH_HEADER = [
    "match", "date", "time", "game", "rules", "custom", "players", "partnership", "hands",
    "target", "unit", "finished", "winner", "counted",
    *(f"side{i} {what}" for i in range(1, MAX_SIDES + 1) for what in ("names", "score")),
]  # fmt: skip


def matches_csv(selection: Selection, sheet: Spreadsheet) -> Iterator[str]:
    def rows(conn, names):
        cursor = selection.rows(
            conn,
            "s.match_id, s.played, s.game, s.preset, s.custom, s.n_players, s.partnership, "
            "s.hands, s.target, s.unit, s.finished, s.winner, s.counted, s.sides, s.scores",
        )
        for match_id, played, *first, winner, counted, sides_text, scores_text in cursor:
            sides = [
                " + ".join(_now_name(names, p) for p in side) for side in orjson.loads(sides_text)
            ]
            scores = orjson.loads(scores_text)
            pairs = [x for side, score in zip(sides, scores, strict=True) for x in (side, score)]
            pairs += [None] * (2 * MAX_SIDES - len(pairs))
            won = sides[winner] if winner is not None else None
            yield [match_id, *date_and_time(played), *first, won, counted, *pairs]

    return csv_lines(MATCH_HEADER, _streamed(selection, rows), sheet)


PLAYER_HEADER = [
    "match", "date", "time", "game", "player", "entered as", "seat", "side", "partner", "rules",
    "unit", "finished", "counted", "won", "hands", "side points", "plays", "scoring plays",
    "play points", "largest", "dominoes", "blocks won", "pips left", "15s", "busts", "chip-outs",
]  # fmt: skip


def players_csv(selection: Selection, sheet: Spreadsheet) -> Iterator[str]:
    def rows(conn, names):
        cursor = selection.rows(
            conn,
            "s.match_id, s.played, s.game, q.name, m.name, m.seat + 1, m.side + 1, r.name, "
            "s.preset, s.unit, m.finished, m.counted, m.won, m.hands, m.side_points, m.plays, "
            "m.scoring_plays, m.play_points, m.largest, m.dominoes, m.blocks_won, m.pips_caught, "
            "m.fifteens, m.busts, m.chip_outs",
            "JOIN match_players m ON m.match_id = s.match_id JOIN players q ON q.id = m.player_id "
            "LEFT JOIN players r ON r.id = m.partner_id",
            order="s.match_id, m.seat",
        )
        for match_id, played, *rest in cursor:
            yield [match_id, *date_and_time(played), *rest]

    return csv_lines(PLAYER_HEADER, _streamed(selection, rows), sheet)


HAND_HEADER = ["match", "game", "hand", "plays", "ended", "went out", "side", "by plays",
               "settlement", "score"]  # fmt: skip


def hands_csv(selection: Selection, sheet: Spreadsheet) -> Iterator[str]:
    """From the scorepads the cache keeps (`derive.scorepad`), as the other exports read it; a
    summary from before they were kept is replayed from its record."""

    def rows(conn, names):
        rows = selection.rows(conn, "s.match_id, s.game, s.hand_rows, s.sides")
        for match_id, game, kept, sides_text in rows:
            if kept is None:
                text = conn.execute("SELECT record FROM matches WHERE id = ?", [match_id])
                text = text.fetchone()[0]
                try:
                    kept = derive.scorepad(replay(_record(text, match_id)))
                except RecordError:
                    continue
            else:
                kept = orjson.loads(kept)
            sides = [
                " + ".join(_now_name(names, p) for p in side) for side in orjson.loads(sides_text)
            ]
            for number, plays, ended, went_out, by_plays, settlement, scores in kept:
                went_out = _now_name(names, went_out) if went_out else None
                for side, side_names in enumerate(sides):
                    settled = settlement[side] if settlement else None
                    yield [match_id, game, number, plays, ended, went_out, side_names,
                           by_plays[side], settled, scores[side]]  # fmt: skip

    return csv_lines(HAND_HEADER, _streamed(selection, rows), sheet)


# -- JSON ---------------------------------------------------------------------------------------


def records_json(selection: Selection) -> Iterator[bytes]:
    """{"format": "allfives-club/1", "created", "players": [{"name", "names"}], "draws": [...],
    "matches": [{"id", "created", "record", "place"?}]}, streamed. `names`: every name (case
    folded) that means the player: the name entered in records, old names after a rename, names
    merged into them. `draws`: the night's draws of the matches exported (every draw, for the
    whole club), and `place` the draw, round and table of a match started from one
    (`draw_files.py`)."""
    conn = _opened(selection.path)
    try:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        yield b'{"format": "' + FORMAT.encode() + b'", "created": "' + created.encode() + b'",\n'
        yield b'"players": ' + orjson.dumps(_registry(conn)) + b",\n"
        names = registry.current_names(conn)
        found = draw_files.exported(conn, _draw_ids(conn, selection), partial(_now_name, names))
        yield b'"draws": ' + orjson.dumps(found)
        yield b',\n"matches": [\n'
        ids = [i for (i,) in selection.rows(conn, "s.match_id")]
        for n, match_id in enumerate(ids):
            created, text, draw_id, number, table = conn.execute(
                "SELECT created, record, draw_id, draw_round, table_no FROM matches WHERE id = ?",
                [match_id],
            ).fetchone()
            item = {"id": match_id, "created": created, "record": _record(text, match_id)}
            if draw_id is not None and number is not None and table is not None:
                item["place"] = {"draw": draw_id, "round": number, "table": table}
            yield (b",\n" if n else b"") + orjson.dumps(item)
    finally:
        conn.close()
    yield b"\n]}\n"


def _draw_ids(conn: sqlite3.Connection, selection: Selection) -> list[int] | None:
    """The draws an export holds: every one for the whole club, else those of its matches."""
    if not selection.sql.strip():
        return None
    rows = selection.rows(
        conn, "DISTINCT m.draw_id", "JOIN matches m ON m.id = s.match_id", order="m.draw_id"
    )
    return [draw_id for (draw_id,) in rows if draw_id is not None]


def _registry(conn: sqlite3.Connection) -> list[dict]:
    players: dict[int, dict] = {}
    for player_id, name in conn.execute("SELECT id, name FROM players ORDER BY id"):
        players[player_id] = {"name": name, "names": []}
    for key, player_id in conn.execute("SELECT key, player_id FROM player_names ORDER BY key"):
        if player_id in players:
            players[player_id]["names"].append(key)
    return list(players.values())


def file_name(kind: str, extension: str) -> str:
    """allfives-matches-20261203.csv: the kind and the day, and the extension last, so the file
    opens with a double click."""
    return f"allfives-{kind}-{datetime.now(UTC):%Y%m%d}.{extension}"
