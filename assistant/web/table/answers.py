"""What the table's routes share: the table as an answer (a page, or its piece for htmx) and
the match's version a form says it was made from."""

from flask import Response, abort, request
from flask_babel import gettext as _

from assistant.web.base.bounds import MAX_VERSION, whole_number
from assistant.web.base.pages import page
from assistant.web.table.view import Table


def table_page(table: Table, status: int = 200) -> Response:
    return page("table.html", "table/_table.html", status, table=table)


def form_version() -> int:
    version = whole_number(request.form.get("version"), 1, MAX_VERSION)
    if version is None:
        abort(400, _("The form is missing the match's version: reload the page."))
    return version
