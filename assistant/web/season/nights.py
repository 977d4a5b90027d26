"""Club nights: the list of nights, and one night's matches, results and standings (it prints on
one A4 page). A night runs from 06:00 to 06:00 the next morning (assistant/club/derive.py)."""

from datetime import date

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import format_date
from flask_babel import gettext as _

from assistant.club import draws, league, nights, queries, store
from assistant.club.games import GAMES
from assistant.web.base.auth import admin_required, is_admin, may_put
from assistant.web.base.bounds import MAX_PAGE, whole_number
from assistant.web.base.db import get_db
from assistant.web.base.i18n import language
from assistant.web.base.pages import page

bp = Blueprint("nights", __name__)
PAGE = 50


@bp.app_template_filter("long_date")
def long_date(night: str) -> str:
    """A night in words: "Saturday, November 28, 2026"."""
    return format_date(date.fromisoformat(night), format="full")


def kind_names() -> dict[str, str]:
    """The games a night's draw can be for (assistant/club/rounds.py KINDS)."""
    return {
        "two": _("2 players a table"),
        "three": _("3 players a table"),
        "four": _("4 players a table, each for themself"),
        "pairs_fixed": _("Partnerships: fixed pairs"),
        "pairs_rotating": _("Partnerships: partners change each round"),
    }


def night_or_404(text: str) -> str:
    """The night of an address (YYYY-MM-DD), else a 404."""
    try:
        night = date.fromisoformat(text)
    except ValueError:
        abort(404, _("There is no such night: a night is written YYYY-MM-DD."))
    if night.isoformat() != text:
        abort(404, _("There is no such night: a night is written YYYY-MM-DD."))
    return text


@bp.get("/nights")
def nights_list():
    number = whole_number(request.args.get("page", "1"), 1, MAX_PAGE)
    if number is None:
        abort(400, _("The page is a whole number from 1 to %(most)s.", most=MAX_PAGE))
    found = nights.nights(get_db(), PAGE + 1, (number - 1) * PAGE)
    return page(
        "nights/index.html",
        "nights/_list.html",
        found=found[:PAGE],
        more=len(found) > PAGE,
        page_number=number,
        tonight=nights.tonight(),
    )


def winners(table: league.Table, night_draws: list) -> tuple[str, list]:
    """Who won the night: the pairs when the night was played in fixed pairs alone, else the
    players; more than one when they share first place."""
    fixed = night_draws and all(d.kind == "pairs_fixed" for d in night_draws)
    if fixed and table.pairs:
        return "pairs", [s for s in table.pairs if s.rank == 1]
    return "players", table.leaders


@bp.get("/nights/<text>")
def night(text: str):
    return night_page(night_or_404(text))


def night_page(which: str, error: str | None = None, status: int = 200):
    """One night's page; `error`: why what was just asked was refused."""
    db = get_db()
    matches = nights.matches(db, which)
    night_draws = draws.of_night(db, which)
    # A night of both games has standings (and a winner) for each: never mixed.
    boards = []
    for game in sorted(queries.games(db, which), key=GAMES.index):
        standings = league.night(db, which, language(), game)
        kind, won = winners(standings, night_draws)
        boards.append({"game": game, "standings": standings, "winners": won, "kind": kind})
    if night_draws:  # a match sent whole may go on its table and round of the draw
        for row in matches:
            if row["table"] is None and may_put(row["id"]):
                row["places"] = draws.places_for(db, night_draws[0], row["id"])
    return page(
        "nights/night.html",
        "nights/_night.html",
        status,
        night=which,
        matches=matches,
        boards=boards,
        draws=night_draws,
        kinds=kind_names(),
        error=error,
        acceptable=len(nights.waiting_ids(db, which)) if is_admin() else 0,
        tonight=nights.tonight(),
    )


@bp.post("/nights/<text>/accept")
@admin_required
def accept(text: str):
    """Every match of this night waiting for the admin is accepted (the history's "Accept all
    waiting" is the whole club's)."""
    which = night_or_404(text)
    waiting = nights.waiting_ids(get_db(), which)
    store.accept(get_db(), waiting)
    flash(_("%(n)s imported matches now count in ratings and standings.", n=len(waiting)))
    return redirect(url_for("nights.night", text=which), 303)
