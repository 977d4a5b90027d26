"""The night's draw: the organiser's form (who is here, the game, rounds, tables, rules), the
draw's page (each round's tables, one tap to start a table's match; it prints as the pairings),
the next Swiss round, a latecomer added or a leaver let go (the admin), and blank scoresheets
to print, one per table and round. A night has one draw: a second is made only to replace it."""

import re
from dataclasses import dataclass, field

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from assistant.club import draws, league, nights, registry, store
from assistant.club.games import game_of
from assistant.club.rounds import KINDS
from assistant.engine import PRESETS, RecordError, new_record, rules_for
from assistant.engine.errors import N_
from assistant.engine.limits import MAX_TARGET
from assistant.engine.names import name_key
from assistant.web.base.auth import admin_required, is_admin, may_put, refuse
from assistant.web.base.bounds import whole_number
from assistant.web.base.db import get_db
from assistant.web.base.i18n import language
from assistant.web.base.messages import explain
from assistant.web.base.pages import page
from assistant.web.season.nights import kind_names, night_or_404, night_page

bp = Blueprint("draws", __name__)
MAX_ROUNDS = 20
MAX_TABLE = 99
MAX_ENTRANTS = 200
PAIR = re.compile(r"\s*[+&/,]\s*")
SHEET_HANDS = 30  # rows of a blank scoresheet (A4); a longer match goes on on a continuation
MAX_SHEETS = 7  # ... and on: 200 hands at most (engine/limits.py)


@dataclass
class DrawForm:
    night: str
    players: list[str] = field(default_factory=list)  # ticked in the club's list
    new_names: str = ""  # one a line
    pairs: str = ""  # fixed pairs, one a line: "Ann + Bo"
    kind: str = "pairs_rotating"
    rounds: str = "3"
    tables: str = "1-8"
    preset: str = "all-fives"
    target: str = ""
    swiss: bool = False
    replace: bool = False  # the night's draw, if it has one, goes
    error: str | None = None


def from_form(form: MultiDict, night: str) -> DrawForm:
    return DrawForm(
        night=night,
        players=form.getlist("player"),
        new_names=form.get("new_names", ""),
        pairs=form.get("pairs", ""),
        kind=form.get("kind", ""),
        rounds=form.get("rounds", "").strip(),
        tables=form.get("tables", "").strip(),
        preset=form.get("preset", ""),
        target=form.get("target", "").strip(),
        swiss=form.get("swiss") == "on",
        replace=form.get("replace") == "on",
    )


class Refused(ValueError):
    """What is wrong with the form, in the organiser's language."""


def _name(text: str) -> str:
    """A name as the club knows it (the registry's spelling), or as typed, tidied."""
    try:
        name = registry.checked_name(text)
    except registry.RegistryError as error:
        raise Refused(_(error.template, **error.params)) from None
    known = registry.find(get_db(), name)
    return registry.get(get_db(), known)["name"] if known is not None else name


def entrants(form: DrawForm) -> list:
    """Who is here: names, or for fixed pairs, pairs of names."""
    if form.kind == "pairs_fixed":
        pairs = []
        for line in form.pairs.splitlines():
            if line.strip():
                names = PAIR.split(line.strip())
                if len(names) != 2:
                    raise Refused(_("Write one pair a line, like: Ann + Bo."))
                pairs.append([_name(n) for n in names])
        if not pairs:
            raise Refused(_("List the fixed pairs, one pair a line, like: Ann + Bo."))
        names = [n for pair in pairs for n in pair]
        found: list = pairs
    else:
        names = [_name(n) for n in form.players + form.new_names.splitlines() if n.strip()]
        found = names
    seen: set = set()
    for name in names:
        if name_key(name) in seen:
            raise Refused(_("%(name)s is entered twice.", name=name))
        seen.add(name_key(name))
    if len(names) > MAX_ENTRANTS:
        raise Refused(_("At most %(n)s players.", n=MAX_ENTRANTS))
    seats = KINDS[form.kind].seats
    if len(names) < seats:
        raise Refused(_("This game needs at least %(n)s players.", n=seats))
    return found


def table_numbers(text: str) -> list[int]:
    """ "1-8", "1, 2, 5", "3-4 7": the physical tables that are free."""
    numbers: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        low, dash, high = part.partition("-")
        first = _table_number(low)
        last = _table_number(high) if dash else first
        if last < first:
            raise Refused(_("Tables are numbers or ranges, like 1-8 or 1, 2, 5."))
        numbers.update(range(first, last + 1))
    if not numbers:
        raise Refused(_("Say which tables are free, like 1-8."))
    return sorted(numbers)


def _table_number(text: str) -> int:
    number = whole_number(text, 1, MAX_TABLE)
    if number is not None:
        return number
    if text.isascii() and text.isdigit():
        raise Refused(_("Tables are numbered from 1 to %(most)s.", most=MAX_TABLE))
    raise Refused(_("Tables are numbers or ranges, like 1-8 or 1, 2, 5."))


def rules(form: DrawForm) -> object:
    """The rules of every match of the draw: a preset, with its target changed if asked; checked
    by the engine on a table of the game."""
    if form.preset not in PRESETS:
        raise Refused(_("Pick the rules."))
    chosen: object = form.preset
    if form.target:
        target = whole_number(form.target, 0, 10 * MAX_TARGET)  # the engine says how far
        if target is None:
            raise Refused(_("The target is a whole number."))
        chosen = {"preset": form.preset, "target": target}
    seats = KINDS[form.kind].seats
    try:
        new_record(chosen, [f"P{n}" for n in range(seats)], form.kind.startswith("pairs"))
    except RecordError as error:
        raise Refused(explain(error)) from None
    return chosen


def make(form: DrawForm, replacing: int | None) -> int:
    if form.kind not in KINDS:
        raise Refused(_("Pick the game."))
    rounds = whole_number(form.rounds, 1, MAX_ROUNDS)
    if rounds is None:
        raise Refused(_("The rounds are a whole number from 1 to %(most)s.", most=MAX_ROUNDS))
    found, tables, chosen = entrants(form), table_numbers(form.tables), rules(form)
    return store.make_draw(
        get_db(), form.night, form.kind, found, tables, rounds, chosen, form.swiss, None, replacing
    )


def night_draw(night: str) -> draws.Draw | None:
    """The night's draw (the latest, where an older file kept several)."""
    found = draws.of_night(get_db(), night)
    return found[0] if found else None


def _form_page(form: DrawForm, status: int = 200):
    return page(
        "draws/new.html",
        "draws/_form.html",
        status,
        form=form,
        existing=night_draw(form.night),
        known=registry.all_players(get_db(), language()),
        kinds=kind_names(),
        presets=PRESETS,
    )


HAS_DRAW = N_("This night has a draw already: open it, or tick “Replace it” to make a new one.")


@bp.get("/nights/<text>/draw")
def new_draw(text: str):
    return _form_page(DrawForm(night=night_or_404(text)))


@bp.post("/nights/<text>/draw")
def create_draw(text: str):
    form = from_form(request.form, night_or_404(text))
    existing = night_draw(form.night)
    if existing and form.replace and not is_admin():
        return refuse()  # replacing a draw deletes it: the admin's
    try:
        draw_id = make(form, existing.id if existing and form.replace else None)
    except Refused as refused:
        form.error = str(refused)
        return _form_page(form, 422)
    except draws.Refused:
        form.error = _(HAS_DRAW)
        return _form_page(form, 409)
    return redirect(url_for("draws.show", draw_id=draw_id), 303)


# -- the draw -------------------------------------------------------------------------------------


def draw_or_404(draw_id: int) -> draws.Draw:
    found = draws.get(get_db(), draw_id)
    if found is None:
        abort(404, _("There is no such draw."))
    return found


def results(made: draws.Draw) -> dict:
    """Each started match of the draw as the history lists it: match id → row."""
    rows = nights.match_rows(get_db(), list(made.started.values()))
    return {row["id"]: row for row in rows}


def _draw_page(made: draws.Draw, status: int = 200, error: str | None = None):
    return page(
        "draws/draw.html",
        "draws/_draw.html",
        status,
        made=made,
        results=results(made),
        kinds=kind_names(),
        error=error,
        known=registry.all_players(get_db(), language()) if is_admin() else [],
    )


@bp.get("/draws/<int:draw_id>")
def show(draw_id: int):
    return _draw_page(draw_or_404(draw_id))


@bp.get("/draws/<int:draw_id>/scoresheets")
def scoresheets(draw_id: int):
    """One blank sheet a table and round drawn, to print; `?sheet=2` and on: the continuation
    sheets of a long match (hands 31 to 60, …), with a row for the totals carried over."""
    made = draw_or_404(draw_id)
    sheet = whole_number(request.args.get("sheet", "1"), 1, MAX_SHEETS)
    if sheet is None:
        abort(400, _("The sheet is a whole number from 1 to %(most)s.", most=MAX_SHEETS))
    first = (sheet - 1) * SHEET_HANDS + 1
    seats = KINDS[made.kind].seats
    return render_template(
        "draws/scoresheets.html",
        made=made,
        rules=rules_for(made.rules, seats, made.partnership),  # the target a sheet plays to
        sheet=sheet,
        hands=range(first, first + SHEET_HANDS),
        next_sheet=sheet + 1 if sheet < MAX_SHEETS else None,
    )


@bp.post("/draws/<int:draw_id>/next")
def next_round(draw_id: int):
    """The next Swiss round, from the night's standings as they are now."""
    made = draw_or_404(draw_id)
    if made.swiss and not made.complete:
        standings = league.night(get_db(), made.night, game=game_of(made.rules))
        store.next_draw_round(get_db(), made, [name for s in standings.ranked for name in s.names])
    anchor = f"round-{len(made.drawn) + 1}"
    return redirect(url_for("draws.show", draw_id=draw_id, _anchor=anchor), 303)


@bp.post("/draws/<int:draw_id>/start")
def start(draw_id: int):
    """One tap: the match of a round's table, started (or the one already started there);
    `paper`: the table played on paper so far, and its score so far is asked first."""
    made = draw_or_404(draw_id)
    number = whole_number(request.form.get("round"), 1, MAX_ROUNDS)
    table = whole_number(request.form.get("table"), 1, MAX_TABLE)
    seen = whole_number(request.form.get("revision", "0"), 0, MAX_REVISION)
    if number is None or table is None or seen is None:
        abort(400, _("Say which round and table."))
    if draws.replaced(made, number, seen):
        return _draw_page(made, 409, _(REPLACED))
    if draws.seating(made, number, table) is None:
        abort(404, _("That table is not in the draw."))
    try:
        match_id = store.start_draw_match(get_db(), made, number, table)
    except draws.Refused:
        return _draw_page(draw_or_404(draw_id), 409, _(REPLACED))
    if request.form.get("paper") == "1":
        return redirect(url_for("paper.form", match_id=match_id, paper=1), 303)
    return redirect(url_for("table.table", match_id=match_id), 303)


# -- a result sent whole, put on its table and round ---------------------------------------------

PUT_REFUSED = {
    "stale": N_("The draw changed meanwhile: here is the night as it is now."),
    "taken": N_("That table has its match already: here is the night as it is now."),
    "not_theirs": N_("That table of the draw is not this match's players."),
}


@bp.post("/draws/<int:draw_id>/put")
def put(draw_id: int):
    """A match sent whole put on a seating of the draw ("3-2": round 3, table 2)."""
    made = draw_or_404(draw_id)
    match_id = whole_number(request.form.get("match"), 1, 2**62)
    number, _dash, table = request.form.get("place", "").partition("-")
    number = whole_number(number, 1, MAX_ROUNDS)
    table = whole_number(table, 1, MAX_TABLE)
    seen = whole_number(request.form.get("revision", "0"), 0, MAX_REVISION)
    if None in (match_id, number, table, seen):
        abort(400, _("Say which match, round and table."))
    if not may_put(match_id):
        return refuse()
    if seen != made.revision:
        return night_page(made.night, _(PUT_REFUSED["stale"]), 409)
    try:
        store.put_in_draw(get_db(), made, number, table, match_id)
    except draws.Refused as refused:
        status = 422 if refused.reason == "not_theirs" else 409
        refusal = PUT_REFUSED.get(refused.reason, PUT_REFUSED["stale"])
        return night_page(made.night, _(refusal), status)
    night = url_for("nights.night", text=made.night)
    return redirect(f"{night}#match-{match_id}", 303)


# -- people coming and going ----------------------------------------------------------------------

MAX_REVISION = 10_000
REPLACED = N_("That seating was replaced when someone came or went: here is the draw as it is now.")
CHANGE_REFUSED = {
    "here": N_("%(name)s is in the draw already."),
    "not_here": N_("%(name)s is not in the draw."),
    "too_few": N_("Without %(name)s the draw cannot fill a table."),
    "no_round_left": N_("Every round has started: nobody can join or leave the draw now."),
    "stale": N_("The draw changed meanwhile: here it is as it is now."),
}


def entrant_named(made: draws.Draw, text: str) -> object:
    """A latecomer or a leaver as the form names them: a name, or for fixed pairs "Ann + Bo"."""
    if not KINDS[made.kind].fixed_pairs:
        return _name(text)
    names = PAIR.split(text.strip())
    if len(names) != 2 or not all(names):
        raise Refused(_("Write the pair like: Ann + Bo."))
    return [_name(n) for n in names]


def _come_or_go(draw_id: int, change) -> object:
    """Adds or removes the entrant the form names, then back to the draw; a refusal shows the
    draw again with its sentence (409 when the draw changed since the page was shown)."""
    made = draw_or_404(draw_id)
    seen = whole_number(request.form.get("revision"), 0, MAX_REVISION)
    if seen is None or seen != made.revision:
        return _draw_page(made, 409, _(CHANGE_REFUSED["stale"]))
    text = request.form.get("name", "")
    try:
        entrant = entrant_named(made, text)
    except Refused as refused:
        return _draw_page(made, 422, str(refused))
    ranked = None
    if made.swiss:
        standings = league.night(get_db(), made.night, game=game_of(made.rules))
        ranked = [name for s in standings.ranked for name in s.names]
    try:
        change(get_db(), made, entrant, ranked)
    except draws.Refused as refused:
        named = entrant if isinstance(entrant, str) else " + ".join(entrant)
        status = 409 if refused.reason in ("stale", "no_round_left") else 422
        return _draw_page(
            draw_or_404(draw_id), status, _(CHANGE_REFUSED[refused.reason], name=named)
        )
    anchor = f"round-{made.played + 1}"  # the first round seated again
    return redirect(url_for("draws.show", draw_id=draw_id, _anchor=anchor), 303)


@bp.post("/draws/<int:draw_id>/arrive")
@admin_required
def arrive(draw_id: int):
    """A latecomer joins the rounds not yet started."""
    return _come_or_go(draw_id, store.join_draw)


@bp.post("/draws/<int:draw_id>/leave")
@admin_required
def leave(draw_id: int):
    """A leaver goes from the rounds not yet started."""
    return _come_or_go(draw_id, store.leave_draw)


@bp.post("/draws/<int:draw_id>/delete")
@admin_required
def delete(draw_id: int):
    made = draw_or_404(draw_id)
    store.delete_draw(get_db(), draw_id)
    return redirect(url_for("nights.night", text=made.night), 303)
