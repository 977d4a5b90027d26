"""Nobody let in: a CSRF token on every form POST, JSON-only API bodies, security headers.

Forms carry the token as a hidden field (`{{ csrf_field() }}`, for phones without JavaScript);
htmx requests carry it as the X-CSRF-Token header (`hx-headers` on <body> in base.html)."""

import base64
import hmac
import secrets
from urllib.parse import unquote, urlsplit

from flask import Flask, g, request, session
from flask_babel import gettext as _
from markupsafe import Markup, escape
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
WRITES = {"POST", "PUT", "PATCH", "DELETE"}

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def csrf_token() -> str:
    """This session's token (made on first use) under a fresh one-time pad: it reads
    differently in every answer, so a compressed page tells nothing about it (BREACH). One pad
    an answer: the table's forms carry the same masked token, which a compressed page then
    sends once (every pad is as large as the token, and random)."""
    token = session.get(FIELD)
    if not token:
        token = session[FIELD] = secrets.token_urlsafe(32)
    shown = g.get("csrf_masked")
    if shown is None or shown[0] != token:
        shown = g.csrf_masked = (token, masked(token))
    return shown[1]


def renew_token() -> None:
    """A new token for this session (at the admin's login): a token seen before, on a shared
    laptop or in a page someone kept, does not carry over into the admin's session."""
    session[FIELD] = secrets.token_urlsafe(32)


def masked(token: str) -> str:
    raw = token.encode()
    pad = secrets.token_bytes(len(raw))
    return base64.urlsafe_b64encode(pad + _xor(raw, pad)).decode()


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def _unmasked(sent: str) -> bytes | None:
    try:
        data = base64.urlsafe_b64decode(sent.encode())
    except (ValueError, UnicodeEncodeError):
        return None
    half = len(data) // 2
    if not half or len(data) != 2 * half:
        return None
    return _xor(data[:half], data[half:])


def csrf_field() -> Markup:
    return Markup(f'<input type="hidden" name="{FIELD}" value="{escape(csrf_token())}">')


def token_ok(sent: str | None) -> bool:
    expected = session.get(FIELD)
    token = _unmasked(str(sent)) if sent else None
    if not (expected and token):
        return False
    return hmac.compare_digest(token, str(expected).encode())


def _is_api() -> bool:
    return request.path.startswith("/api/")


def check_request() -> None:
    """Refuses a write that a third-party page could have made: a form POST without this
    session's token (400), an API body that is not JSON (415: a cross-site form cannot send
    JSON without the browser asking us first, and we never say yes)."""
    if request.method not in WRITES:
        return
    if _is_api():
        if not request.is_json:
            raise UnsupportedMediaType(_("Send the body as application/json."))
        return
    if not token_ok(request.headers.get(HEADER) or request.form.get(FIELD)):
        raise BadRequest(_("This form has expired or did not come from this app: reload the page."))


def local_path(target: str | None) -> str | None:
    """`target` when it is a path on this site ("/matches/3?tile=5-5"), else None: where a login
    or the language switch may send the player back to. A browser drops tabs and newlines from
    an address and reads a backslash as a slash (`?next=/%09/evil.example` would end at
    //evil.example, another site), so no control character, backslash, scheme, host or "//" is
    taken, before or after decoding."""
    if not target:
        return None
    for text in (target, unquote(target)):
        if not text.startswith("/") or text.startswith("//") or "\\" in text:
            return None
        if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
            return None
        parts = urlsplit(text)
        if parts.scheme or parts.netloc:
            return None
    return target


def add_headers(response):
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    app.before_request(check_request)
    app.after_request(add_headers)
    app.jinja_env.globals.update(csrf_token=csrf_token, csrf_field=csrf_field)
