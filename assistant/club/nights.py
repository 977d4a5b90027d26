"""Club nights: the evenings matches were played on, each match's night being derived from its
date (`derive.night_of`: a night runs until 06:00 the next morning)."""

from assistant.club import cache, derive, draws, league, queries
from assistant.club.clock import local_now
from assistant.club.games import game_of


def tonight() -> str:
    """The club night it is now, by the server's clock."""
    return derive.night_of(local_now())


def nights(db, limit: int = 50, offset: int = 0) -> list[dict]:
    """The nights matches were played on, latest first, with how many."""
    rows = db.execute(
        "SELECT night, COUNT(*) FROM match_summary WHERE night IS NOT NULL "
        "GROUP BY night ORDER BY night DESC LIMIT ? OFFSET ?",
        [limit, offset],
    ).fetchall()
    return [{"night": night, "matches": count} for night, count in rows]


def matches(db, night: str) -> list[dict]:
    """Every match of one night in the order they started, with its physical table and the
    round of the draw it was started from, and whether it counts (and whether it stopped)."""
    rows = db.execute(
        f"SELECT {queries.MATCH_COLUMNS}, m.table_no, m.draw_round, s.counted "
        "FROM match_summary s JOIN matches m ON m.id = s.match_id "
        "WHERE s.night = ? ORDER BY s.played, s.match_id",
        [night],
    ).fetchall()
    listed = queries.match_rows(db, rows)
    return [
        row | {"table": table_no, "round": draw_round, "counted": bool(counted)}
        for row, (*_, table_no, draw_round, counted) in zip(listed, rows, strict=True)
    ]


def in_play(db, since: str, limit: int, night: str) -> list[tuple[int, int | None, int]]:
    """The matches being played here now (touched since `since`; neither stopped nor filed
    away, as a match that arrived whole is until someone plays on), as (match id, physical
    table, version): those of `night` first, each by table number, those without one after."""
    return db.execute(
        "SELECT s.match_id, m.table_no, m.version FROM match_summary s "
        "JOIN matches m ON m.id = s.match_id "
        "WHERE s.finished = 0 AND s.stopped = 0 AND s.archived = 0 AND s.updated >= ? "
        "ORDER BY s.night IS NOT ?, m.table_no IS NULL, m.table_no, s.match_id LIMIT ?",
        [since, night, limit],
    ).fetchall()


def board(db, night: str, language: str = "en") -> dict:
    """What the club board shows of the night besides the tables in play: its latest draw and
    the round being played (the latest with a match started, else the first), the tables of
    that round already finished, and the night's standings in the game of its draw (without a
    draw, the game played most that night)."""
    latest = draws.of_night(db, night)[:1]
    made = latest[0] if latest else None
    number, done = None, []
    if made and made.drawn:
        started = [r for r, _table in made.started]
        number = max(started, default=made.drawn[0].number)
        ids = {m: t for (r, t), m in made.started.items() if r == number}
        rows = match_rows(db, list(ids))
        done = sorted(
            ({"number": ids[row["id"]], "row": row} for row in rows if row["finished"]),
            key=lambda d: d["number"],
        )
    game = game_of(made.rules) if made else queries.games(db, night)[0]
    standings = league.night(db, night, language, game)
    return {"draw": made, "round": number, "done": done, "standings": standings,
            "left_out": waiting(db, night)}  # fmt: skip


def waiting(db, night: str) -> int:
    """How many of the night's matches wait for the club admin (sent whole, dated by their
    sender, or holding a hand scored on paper, as a match continued from paper does): the
    standings leave them out until they are accepted."""
    return db.execute(
        "SELECT COUNT(*) FROM match_summary WHERE night = ? AND counted = 0", [night]
    ).fetchone()[0]


def waiting_ids(db, night: str) -> list[int]:
    """The night's matches the admin may accept now (`store.waiting`, of this night alone)."""
    rows = db.execute(
        "SELECT s.match_id FROM match_summary s JOIN matches m ON m.id = s.match_id "
        "LEFT JOIN imports i ON i.id = m.import_id "
        "WHERE s.night = ? AND m.accepted = 0 AND (m.import_id IS NULL OR i.status != 'running') "
        "ORDER BY s.match_id",
        [night],
    )
    return [match_id for (match_id,) in rows.fetchall()]


def match_rows(db, match_ids: list[int]) -> list[dict]:
    """The matches as the history lists them."""
    if not match_ids:
        return []
    marks = ",".join("?" * len(match_ids))
    rows = db.execute(
        f"SELECT {queries.MATCH_COLUMNS} FROM match_summary s WHERE s.match_id IN ({marks})",
        match_ids,
    )
    return queries.match_rows(db, rows.fetchall())


def whereabouts(db, match_id: int, may_put: bool) -> dict:
    """Where a match stands at the club, for its table's whole page: its watch page's code
    (`watch_code`), the physical table and round of one started from the night's draw
    (`place`), and, for one sent whole that this phone `may_put` on the draw, the draw and the
    seatings it may be put at (`putting`)."""
    code = cache.watch_code(db, match_id)
    place = draws.place(db, match_id)
    putting = draws.places_on_night(db, match_id) if place is None and may_put else None
    return {"watch_code": code, "place": place, "putting": putting}
