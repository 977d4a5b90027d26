"""Home and the way into a match: the matches in play and the latest finished, archiving the
stale ones, New match, and one match record imported at the table.

Every route of the app, with its method: `flask --app assistant routes`."""

import hashlib
import secrets

from flask import (
    Blueprint,
    Response,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext

from assistant.club import clock, queries, registry, store
from assistant.engine import RecordError, replay
from assistant.web.base import bounds
from assistant.web.base.auth import remember_sent
from assistant.web.base.db import get_db
from assistant.web.base.i18n import language
from assistant.web.base.messages import explain
from assistant.web.base.pages import go, page
from assistant.web.home import newmatch

bp = Blueprint("home", __name__)


# -- home -------------------------------------------------------------------------------------


@bp.get("/")
def home():
    return render_template("home.html", **_home_lists())


@bp.post("/matches/archive")
def archive():
    """Files away the matches in play nobody has touched for a week (they stay in the
    history, and come back when someone plays on)."""
    count = store.archive(get_db())
    flash(ngettext("%(num)s match was archived.", "%(num)s matches were archived.", count))
    return redirect(url_for("home.home"), 303)


def _home_lists() -> dict:
    db = get_db()
    lists = queries.home(db) | {"stale": len(store.stale_in_play(db))}
    lists["import_start"] = newmatch.new_start()  # the import form's own id
    for row in lists["playing"]:
        row["hand"] = _hand_in_play(row["id"])
    return lists


def _hand_in_play(match_id: int) -> int | None:
    """The number of the hand being played or about to be led, as its table shows it (the
    replay of a match in play is kept in memory: this is a look-up)."""
    try:
        stored = store.get(get_db(), match_id)
    except store.UnknownMatch:
        return None
    return store.replayed(get_db(), stored).hand.number


# -- new match --------------------------------------------------------------------------------


def _known_names() -> list[str]:
    return [player["name"] for player in registry.all_players(get_db(), language())]


def _new_form(form: newmatch.NewMatch, status: int = 200) -> Response:
    return page("new.html", "new/_form.html", status, form=form, known_names=_known_names())


@bp.get("/matches/new")
def new_match():
    return _new_form(newmatch.NewMatch())


@bp.post("/matches/new")
def create_match():
    form = newmatch.from_form(request.form)
    if "create" not in request.form:
        return _new_form(form)  # a seat moved or a preset changed: the form again
    try:
        record = form.record(date=clock.local_now())
    except ValueError as error:
        form.error = str(error)
        return _new_form(form, 422)
    leader = form.leader if form.leader in record["players"] else None
    if form.leader == "lots":
        leader = secrets.choice(record["players"])
    started_by = form.started_by(record)  # asked twice, one match
    if form.paper:  # its first hand is the paper sheet's score so far, then the lead is asked
        stored = store.create(get_db(), record, started_by=started_by)
        return go(url_for("paper.form", match_id=stored.id, paper=1))
    stored = store.create(get_db(), record, leader, started_by=started_by)
    return go(url_for("table.table", match_id=stored.id))


@bp.post("/matches/import")
@bounds.body(bounds.RECORD_FILE)
def import_match():
    """One match record, at the table (no admin needed): it is marked imported and counts once
    the club admin accepts it, even an empty one (its date is its sender's)."""
    upload = request.files.get("record")
    error = None
    if upload is None or not upload.filename:
        error = _("Choose a match record file (.json) to import.")
    else:
        try:
            sent = upload.read()
            record = bounds.parse_json(sent)
            replay(record)
        except bounds.BadJSON as bad:
            error = str(bad) if bad.deep else _("This file is not a match record: it is not JSON.")
        except RecordError as broken:
            error = _("This match record is broken: %(reason)s", reason=explain(broken, True))
    if error:
        return _home_with_error(error)
    # The same file sent again by the same page (a second tap while the first uploads, or once
    # its answer was lost) is the match it made; another file, or the page drawn again, another.
    start = request.form.get("start", "")
    digest = hashlib.sha256(sent).hexdigest()[:16]
    started_by = f"import:{start}:{digest}" if newmatch.START.fullmatch(start) else None
    stored = store.create(get_db(), record, origin="import", started_by=started_by)
    remember_sent(stored.id)  # this phone may put it on the night's draw
    return go(url_for("table.table", match_id=stored.id))


def _home_with_error(error: str) -> Response:
    return make_response(render_template("home.html", import_error=error, **_home_lists()), 422)
