"""The app factory: configuration, the instance folder, templates and static files."""

import importlib.util
import os
import secrets
from pathlib import Path

from flask import Flask

from assistant.db import default_database, instance_folder
from assistant.web import bounds

CHECKOUT = Path(__file__).resolve().parents[2]


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

    from assistant.web import init_app

    init_app(app)
    return app
