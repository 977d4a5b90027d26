"""The screens' shared helper: a full page, or only its piece of screen for htmx."""

from flask import Response, make_response, render_template

from assistant.web import htmx


def page(template: str, partial: str, status: int = 200, **context) -> Response:
    piece = htmx and not htmx.boosted and not htmx.history_restore_request
    response = make_response(render_template(partial if piece else template, **context), status)
    response.vary.add("HX-Request")
    return response
