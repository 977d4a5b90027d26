"""The web app: the table screens and the JSON API, on top of the rules engine."""

from flask import Flask, request
from flask_babel import Babel, get_locale
from flask_htmx import HTMX

from assistant.web import db, dominoes

LANGUAGES = ["en"]
htmx = HTMX()
YEAR = 365 * 24 * 3600


def _locale() -> str | None:
    return request.accept_languages.best_match(LANGUAGES)


def init_app(app: Flask) -> None:
    db.init_app(app)
    Babel(app, locale_selector=_locale)
    htmx.init_app(app)
    app.jinja_env.globals.update(
        spots=dominoes.spots, layout_view=dominoes.view, get_locale=get_locale
    )

    from assistant.web import api, views

    app.register_blueprint(api.bp)
    app.register_blueprint(views.bp)
    app.get_send_file_max_age = _max_age

    from assistant.web import admin, security

    security.init_app(app)
    admin.init_app(app)


def _max_age(filename: str | None) -> int | None:
    # Vendored files carry their version in their name, so they never change under it.
    if filename and filename.startswith("vendor/"):
        return YEAR
    return None
