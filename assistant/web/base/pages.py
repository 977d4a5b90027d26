"""What the screens share: a full page or only its piece of screen for htmx, another page to
go to, a match or a 404, its watch code, a side named as the club calls its players now, and
names isolated."""

from flask import Response, abort, g, has_app_context, make_response, redirect, render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup, escape

from assistant.club import collation, registry, store
from assistant.web.base.db import get_db
from assistant.web.base.htmx import htmx


def piece_only() -> bool:
    """Whether the answer is a piece of screen for htmx to swap in, not a whole page."""
    return bool(htmx and not htmx.boosted and not htmx.history_restore_request)


def page(template: str, partial: str, status: int = 200, **context) -> Response:
    template = partial if piece_only() else template
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def go(target: str) -> Response:
    """To another page (a new match's table, the admin's login): htmx is told to load it as a
    page of its own, so the address bar shows it and a reload finds it again."""
    if htmx:
        return Response(status=204, headers={"HX-Redirect": target})
    return redirect(target, 303)


def match_or_404(match_id: int) -> store.StoredMatch:
    try:
        return store.get(get_db(), match_id)
    except store.UnknownMatch:
        abort(404, _("There is no such match."))


def player_names(names) -> dict[str, str]:
    """Each name as typed in a record → the name the club uses now (after renames and merges).
    Looked up once per request; outside a request (a command line) names stay as typed."""
    if not has_app_context():
        return {name: name for name in names}
    known = g.setdefault("current_names", {})
    missing = [name for name in names if name not in known]
    if missing:
        known.update(registry.current_names(get_db(), missing))
    return {name: known.get(name, name) for name in names}


def player_name(name: str | None) -> str | None:
    """The one way a player is named on a screen: the name the club uses now, never the
    record's as typed. Every screen's player names go through here (the `name` filter)."""
    if not name:
        return name
    return player_names([name])[name]


def by_name(entrants) -> list:
    """Names (or pairs of names) in the order the page's language sorts them, each by the name
    the club uses now: a list of people reads alphabetically, never in arrival order."""
    language = str(get_locale()) if has_app_context() else "en"

    def shown(entrant) -> str:
        if isinstance(entrant, str):
            return player_name(entrant)
        return " + ".join(player_name(name) for name in entrant)

    return collation.sorted_names(list(entrants), language, shown)


def side_name(match, side: int) -> str:
    """A side of a match named as the club calls its players now: the scorepad, the board and
    the watch page agree with the club's lists."""
    names = player_names(match.players)
    return " + ".join(names[p] for p in match.sides[side])


def isolated(names, joiner: str = " + ") -> Markup:
    """Names shown each in its own `<bdi>`: a name written right to left, or holding a
    direction mark, cannot turn the text around it. A side ("Ann + Cy") is isolated name by
    name; a list of names is joined with `joiner`."""
    parts = names.split(" + ") if isinstance(names, str) else [str(name) for name in names]
    if isinstance(names, str):
        joiner = " + "
    return Markup(escape(joiner)).join(Markup("<bdi>%s</bdi>") % part for part in parts)
