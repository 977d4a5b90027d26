"""The app factory, the one place the app is put together: configuration, the instance folder,
templates and static files, the shared pieces (web/base/) and every family of screens."""

import importlib.util
import os
import secrets
from pathlib import Path

from flask import Flask
from flask_babel import Babel, get_locale

from assistant.db import default_database, instance_folder
from assistant.engine import pips
from assistant.web.admin.routes import bp as admin_screens
from assistant.web.api.routes import bp as api
from assistant.web.base import (
    auth,
    bounds,
    compress,
    db,
    errors,
    games,
    hosts,
    i18n,
    modules,
    security,
)
from assistant.web.base.htmx import htmx
from assistant.web.base.pages import by_name, isolated, player_name, side_name
from assistant.web.history.routes import bp as history_screens
from assistant.web.home.routes import bp as home_screens
from assistant.web.live.routes import bp as live_screens
from assistant.web.players.routes import bp as player_screens
from assistant.web.season.draws import bp as draw_screens
from assistant.web.season.nights import bp as night_screens
from assistant.web.season.routes import bp as season_screens
from assistant.web.table import dominoes, settled
from assistant.web.table.paper import bp as paper_screens
from assistant.web.table.phone import bp as phone_screens
from assistant.web.table.routes import bp as table_screens
from assistant.web.table.stopping import bp as stopping_screens

CHECKOUT = Path(__file__).resolve().parents[2]
YEAR = 365 * 24 * 3600
SCREENS = (
    home_screens,
    table_screens,
    paper_screens,
    phone_screens,
    stopping_screens,
    api,
    history_screens,
    player_screens,
    season_screens,
    night_screens,
    draw_screens,
    live_screens,
    admin_screens,
)


def _shipped_dir(package: str, checkout_dir: str) -> str:
    """templates/ and static/ sit at the top of a checkout; an install ships them as packages."""
    spec = importlib.util.find_spec(package)
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if os.path.isdir(location):
                return location
    return str(CHECKOUT / checkout_dir)


def _secret_key(instance_path: str) -> str:
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: dict | None = None, database: str | None = None) -> Flask:
    """The app. `test_config` replaces instance/config.py; `database` overrides the SQLite file."""
    app = Flask(
        "assistant",
        instance_relative_config=True,
        instance_path=str(instance_folder()),
        template_folder=_shipped_dir("assistant.templates", "templates"),
        static_folder=_shipped_dir("assistant.static", "static"),
    )
    app.config.from_mapping(
        DATABASE=str(default_database()),
        SEND_FILE_MAX_AGE_DEFAULT=None,
        **bounds.CONFIG,  # the most any route takes: each kind of route takes less
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if database:
        app.config["DATABASE"] = os.path.abspath(database)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)

    _install(app)
    return app


def _install(app: Flask) -> None:
    bounds.init_app(app)  # first: the id converter must be in place before any route
    db.init_app(app)
    i18n.init_app(app)  # compiles the catalogs before Babel reads where they are
    games.init_app(app)
    modules.init_app(app)
    Babel(app, locale_selector=i18n.select_locale)
    i18n.install_template_gettext(app)
    htmx.init_app(app)
    app.jinja_env.globals.update(
        laid_svg=dominoes.laid_svg,
        tile_svg=dominoes.tile_svg,
        tile_pips=pips,
        layout_view=dominoes.view,
        layout_fitted=dominoes.fitted,
        settlement_words=settled.explain,
        side_name=side_name,
        get_locale=get_locale,
    )
    app.jinja_env.filters["bdi"] = isolated
    app.jinja_env.filters["name"] = player_name
    app.jinja_env.filters["by_name"] = by_name
    for screens in SCREENS:
        app.register_blueprint(screens)
    app.get_send_file_max_age = _max_age
    hosts.init_app(app)
    security.init_app(app)
    compress.init_app(app)
    auth.init_app(app)
    errors.init_app(app)


def _max_age(filename: str | None) -> int | None:
    # Vendored files carry their version in their name, so they never change under it.
    if filename and filename.startswith("vendor/"):
        return YEAR
    return None
