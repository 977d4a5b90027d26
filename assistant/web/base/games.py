"""The game a page of the club's figures is read for, chosen in its address (`?game=`), and the
games' names in the player's language."""

from flask import Flask, abort, request
from flask_babel import gettext as _

from assistant.club import games, queries
from assistant.web.base.db import get_db
from assistant.web.base.i18n import preset_name


def game_name(game: str) -> str:
    """A game by its name in the page's language: "All Fives", "Fives and Threes"."""
    return _(games.NAMES[game]) if game in games.NAMES else game


def rules_name(preset: str, game: str | None = None) -> str:
    """A match's rules as the lists name them: its preset ("Muggins"), and its game when the
    preset's own game is another (All Fives' preset counted in threes and fives)."""
    named = game_name(preset) if preset == games.FIVES_AND_THREES else preset_name(preset)
    if game is not None and game != games.game_of(preset):
        return f"{game_name(game)} ({named})"
    return named


def chosen_game() -> tuple[str, list[str]]:
    """The game the page is read for (`?game=fives-and-threes`; by default the one the club has
    played most) and the games the club has played (and the one asked for), for the switch."""
    played = queries.games(get_db())
    arg = request.args.get("game", "")
    if not arg:
        return played[0], played
    if arg not in games.GAMES:
        abort(404, _("There is no such game."))
    return arg, played if arg in played else [*played, arg]


def game_args(game: str, played: list[str]) -> dict:
    """The query arguments that keep this choice of game on the page's other links (none while
    the club has played one game: the page reads it anyway)."""
    return {"game": game} if len(played) > 1 or game != played[0] else {}


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(game_name=game_name, rules_name=rules_name)
