"""The screens: home, new match, the table, import and export."""

import json
import secrets

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext

from assistant.club import draws, queries, registry, store
from assistant.engine import RecordError, new_record, replay
from assistant.web import bounds, htmx, newmatch
from assistant.web.admin import is_admin, refuse
from assistant.web.bounds import MAX_PIPS, MAX_POSITION, MAX_VERSION, whole_number
from assistant.web.db import get_db
from assistant.web.live import watch_code
from assistant.web.messages import explain
from assistant.web.pieces import match_or_404, page
from assistant.web.table import Table, build

bp = Blueprint("views", __name__)


def _table(table: Table, status: int = 200) -> Response:
    return page("table.html", "table/_table.html", status, table=table)


def _see(match_id: int) -> Response:
    return redirect(url_for("views.table", match_id=match_id), 303)


def _form_version() -> int:
    version = whole_number(request.form.get("version"), 1, MAX_VERSION)
    if version is None:
        abort(400, _("The form is missing the match's version: reload the page."))
    return version


def _write(match_id: int, write, **extra) -> Response:
    """Saves one change through the store and answers with the table; a broken rule, a stale
    phone or a closed match get the table back with why.

    `write(db, version)` makes the change (store.enter, store.undo, …). A plain form gets a 303
    to the table; htmx gets the new table at once, drawn from the match the write replayed: one
    request and one replay per tap."""
    version = _form_version()
    try:
        saved = write(get_db(), version)
    except store.UnknownMatch:
        abort(404, _("There is no such match."))
    except store.StaleVersion as stale:
        message = _("The table changed — here is the latest.")
        return _table(build(stale.fresh, message=message), 409)
    except store.ClosedMatch:
        return refuse()
    except RecordError as error:
        return _table(build(match_or_404(match_id), message=explain(error), **extra), 422)
    if htmx and not htmx.boosted:
        return _table(build(saved.stored, saved.match))
    return _see(match_id)


def _enter(match_id: int, entry: dict, **extra) -> Response:
    """One entry as the player said it; the engine fills in whose turn it is and the end where
    the choice makes no difference (exactly as for the API)."""
    return _write(
        match_id,
        lambda db, version: store.enter(db, match_id, version, entry, admin=is_admin()),
        **extra,
    )


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
    return redirect(url_for("views.home"), 303)


# -- new match --------------------------------------------------------------------------------


def _known_names() -> list[str]:
    return [player["name"] for player in registry.all_players(get_db())]


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
        record = form.record(date=store.local_now())
    except ValueError as error:
        form.error = str(error)
        return _new_form(form, 422)
    leader = form.leader if form.leader in record["players"] else None
    if form.leader == "lots":
        leader = secrets.choice(record["players"])
    stored = store.create(get_db(), record, leader)
    return _see(stored.id)


# -- the table --------------------------------------------------------------------------------


@bp.get("/matches/<int:match_id>")
def table(match_id: int):
    table = build(match_or_404(match_id))
    tile = request.args.get("tile")
    if tile and len(table.match.end_choices(tile)) > 1:  # anything else: the table as it is
        table.choosing = tile
    # The whole page also links the watch page, for opponents and spectators (with its QR code),
    # and names the physical table of a match started from the night's draw.
    return page(
        "table.html",
        "table/_table.html",
        table=table,
        watch_code=watch_code(match_id),
        place=draws.place(get_db(), match_id),
    )


@bp.post("/matches/<int:match_id>/play")
def play(match_id: int):
    end = request.form.get("end")
    return _enter(match_id, {"play": request.form.get("tile", "")} | ({"end": end} if end else {}))


@bp.post("/matches/<int:match_id>/draw")
def draw(match_id: int):
    return _enter(match_id, {"draw": 1})


@bp.post("/matches/<int:match_id>/pass")
def pass_turn(match_id: int):
    return _enter(match_id, {"pass": True})


@bp.post("/matches/<int:match_id>/undo")
def undo(match_id: int):
    return _write(match_id, lambda db, version: store.undo(db, match_id, version, admin=is_admin()))


@bp.post("/matches/<int:match_id>/correct")
def correct(match_id: int):
    """Event `position` of the current hand replaced by what the form says instead: a tile
    (and its end), a draw or a pass."""
    position = whole_number(request.form.get("position"), 1, MAX_POSITION)
    if position is None:
        abort(400, _("Say which entry to correct."))
    form = request.form
    if "draw" in form:
        entry: dict = {"draw": 1}
    elif "pass" in form:
        entry = {"pass": True}
    else:
        end = form.get("end")
        entry = {"play": form.get("tile", "")} | ({"end": end} if end else {})
    return _write(
        match_id,
        lambda db, version: store.correct(db, match_id, version, position, entry, admin=is_admin()),
    )


@bp.post("/matches/<int:match_id>/leader")
def choose_leader(match_id: int):
    players = match_or_404(match_id).record["players"]
    leader = request.form.get("leader", "")
    if leader == "lots":
        leader = secrets.choice(players)
    if leader not in players:
        abort(400, _("Pick one of the players."))
    return _write(match_id, lambda db, version: store.choose_leader(db, match_id, version, leader))


def _left_from_form(players: list[str]) -> dict:
    """Per player: the tiles tapped, else the pip total typed; players with neither are left out.
    Pips that are not a number go to the engine as typed, for its sentence."""
    left: dict = {}
    for player in players:
        tiles = request.form.getlist(f"tiles:{player}")
        pips = request.form.get(f"pips:{player}", "").strip()
        if tiles:
            left[player] = tiles
        elif pips:
            number = whole_number(pips, 0, MAX_PIPS)
            left[player] = pips if number is None else number
    return left


@bp.post("/matches/<int:match_id>/left/preview")
def preview_left(match_id: int):
    stored = match_or_404(match_id)
    table = build(stored, left_form=_left_from_form(stored.record["players"]))
    if htmx:
        return page("table.html", "table/_preview.html", table=table)
    return _table(table)


@bp.post("/matches/<int:match_id>/left")
def enter_left(match_id: int):
    left = _left_from_form(match_or_404(match_id).record["players"])
    return _enter(match_id, {"left": left}, left_form=left)


@bp.post("/matches/<int:match_id>/rematch")
def rematch(match_id: int):
    old = match_or_404(match_id).record
    partnership = old.get("partnership", False)
    record = new_record(old["rules"], old["players"], partnership, store.local_now())
    return _see(store.create(get_db(), record).id)


# -- export and import ------------------------------------------------------------------------


@bp.get("/matches/<int:match_id>/record.json")
def export(match_id: int):
    body = json.dumps(match_or_404(match_id).record, indent=2, ensure_ascii=False) + "\n"
    response = Response(body, mimetype="application/json")
    filename = f"allfives-match-{match_id}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.post("/matches/import")
@bounds.body(bounds.RECORD_FILE)
def import_match():
    """One match record, at the table (no admin needed): a match that arrives with hands played
    is marked imported and counts once the club admin accepts it."""
    upload = request.files.get("record")
    error = None
    if upload is None or not upload.filename:
        error = _("Choose a match record file (.json) to import.")
    else:
        try:
            record = bounds.parse_json(upload.read())
            replay(record)
        except bounds.BadJSON as bad:
            error = str(bad) if bad.deep else _("This file is not a match record: it is not JSON.")
        except RecordError as broken:
            error = _("This match record is broken: %(reason)s", reason=explain(broken, True))
    if error:
        return _home_with_error(error)
    return _see(store.create(get_db(), record, origin="import").id)


def _home_with_error(error: str) -> Response:
    return make_response(render_template("home.html", import_error=error, **_home_lists()), 422)


def _home_lists() -> dict:
    db = get_db()
    return queries.home(db) | {"stale": len(store.stale_in_play(db))}
