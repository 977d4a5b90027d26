"""Match history: the list with its filters, each match's scorepad and its step-by-step replay,
exports and the import of a whole club file, and the admin's record editor."""

import json
import re
from datetime import datetime
from types import SimpleNamespace

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _

from assistant.club import derive, exchange, exports, queries, steps, store
from assistant.db import immediate
from assistant.engine import RecordError, replay
from assistant.web import bounds
from assistant.web.admin import admin_required
from assistant.web.bounds import MAX_PAGE, MAX_STEP, MAX_VERSION, whole_number
from assistant.web.db import get_db
from assistant.web.live import watch_code
from assistant.web.messages import explain
from assistant.web.pieces import match_or_404, page
from assistant.web.settled import explain as explain_settlement

bp = Blueprint("history", __name__)
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _filter() -> queries.HistoryFilter:
    args = request.args
    f = queries.HistoryFilter(
        player=args.get("player", "").strip(),
        since=args.get("since", "").strip(),
        until=args.get("until", "").strip(),
        preset=args.get("preset", "").strip(),
        status=args.get("status", "").strip(),
    )
    for name in ("since", "until"):
        value = getattr(f, name)
        if value and not (DATE.fullmatch(value) and _is_date(value)):
            f.errors.append(_("Dates are written YYYY-MM-DD, like 2025-03-31."))
            setattr(f, name, "")
    if f.status not in ("", "finished", "playing", "archived"):
        f.errors.append(_("Show finished matches, matches in progress, or all."))
        f.status = ""
    number = whole_number(args.get("page", "1"), 1, MAX_PAGE)
    if number is None:
        f.errors.append(_("The page is a whole number from 1 to %(most)s.", most=MAX_PAGE))
    else:
        f.page = number
    return f


def _is_date(text: str) -> bool:
    try:
        datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        return False
    return True


@bp.get("/history")
def history():
    db = get_db()
    f = _filter()
    found = queries.history(db, f)
    status = 400 if f.errors else 200
    return page(
        "history/index.html",
        "history/_list.html",
        status,
        f=f,
        found=found,
        presets=queries.presets(db),
        sheet=exports.spreadsheet_for(str(get_locale())),
    )


@bp.get("/history/<int:match_id>")
def match(match_id: int):
    stored = match_or_404(match_id)
    played = replay(stored.record)
    return render_template(
        "history/match.html",
        stored=stored,
        match=played,
        hands=derive.hand_rows(played),
        settlements=[explain_settlement(played, hand) for hand in played.hands],
        preset=derive.preset_of(stored.record),
        code=watch_code(match_id),
        steps=len(steps.entries(stored.record)),
    )


@bp.get("/history/<int:match_id>/replay")
def replay_step(match_id: int):
    stored = match_or_404(match_id)
    number = whole_number(request.args.get("step", "1"), 0, MAX_STEP)
    if number is None:
        abort(400, _("The step is a whole number from 0 to %(most)s.", most=MAX_STEP))
    shown = steps.step(stored.record, number)
    return page("history/replay.html", "history/_step.html", stored=stored, step=shown, table=shown)


# -- exports and import -----------------------------------------------------------------------


def _path() -> str:
    return current_app.config["DATABASE"]


def _download(body, mimetype: str, kind: str, extension: str) -> Response:
    response = Response(body, mimetype=mimetype)
    name = exports.file_name(kind, extension)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.vary.add("Accept-Language")
    return response


def _selection() -> exports.Selection:
    """The matches the history's filter (in the query string) keeps; a filter that cannot be
    read is a 400, and a player the club does not know exports nothing."""
    f = _filter()
    if f.errors:
        abort(400, " ".join(f.errors))
    selected = queries.selection(get_db(), f)
    if selected is None:
        return exports.Selection(_path(), "WHERE 0")
    sql, params = selected
    return exports.Selection(_path(), sql, tuple(params))


def _spreadsheet() -> exports.Spreadsheet:
    """`?sheet=comma` or `semicolon`; by default what the player's language expects."""
    chosen = request.args.get("sheet") or exports.spreadsheet_for(str(get_locale()))
    if chosen not in exports.SPREADSHEETS:
        abort(400, _("Choose a spreadsheet kind: comma or semicolon."))
    return exports.SPREADSHEETS[chosen]


@bp.get("/history/matches.csv")
def matches_csv():
    body = exports.matches_csv(_selection(), _spreadsheet())
    return _download(body, "text/csv", "matches", "csv")


@bp.get("/history/players.csv")
def players_csv():
    body = exports.players_csv(_selection(), _spreadsheet())
    return _download(body, "text/csv", "players", "csv")


@bp.get("/history/hands.csv")
def hands_csv():
    body = exports.hands_csv(_selection(), _spreadsheet())
    return _download(body, "text/csv", "hands", "csv")


@bp.get("/history/records.json")
def records_json():
    return _download(exports.records_json(_selection()), "application/json", "records", "json")


@bp.get("/history/import")
def import_form():
    return render_template("history/import.html", report=None, error=None)


@bp.post("/history/import")
@bounds.body(bounds.CLUB_FILE)  # a whole club's file, not one form
def import_file():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        error = _("Choose an exported file (.json) to import.")
        return render_template("history/import.html", report=None, error=error), 422
    try:
        items = exchange.read_file(upload.read())
    except exchange.BrokenFile as broken:
        error = _("Nothing was imported: %(reason)s", reason=_(str(broken)))
        return render_template("history/import.html", report=None, error=error), 422
    db = get_db()
    with immediate(db):
        report = exchange.import_records(db, items)
    for line in report:
        if line["status"] == "broken":  # the engine's sentence, translated, with its place
            line["reason"] = explain(SimpleNamespace(**line["error"]), where=True)
    status = 200 if all(line["status"] != "broken" for line in report) else 422
    return render_template("history/import.html", report=report, error=None), status


# -- the admin's editor -------------------------------------------------------------------------


@bp.route("/history/<int:match_id>/edit", methods=["GET", "POST"])
@admin_required
@bounds.body(bounds.RECORD_FORM)
def edit(match_id: int):
    stored = match_or_404(match_id)
    text = json.dumps(stored.record, indent=2, ensure_ascii=False)
    error = None
    if request.method == "POST":
        text = request.form.get("record", "")
        version = whole_number(request.form.get("version"), 1, MAX_VERSION)
        try:
            record = bounds.parse_json(text)
            replay(record)
            if version is None:
                error = _("The form is missing the match's version: reload the page.")
            else:
                store.change(get_db(), match_id, version, record)
        except bounds.BadJSON as bad:
            error = str(bad)
        except RecordError as broken:
            error = explain(broken, where=True)
        except store.StaleVersion:
            error = _("The match changed meanwhile: reload to see it.")
        if error is None:
            return redirect(url_for("history.match", match_id=match_id), 303)
    status = 422 if error else 200
    page_html = render_template("history/edit.html", stored=stored, text=text, error=error)
    return page_html, status
