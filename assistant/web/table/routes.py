"""The table: one match played tile by tile, and every correction of it.

Every route of the app, with its method: `flask --app assistant routes`."""

import json
import secrets

from flask import Blueprint, Response, abort, flash, redirect, request, url_for
from flask_babel import gettext as _

from assistant.club import clock, store
from assistant.club.store import matches
from assistant.engine import (
    Draw,
    EndAsked,
    Entry,
    Left,
    Pass,
    Play,
    RecordError,
    ScoredHand,
    halves,
    last_entry,
    new_record,
    pips,
    rules_for,
)
from assistant.web.base.auth import is_admin
from assistant.web.base.bounds import MATCH_UID, MAX_PIPS, MAX_POSITION, TAP_ID, whole_number
from assistant.web.base.db import get_db
from assistant.web.base.htmx import htmx
from assistant.web.base.i18n import END_NAMES, elided, end_name
from assistant.web.base.messages import explain, names_text, sentence
from assistant.web.base.pages import go, match_or_404, page, player_name
from assistant.web.table.answers import form_version, table_page
from assistant.web.table.patch import check_drawing
from assistant.web.table.view import build, hand_entries

bp = Blueprint("table", __name__)
bp.before_request(check_drawing)


def _see(match_id: int) -> Response:
    return redirect(url_for("table.table", match_id=match_id), 303)


def _tap() -> str | None:
    """The id the phone gave this tap (none from a phone without JavaScript)."""
    tap = request.form.get("tap")
    if tap is not None and not TAP_ID.fullmatch(tap):
        abort(400, _("The form's tap id is not one this app makes: reload the page."))
    return tap or None


def _uid() -> str | None:
    """The identity of the match the phone made the tap on (none from a phone without
    JavaScript): a tap for a match deleted meanwhile never lands in another."""
    uid = request.form.get("match")
    if uid is not None and not MATCH_UID.fullmatch(uid):
        abort(400, _("The form's match is not one this app makes: reload the page."))
    return uid or None


def _refused(fresh: store.StoredMatch) -> str:
    """Why a tap that waited on the phone (or came from a phone behind) was not recorded,
    naming it and what came first."""
    form = request.form
    player = form.get("turn", "")
    if player not in fresh.record["players"]:
        player = ""  # whose turn the phone showed, when it named one of the players
    player = player_name(player)
    endpoint = request.endpoint or ""
    if endpoint.endswith(".play") and player:
        tap = _("%(tile)s by %(player)s", tile=form.get("tile", ""), player=player)
    elif endpoint.endswith(".draw") and player:
        tap = _("%(player)s's draw", player=player)
    elif endpoint.endswith(".pass_turn") and player:
        if _knocks(fresh.record):
            tap = elided(_("%(player)s's knock", player=player))
        else:
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


def _write(match_id: int, write, notice=None, shown=None, **extra) -> Response:
    """Saves one change through the store and answers with the table; a broken rule, a stale
    phone or a closed match get the table back with why.

    `write(db, version, sent)` makes the change (store.enter, store.undo, …; `sent`: the tap's
    id and the identity of the match the phone made it on, as the store takes them);
    `notice(saved)`, when given, says what the change did that the table does not show by itself
    ("Undone: 5-3 by Bo."). A plain form gets a 303 to the table (the notice flashed); htmx
    gets the new table at once, drawn from the match the write replayed: one request and one
    replay per tap.
    `extra`: what the table showed (the correction, the pips typed), shown again with the reason
    a change was refused; `shown`: what the new table shows filled in (the pips an Undo took
    back, to correct and confirm again). A closed match sends the player to the club admin's
    login, which comes back to the table.
    A tap sent again that the match already recorded (`tap`, its answer was lost) is answered
    with the table as it is, as done."""
    version = form_version()
    tap = _tap()
    uid = _uid()
    try:
        saved = write(get_db(), version, {"tap": tap, "uid": uid})
    except store.UnknownMatch:
        if tap or uid:  # a tap that waited on the phone, for a match deleted meanwhile
            abort(404, _("This match was deleted: the tap was not recorded."))
        abort(404, _("There is no such match."))
    except store.TapDone as done:
        return table_page(build(done.fresh))
    except store.StaleVersion as stale:
        message = _refused(stale.fresh) if tap else _("The table changed — here is the latest.")
        return table_page(build(stale.fresh, message=message), 409)
    except store.ClosedMatch:
        table = url_for("table.table", match_id=match_id)
        return go(url_for("admin.login", next=table))
    except store.StoppedMatch as stopped:
        message = _("This match was stopped: it takes no more entries.")
        return table_page(build(stopped.fresh, message=message), 409)
    except EndAsked as asked:  # a change that makes a later tile fit two ends: which one?
        redo = [(k, v) for k, v in request.form.items(multi=True) if k not in _NOT_REDONE]
        table = build(match_or_404(match_id), later_end=asked, redo=redo, **extra)
        table.redo_action = request.path
        return table_page(table)
    except RecordError as error:
        table = build(match_or_404(match_id), message=sentence(explain(error)), **extra)
        return table_page(table, 422)
    said = notice(saved) if notice else None
    if htmx and not htmx.boosted:
        return table_page(build(saved.stored, saved.match, notice=said, **(shown or {})))
    if said:
        flash(said)
    return _see(match_id)


_NOT_REDONE = ("csrf_token", "version", "tap")


def _enter(match_id: int, entry: Entry, **extra) -> Response:
    """One entry as the player said it; the engine fills in whose turn it is and the end where
    the choice makes no difference (exactly as for the API)."""

    def enter(db, version: int, sent: dict) -> store.Saved:
        return matches.enter(db, match_id, version, entry, admin=is_admin(), **sent)

    return _write(match_id, enter, **extra)


# -- the table --------------------------------------------------------------------------------


@bp.get("/matches/<int:match_id>")
def table(match_id: int):
    """The table; `?tile=T` asks where T goes, `?fix=0` lists the hand's entries to correct,
    `?fix=N` corrects entry N (with `tile` when the tile replacing it fits several ends),
    `?fix=N&insert=1` puts in an entry missed before it, `?layout=1` shows the layout alone."""
    table = build(match_or_404(match_id))
    fix = whole_number(request.args.get("fix"), 0, MAX_POSITION)
    if fix is not None and table.can_fix:
        table.fixing = fix if fix <= len(table.entries()) else 0
        table.inserting = table.fixing > 1 and request.args.get("insert") == "1"
    table.showing_layout = request.args.get("layout") == "1" and table.phase == "play"
    tile = request.args.get("tile")
    if tile:  # its end is asked when it fits ends that make different games; else ignored
        asked = table.before_fixed() if table.fixing else table
        if asked is not None and len(asked.match.end_choices(tile)) > 1:
            table.choosing = tile
    return table_page(table)


@bp.post("/matches/<int:match_id>/play")
def play(match_id: int):
    return _enter(match_id, Play(request.form.get("tile", ""), request.form.get("end") or None))


@bp.post("/matches/<int:match_id>/draw")
def draw(match_id: int):
    return _enter(match_id, Draw(1))


@bp.post("/matches/<int:match_id>/pass")
def pass_turn(match_id: int):
    return _enter(match_id, Pass())


@bp.post("/matches/<int:match_id>/undo")
def undo(match_id: int):
    record = match_or_404(match_id).record
    undone = last_entry(record)
    # The pips taken back stay typed in the form, to be corrected and confirmed again.
    kept = {"left_form": undone.as_json()} if isinstance(undone, Left) else None
    return _write(
        match_id,
        lambda db, version, sent: store.undo(db, match_id, version, admin=is_admin(), **sent),
        notice=lambda _saved: _undone(undone, record),
        shown=kept,
    )


def _undone(entry: Entry | None, record: dict) -> str | None:
    """What Undo took away from `record`, in words (a pass is a knock where nothing is ever
    drawn)."""
    match entry:
        case None:
            return None
        case ScoredHand():
            return _("Undone: the hand scored as told.")
        case Left(left=left):
            said = " · ".join(
                f"{player_name(player)} {held if isinstance(held, int) else sum(map(pips, held))}"
                for player in record["players"]
                if (held := left.get(player)) is not None
            )
            n = len(record["hands"])
            return _("Undone: the pips left in hand %(n)s (%(pips)s).", n=n, pips=said)
        case Play(tile=tile, player=player):
            return _("Undone: %(tile)s by %(player)s.", tile=tile, player=player_name(player))
        case Draw(player=player):
            return elided(_("Undone: %(player)s's draw.", player=player_name(player)))
    if _knocks(record):
        return elided(_("Undone: %(player)s's knock.", player=player_name(entry.player)))
    return elided(_("Undone: %(player)s's pass.", player=player_name(entry.player)))


def _knocks(record: dict) -> bool:
    """No drawing in this match (Fives and Threes): a player who cannot play knocks."""
    return rules_for(record["rules"], len(record["players"])).boneyard == "sleeping"


def _said(form) -> Entry:
    """The entry a correction's form says: a tile (and its end), a draw or a pass."""
    if "draw" in form:
        return Draw(1)
    if "pass" in form:
        return Pass()
    return Play(form.get("tile", ""), form.get("end") or None)


def _later_ends(form) -> dict[int, str]:
    """`end:N=E`: the end of the hand's tile N, asked after a change made it fit two ends."""
    ends = {}
    for key, value in form.items():
        if key.startswith("end:") and value in END_NAMES:
            position = whole_number(key[4:], 1, MAX_POSITION)
            if position is not None:
                ends[position] = value
    return ends


def _position() -> int:
    number = whole_number(request.form.get("position"), 1, MAX_POSITION)
    if number is None:
        abort(400, _("Say which entry to correct."))
    return number


@bp.post("/matches/<int:match_id>/correct")
def correct(match_id: int):
    """Entry `position` of the current hand replaced by what the form says instead: a tile
    (and its end), a draw or a pass. The later entries are replayed after it; a later tile that
    now fits ends making different games asks its end; one that no longer fits is named, and
    nothing changes."""
    number = _position()
    entry, ends = _said(request.form), _later_ends(request.form)
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
        lambda db, version, sent: store.correct(
            db, match_id, version, number, entry, admin=is_admin(), ends=ends, **sent
        ),
        notice=corrected,
        fixing=number,
    )


@bp.post("/matches/<int:match_id>/insert")
def insert_missed(match_id: int):
    """A missed entry put in before entry `position` of the current hand, by the player whose
    turn it was then; the later entries go to whose turn it now is."""
    number = _position()
    entry, ends = _said(request.form), _later_ends(request.form)

    def inserted(saved: store.Saved) -> str | None:
        after = hand_entries(saved.match)
        if number >= len(after):
            return None
        return _(
            "Put in: %(missed)s, before %(next)s.",
            missed=after[number - 1].words,
            next=after[number].words,
        )

    return _write(
        match_id,
        lambda db, version, sent: store.insert_missed(
            db, match_id, version, number, entry, admin=is_admin(), ends=ends, **sent
        ),
        notice=inserted,
        fixing=number,
        inserting=True,
    )


@bp.post("/matches/<int:match_id>/remove")
def remove_extra(match_id: int):
    """Entry `position` of the current hand taken out (entered twice, or by mistake)."""
    number = _position()
    ends = _later_ends(request.form)
    before = hand_entries(build(match_or_404(match_id)).match)
    was = before[number - 1].words if 1 <= number <= len(before) else None
    return _write(
        match_id,
        lambda db, version, sent: store.remove_extra(
            db, match_id, version, number, admin=is_admin(), ends=ends, **sent
        ),
        notice=lambda _saved: _("Removed: %(was)s.", was=was) if was else None,
        fixing=number,
    )


@bp.post("/matches/<int:match_id>/turn")
def turn_lead(match_id: int):
    """The lead turned round (1-6 for 6-1) while it is the one tile on the table, so the
    screen's left and right are the table's."""
    table = build(match_or_404(match_id))
    if not table.can_turn_lead:
        message = _("The lead can be turned only while it is the one tile on the table.")
        return table_page(build(table.stored, table.match, message=message), 422)
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

    turn = Play(f"{b}-{a}")
    return _write(
        match_id,
        lambda db, version, sent: store.correct(
            db, match_id, version, 1, turn, admin=is_admin(), **sent
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
        lambda db, version, sent: store.choose_leader(db, match_id, version, leader, **sent),
    )


def _left_from_form(players: list[str]) -> dict:
    """Per player: the tiles ticked, else the pip total typed; players with neither, and those
    whose field shows pips the engine worked out (`derived`), are left out (they are worked out
    again from the rest). Pips that are not a number go to the engine as typed, for its
    sentence."""
    left: dict = {}
    derived = set(request.form.getlist("derived"))
    for player in players:
        tiles = request.form.getlist(f"tiles:{player}")
        pips = request.form.get(f"pips:{player}", "").strip()
        if tiles:
            left[player] = tiles
        elif pips and player not in derived:
            number = whole_number(pips, 0, MAX_PIPS)
            left[player] = pips if number is None else number
    return left


@bp.post("/matches/<int:match_id>/left/preview")
def preview_left(match_id: int):
    """What Confirm would enter: the settlement, or what is still missing; the fields of the
    pips worked out from those typed come with it (htmx swaps them in place)."""
    stored = match_or_404(match_id)
    table = build(stored, left_form=_left_from_form(stored.record["players"]))
    if htmx:
        return page("table.html", "table/_checked.html", table=table)
    return table_page(table)


@bp.post("/matches/<int:match_id>/left")
def enter_left(match_id: int):
    """The pips left, typed, ticked or worked out. With a player's still missing nothing is
    entered: the form comes back as it was typed, saying whose are missing."""
    stored = match_or_404(match_id)
    typed = _left_from_form(stored.record["players"])
    table = build(stored, left_form=typed)
    left = table.left_entry()
    missing = [p for p in table.hand.needs_left if p not in left]
    if table.phase == "settle" and missing:
        table.message = _("Still needed: the pips of %(players)s.", players=names_text(missing))
        return table_page(table, 422)
    return _enter(match_id, Left(left), left_form=typed)


@bp.post("/matches/<int:match_id>/final")
def final(match_id: int):
    """The players are done with a finished match: from now on only the club admin may change
    it (a match still being played is left as it is)."""
    match_or_404(match_id)
    try:
        stored = store.close(get_db(), match_id, uid=_uid())
    except store.UnknownMatch:  # Final waited on the phone while its match was deleted
        abort(404, _("This match was deleted: the tap was not recorded."))
    if htmx and not htmx.boosted:
        return table_page(build(stored))
    return _see(match_id)


@bp.post("/matches/<int:match_id>/rematch")
def rematch(match_id: int):
    old = match_or_404(match_id).record
    partnership = old.get("partnership", False)
    record = new_record(old["rules"], old["players"], partnership, clock.local_now())
    made = store.rematch(get_db(), match_id, record)  # the old match is final: the table moved on
    return go(url_for("table.table", match_id=made.id))


# -- export and import ------------------------------------------------------------------------


@bp.get("/matches/<int:match_id>/record.json")
def export(match_id: int):
    body = json.dumps(match_or_404(match_id).record, indent=2, ensure_ascii=False) + "\n"
    response = Response(body, mimetype="application/json")
    filename = f"allfives-match-{match_id}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
