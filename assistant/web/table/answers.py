"""What the table's routes share: the table as an answer (a page, or its piece for htmx) and
the match's version a form says it was made from."""

from urllib.parse import urlsplit

from flask import Response, abort, request, url_for
from flask_babel import gettext as _

from assistant.club import nights
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
    may_put_it = table.stored.imported and may_put(table.id)
    whole = page(
        "table.html", "table/_table.html", status, table=table,
        **nights.whereabouts(get_db(), table.id, may_put_it),
    )  # fmt: skip
    return drawn(whole, table.id, patchable=False)


def form_version() -> int:
    version = whole_number(request.form.get("version"), 1, MAX_VERSION)
    if version is None:
        abort(400, _("The form is missing the match's version: reload the page."))
    return version
