"""Live, read-only: each match's watch page (/watch/<code>, a random code, with a QR code to
open it) and the club board (/board) with every table in play, in large type for a TV. Both poll
a partial every second (htmx), so they follow the tables within about a second; a poll that
finds nothing changed is answered 304 (polling.py), one that does only what changed since the
drawing the page holds (table/patch.py)."""

from datetime import UTC, datetime, timedelta

import segno
from flask import Blueprint, abort, request
from flask_babel import gettext as _
from markupsafe import Markup

from assistant.club import nights, store
from assistant.web.base.db import get_db
from assistant.web.base.i18n import language
from assistant.web.base.pages import page
from assistant.web.base.polling import polled
from assistant.web.table.patch import check_drawing, drawn
from assistant.web.table.view import build

bp = Blueprint("live", __name__)
bp.before_request(check_drawing)
BOARD_HOURS = 24  # a match in progress shows on the board while it was played this recently
BOARD_TABLES = 40  # the board pages through them, 8 at a time on a TV


def qr_svg(url: str) -> Markup:
    svg = segno.make(url, error="m").svg_inline(scale=6, border=2, dark="#111", light="#fff")
    return Markup(svg)


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
    whole = page("live/watch.html", "live/_watch.html", table=table, code=code, qr=qr_svg(url))
    return drawn(whole, ("watch", code), patchable=False, root="watch")


@bp.get("/watch/<code>/live")
def watch_live(code: str):
    version = get_db().execute(
        "SELECT m.id, m.version FROM watch_codes w JOIN matches m ON m.id = w.match_id "
        "WHERE w.code = ?",
        [code],
    )

    def watched():
        table = build(_match_for(code))
        piece = page("live/watch.html", "live/_watch.html", table=table, code=code, qr=None)
        return drawn(piece, ("watch", code), patchable=True, root="watch")

    return polled(version.fetchone(), watched)


def _board() -> dict:
    """The tables in play, by physical table number (those without one after), and the night:
    its draw's round, that round's finished tables and the standings."""
    db = get_db()
    tables = []
    for match_id, number, _version in _in_play(db):
        try:
            tables.append({"table": build(store.get(db, match_id)), "number": number})
        except store.UnknownMatch:
            continue
    tonight = nights.tonight()
    return {"tables": tables, "night": tonight} | nights.board(db, tonight, language())


def _in_play(db) -> list[tuple[int, int | None, int]]:
    since = (datetime.now(UTC) - timedelta(hours=BOARD_HOURS)).isoformat(timespec="seconds")
    return nights.in_play(db, since, BOARD_TABLES, nights.tonight())


def _board_shown() -> tuple:
    """All the board depends on, read without rendering it (its ETag): the versions of the
    tables in play, and tonight's matches and draw rounds (the standings, a round's results,
    what they leave out)."""
    db = get_db()
    playing = _in_play(db)
    tonight = nights.tonight()
    night = db.execute(
        "SELECT COUNT(*), MAX(updated), MAX(match_id), SUM(counted) FROM match_summary "
        "WHERE night = ?",  # an acceptance changes the standings and what they leave out
        [tonight],
    ).fetchone()
    drawn = db.execute(
        "SELECT COUNT(*), MAX(d.id) FROM draw_seatings s JOIN draws d ON d.id = s.draw_id "
        "WHERE d.night = ? AND s.match_id IS NOT NULL",
        [tonight],
    ).fetchone()
    return tonight, playing, night, drawn


@bp.get("/board")
def board():
    whole = page("live/board.html", "live/_board.html", **_board())
    return drawn(whole, "board", patchable=False, root="board")


@bp.get("/board/live")
def board_live():
    def shown():
        piece = page("live/board.html", "live/_board.html", **_board())
        return drawn(piece, "board", patchable=True, root="board")

    return polled(_board_shown(), shown)
