"""Match history: the list with its filters, each match's scorepad and its step-by-step replay,
exports; the import of a whole club file and the acceptance of imported matches (the club
admin's), and the admin's record editor."""

import json
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _

from assistant.club import cache, club_file, derive, exports, imports, queries, steps, store, worker
from assistant.club.games import GAMES, game_of
from assistant.engine import RecordError, replay
from assistant.web.base import bounds
from assistant.web.base.auth import admin_required
from assistant.web.base.bounds import MAX_PAGE, MAX_STEP, MAX_VERSION, whole_number
from assistant.web.base.db import get_db
from assistant.web.base.messages import explain
from assistant.web.base.pages import match_or_404, page
from assistant.web.table.settled import explain as explain_settlement

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
        game=args.get("game", "").strip(),
    )
    if f.game not in ("", *GAMES):
        f.errors.append(_("Pick All Fives or Fives and Threes."))
        f.game = ""
    for name in ("since", "until"):
        value = getattr(f, name)
        if value and not (DATE.fullmatch(value) and _is_date(value)):
            f.errors.append(_("Dates are written YYYY-MM-DD, like 2025-03-31."))
            setattr(f, name, "")
    if f.status not in ("", "finished", "playing", "stopped", "archived"):
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
        games=queries.games(db),
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
        game=game_of(played.rules),
        code=cache.watch_code(get_db(), match_id),
        steps=len(steps.entries(stored.record)),
        archived=played.winner is None and queries.is_archived(get_db(), match_id),
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


def _download(kind: str, extension: str, mimetype: str, sheet=None) -> Response:
    """The export written whole by the export process, then sent: a failure is an error page,
    never a download cut short."""
    try:
        path = worker.written(kind, _selection(), sheet)
    except worker.WorkerStopped:
        abort(503, _("The export could not be written: try again in a minute."))
    response = Response(worker.sent(path), mimetype=mimetype)
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
    return _download("matches", "csv", "text/csv", _spreadsheet())


@bp.get("/history/players.csv")
def players_csv():
    return _download("players", "csv", "text/csv", _spreadsheet())


@bp.get("/history/hands.csv")
def hands_csv():
    return _download("hands", "csv", "text/csv", _spreadsheet())


@bp.get("/history/records.json")
def records_json():
    return _download("records", "json", "application/json")


def _import_page(error: str | None = None, status: int = 200):
    db = get_db()
    context = {
        "error": error,
        "imports": imports.recent(db),
        "waiting": len(store.waiting(db)),
    }
    return render_template("history/import.html", **context), status


@bp.get("/history/import")
@admin_required
def import_form():
    return _import_page()


@bp.post("/history/import")
@bounds.body(bounds.CLUB_FILE, admin_only=True)  # a club's file, not one form
@admin_required
def import_file():
    """The file is kept aside and imported by a process of its own; the page follows it."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _import_page(_("Choose an exported file (.json or .jsonl) to import."), 422)
    database = current_app.config["DATABASE"]
    folder = imports.upload_folder(database)  # emptied at the server's start of what is left
    folder.mkdir(exist_ok=True)
    handle, name = tempfile.mkstemp(prefix="incoming-", suffix=".json", dir=folder)
    path = Path(name)
    try:
        with os.fdopen(handle, "wb") as file:
            upload.save(file)
        upload.close()
        club_file.header(path)  # a file that is no JSON at all is refused at once
    except club_file.BrokenFile as broken:
        path.unlink()
        reason = explain(SimpleNamespace(**broken.error))
        error = _("Nothing was imported: %(reason)s", reason=reason)
        return _import_page(error, 422)
    except BaseException:  # the disk is full, say: nothing kept
        path.unlink(missing_ok=True)
        raise
    db = get_db()
    import_id = store.begin_import(db, upload.filename, path.stat().st_size)
    path = path.rename(imports.upload_path(database, import_id))
    store.start_import(db, database, import_id, path)
    return redirect(url_for("history.import_status", import_id=import_id), 303)


def _import_or_404(import_id: int) -> dict:
    found = imports.status(get_db(), import_id)
    if found is None:
        abort(404, _("There is no such import."))
    for problem in found["problems"]:  # the engine's sentence, translated, with its place
        problem["reason"] = explain(SimpleNamespace(**problem["error"]), where=True)
    if found["error"]:
        found["reason"] = explain(SimpleNamespace(**found["error"]))
    return found


@bp.get("/history/imports/<int:import_id>")
@admin_required
def import_status(import_id: int):
    """How far an import got (the piece polls itself while it runs) and what it found."""
    found = _import_or_404(import_id)
    return page("history/import_status.html", "history/_import.html", found=found)


@bp.post("/history/imports/<int:import_id>/accept")
@admin_required
def accept_import(import_id: int):
    _import_or_404(import_id)
    count = store.accept_import(get_db(), import_id)
    flash(_("%(n)s imported matches now count in ratings and standings.", n=count))
    return redirect(url_for("history.import_status", import_id=import_id), 303)


@bp.post("/history/imports/<int:import_id>/discard")
@admin_required
def discard_import(import_id: int):
    """What an import that ended brought, gone (to import the file again, or not at all)."""
    found = _import_or_404(import_id)
    if found["status"] == "running":
        abort(409, _("The import is still running: wait until it ends."))
    count = store.discard_import(get_db(), import_id)
    flash(_("%(n)s matches of this import were discarded.", n=count))
    return redirect(url_for("history.import_status", import_id=import_id), 303)


@bp.post("/history/waiting/accept")
@admin_required
def accept_waiting():
    """Every match waiting for the admin is accepted: those that arrived whole one by one (the
    API, the table's import) and those of imports that ended, also part-way."""
    db = get_db()
    waiting = store.waiting(db)
    store.accept(db, waiting)
    flash(_("%(n)s imported matches now count in ratings and standings.", n=len(waiting)))
    return redirect(url_for("history.import_form"), 303)


@bp.post("/history/<int:match_id>/accept")
@admin_required
def accept_match(match_id: int):
    match_or_404(match_id)
    store.accept(get_db(), [match_id])
    return redirect(url_for("history.match", match_id=match_id), 303)


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
