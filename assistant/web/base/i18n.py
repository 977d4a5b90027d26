"""The players' language: chosen from the browser, switched on every screen, kept in a cookie.

Also the words the engine leaves in English for the screens to translate: the names of the ends,
the count's terms, the rules options, and numbers and dates in the local way.
"""

import os
import re
from datetime import datetime
from urllib.parse import urlsplit

from babel.lists import format_list
from flask import Blueprint, Flask, abort, g, redirect, request
from flask_babel import format_date, format_decimal, get_locale, get_translations
from flask_babel import gettext as _
from markupsafe import Markup

from assistant.engine.errors import N_
from assistant.web.base.catalogs import compile_catalogs
from assistant.web.base.security import local_path

LANGUAGES = ["en", "da", "sv", "fr"]
# Each language named in itself, for the switch.
NAMES = {"en": "English", "da": "Dansk", "sv": "Svenska", "fr": "Français"}
COOKIE = "lang"
YEAR = 365 * 24 * 3600

bp = Blueprint("i18n", __name__)

END_NAMES = {
    # Translators: the end of the layout to the left of the lead, on a button and in messages.
    "left": N_("left"),
    # Translators: the end of the layout to the right of the lead.
    "right": N_("right"),
    # Translators: the spinner's arm going up (away from the player holding the phone).
    "up": N_("up"),
    # Translators: the spinner's arm going down.
    "down": N_("down"),
}

PRESET_NAMES = {
    "all-fives": N_("All Fives"),
    "muggins": N_("Muggins"),
    "pagat": N_("Pagat"),
    "fives-and-threes": N_("Fives and Threes"),
}

# The new-match form's advanced options, and what each choice means at the table.
OPTION_LABELS = {
    "layout": N_("Layout"),
    "spinner_count": N_("How the spinner counts"),
    "hand_end": N_("After a hand"),
    "domino_rounding": N_("Rounding the loser's pips"),
    "block_scoring": N_("A blocked hand scores"),
    "block_tie": N_("A tie in a blocked hand"),
    "rounding": N_("Rounding pips to fives"),
    "win_check": N_("The target is checked"),
    "score_unit": N_("Scores are kept in"),
    "exact_target": N_("Exact target"),
    "boneyard_reserve": N_("Tiles left in the boneyard"),
    "target": N_("Target"),
    "hand_size": N_("Tiles per hand"),
    "count_scoring": N_("What a count scores"),
    "boneyard": N_("The tiles not dealt"),
    "go_bonus": N_("Points for going out"),
    "go_out": N_("With partners, the hand ends"),
    "next_lead": N_("The next hand is led by"),
    "lead_can_win": N_("Winning on the lead"),
}
CHOICE_LABELS = {
    ("layout", "two_ends"): N_("Two ends: no spinner"),
    ("layout", "spinner"): N_("Spinner: the first double opens four ends"),
    ("spinner_count", "all_fives"): N_("Both halves until both its sides are covered"),
    ("spinner_count", "sniff_exposed"): N_("Its value for each side left open (Sniff)"),
    ("hand_end", "penalty_own"): N_("Everyone pays their own pips"),
    ("hand_end", "winner_takes"): N_("The winner collects the opponents' pips"),
    ("domino_rounding", "per_player"): N_("Each opponent's hand rounded"),
    ("domino_rounding", "total"): N_("The opponents' total rounded once"),
    ("block_scoring", "sides_minus_own"): N_("The others' pips minus its own"),
    ("block_scoring", "opponents_total"): N_("The opponents' pips"),
    ("block_tie", "no_score"): N_("Nobody scores"),
    ("block_tie", "split"): N_("The tied players split the points"),
    ("rounding", "nearest"): N_("To the nearest five"),
    ("rounding", "down"): N_("Down to a five"),
    ("rounding", "none"): N_("Not rounded"),
    ("win_check", "immediate"): N_("At once, even mid-hand"),
    ("win_check", "end_of_hand"): N_("At the end of each hand"),
    ("score_unit", "points"): N_("Points"),
    ("score_unit", "fives"): N_("Fives (one per five points)"),
    ("exact_target", "false"): N_("No: passing the target wins"),
    ("exact_target", "true"): N_("Yes: only landing on it wins"),
    ("hand_end", "chip_out"): N_("Going out scores a bonus; no pips are counted"),
    ("count_scoring", "fives"): N_("Multiples of 5 (All Fives)"),
    ("count_scoring", "fives_and_threes"): N_("Multiples of 3 and of 5 (Fives and Threes)"),
    ("boneyard", "draw"): N_("Drawn by a player who cannot play"),
    ("boneyard", "sleeping"): N_("Out of play: a player who cannot play knocks"),
    ("go_out", "player"): N_("When one player is out"),
    ("go_out", "side"): N_("When both partners are out"),
    ("next_lead", "went_out"): N_("The player who went out"),
    ("next_lead", "rotate"): N_("The next player round: the lead passes round"),
    ("lead_can_win", "true"): N_("Yes: a lead may reach the target"),
    ("lead_can_win", "false"): N_("No winning on the lead"),
}


# -- choosing and switching -------------------------------------------------------------------


def select_locale() -> str | None:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES)


def language() -> str:
    """The language of this page (en, da, sv, fr): names are sorted as it sorts them."""
    return str(get_locale())


# French elides "de" before a vowel sound: "domino d’Ann", "d’Yves" (y before a consonant), but
# "de Yann". The catalog never writes "de" before a vowel itself, so this only meets what a
# sentence has a name (or another value) put in after "de". An h is taken as sounded ("de Hans").
VOWELS = "AEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆaeiouàâäéèêëîïôöùûüœæ"
ELIDED = re.compile(rf"\b([Dd])e (?=(?:<bdi>)?(?:[{VOWELS}]|[Yy][^{VOWELS}yY\W]))")


def elided(text: str) -> str:
    """A French sentence with a name put in after "de", elided as French writes it."""
    if str(get_locale()) != "fr":
        return text
    done = ELIDED.sub(r"\1’", str(text))
    return Markup(done) if isinstance(text, Markup) else done


def here() -> str:
    """The address of this screen, for the language switch to come back to."""
    if request.method == "GET":
        return request.full_path.removesuffix("?")
    # A page answering a form (a 422 table, say) comes back to the screen the form was on.
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and referrer.path:
        path = referrer.path + (f"?{referrer.query}" if referrer.query else "")
        return local_path(path) or "/"
    return "/"


@bp.get("/language/<code>")
def switch(code: str):
    if code not in LANGUAGES:
        abort(404)
    response = redirect(local_path(request.args.get("next")) or "/", 303)
    response.set_cookie(
        COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True, secure=request.is_secure
    )
    return response


def switch_links() -> list[dict]:
    current, back = str(get_locale()), here()
    return [
        {"code": code, "name": NAMES[code], "current": code == current, "next": back}
        for code in LANGUAGES
    ]


# -- words and numbers for the screens --------------------------------------------------------


def end_name(name: str) -> str:
    return _(END_NAMES[name]) if name in END_NAMES else name


def ends_text(ends: list[tuple[str, int]], joiner: str = ", ") -> str:
    """An engine EndList (or any list of (end, value)) in the player's words."""
    parts = [f"{end_name(name)} {value}" for name, value in ends]
    if joiner.strip() == "and":
        return format_list(parts, locale=get_locale())
    return ", ".join(parts)


def term_text(term) -> str:
    """The engine's Term in the player's words: "6-6 at right = 12", "left 3", "5-5 = 10"."""
    if term.end and "-" not in term.tile:
        return f"{end_name(term.end)} {term.value}"  # a plain tile: its end shows its value
    if term.end:
        return _(
            "%(tile)s at %(end)s = %(value)s",
            tile=term.tile,
            end=end_name(term.end),
            value=term.value,
        )
    return _("%(tile)s = %(value)s", tile=term.tile, value=term.value)


def preset_name(name: str) -> str:
    return _(PRESET_NAMES[name]) if name in PRESET_NAMES else name


def option_label(name: str) -> str:
    return _(OPTION_LABELS[name]) if name in OPTION_LABELS else name


def choice_label(option: str, choice: object) -> str:
    key = "true" if choice is True else "false" if choice is False else str(choice)
    label = CHOICE_LABELS.get((option, key))
    return _(label) if label else key


def rules_changes(rules: object) -> list[str]:
    """What a record's rules change from their preset, in the player's words: ["Target: 100",
    "Tiles per hand: 5"] (a bare preset name changes nothing)."""
    if not isinstance(rules, dict):
        return []
    return [
        # Translators: a rule as a label and its value; French puts a narrow space before ":".
        _("%(option)s: %(choice)s", option=option_label(option), choice=choice_label(option, value))
        for option, value in rules.items()
        if option != "preset"
    ]


MINUS = "\u2212"  # the minus sign people write, not the hyphen a keyboard types


def number(value) -> str:
    """7.5 → "7,5" in Danish, Swedish and French; below 0 with a real minus sign: −35."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if type(value) is int and -1000 < value < 1000:
        return str(value).replace("-", MINUS)  # alike in every language: no Babel at each score
    return format_decimal(value).replace("-", MINUS)


def signed(value) -> str:
    """A change of score with its sign: +10, −5, +7,5."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return format_decimal(value, format="+#,##0.##;-#,##0.##").replace("-", MINUS)


def date(value: str | datetime) -> str:
    """The day as it was where the match was played (a record's date-time carries its own
    offset: 00:30 on the 29th at +01:00 is the 29th, whatever the server's time zone)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return format_date(value.date() if isinstance(value, datetime) else value, format="medium")


# -- the app ----------------------------------------------------------------------------------


def init_app(app: Flask) -> None:
    # Compiled into the instance folder, which a checkout and an installed package both can write.
    compiled = os.path.join(app.instance_path, "translations")
    compile_catalogs(compiled)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = compiled
    app.register_blueprint(bp)
    app.jinja_env.globals.update(
        language_links=switch_links,
        end_name=end_name,
        term_text=term_text,
        option_label=option_label,
        preset_name=preset_name,
        choice_label=choice_label,
        rules_changes=rules_changes,
    )
    app.jinja_env.filters.update(num=number, signed=signed, date=date, elided=elided)


def install_template_gettext(app: Flask) -> None:
    """The templates' `_()` and `ngettext()` with the request's catalog looked up once per
    request, not at every string (Flask-Babel's own looks it up each time: a tenth of the time
    of drawing the table). Call after Flask-Babel is set up."""

    def translations():
        found = g.get("_translations")
        if found is None:
            found = g._translations = get_translations()
        return found

    app.jinja_env.install_gettext_callables(
        lambda string: translations().ugettext(string),
        lambda singular, plural, n: translations().ungettext(singular, plural, n),
        newstyle=True,
    )


def counting_words(counting: str) -> str:
    """How the league counts a stopped match, as the club set it."""
    return {
        "none": _("The league does not count it."),
        "no_winner": _("The league counts it as played, with no winner."),
        "leader": _("The league counts it as won by the side ahead when it stopped."),
    }[counting]
