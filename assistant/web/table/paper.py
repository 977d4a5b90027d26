"""Hands scored on paper: at the table, "Score hand N on paper" takes each side's points in
place of a hand's tiles (before its lead: a hand not begun, or whose tiles were undone), with a
note; a new match that continues from a paper sheet starts with such a hand holding each side's
score so far. The engine decides (`Match.told_by_side`, `store.enter`), exactly as for the
JSON API's `{"points": {...}, "notes": ...}`."""

from flask import Blueprint, Response, abort, redirect, request, url_for
from flask_babel import gettext as _

from assistant.club import store
from assistant.engine import RecordError
from assistant.engine.limits import MAX_TOLD
from assistant.web.base.bounds import TOLD, note_refusal, told_points
from assistant.web.base.db import get_db
from assistant.web.base.htmx import htmx
from assistant.web.base.messages import explain
from assistant.web.base.pages import match_or_404
from assistant.web.table.answers import form_version, table_page
from assistant.web.table.view import build

bp = Blueprint("paper", __name__)
SHOWN = 20  # characters of a refused number quoted in the message (the field keeps them all)


def _typed(sides: int) -> dict:
    """The form as typed: each side's points (text) and the note; `paper`: the match continues
    from a paper sheet (its first hand)."""
    return {
        "points": [request.form.get(f"points:{i}", "").strip() for i in range(sides)],
        "notes": request.form.get("notes", "").strip(),
        "paper": request.form.get("paper") == "1",
    }


@bp.get("/matches/<int:match_id>/scored")
def form(match_id: int):
    """The form: each side's points and a note (`?paper=1`: the score so far on a paper
    sheet, as a new match's first hand)."""
    stored = match_or_404(match_id)
    table = build(stored)
    paper = request.args.get("paper") == "1" and not stored.record["hands"]
    notes = _("Continued from paper") if paper else ""
    table.scoring = {"points": [""] * len(table.match.sides), "notes": notes, "paper": paper}
    return table_page(table)


@bp.post("/matches/<int:match_id>/scored")
def score(match_id: int):
    stored = match_or_404(match_id)
    version = form_version()
    match = store.replayed(get_db(), stored)
    typed = _typed(len(match.sides))

    def refused(message: str, status: int = 422) -> Response:
        return table_page(build(stored, match, message=message, scoring=typed), status)

    refusal = note_refusal(typed["notes"])
    if refusal:
        return refused(refusal)
    points = [told_points(text) for text in typed["points"]]
    for text, number in zip(typed["points"], points, strict=True):
        if number is None and TOLD.fullmatch(text):
            return refused(_("A side's points are from %(low)s to %(high)s, not %(typed)s.",
                             low=-MAX_TOLD, high=MAX_TOLD, typed=text))  # fmt: skip
        if number is None:
            shown = text if len(text) <= SHOWN else text[:SHOWN] + "…"
            return refused(_("Type each side's points as a number, like 25 or -10, not %(typed)s.",
                             typed=shown))  # fmt: skip
    try:
        entry = match.told_by_side(points, typed["notes"] or None)
        saved = store.enter(get_db(), match_id, version, entry)
    except store.UnknownMatch:
        abort(404, _("There is no such match."))
    except store.StaleVersion as stale:
        return table_page(
            build(stale.fresh, message=_("The table changed — here is the latest.")), 409
        )
    except store.StoppedMatch as stopped:
        message = _("This match was stopped: it takes no more entries.")
        return table_page(build(stopped.fresh, message=message), 409)
    except store.ClosedMatch:
        return redirect(url_for("admin.login", next=url_for("table.table", match_id=match_id)))
    except RecordError as error:
        return refused(explain(error))
    if htmx and not htmx.boosted:
        return table_page(build(saved.stored, saved.match))
    return redirect(url_for("table.table", match_id=match_id), 303)
