"""What keeps a phone at the table in step with it on a club's Wi-Fi: the table's poll (304 when
nothing changed, so an idle phone follows the other phones for almost nothing), the service
worker that shows the table and its waiting taps after a reload with no network, and the web
app manifest that lets a table be added to the home screen and opened full screen.

The taps themselves wait on the phone (static/app.js) and carry an id, so a tap sent again is
answered as done (`store.TapDone`)."""

from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request, url_for
from flask_babel import gettext as _

from assistant.web.base.db import get_db
from assistant.web.base.pages import match_or_404, page
from assistant.web.base.polling import polled
from assistant.web.table.patch import check_drawing, drawn
from assistant.web.table.view import build

bp = Blueprint("phone", __name__)
bp.before_request(check_drawing)


@bp.get("/matches/<int:match_id>/live")
def table_live(match_id: int):
    """The table as it is now, for a phone that polls: 304 while its version is the same.
    `X-Match`: the identity of the match the phone shows; when the match under this number is
    not that one any more (it was deleted), a 404 says so, and no answer kept for it is
    confirmed (the ETag carries the identity too). A phone that says which drawing of the table
    it holds (`X-Drawing`) gets only what changed since (`patch.drawn`)."""
    row = get_db().execute("SELECT version, uid FROM matches WHERE id = ?", [match_id]).fetchone()
    shown = request.headers.get("X-Match")
    if shown and (row is None or row[1] != shown):
        abort(404, _("This match was deleted."))
    table = lambda: page("table.html", "table/_table.html", table=build(match_or_404(match_id)))  # noqa: E731
    return polled((match_id, row and tuple(row)), lambda: drawn(table(), match_id, patchable=True))


@bp.get("/sw.js")
def service_worker():
    """Served from the top of the site, so it may answer for the table's pages."""
    script = Path(current_app.static_folder, "sw.js").read_bytes()
    return Response(script, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/matches/<int:match_id>/manifest.webmanifest")
def manifest(match_id: int):
    """Added to the home screen from a table, the app opens full screen at its home page (its
    matches, a new one), not at the one match it was added from; one app whichever table that
    was (`id`). Icons: 192 and 512 px for Android's launcher and splash screen, drawn from
    favicon.svg."""
    match_or_404(match_id)

    def icon(name: str, sizes: str, kind: str = "image/png") -> dict:
        return {"src": url_for("static", filename=name), "sizes": sizes, "type": kind}

    body = {
        "id": "/",
        "name": _("All Fives Scorepad"),
        "short_name": _("All Fives"),
        "start_url": url_for("home.home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1b2633",
        "icons": [
            icon("icon-192.png", "192x192"),
            icon("icon-512.png", "512x512"),
            icon("apple-touch-icon.png", "180x180"),
            icon("favicon.svg", "any", "image/svg+xml"),
        ],
    }
    response = current_app.json.response(body)
    response.mimetype = "application/manifest+json"
    return response
