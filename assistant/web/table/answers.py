"""What the table's routes share: the table as an answer (a page, or its piece for htmx) and
the match's version a form says it was made from."""

from flask import Response, abort, request
from flask_babel import gettext as _

from assistant.club import cache, draws
from assistant.web.base.bounds import MAX_VERSION, whole_number
from assistant.web.base.db import get_db
from assistant.web.base.pages import page, piece_only
from assistant.web.table.view import Table


def table_page(table: Table, status: int = 200) -> Response:
    """The table; as a whole page it also names the physical table of a match started from the
    night's draw and links the watch page, for opponents and spectators (with its QR code)."""
    if piece_only():
        return page("table.html", "table/_table.html", status, table=table)
    place = draws.place(get_db(), table.id)
    code = cache.watch_code(get_db(), table.id)
    return page(
        "table.html", "table/_table.html", status, table=table, place=place, watch_code=code
    )


def form_version() -> int:
    version = whole_number(request.form.get("version"), 1, MAX_VERSION)
    if version is None:
        abort(400, _("The form is missing the match's version: reload the page."))
    return version
