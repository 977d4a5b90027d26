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
from assistant.engine import RecordError, halves, last_entry, new_record, replay
from assistant.web import bounds, htmx, newmatch
from assistant.web.admin import is_admin
from assistant.web.bounds import MAX_PIPS, MAX_POSITION, MAX_VERSION, TAP_ID, whole_number
from assistant.web.db import get_db
from assistant.web.i18n import end_name
from assistant.web.live import watch_code
from assistant.web.messages import explain
from assistant.web.pieces import match_or_404, page
from assistant.web.table import Table, build, hand_entries

bp = Blueprint("views", __name__)


def _table(table: Table, status: int = 200) -> Response:
    return page("table.html", "table/_table.html", status, table=table)


def _see(match_id: int) -> Response:
    return redirect(url_for("views.table", match_id=match_id), 303)


def _go(target: str) -> Response:
    """To another page (a new match's table, the admin's login): htmx is told to load it as a
    page of its own, so the address bar shows it and a reload finds it again."""
    if htmx:
        return Response(status=204, headers={"HX-Redirect": target})
    return redirect(target, 303)


def _form_version() -> int:
    version = whole_number(request.form.get("version"), 1, MAX_VERSION)
    if version is None:
        abort(400, _("The form is missing the match's version: reload the page."))
    return version


def _tap() -> str | None:
    """The id the phone gave this tap (none from a phone without JavaScript)."""
    tap = request.form.get("tap")
    if tap is not None and not TAP_ID.fullmatch(tap):
        abort(400, _("The form's tap id is not one this app makes: reload the page."))
    return tap or None


def _refused(fresh: store.StoredMatch) -> str:
    """Why a tap that waited on the phone (or came from a phone behind) was not recorded,
    naming it and what came first."""
    form = request.form
    player = form.get("turn", "")
    if player not in fresh.record["players"]:
        player = ""  # whose turn the phone showed, when it named one of the players
    endpoint = request.endpoint or ""
    if endpoint.endswith(".play") and player:
        tap = _("%(tile)s by %(player)s", tile=form.get("tile", ""), player=player)
    elif endpoint.endswith(".draw") and player:
        tap = _("%(player)s's draw", player=player)
    elif endpoint.endswith(".pass_turn") and player:
        tap = _("%(player)s's pass", player=player)
    elif endpoint.endswith(".undo"):
        tap = _("Undo")
    else:
        return _("The table changed — here is the latest.")
    latest = hand_entries(store.replayed(get_db(), fresh))
    if not latest:
        return _("%(tap)s was not recorded: the table changed on another phone.", tap=tap)
    return _(
        "%(tap)s was not recorded: %(first)s came first from another phone.",
        tap=tap,
        first=latest[-1].words,
    )


def _write(match_id: int, write, notice=None, **extra) -> Response:
    """Saves one change through the store and answers with the table; a broken rule, a stale
    phone or a closed match get the table back with why.

    `write(db, version)` makes the change (store.enter, store.undo, …); `notice(saved)`, when
    given, says what the change did that the table does not show by itself ("Undone: 5-3 by
    Bo."). A plain form gets a 303 to the table (the notice flashed); htmx gets the new table at
    once, drawn from the match the write replayed: one request and one replay per tap.
    `extra`: what the table showed (the correction, the pips typed), shown again with the reason
    a change was refused. A closed match sends the player to the club admin's login, which
    comes back to the table.
    A tap sent again that the match already recorded (`tap`, its answer was lost) is answered
    with the table as it is, as done."""
    version = _form_version()
    tap = _tap()
    try:
        saved = write(get_db(), version, tap)
    except store.UnknownMatch:
        abort(404, _("There is no such match."))
    except store.TapDone as done:
        return _table(build(done.fresh))
    except store.StaleVersion as stale:
        message = _refused(stale.fresh) if tap else _("The table changed — here is the latest.")
        return _table(build(stale.fresh, message=message), 409)
    except store.ClosedMatch:
        table = url_for("views.table", match_id=match_id)
        return _go(url_for("admin.login", next=table))
    except RecordError as error:
        return _table(build(match_or_404(match_id), message=explain(error), **extra), 422)
    said = notice(saved) if notice else None
    if htmx and not htmx.boosted:
        return _table(build(saved.stored, saved.match, notice=said))
    if said:
        flash(said)
    return _see(match_id)


def _enter(match_id: int, entry: dict, **extra) -> Response:
    """One entry as the player said it; the engine fills in whose turn it is and the end where
    the choice makes no difference (exactly as for the API)."""
    return _write(
        match_id,
        lambda db, version, tap: store.enter(
            db, match_id, version, entry, admin=is_admin(), tap=tap
        ),
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


def _home_lists() -> dict:
    db = get_db()
    lists = queries.home(db) | {"stale": len(store.stale_in_play(db))}
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
    return _go(url_for("views.table", match_id=stored.id))


# -- the table --------------------------------------------------------------------------------


@bp.get("/matches/<int:match_id>")
def table(match_id: int):
    """The table; `?tile=T` asks where T goes, `?fix=0` lists the hand's entries to correct,
    `?fix=N` corrects entry N (with `tile` when the tile replacing it fits several ends)."""
    table = build(match_or_404(match_id))
    fix = whole_number(request.args.get("fix"), 0, MAX_POSITION)
    if fix is not None and table.can_fix:
        table.fixing = fix if fix <= len(table.entries()) else 0
    tile = request.args.get("tile")
    if tile:  # its end is asked when it fits ends that make different games; else ignored
        asked = table.before_fixed() if table.fixing else table
        if asked is not None and len(asked.match.end_choices(tile)) > 1:
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
    undone = last_entry(match_or_404(match_id).record)
    return _write(
        match_id,
        lambda db, version, tap: store.undo(db, match_id, version, admin=is_admin(), tap=tap),
        notice=lambda _saved: _undone(undone),
    )


def _undone(entry: dict | None) -> str | None:
    """What Undo took away, in words."""
    if entry is None:
        return None
    if "left" in entry:
        return _("Undone: the tiles left in hand.")
    if "play" in entry:
        return _("Undone: %(tile)s by %(player)s.", tile=entry["play"], player=entry["player"])
    if "draw" in entry:
        return _("Undone: %(player)s's draw.", player=entry["player"])
    return _("Undone: %(player)s's pass.", player=entry["player"])


@bp.post("/matches/<int:match_id>/correct")
def correct(match_id: int):
    """Entry `position` of the current hand replaced by what the form says instead: a tile
    (and its end), a draw or a pass. The later entries are replayed after it; one that no
    longer fits is named, and nothing changes."""
    number = whole_number(request.form.get("position"), 1, MAX_POSITION)
    if number is None:
        abort(400, _("Say which entry to correct."))
    form = request.form
    if "draw" in form:
        entry: dict = {"draw": 1}
    elif "pass" in form:
        entry = {"pass": True}
    else:
        end = form.get("end")
        entry = {"play": form.get("tile", "")} | ({"end": end} if end else {})
    before = hand_entries(build(match_or_404(match_id)).match)
    was = before[number - 1].words if 1 <= number <= len(before) else None

    def corrected(saved: store.Saved) -> str | None:
        after = hand_entries(saved.match)
        if was is None or number > len(after):
            return None
        said = _("Corrected: %(was)s is now %(now)s.", was=was, now=after[number - 1].words)
        if number < len(after):
            said += " " + _("Everything after it still fits.")
        return said

    return _write(
        match_id,
        lambda db, version, tap: store.correct(
            db, match_id, version, number, entry, admin=is_admin(), tap=tap
        ),
        notice=corrected,
        fixing=number,
    )


@bp.post("/matches/<int:match_id>/turn")
def turn_lead(match_id: int):
    """The lead turned round (1-6 for 6-1) while it is the one tile on the table, so the
    screen's left and right are the table's."""
    table = build(match_or_404(match_id))
    if not table.can_turn_lead:
        message = _("The lead can be turned only while it is the one tile on the table.")
        return _table(build(table.stored, table.match, message=message), 422)
    a, b = halves(table.hand.plays[0]["tile"])

    def turned(saved: store.Saved) -> str:
        ends = {end.name: end.value for end in saved.match.hand.open_ends()}
        return _(
            "The lead is turned: %(left)s %(a)s, %(right)s %(b)s.",
            left=end_name("left"),
            a=ends["left"],
            right=end_name("right"),
            b=ends["right"],
        )

    turn = {"play": f"{b}-{a}"}
    return _write(
        match_id,
        lambda db, version, tap: store.correct(
            db, match_id, version, 1, turn, admin=is_admin(), tap=tap
        ),
        notice=turned,
    )


@bp.post("/matches/<int:match_id>/leader")
def choose_leader(match_id: int):
    players = match_or_404(match_id).record["players"]
    leader = request.form.get("leader", "")
    if leader == "lots":
        leader = secrets.choice(players)
    if leader not in players:
        abort(400, _("Pick one of the players."))
    return _write(
        match_id,
        lambda db, version, tap: store.choose_leader(db, match_id, version, leader, tap=tap),
    )


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


@bp.post("/matches/<int:match_id>/final")
def final(match_id: int):
    """The players are done with a finished match: from now on only the club admin may change
    it (a match still being played is left as it is)."""
    match_or_404(match_id)
    stored = store.close(get_db(), match_id)
    if htmx and not htmx.boosted:
        return _table(build(stored))
    return _see(match_id)


@bp.post("/matches/<int:match_id>/rematch")
def rematch(match_id: int):
    old = match_or_404(match_id).record
    partnership = old.get("partnership", False)
    record = new_record(old["rules"], old["players"], partnership, store.local_now())
    store.close(get_db(), match_id)  # the table has moved on: the old match is final
    return _go(url_for("views.table", match_id=store.create(get_db(), record).id))


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
    stored = store.create(get_db(), record, origin="import")
    return _go(url_for("views.table", match_id=stored.id))


def _home_with_error(error: str) -> Response:
    return make_response(render_template("home.html", import_error=error, **_home_lists()), 422)
