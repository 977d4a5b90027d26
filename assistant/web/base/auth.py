"""The club admin: one password (hashed in instance/admin_password), a login, the sessions it
opens (instance/admin_password_sessions), and the `admin_required` decorator for the pages and API
routes only the admin may use.

Set the password with `python -m assistant admin-password`: that ends every admin session.
Logging out ends that session, and any copy of its cookie. Deleting a match, editing a record,
and changing a finished match the table has closed (club/store/) need the admin."""

import functools
import json
import os
import secrets
import sys
import threading
import time
from collections import defaultdict, deque
from datetime import UTC, datetime, timedelta
from getpass import getpass
from pathlib import Path

from flask import (
    Flask,
    current_app,
    g,
    redirect,
    request,
    session,
    url_for,
)
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from werkzeug.security import check_password_hash, generate_password_hash

from assistant.db import instance_folder
from assistant.web.base.htmx import htmx
from assistant.web.base.security import renew_token

MIN_LENGTH = 8
ATTEMPTS = 5  # login attempts per client address ...
WINDOW = 60.0  # ... per this many seconds
SESSION_HOURS = 12  # an admin session ends by itself after a club night
MAX_SESSIONS = 20  # live admin sessions at once (the oldest ends first)


# -- the password file ------------------------------------------------------------------------


def password_file(app: Flask) -> Path:
    return Path(app.config.get("ADMIN_PASSWORD_FILE") or Path(app.instance_path, "admin_password"))


def save_password(path: Path, password: str) -> None:
    """Writes the scrypt hash of `password`, readable by this user only, replacing any old one;
    every admin session ends."""
    _write_private(path, generate_password_hash(password, method="scrypt") + "\n")
    end_every_session(path)


def _write_private(path: Path, text: str) -> None:
    """`text` as the whole of `path` at once (a reader sees the old or the new), for this user."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def password_matches(path: Path, password: str) -> bool:
    try:
        stored = path.read_text().strip()
    except FileNotFoundError:
        return False
    return bool(stored) and check_password_hash(stored, password)


# -- admin sessions ---------------------------------------------------------------------------
#
# The cookie is signed, so nobody can forge one, but a signed cookie alone cannot be taken back.
# So the file beside the password hash lists the admin sessions that are live: {"generation": N,
# "live": {token: logged in at}}. An admin cookie carries its generation and token, and counts
# only while both are in the file: logging out takes its token out; a new password (any
# process, the command included) starts a new generation with none.

_sessions_lock = threading.Lock()


def sessions_file(password: Path) -> Path:
    return password.with_name(password.name + "_sessions")


def _read_sessions(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
        if isinstance(data, dict) and isinstance(data.get("live"), dict):
            return data
    except (OSError, ValueError):
        pass
    return {"generation": 0, "live": {}}


def _change_sessions(path: Path, change) -> dict:
    with _sessions_lock:
        data = _read_sessions(path)
        change(data)
        _write_private(path, json.dumps(data))
        return data


def end_every_session(password: Path) -> None:
    def new_generation(data: dict) -> None:
        data["generation"] = int(data.get("generation", 0)) + 1
        data["live"] = {}

    _change_sessions(sessions_file(password), new_generation)


def _expired(logged_in: str, now: datetime) -> bool:
    try:
        return datetime.fromisoformat(logged_in) + timedelta(hours=SESSION_HOURS) <= now
    except (TypeError, ValueError):
        return True


def begin_session() -> None:
    token = secrets.token_urlsafe(24)
    now = datetime.now(UTC)

    def add(data: dict) -> None:
        live = {t: at for t, at in data["live"].items() if not _expired(at, now)}
        kept = sorted(live.items(), key=lambda item: item[1])[-(MAX_SESSIONS - 1) :]
        data["live"] = dict(kept) | {token: now.isoformat(timespec="seconds")}

    data = _change_sessions(sessions_file(password_file(current_app)), add)
    session["admin"] = {"generation": data["generation"], "token": token}
    renew_token()


def end_session() -> None:
    cookie = _cookie()
    session.pop("admin", None)
    if cookie and cookie.get("token"):
        path = sessions_file(password_file(current_app))
        _change_sessions(path, lambda data: data["live"].pop(cookie["token"], None))


def _cookie() -> dict | None:
    value = session.get("admin")
    return value if isinstance(value, dict) else None


def is_admin() -> bool:
    """Whether this request comes from a live admin session (read once per request)."""
    if "admin_live" not in g:
        g.admin_live = _live(_cookie())
    return g.admin_live


def _live(cookie: dict | None) -> bool:
    if not cookie:
        return False
    data = _read_sessions(sessions_file(password_file(current_app)))
    logged_in = data["live"].get(cookie.get("token"))
    if cookie.get("generation") != data.get("generation") or logged_in is None:
        return False
    return not _expired(logged_in, datetime.now(UTC))


# -- the phone that sent a match whole -----------------------------------------------------------

SENT_KEPT = 20  # the matches a phone sent whole that it may still put on the night's draw


def remember_sent(match_id: int) -> None:
    """This phone sent the match whole: it may put it on the draw's table and round."""
    sent = [m for m in session.get("sent", []) if isinstance(m, int) and m != match_id]
    session["sent"] = [*sent, match_id][-SENT_KEPT:]


def may_put(match_id: int) -> bool:
    """Who may put a match sent whole on the night's draw: the admin, or the phone that sent
    it."""
    sent = session.get("sent", [])
    return is_admin() or (isinstance(sent, list) and match_id in sent)


# -- rate limit -------------------------------------------------------------------------------


class RateLimit:
    """At most `limit` hits per `window` seconds per key, in this process."""

    def __init__(self, limit: int, window: float):
        self.limit, self.window = limit, window
        self.hits: dict[str, deque] = defaultdict(deque)
        self.lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        with self.lock:
            hits = self.hits[key]
            while hits and hits[0] <= now - self.window:
                hits.popleft()
            if len(hits) >= self.limit:
                return False
            hits.append(now)
            return True


# -- the decorator ----------------------------------------------------------------------------


def _wants_json() -> bool:
    return request.blueprint == "api" or request.path.startswith("/api/")


def refuse():
    """The answer to a visitor who is not the admin: JSON 401 for the API, else the login page."""
    if _wants_json():
        return {"error": _("Only the club admin may do this: log in first.")}, 401
    target = url_for("admin.login", next=request.full_path.rstrip("?"))
    if htmx:
        return "", 200, {"HX-Redirect": target}
    return redirect(target, 303)


def admin_required(view):
    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        if not is_admin():
            return refuse()
        return view(*args, **kwargs)

    return wrapped


# -- session cookie ---------------------------------------------------------------------------


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is HttpOnly and SameSite=Lax, and Secure whenever the request came
    over https (behind a proxy: with werkzeug's ProxyFix, or SESSION_COOKIE_SECURE = True)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def get_cookie_samesite(self, app: Flask) -> str:
        return app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"

    def get_cookie_httponly(self, app: Flask) -> bool:
        return True


# -- command line -----------------------------------------------------------------------------


def _read_new_password() -> str:
    if sys.stdin.isatty():
        first = getpass("New admin password: ")
        if getpass("Again: ") != first:
            raise ValueError("the two passwords differ")
        return first
    lines = sys.stdin.read().splitlines()
    if len(lines) >= 2 and lines[0] != lines[1]:
        raise ValueError("the two passwords differ")
    return lines[0] if lines else ""


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()
    app.extensions["admin_logins"] = RateLimit(ATTEMPTS, WINDOW)
    app.jinja_env.globals.update(is_admin=is_admin)


def admin_password_command(file: str | None) -> int:
    path = Path(file) if file else instance_folder() / "admin_password"
    try:
        password = _read_new_password()
    except ValueError as error:
        print(f"admin-password: {error}; nothing changed.", file=sys.stderr)
        return 2
    if len(password) < MIN_LENGTH:
        print(f"admin-password: use at least {MIN_LENGTH} characters.", file=sys.stderr)
        return 2
    save_password(path, password)
    print(f"The admin password is set ({path}).")
    return 0
