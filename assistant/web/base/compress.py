"""Answers gzipped for browsers that accept it (waitress compresses nothing).

Static files: the table screen's CSS and JavaScript shrink to a fraction of their size
gzipped. Each file is compressed once, when first asked for, and kept in memory with its size
and modification time, so a changed file is compressed again; every later answer costs a
dictionary look-up.

Pages, htmx pieces and API answers are compressed as they go, at the fastest level: on a club's
crowded Wi-Fi the bytes sent are most of a tap's wait, and the fastest level already takes most
of them away. The CSRF token in them is masked afresh in every answer (security.py), so compressed
sizes tell an attacker nothing about it (BREACH).

Not flask-compress: it compresses every static answer again unless given a cache backend
(flask-caching), and brings brotli and zstandard with it."""

import gzip
import os
import re
import threading

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

TYPES = {"text/css", "text/javascript", "application/javascript", "image/svg+xml", "text/plain"}
DYNAMIC_TYPES = {"text/html", "application/json"}
DYNAMIC_LEVEL = 1  # a tap's piece of screen: fast, and already a tenth of the size
SMALL = 8192
PAGE_LEVEL = 6  # a whole page, loaded once: a sixth smaller again for a tenth of a millisecond
MINIMUM = 512  # smaller answers gain nothing worth a header (the 778-byte favicon: 400 gzipped)
LEVEL = 9  # compressed once per file: the smallest is worth the time
CSS_COMMENT = re.compile(rb"/\*(?!!).*?\*/", re.S)  # a /*! comment is a licence: it stays
# A line that is only a comment, and a doc comment standing on lines of its own, in the app's own
# scripts and modules (its rules engine's too; vendor/ is sent as written).
JS_COMMENT_LINE = re.compile(rb"^[ \t]*//[^\n]*\n", re.M)
JS_DOC_COMMENT = re.compile(rb"^[ \t]*/\*\*.*?\*/[ \t]*\n", re.M | re.S)

_cache: dict[tuple, bytes] = {}
_lock = threading.Lock()


def _gzipped(path: str) -> bytes | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    key = (path, stat.st_mtime_ns, stat.st_size)
    body = _cache.get(key)
    if body is None:
        with open(path, "rb") as f:
            text = f.read()
        # Notes for whoever edits the file, not for phones.
        if path.endswith(".css"):
            text = CSS_COMMENT.sub(b"", text)
        elif path.endswith((".js", ".mjs")) and _own(path):
            text = JS_DOC_COMMENT.sub(b"", JS_COMMENT_LINE.sub(b"", text))
        body = gzip.compress(text, LEVEL, mtime=0)
        with _lock:
            _cache[key] = body
    return body


def _own(path: str) -> bool:
    """A script of the app's own: in static/, not in its vendor/ folder."""
    static = current_app.static_folder
    inside = os.path.relpath(path, static)
    return not inside.startswith(("..", "vendor" + os.sep))


def _accepts_gzip() -> bool:
    for part in request.headers.get("Accept-Encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def compress(response: Response) -> Response:
    if request.endpoint == "static":
        return _compress_static(response)
    return _compress_dynamic(response)


def _compress_dynamic(response: Response) -> Response:
    if response.mimetype not in DYNAMIC_TYPES:
        return response
    response.vary.add("Accept-Encoding")
    if response.direct_passthrough or response.is_streamed or not _accepts_gzip():
        return response
    if "Content-Encoding" in response.headers:
        return response
    body = response.get_data()
    if len(body) < MINIMUM:
        return response
    small = len(body) < SMALL  # a tap's steps (table/patch.py): a higher level costs nothing
    level = DYNAMIC_LEVEL if request.headers.get("HX-Request") and not small else PAGE_LEVEL
    response.set_data(gzip.compress(body, level, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    return response


def _compress_static(response: Response) -> Response:
    if response.status_code not in (200, 304):
        return response
    response.vary.add("Accept-Encoding")
    size = response.content_length or 0
    if response.status_code != 200 or response.mimetype not in TYPES or size < MINIMUM:
        return response
    if not _accepts_gzip():
        return response
    path = safe_join(current_app.static_folder, (request.view_args or {}).get("filename", ""))
    body = _gzipped(path) if path else None
    if body is None or len(body) >= size:
        return response
    file = response.response
    if hasattr(file, "close"):
        file.close()  # the file send_file opened: this answer no longer reads it
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)  # ranges would be of the file, not of this
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)  # one file, two encodings: If-None-Match still hits
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
