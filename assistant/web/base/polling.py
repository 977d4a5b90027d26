"""Pieces that screens poll (the board, the watch page): an answer costs almost nothing when
nothing changed. The ETag is made from the versions of the matches shown and the players'
names, read without rendering anything; a browser that has that answer gets 304 and keeps it.

Chosen over server-sent events: htmx's `every 1s` polling stays as it is, each poll is an
ordinary short request (waitress has a few threads, and an open event stream would hold one per
TV and spectator all evening), and a phone that sleeps and wakes needs no reconnection logic."""

import hashlib
import time
from collections.abc import Callable

from flask import Response, request
from flask_babel import get_locale

from assistant.club import registry
from assistant.web.base.auth import is_admin
from assistant.web.base.db import get_db
from assistant.web.base.htmx import htmx

STARTED = str(time.time())  # a new server (new code, new templates) never answers 304 to old


def etag(shown: object) -> str:
    """The ETag of the polled answer for `shown`, as this request would get it; a write's answer
    carries it too, so the phone's next poll is a 304."""
    names = registry.names_now(get_db())
    # The club admin sees more than a player (the table's Play on, the admin's links): an answer
    # kept from before a login or a logout is never confirmed by 304.
    admin = is_admin()
    key = repr((STARTED, str(get_locale()), bool(htmx), admin, shown, names)).encode()
    return hashlib.blake2b(key, digest_size=8).hexdigest()


def polled(shown: object, render: Callable[[], Response]) -> Response:
    """`render()`'s answer, or 304 when the browser already has the answer for `shown` (the
    ids and versions of what the piece shows, and anything else it depends on) under the
    players' names now (a rename changes no match's version), for the admin or anyone else."""
    tag = etag(shown)
    unchanged = request.if_none_match.contains_weak(tag)
    response = Response(status=304) if unchanged else render()
    response.set_etag(tag, weak=True)  # gzipped or not, it is the same piece
    response.headers["Cache-Control"] = "no-cache"  # kept, and asked about on every poll
    response.vary.add("HX-Request")
    return response
