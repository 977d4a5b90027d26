"""The JSON API: create, read, add an entry, undo. The record is the whole truth."""

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, HTTPException

from assistant.club import store
from assistant.engine import RecordError, add_entry, replay, undo_entry
from assistant.web.db import get_db
from assistant.web.messages import explain

bp = Blueprint("api", __name__, url_prefix="/api")


def state(stored: store.StoredMatch, with_record: bool = True, match=None) -> dict:
    """The answer about a match; `match`: its record already replayed, when the caller has it."""
    body = {"id": stored.id, "version": stored.version}
    if with_record:
        body["record"] = stored.record
    body["result"] = (replay(stored.record) if match is None else match).result()
    return body


def _json_object() -> dict:
    body = request.get_json()  # 415 unless application/json, 400 if malformed
    if not isinstance(body, dict):
        raise BadRequest(_("The body must be a JSON object."))
    return body


def _version(body: dict) -> int:
    version = body.get("version")
    if type(version) is not int:
        raise BadRequest(_("The body must carry the match's version as a whole number."))
    return version


@bp.post("/matches")
def create_match():
    record = _json_object()
    replay(record)
    stored = store.create(get_db(), record)
    return state(stored, with_record=False), 201


@bp.get("/matches/<int:match_id>")
def get_match(match_id: int):
    return state(store.get(get_db(), match_id))


@bp.post("/matches/<int:match_id>/events")
def add_event(match_id: int):
    body = _json_object()
    version = _version(body)
    entry = {key: value for key, value in body.items() if key != "version"}
    stored, match = store.enter(
        get_db(), match_id, version, lambda s: add_entry(s.record, entry, replayed=replay(s.record))
    )
    return state(stored, match=match)


@bp.post("/matches/<int:match_id>/undo")
def undo(match_id: int):
    version = _version(_json_object())
    stored, match = store.enter(get_db(), match_id, version, lambda s: undo_entry(s.record))
    return state(stored, match=match)


@bp.errorhandler(RecordError)
def broken_rule(error: RecordError):
    return {"error": explain(error, where=True)}, 422


@bp.errorhandler(store.StaleVersion)
def stale(error: store.StaleVersion):
    body = state(error.fresh) | {"error": _("The table changed — here is the latest.")}
    return body, 409


@bp.errorhandler(store.UnknownMatch)
def unknown(_error: store.UnknownMatch):
    return {"error": _("There is no such match.")}, 404


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    response = jsonify({"error": error.description})
    response.status_code = error.code or 500
    return response
