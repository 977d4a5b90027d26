"""What the table's routes share: the table as an answer (a page, or its piece for htmx) and
the match's version a form says it was made from."""

from urllib.parse import urlsplit

from flask import Response, abort, request, url_for
from flask_babel import gettext as _

from assistant.club import cache, draws
from assistant.web.base.auth import may_put
from assistant.web.base.bounds import MAX_VERSION, whole_number
from assistant.web.base.db import get_db
from assistant.web.base.pages import page, piece_only
from assistant.web.base.polling import etag
from assistant.web.table.patch import drawn
from assistant.web.table.view import Table


def table_page(table: Table, status: int = 200) -> Response:
    """The table; as a whole page it also names the physical table of a match started from the
    night's draw and links the watch page, for opponents and spectators (with its QR code).
    Swapped into a page at another address (the paper form's, `/scored?paper=1`), it takes the
    table's own address with it, so a reload shows the table and not that form again.
    A tap's answer is only what changed since the table the phone holds (`patch.drawn`), with
    the ETag the table's poll would answer for it, so the next poll is a 304."""
    if piece_only():
        response = page("table.html", "table/_table.html", status, table=table)
        own = url_for("table.table", match_id=table.id)
        shown_at = urlsplit(request.headers.get("HX-Current-URL", "")).path
        if shown_at and shown_at != own and table.scoring is None:
            response.headers["HX-Replace-Url"] = own
        if request.method == "POST" and status == 200:
            response.set_etag(etag((table.id, (table.stored.version, table.stored.uid))), weak=True)
        return drawn(response, table.id, patchable=status == 200)
    place = draws.place(get_db(), table.id)
    code = cache.watch_code(get_db(), table.id)
    putting = None
    if place is None and table.stored.imported and may_put(table.id):
        putting = places_in_draw(table.id)
    whole = page(
        "table.html", "table/_table.html", status, table=table, place=place, watch_code=code,
        putting=putting,
    )  # fmt: skip
    return drawn(whole, table.id, patchable=False)


def places_in_draw(match_id: int) -> tuple | None:
    """A match sent whole, of a night with a draw: the draw and the seatings of its players
    not started yet, for the phone that sent it to put it there."""
    row = get_db().execute("SELECT night FROM match_summary WHERE match_id = ?", [match_id])
    night = row.fetchone()
    found = draws.of_night(get_db(), night[0]) if night and night[0] else []
    places = draws.places_for(get_db(), found[0], match_id) if found else []
    return (found[0], places) if places else None


def form_version() -> int:
    version = whole_number(request.form.get("version"), 1, MAX_VERSION)
    if version is None:
        abort(400, _("The form is missing the match's version: reload the page."))
    return version
