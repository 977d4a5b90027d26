"""The season a page of the club's figures is read for, chosen in its address."""

from flask import abort, request
from flask_babel import gettext as _

from assistant.club import nights, seasons
from assistant.club.seasons import Season
from assistant.web.base.db import get_db


def chosen() -> tuple[Season | None, list[Season]]:
    """The season the page is read for (`?season=<id>`, or `?season=all`: all time; by default
    the current season, else all time) and every season, for the choice."""
    db = get_db()
    every = seasons.all_seasons(db)
    arg = request.args.get("season", "")
    if not arg:
        return seasons.holding(db, nights.tonight()), every
    if arg == "all":
        return None, every
    found = next((s for s in every if arg.isdigit() and str(s.id) == arg), None)
    if found is None:
        abort(404, _("There is no such season."))
    return found, every


def choice_args(season: Season | None) -> dict:
    """The query arguments that keep this choice of season on the page's other links."""
    return {"season": season.id if season else "all"}


def season_choice() -> dict:
    """The query arguments that keep the season as the page reads it on a link to another game:
    the default season (none in the address) stays the default."""
    if request.args.get("season"):
        return {"season": request.args["season"]}
    return {}
