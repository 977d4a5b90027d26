"""The club admin's own screens: logging in and out, deleting a match. The password, the
sessions and `admin_required` are in web/base/auth.py."""

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from assistant.club import store
from assistant.engine import replay
from assistant.web.base.auth import (
    admin_required,
    begin_session,
    end_session,
    password_file,
    password_matches,
)
from assistant.web.base.db import get_db
from assistant.web.base.pages import match_or_404
from assistant.web.base.security import local_path

bp = Blueprint("admin", __name__)


@bp.route("/admin/login", methods=["GET", "POST"])
def login():
    error = None
    status = 200
    next_url = local_path(request.values.get("next")) or ""
    if request.method == "POST":
        if not current_app.extensions["admin_logins"].allow(request.remote_addr or "?"):
            error = _("Too many login attempts: wait a minute and try again.")
            status = 429
        elif not password_file(current_app).exists():
            error = _("No admin password is set: run `python -m assistant admin-password`.")
            status = 403
        elif password_matches(password_file(current_app), request.form.get("password", "")):
            begin_session()
            return redirect(next_url or url_for("home.home"), 303)
        else:
            error = _("Wrong password.")
            status = 401
    page = render_template("admin/login.html", error=error, next_url=next_url)
    return page, status


@bp.post("/admin/logout")
def logout():
    end_session()
    return redirect(url_for("home.home"), 303)


@bp.get("/matches/<int:match_id>/delete")
@admin_required
def confirm_delete(match_id: int):
    """The confirmation step (no JavaScript needed): what is about to go, and two buttons."""
    stored = match_or_404(match_id)
    return render_template("history/delete.html", stored=stored, match=replay(stored.record))


@bp.post("/matches/<int:match_id>/delete")
@admin_required
def delete_match(match_id: int):
    match_or_404(match_id)
    store.delete(get_db(), match_id)
    flash(_("Match %(n)s was deleted.", n=match_id))
    return redirect(url_for("history.history"), 303)
