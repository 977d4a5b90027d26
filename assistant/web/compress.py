"""Static files gzipped for browsers that accept it (waitress compresses nothing).

The table screen's CSS and JavaScript are 150 KiB as files and 34 KiB gzipped
(bench/table_bytes.py). Each file is compressed once, when first asked for, and kept in memory
with its size and modification time, so a changed file is compressed again; every later answer
costs a dictionary look-up. Pages and htmx pieces are not compressed: they are small next to the
assets, answer every tap on the local network, and compressing them would slow the tap.

Not flask-compress: it compresses every answer again unless given a cache backend
(flask-caching), and brings brotli and zstandard with it, for what is here five files."""

import gzip
import os
import threading

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

TYPES = {"text/css", "text/javascript", "application/javascript", "image/svg+xml", "text/plain"}
MINIMUM = 1024  # smaller files gain nothing worth a header
LEVEL = 9  # compressed once per file: the smallest is worth the time

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
            body = gzip.compress(f.read(), LEVEL, mtime=0)
        with _lock:
            _cache[key] = body
    return body


def _accepts_gzip() -> bool:
    for part in request.headers.get("Accept-Encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def compress_static(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code not in (200, 304):
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
    app.after_request(compress_static)
