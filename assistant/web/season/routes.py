"""The club's seasons: the league table per season (or all time), the choice of season the
statistics and the leaderboard share, and the admin's screens for seasons and the league's
minimum of games and how it counts a stopped match."""

import re
from datetime import date

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _

from assistant.club import league as standings
from assistant.club import nights, seasons, store
from assistant.club.seasons import Season
from assistant.web.base.auth import admin_required
from assistant.web.base.bounds import whole_number
from assistant.web.base.db import get_db
from assistant.web.base.games import chosen_game, game_args
from assistant.web.base.i18n import counting_words, language
from assistant.web.base.pages import page
from assistant.web.base.seasons import chosen, season_choice

bp = Blueprint("season", __name__)
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_MINIMUM = 1000


@bp.get("/league")
def league():
    season, every = chosen()
    game, played = chosen_game()
    db = get_db()
    minimum = seasons.league_minimum(db)
    table = standings.league(db, season, minimum, language(), game)
    stopped_note = None
    if standings.has_stopped(db, season, game):
        counting = counting_words(seasons.stopped_counting(db))
        stopped_note = _("Some matches stopped before anyone won.") + " " + counting
    return page(
        "season/league.html",
        "season/_league.html",
        table=table,
        stopped_note=stopped_note,
        season=season,
        seasons=every,
        game=game,
        games=played,
        chooser="season.league",
        chooser_args=game_args(game, played),
        game_chooser_args=season_choice(),
        player_args=game_args(game, played),
    )


# -- the admin's seasons ------------------------------------------------------------------------


def _seasons_page(error: str | None = None, status: int = 200, form: dict | None = None):
    db = get_db()
    return page(
        "season/seasons.html",
        "season/_seasons.html",
        status,
        seasons=seasons.all_seasons(db),
        current=seasons.holding(db, nights.tonight()),
        minimum=seasons.league_minimum(db),
        stopped=seasons.stopped_counting(db),
        stopped_choices=[(value, counting_words(value)) for value in seasons.STOPPED_COUNTS],
        error=error,
        form=form or {},
    )


@bp.get("/seasons")
def seasons_page():
    return _seasons_page()


def _is_date(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return bool(DATE.fullmatch(text))


def _season_form(season_id: int | None = None) -> tuple[dict, str | None]:
    """The form's name and dates, and what is wrong with them (None: nothing)."""
    form = {
        "id": season_id,
        "name": " ".join(request.form.get("name", "").split()),
        "starts": request.form.get("starts", "").strip(),
        "ends": request.form.get("ends", "").strip(),
    }
    if not 1 <= len(form["name"]) <= 40:
        return form, _("A season's name has 1 to 40 characters.")
    if not (_is_date(form["starts"]) and _is_date(form["ends"])):
        return form, _("Dates are written YYYY-MM-DD, like 2025-03-31.")
    if form["starts"] > form["ends"]:
        return form, _("A season ends on or after the night it starts.")
    other = seasons.overlapping(get_db(), form["starts"], form["ends"], season_id)
    if other is not None:
        message = _("It would overlap %(name)s: a night is in one season at most.", name=other.name)
        return form, message
    return form, None


def _save(season_id: int | None):
    form, error = _season_form(season_id)
    if error:
        return _seasons_page(error, 422, form)
    store.save_season(get_db(), form["name"], form["starts"], form["ends"], season_id)
    return redirect(url_for("season.seasons_page"), 303)


@bp.post("/seasons")
@admin_required
def add_season():
    return _save(None)


def _season_or_404(season_id: int) -> Season:
    found = seasons.get(get_db(), season_id)
    if found is None:
        abort(404, _("There is no such season."))
    return found


@bp.post("/seasons/<int:season_id>")
@admin_required
def edit_season(season_id: int):
    _season_or_404(season_id)
    return _save(season_id)


@bp.post("/seasons/<int:season_id>/delete")
@admin_required
def delete_season(season_id: int):
    _season_or_404(season_id)
    store.delete_season(get_db(), season_id)
    return redirect(url_for("season.seasons_page"), 303)


@bp.post("/seasons/minimum")
@admin_required
def set_minimum():
    games = whole_number(request.form.get("minimum"), 0, MAX_MINIMUM)
    if games is None:
        message = _("The minimum is a whole number from 0 to %(most)s.", most=MAX_MINIMUM)
        return _seasons_page(message, 422)
    store.set_league_minimum(get_db(), games)
    return redirect(url_for("season.seasons_page"), 303)


@bp.post("/seasons/stopped")
@admin_required
def set_stopped():
    """How the league counts a match stopped before anyone won."""
    counting = request.form.get("stopped", "")
    if counting not in seasons.STOPPED_COUNTS:
        return _seasons_page(_("Choose how the league counts a stopped match."), 422)
    store.set_stopped_counting(get_db(), counting)
    return redirect(url_for("season.seasons_page"), 303)
