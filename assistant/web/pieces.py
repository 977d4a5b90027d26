"""What the screens share: a full page or only its piece of screen for htmx, and a match or a
404."""

from flask import Response, abort, make_response, render_template
from flask_babel import gettext as _

from assistant.club import store
from assistant.web import htmx
from assistant.web.db import get_db


def page(template: str, partial: str, status: int = 200, **context) -> Response:
    piece = htmx and not htmx.boosted and not htmx.history_restore_request
    response = make_response(render_template(partial if piece else template, **context), status)
    response.vary.add("HX-Request")
    return response


def match_or_404(match_id: int) -> store.StoredMatch:
    try:
        return store.get(get_db(), match_id)
    except store.UnknownMatch:
        abort(404, _("There is no such match."))
