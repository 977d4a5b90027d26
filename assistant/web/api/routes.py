"""The JSON API: create, read, add an entry, undo, correct an entry, choose who leads. The
record is the whole truth; an entry is taken exactly as the table screen takes it (the store and
the engine decide, `store.enter`)."""

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, HTTPException, UnprocessableEntity

from assistant.club import store
from assistant.engine import RecordError, read_entry, replay
from assistant.web.base.auth import is_admin, refuse, remember_sent
from assistant.web.base.bounds import (
    MAX_POSITION,
    MAX_VERSION,
    TAP_ID,
    json_number,
    note_refusal,
    whole_number,
)
from assistant.web.base.db import get_db
from assistant.web.base.errors import message
from assistant.web.base.messages import explain

bp = Blueprint("api", __name__, url_prefix="/api")


def state(stored: store.StoredMatch, with_record: bool = True, match=None) -> dict:
    """The answer about a match; `match`: its record already replayed, when the caller has it."""
    body = {"id": stored.id, "version": stored.version}
    if with_record:
        body["record"] = stored.record
    match = store.replayed(get_db(), stored) if match is None else match
    body["result"] = match.result()
    body["imported"] = stored.imported
    body["stopped"] = stored.stopped if match.winner is None else None
    return body


def _json_object() -> dict:
    body = request.get_json()  # 415 unless application/json, 400 if malformed or too deep
    if not isinstance(body, dict):
        raise BadRequest(_("The body must be a JSON object."))
    return body


def _version(body: dict) -> int:
    version = json_number(body.get("version"), 1, MAX_VERSION)
    if version is None:
        raise BadRequest(_("The body must carry the match's version as a whole number."))
    return version


def _tap(body: dict) -> str | None:
    """The id the caller gave this write, so that sending it again is safe: a tap the match
    already recorded is answered as done (200, the match as it is)."""
    tap = body.get("tap")
    if tap is not None and not (isinstance(tap, str) and TAP_ID.fullmatch(tap)):
        raise BadRequest(_('"tap" must be 8 to 64 letters, digits, "-" or "_".'))
    return tap


def _check_notes(hands: list) -> None:
    """The note of each hand scored on paper, held to the paper form's rule (`note_refusal`)."""
    for hand in hands:
        refusal = note_refusal(hand.get("notes")) if isinstance(hand, dict) else None
        if refusal:
            raise UnprocessableEntity(refusal)


def _saved(saved: store.Saved):
    return state(saved.stored, match=saved.match)


@bp.post("/matches")
def create_match():
    """A new match from a record: empty, to be entered tile by tile, or with hands already
    played or a date of its own (then it waits: it counts once the club admin accepts it)."""
    record = _json_object()
    replay(record)
    _check_notes(record["hands"])
    stored = store.create(get_db(), record, origin="api")
    if stored.imported:
        remember_sent(stored.id)  # the phone that sent it may put it on the night's draw
    return state(stored, with_record=False), 201


@bp.get("/matches/<int:match_id>")
def get_match(match_id: int):
    return state(store.get(get_db(), match_id))


@bp.post("/matches/<int:match_id>/events")
def add_event(match_id: int):
    """One entry as a player says it: {"play": "5-3"}, with "end" where the ends make different
    games; {"draw": 1}; {"pass": true}; {"left": {...}}; {"points": {...}, "notes": ...} (a hand
    scored as told, before its lead); "player" may be given, and is checked. Every write takes a
    "tap" id of the caller's own: sent again, a write already made is answered as done (200, the
    match as it is), so a request whose answer was lost is safe to repeat."""
    body = _json_object()
    version = _version(body)
    tap = _tap(body)
    _check_notes([body])
    entry = read_entry({key: value for key, value in body.items() if key not in ("version", "tap")})
    return _saved(store.enter(get_db(), match_id, version, entry, admin=is_admin(), tap=tap))


@bp.post("/matches/<int:match_id>/undo")
def undo(match_id: int):
    body = _json_object()
    version = _version(body)
    return _saved(store.undo(get_db(), match_id, version, admin=is_admin(), tap=_tap(body)))


@bp.post("/matches/<int:match_id>/correct")
def correct(match_id: int):
    """{"version", "position": N, ...entry}: event N (1, 2, …) of the current hand replaced;
    "ends": {"M": END} names the end of a later tile M the correction makes fit two ends."""
    body = _json_object()
    version = _version(body)
    position = json_number(body.get("position"), 1, MAX_POSITION)
    if position is None:
        raise BadRequest(
            _(
                "The body must say which event to correct, as a whole number from 1 to %(most)s.",
                most=MAX_POSITION,
            )
        )
    ends = _later_ends(body.get("ends", {}))
    tap = _tap(body)
    fields = ("version", "position", "ends", "tap")
    entry = read_entry({key: value for key, value in body.items() if key not in fields})
    return _saved(
        store.correct(
            get_db(), match_id, version, position, entry, admin=is_admin(), ends=ends, tap=tap
        )
    )


def _later_ends(ends: object) -> dict[int, str]:
    """{"3": "left"}: the end of a later tile the correction makes fit ends of different games
    (asked as the table asks it: without it, the 422 names the tile)."""
    later = {}
    if isinstance(ends, dict):
        for key, end in ends.items():
            number = whole_number(key, 1, MAX_POSITION)
            if number is None or end not in ("left", "right", "up", "down"):
                break
            later[number] = end
        else:
            return later
    raise BadRequest(_('"ends" must map later entries\' numbers to their ends: {"3": "left"}.'))


@bp.post("/matches/<int:match_id>/leader")
def choose_leader(match_id: int):
    """{"version", "leader": NAME}: who leads the next hand, when the rules leave it open."""
    body = _json_object()
    version = _version(body)
    leader = body.get("leader")
    if leader not in store.get(get_db(), match_id).record["players"]:
        raise BadRequest(_("Pick one of the players."))
    return _saved(store.choose_leader(get_db(), match_id, version, leader, tap=_tap(body)))


@bp.post("/matches/<int:match_id>/stop")
def stop(match_id: int):
    """{"version"}: the match will not be finished (as the table's Stop, confirmed)."""
    version = _version(_json_object())
    try:
        return _saved(store.stop(get_db(), match_id, version))
    except store.NotStoppable:
        return {"error": _("Only a match still being played can be stopped.")}, 409


@bp.errorhandler(RecordError)
def broken_rule(error: RecordError):
    return {"error": explain(error, where=True)}, 422


@bp.errorhandler(store.StaleVersion)
def stale(error: store.StaleVersion):
    body = state(error.fresh) | {"error": _("The table changed — here is the latest.")}
    return body, 409


@bp.errorhandler(store.StoppedMatch)
def stopped(error: store.StoppedMatch):
    body = state(error.fresh) | {"error": _("This match was stopped: it takes no more entries.")}
    return body, 409


@bp.errorhandler(store.TapDone)
def done(error: store.TapDone):
    return state(error.fresh)


@bp.errorhandler(store.ClosedMatch)
def closed(_error: store.ClosedMatch):
    return refuse()  # 401: the club admin may, once logged in


@bp.errorhandler(store.UnknownMatch)
def unknown(_error: store.UnknownMatch):
    return {"error": _("There is no such match.")}, 404


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    response = jsonify({"error": message(error)})
    response.status_code = error.code or 500
    return response
