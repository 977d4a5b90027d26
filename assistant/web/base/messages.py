"""Engine errors in the player's language."""

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel import gettext as _

from assistant.engine import Names, RecordError
from assistant.engine.layout import EndList
from assistant.web.base.i18n import END_NAMES, elided, end_name, ends_text
from assistant.web.base.pages import player_name

# The engine's sentences a correction made on the phone may be refused with, which the phone
# words itself with no network (static/phone-fix.mjs): a later entry that no longer fits, and
# why it does not.
PHONE_REFUSALS = (
    "after the correction, {player}'s {tile} no longer fits: {reason}",
    "after the correction, {player}'s draw no longer fits: {reason}",
    "after the correction, {player}'s pass no longer fits: {reason}",
    "{tile} has already been played this hand",
    "{tile} does not fit: open ends are {ends}",
    "{tile} does not fit the {end} end, which shows {value}",
    "the hand is over: {player} went out",
    "the hand is over: it is blocked",
    "the hand is over: enter the pips left by {players} first",
    "the match is over: {side} won",
    "there is no drawing: the tiles not dealt are out of play",
    "{player} cannot draw: the one tile left in the boneyard is kept back",
    "{player} cannot draw: the {n} tiles left in the boneyard are kept back",
    "{player} cannot draw: the boneyard is empty",
    "{player} must draw: 1 tile can still be drawn (the boneyard holds {total} and keeps "
    "{reserve} back)",
    "{player} must draw: {n} tiles can still be drawn (the boneyard holds {total} and keeps "
    "{reserve} back)",
    "{player} must draw: the boneyard still has 1 tile",
    "{player} must draw: the boneyard still has {n} tiles",
)


def phone_refusals() -> dict[str, str]:
    """Each of PHONE_REFUSALS in the player's language (the engine's templates, translated as
    `explain` translates them); one the language words as the engine does is left out (the
    phone then uses the engine's own, in English all of them)."""
    translated = {template: _(template) for template in PHONE_REFUSALS}
    return {template: words for template, words in translated.items() if words != template}


# The engine's parameters that hold one player's name.
PLAYER_PARAMS = ("player", "leader", "expected", "first", "second")


def names_text(names: Names | list) -> str:
    """Players named as the club calls them now, joined in the page's language ("Ann og Bo");
    the players of one side with "+"."""
    parts = [names_text(n) if isinstance(n, Names) else player_name(n) for n in names]
    if isinstance(names, Names) and names.joiner == "+":
        return " + ".join(parts)
    return format_list(parts, locale=get_locale()) if parts else ""


def _param(name: str, value: object) -> object:
    """A value inside an engine message, in the player's words: ends are named in their language,
    players as the club calls them now."""
    if isinstance(value, EndList):
        return ends_text(value, value.joiner)
    if isinstance(value, Names):
        return names_text(value)
    if isinstance(value, RecordError):  # a later entry that a correction broke: its reason
        return explain(value)
    if name == "end" and value in END_NAMES:
        return end_name(value)
    if name in PLAYER_PARAMS and isinstance(value, str):
        return player_name(value)
    return value


def explain(error: RecordError, where: bool = False) -> str:
    """The engine's sentence, translated; with its place in the record when `where`."""
    params = {name: _param(name, value) for name, value in error.params.items()}
    reason = elided(_(error.template).format(**params))
    if not where or error.hand is None:
        return reason
    if error.event is None:
        place = _("hand %(hand)s", hand=error.hand)
    elif error.event == "left":
        place = _("hand %(hand)s, tiles left", hand=error.hand)
    else:
        place = _("hand %(hand)s, event %(event)s", hand=error.hand, event=error.event)
    # Translators: where in a record and why; French puts a narrow space before ":".
    return _("%(place)s: %(reason)s", place=place, reason=reason)


def sentence(text: str) -> str:
    """A message shown on its own: its first letter a capital (the engine's sentences start in
    lower case, to be placed inside others)."""
    return text[:1].upper() + text[1:]
