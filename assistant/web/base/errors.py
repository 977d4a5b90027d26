"""Errors a player can read: a small page in the site's layout and in their language, with a way
back; the piece of it htmx asks for (static/app.js shows its message in a banner); and JSON
`{"error": ...}` for the API, which its own blueprint answers for the routes it has."""

from urllib.parse import urlsplit

from flask import Flask, current_app, make_response, render_template, request
from flask_babel import lazy_gettext as _  # lazy: the language is the request's
from werkzeug.exceptions import HTTPException, InternalServerError

from assistant.db import DAMAGED, FULL, READ_ONLY, fault
from assistant.web.base.db import wrote_while_reading
from assistant.web.base.htmx import htmx

# Per status: a heading, and what to do when the code that stopped gave no reason of its own.
PAGES = {
    400: (
        _("That did not work"),
        _("The request was not understood: reload the page and try again."),
    ),
    403: (_("Not allowed"), _("This is not allowed here.")),
    404: (
        _("Not found"),
        _("There is nothing here: the address is wrong, or what it showed was deleted."),
    ),
    405: (
        _("Not like that"),
        _("This address does not take that: go back and use the page's buttons."),
    ),
    409: (
        _("It changed meanwhile"),
        _("Someone changed this meanwhile: reload to see the latest."),
    ),
    413: (_("Too big"), _("That is too big to send here.")),
    415: (_("Wrong kind of content"), _("That kind of content cannot be sent here.")),
    429: (_("Too many tries"), _("Too many tries: wait a minute and try again.")),
    500: (
        _("Something went wrong"),
        _("Something went wrong on the server: reload the page and try again."),
    ),
}


# A fault of the database's file or disk: nothing was saved, and reloading cannot help; what to do.
FAULTS = {
    FULL: (
        _("The disk is full"),
        _(
            "Nothing was saved: the server's disk is full. Free some space on the disk that "
            "holds %(path)s, then tap again: everything saved before is kept."
        ),
    ),
    READ_ONLY: (
        _("The database cannot be written"),
        _(
            "Nothing was saved: the server may not write to %(path)s. Make the file and its "
            "folder writable for the user that runs the server, then tap again: everything "
            "saved before is kept."
        ),
    ),
    DAMAGED: (
        _("The database is damaged"),
        _(
            "The server cannot read %(path)s: the file is damaged. Stop the server and restore "
            "the latest backup (docs/operations.md, “Restoring a backup”)."
        ),
    ),
}


def message(error: HTTPException) -> str:
    """The reason the code gave (already in the player's language), else ours for the status."""
    if error.description and error.description != type(error).description:
        return str(error.description)
    return str(PAGES.get(error.code or 500, PAGES[500])[1])


def handle(error: HTTPException):
    code = error.code or 500
    return _answer(code, PAGES.get(code, PAGES[500])[0], message(error), _allow(error))


def server_error(error: InternalServerError):
    """A crash; when it came from the database's file or disk (full, read-only, damaged), a 503
    that says what happened and what to do (the table's phone keeps the tap for later). A write
    tried while reading is a crash of the code, whatever SQLite calls it."""
    kind = fault(error.original_exception)
    if kind is None or wrote_while_reading(error.original_exception):
        return handle(error)
    title, sentence = FAULTS[kind]
    return _answer(503, title, str(sentence) % {"path": current_app.config["DATABASE"]}, {})


def _answer(code: int, title, said: str, headers: dict):
    if request.path.startswith("/api/"):
        return {"error": said}, code, headers
    piece = htmx and not htmx.boosted
    template = "errors/_message.html" if piece else "errors/page.html"
    context = {"code": code, "title": title, "message": said, "back": _back()}
    page = render_template(template, **context)
    response = make_response(page, code, headers)
    response.vary.add("HX-Request")
    return response


def _allow(error: HTTPException) -> dict:
    """A 405 keeps its Allow header (and a 429 its Retry-After) from Werkzeug."""
    return {k: v for k, v in error.get_headers() if k in ("Allow", "Retry-After")}


def _back() -> str | None:
    """The page of this site the player came from, to go back to; None from anywhere else."""
    came = urlsplit(request.referrer or "")
    if came.netloc != request.host or not came.path.startswith("/") or came.path == request.path:
        return None
    return came.path + (f"?{came.query}" if came.query else "")


def init_app(app: Flask) -> None:
    # Also a crash: Flask logs it and hands this handler a 500.
    app.register_error_handler(HTTPException, handle)
    # By its code, so it also answers for the API, whose blueprint handles HTTPException.
    app.register_error_handler(InternalServerError, server_error)
