"""A match that stops: the table (confirming first) or the club admin ends a match that will not
be finished; the admin may let a stopped match be played on. The store decides
(`store.stop`, `store.resume`); the league counts it as the club's setting says."""

from flask import Blueprint, Response, abort, redirect, url_for
from flask_babel import gettext as _

from assistant.club import seasons, store
from assistant.web.base.auth import admin_required
from assistant.web.base.db import get_db
from assistant.web.base.htmx import htmx
from assistant.web.base.i18n import counting_words
from assistant.web.base.pages import match_or_404, page
from assistant.web.table.answers import form_version, table_page
from assistant.web.table.view import build

bp = Blueprint("stopping", __name__)


def _answer(match_id: int, saved: store.Saved) -> Response:
    if htmx and not htmx.boosted:
        return table_page(build(saved.stored, saved.match))
    return redirect(url_for("table.table", match_id=match_id), 303)


@bp.get("/matches/<int:match_id>/stop")
def confirm(match_id: int):
    """The confirmation step: what stopping does, and two buttons (no JavaScript needed)."""
    table = build(match_or_404(match_id), stopping=True)
    counting = counting_words(seasons.stopped_counting(get_db()))
    return page("table.html", "table/_table.html", table=table, counting=counting)


@bp.post("/matches/<int:match_id>/stop")
def stop(match_id: int):
    return _change(match_id, store.stop)


@bp.post("/matches/<int:match_id>/resume")
@admin_required
def resume(match_id: int):
    return _change(match_id, store.resume)


def _change(match_id: int, change) -> Response:
    """`change(db, match_id, version)` (store.stop or store.resume), answered with the table;
    a stale phone or a match that cannot stop gets the table back with why."""
    try:
        saved = change(get_db(), match_id, form_version())
    except store.UnknownMatch:
        abort(404, _("There is no such match."))
    except store.StaleVersion as stale:
        message = _("The table changed — here is the latest.")
        return table_page(build(stale.fresh, message=message), 409)
    except store.NotStoppable:
        message = _("Only a match still being played can be stopped.")
        return table_page(build(match_or_404(match_id), message=message), 409)
    return _answer(match_id, saved)
