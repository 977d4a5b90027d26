"""The web app: the table screens and the JSON API, on top of the rules engine."""

from flask import Flask
from flask_babel import Babel, get_locale
from flask_htmx import HTMX

from assistant.web import bounds, db, dominoes, i18n, settled
from assistant.web.i18n import LANGUAGES  # noqa: F401  (the languages with a catalog)

htmx = HTMX()
YEAR = 365 * 24 * 3600


def init_app(app: Flask) -> None:
    bounds.init_app(app)  # first: the id converter must be in place before any route
    db.init_app(app)
    i18n.init_app(app)  # compiles the catalogs before Babel reads where they are
    Babel(app, locale_selector=i18n.select_locale)
    i18n.install_template_gettext(app)
    htmx.init_app(app)
    from assistant.web import pieces  # it uses `htmx` above

    app.jinja_env.globals.update(
        laid_svg=dominoes.laid_svg,
        tile_svg=dominoes.tile_svg,
        layout_view=dominoes.view,
        settlement_words=settled.explain,
        side_name=pieces.side_name,
        get_locale=get_locale,
    )

    from assistant.web import api, views

    app.register_blueprint(api.bp)
    app.register_blueprint(views.bp)
    app.get_send_file_max_age = _max_age

    from assistant.web import admin, compress, errors, security

    security.init_app(app)
    compress.init_app(app)
    admin.init_app(app)
    errors.init_app(app)

    from assistant.web import club, draws, history, live, nights, phone, season

    for blueprint in (club.bp, history.bp, live.bp, season.bp, nights.bp, draws.bp):
        app.register_blueprint(blueprint)
    app.register_blueprint(phone.bp)


def _max_age(filename: str | None) -> int | None:
    # Vendored files carry their version in their name, so they never change under it.
    if filename and filename.startswith("vendor/"):
        return YEAR
    return None
