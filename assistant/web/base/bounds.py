"""What the web accepts, written down in one place (docs/operations.md names them).

The record's own limits (names, target, hands) are the engine's, in `assistant/engine/limits.py`,
and hold at every entry point because every record goes through the engine. This module adds
what a request may be:

* how many bytes each kind of request may send (the sizes below; a route takes a form's unless
  `body` marks it for more);
* how deep a JSON body may nest (`parse_json`, which every JSON body goes through);
* the one way a number is read from a form or a query (`whole_number`; a hand's points on
  paper, signed and maybe a half: `told_points`) or from a JSON body (`json_number`): ASCII
  digits only, a bounded length, a range, never `float()` (which reads "٣٥", "3_5", "5e0" and
  "1e-400" as numbers);
* a note on a hand scored on paper (`note_refusal`): one length, form or API, and no control
  characters;
* the ids in addresses (`IdConverter`, the app's `<int:...>`): within SQLite's integers.

A request beyond a bound is refused with a 4xx and a sentence, never a 500, and changes nothing.
"""

import re
import unicodedata
from collections.abc import Callable

import orjson
from flask import Flask, Request, current_app, request
from flask.json.provider import DefaultJSONProvider
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest
from werkzeug.routing import IntegerConverter

from assistant.engine.limits import MAX_NAME, MAX_TARGET, MAX_TOLD
from assistant.web.base.auth import is_admin  # the admin's session, checked before the body

KIB = 1024
MIB = 1024 * KIB

# -- request sizes, per kind of route -----------------------------------------------------------

FORM = 64 * KIB  # a tap, a new match, a name, a login: any form of the screens
JSON_BODY = 1 * MIB  # an API body: an entry, or a whole record (200 hands are about 200 KB)
RECORD_FILE = 1 * MIB + 16 * KIB  # one match record uploaded at the table, with its form
RECORD_FORM = 4 * MIB  # the admin's editor: one record as form text, escaped (up to 3× longer)
CLUB_FILE = 256 * MIB  # the admin's import of a club file (10,000 matches: about 120 MB),
# spooled to disk and read as a stream, so memory does not grow with it

MAX_JSON_DEPTH = 20  # a record nests 6 deep (record, hands, hand, events, event, value)
MAX_VERSION = 2**63 - 1  # a match's version, stored in SQLite's integers
MAX_ID = 2**63 - 1  # ids in addresses and forms (SQLite's integers)
MAX_PAGE = 100_000  # page numbers of the history and the leaderboard
MAX_STEP = 100_000  # the replay's step (200 hands of entries fit many times)
MAX_POSITION = 10_000  # an entry of the current hand, counted from 1
MAX_PIPS = 9_999  # the pips typed for a hand left: the engine says which totals are possible
MAX_FORM_FIELDS = 200  # fields in one form (werkzeug's MAX_FORM_PARTS)
TAP_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")  # the id a phone gives a tap (form or API)
MATCH_UID = re.compile(r"[A-Za-z0-9_-]{16}")  # a match's identity (`schema.new_uid`)
MAX_NOTE = 200  # characters in the note of a hand scored on paper (the form and the API)


def body(limit: int, admin_only: bool = False) -> Callable:
    """Marks a view as taking up to `limit` bytes (one of the kinds above) instead of a form's;
    `admin_only`: for the club admin only (anyone else is held to a form's, before the body is
    read at all)."""

    def mark(view):
        view.body_limit = limit
        view.body_admin_only = admin_only
        return view

    return mark


def _limit_body() -> None:
    """Runs before anything reads the body (the CSRF check does): the view's limit, else a
    JSON body's under /api/, else a form's."""
    view = current_app.view_functions.get(request.endpoint or "")
    limit = getattr(view, "body_limit", None)
    if limit is not None and getattr(view, "body_admin_only", False):
        limit = limit if is_admin() else FORM
    if limit is None:
        limit = JSON_BODY if request.path.startswith("/api/") else FORM
    configured = current_app.config.get("MAX_CONTENT_LENGTH")  # instance/config.py may lower it
    request.max_content_length = min(limit, configured) if configured else limit
    request.max_form_memory_size = request.max_content_length


# -- JSON -----------------------------------------------------------------------------------------


class BadJSON(ValueError):
    """A body or file that is not JSON we take: the sentence says why (already translated);
    `deep`: it is JSON, but nested too deep."""

    def __init__(self, sentence: str, deep: bool = False):
        super().__init__(sentence)
        self.deep = deep


def parse_json(data: bytes | str) -> object:
    """The JSON value in `data`, or BadJSON: not JSON (orjson is strict: no NaN or Infinity, no
    lone surrogate; an integer beyond 64 bits comes as a float, which no whole number takes), or
    nested deeper than MAX_JSON_DEPTH."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        if "depth" in str(error):
            raise _too_deep() from None
        raise BadJSON(_("This is not valid JSON: %(reason)s.", reason=str(error))) from None
    if _depth_over(value, MAX_JSON_DEPTH):
        raise _too_deep()
    return value


def _too_deep() -> BadJSON:
    return BadJSON(
        _("This JSON nests more than %(depth)s levels deep.", depth=MAX_JSON_DEPTH), deep=True
    )


def _depth_over(value: object, most: int) -> bool:
    """Whether `value` nests more than `most` lists and objects (walked level by level, not
    by recursion, so no depth can overflow Python's stack)."""
    level, depth = [value], 0
    while containers := [node for node in level if isinstance(node, dict | list)]:
        depth += 1
        if depth > most:
            return True
        level = [
            child
            for node in containers
            for child in (node.values() if isinstance(node, dict) else node)
        ]
    return False


class JSONProvider(DefaultJSONProvider):
    """Every JSON body the app reads (`request.get_json`) goes through `parse_json`."""

    def loads(self, s, **kwargs):
        return parse_json(s)


class BoundedRequest(Request):
    def on_json_loading_failed(self, e: ValueError | None):
        if isinstance(e, BadJSON):
            raise BadRequest(str(e))
        return super().on_json_loading_failed(e)


# -- numbers ------------------------------------------------------------------------------------


def whole_number(text: object, least: int = 0, most: int = MAX_ID) -> int | None:
    """The whole number a form or query field holds, or None: ASCII digits only (`'²'.isdigit()`
    is True, `int('²')` fails), at most as many as `most` has, from `least` to `most`."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not (text and text.isascii() and text.isdigit() and len(text) <= len(str(most))):
        return None
    number = int(text)
    return number if least <= number <= most else None


# A side's points on paper: an optional minus (ASCII or U+2212, as a phone's keyboard may type
# it), ASCII digits, and a half written .5 or ,5 (the engine says whether the game scores halves).
_DIGITS = len(str(MAX_TOLD))
TOLD = re.compile(rf"(?P<minus>[-\u2212]?)(?P<whole>[0-9]{{1,{_DIGITS}}})(?P<half>[.,]5)?")


def told_points(text: str) -> int | float | None:
    """A side's points typed on the paper form, or None: "25", "-10", "12.5" (empty is 0), from
    -MAX_TOLD to MAX_TOLD. Nothing else is a number here: no exponent, no underscore, no other
    digits than ASCII, no plus (only a loss is signed)."""
    text = text.strip()
    if not text:
        return 0
    found = TOLD.fullmatch(text)
    if found is None:
        return None
    value = int(found["whole"]) + (0.5 if found["half"] else 0)
    value = -value if found["minus"] else value
    if not -MAX_TOLD <= value <= MAX_TOLD:
        return None
    return int(value) if value == int(value) else value


def note_refusal(note: object) -> str | None:
    """Why the note of a hand scored on paper is refused (a sentence), or None: text of at most
    MAX_NOTE characters, with no control character (NUL, ESC, a line break: the note is one
    line)."""
    if note is None:
        return None
    if not isinstance(note, str):
        return _("A note is text.")
    if len(note) > MAX_NOTE:
        return _("A note has at most %(n)s characters.", n=MAX_NOTE)
    if any(unicodedata.category(c) == "Cc" for c in note):
        return _("A note cannot hold control characters (like a line break or NUL).")
    return None


def json_number(value: object, least: int = 0, most: int = MAX_ID) -> int | None:
    """The same for a JSON value: a whole number (not true or false) within the range."""
    if type(value) is not int or not least <= value <= most:
        return None
    return value


class IdConverter(IntegerConverter):
    """`<int:...>` in every address: ASCII digits, within SQLite's integers (else a 404)."""

    regex = r"[0-9]{1,19}"

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", MAX_ID)
        super().__init__(map, *args, **kwargs)


CONFIG = {"MAX_CONTENT_LENGTH": CLUB_FILE, "MAX_FORM_PARTS": MAX_FORM_FIELDS}  # app.py's defaults


def init_app(app: Flask) -> None:
    """Before any route is added: ids in addresses are bounded, JSON bodies parsed with a depth
    limit, and each request's size limited before anything reads it."""
    app.url_map.converters["int"] = IdConverter
    app.json = JSONProvider(app)
    app.request_class = BoundedRequest
    app.before_request_funcs.setdefault(None, []).insert(0, _limit_body)
    app.jinja_env.globals.update(max_name=MAX_NAME, max_target=MAX_TARGET)
