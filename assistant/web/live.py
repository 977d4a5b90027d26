"""Live, read-only: each match's watch page (/watch/<code>, a random code, with a QR code to
open it) and the club board (/board) with every table in play, in large type for a TV. Both poll
a partial every second (htmx), so they follow the tables within about a second; a poll that
finds nothing changed is answered 304 (polling.py)."""

from datetime import UTC, datetime, timedelta

import segno
from flask import Blueprint, abort, request
from flask_babel import gettext as _
from markupsafe import Markup

from assistant.club import store
from assistant.web.db import get_db
from assistant.web.pieces import page
from assistant.web.polling import polled
from assistant.web.table import build

bp = Blueprint("live", __name__)
BOARD_HOURS = 24  # a match in progress shows on the board while it was played this recently
BOARD_TABLES = 12


def qr_svg(url: str) -> Markup:
    svg = segno.make(url, error="m").svg_inline(scale=6, border=2, dark="#111", light="#fff")
    return Markup(svg)


def watch_code(match_id: int) -> str | None:
    row = get_db().execute("SELECT code FROM watch_codes WHERE match_id = ?", [match_id])
    found = row.fetchone()
    return found[0] if found else None


def _match_for(code: str) -> store.StoredMatch:
    row = get_db().execute("SELECT match_id FROM watch_codes WHERE code = ?", [code]).fetchone()
    if row is None:
        abort(404, _("There is no match to watch at this address."))
    try:
        return store.get(get_db(), row[0])
    except store.UnknownMatch:
        abort(404, _("There is no match to watch at this address."))


@bp.get("/watch/<code>")
def watch(code: str):
    table = build(_match_for(code))
    url = request.url_root.rstrip("/") + request.path
    return page("live/watch.html", "live/_watch.html", table=table, code=code, qr=qr_svg(url))


@bp.get("/watch/<code>/live")
def watch_live(code: str):
    version = get_db().execute(
        "SELECT m.id, m.version FROM watch_codes w JOIN matches m ON m.id = w.match_id "
        "WHERE w.code = ?",
        [code],
    )
    return polled(
        version.fetchone(),
        lambda: page(
            "live/watch.html", "live/_watch.html", table=build(_match_for(code)), code=code, qr=None
        ),
    )


def _board_matches() -> list[tuple[int, int]]:
    """The matches the board shows: (id, version) of each."""
    since = (datetime.now(UTC) - timedelta(hours=BOARD_HOURS)).isoformat(timespec="seconds")
    return (
        get_db()
        .execute(
            "SELECT s.match_id, m.version FROM match_summary s JOIN matches m ON m.id = s.match_id "
            "WHERE s.finished = 0 AND s.updated >= ? ORDER BY s.updated DESC LIMIT ?",
            [since, BOARD_TABLES],
        )
        .fetchall()
    )


def _board_tables(shown: list[tuple[int, int]]) -> list:
    db = get_db()
    tables = []
    for match_id, _version in shown:
        try:
            tables.append(build(store.get(db, match_id)))
        except store.UnknownMatch:
            continue
    return sorted(tables, key=lambda t: t.id)


def _board(shown: list[tuple[int, int]]):
    return page("live/board.html", "live/_board.html", tables=_board_tables(shown))


@bp.get("/board")
def board():
    return _board(_board_matches())


@bp.get("/board/live")
def board_live():
    shown = _board_matches()
    return polled(shown, lambda: _board(shown))
