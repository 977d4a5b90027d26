"""The club's players: the registry (add, rename, merge), each player's statistics, and the
leaderboard of ratings."""

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from assistant.club import queries, registry, store
from assistant.club.games import FIVES_AND_THREES
from assistant.engine.limits import MAX_NAME
from assistant.web.base.auth import admin_required
from assistant.web.base.bounds import MAX_ID, MAX_PAGE, whole_number
from assistant.web.base.db import get_db
from assistant.web.base.games import chosen_game, game_args, game_name
from assistant.web.base.i18n import language, preset_name
from assistant.web.base.pages import page
from assistant.web.base.seasons import choice_args, chosen, season_choice

bp = Blueprint("players", __name__)


def _players_page(error: str | None = None, status: int = 200, **extra):
    players = registry.all_players(get_db(), language())
    context = {"players": players, "error": error, "name": ""} | extra
    return page("club/players.html", "club/_players.html", status, **context)


def _message(error: registry.RegistryError) -> str:
    return _(error.template, **error.params)


@bp.get("/players")
def players():
    return _players_page()


@bp.post("/players")
def add_player():
    db = get_db()
    try:
        name = registry.checked_name(request.form.get("name", ""))
    except registry.RegistryError as error:
        return _players_page(_message(error), 422, name=request.form.get("name", "")[:MAX_NAME])
    if registry.find(db, name) is not None:
        return _players_page(_("%(name)s is already in the club.", name=name), 422, name=name)
    store.add_player(db, name)
    return redirect(url_for("players.players"), 303)


def _player_or_404(player_id: int) -> dict:
    player = registry.get(get_db(), player_id)
    if player is None:
        abort(404, _("There is no such player."))
    return player


@bp.get("/players/<int:player_id>")
def player(player_id: int):
    db = get_db()
    found = _player_or_404(player_id)
    season, every = chosen()
    game, played = chosen_game()
    nights = season.nights if season else None
    stats = queries.player_stats(db, player_id, nights, game)
    pairs = queries.partnerships(db, player_id, nights, game)
    columns = [(game_name(game) if len(played) > 1 else _("All"), stats["overall"])]
    if len(stats["presets"]) > 1 or any(r["preset"] != game for r in stats["presets"]):
        columns += [(preset_name(r["preset"]), r) for r in stats["presets"]]
    kept = game_args(game, played)
    return render_template(
        "club/player.html",
        player=found,
        stats=stats,
        columns=columns,
        pair_columns=[(f"+ {r['partner']}", r) for r in pairs],
        rating=queries.rating(db, player_id, None, game),
        fives_and_threes=game == FIVES_AND_THREES,
        players=registry.all_players(db, language()),
        error=None,
        season=season,
        seasons=every,
        game=game,
        games=played,
        chooser="players.player",
        chooser_args={"player_id": player_id} | kept,
        history_args=kept,
        game_chooser_args={"player_id": player_id} | season_choice(),
    )


@bp.post("/players/<int:player_id>/rename")
def rename(player_id: int):
    db = get_db()
    _player_or_404(player_id)
    try:
        store.rename_player(db, player_id, request.form.get("name", ""))
    except registry.RegistryError as error:
        return _players_page(_message(error), 422)
    return redirect(url_for("players.player", player_id=player_id), 303)


@bp.post("/players/merge")
@admin_required
def merge():
    db = get_db()
    source = whole_number(request.form.get("source"), 1, MAX_ID)
    target = whole_number(request.form.get("target"), 1, MAX_ID)
    if source is None or target is None:
        return _players_page(_("Pick the two players to merge."), 422)
    try:
        store.merge_players(db, source, target)
    except registry.RegistryError as error:
        return _players_page(_message(error), 422)
    return redirect(url_for("players.player", player_id=target), 303)


@bp.get("/leaderboard")
def leaderboard():
    number = whole_number(request.args.get("page", "1"), 1, MAX_PAGE)
    if number is None:
        abort(400, _("The page is a whole number from 1 to %(most)s.", most=MAX_PAGE))
    season, every = chosen()
    game, played = chosen_game()
    board = queries.leaderboard(
        get_db(), limit=51, offset=(number - 1) * 50, season=season, game=game
    )
    kept = game_args(game, played)
    return page(
        "club/leaderboard.html",
        "club/_leaderboard.html",
        board=board[:50],
        more=len(board) > 50,
        page_number=number,
        season=season,
        seasons=every,
        game=game,
        games=played,
        chooser="players.leaderboard",
        chooser_args=kept,
        game_chooser_args=season_choice(),
        season_args=choice_args(season) | kept,
    )
