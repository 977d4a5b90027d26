"""The night's draw: the organiser's form (who is here, the game, rounds, tables, rules), the
draw's page (each round's tables, one tap to start a table's match; it prints as the pairings),
the next Swiss round, and blank scoresheets to print, one per table and round."""

import re
from dataclasses import dataclass, field

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from assistant.club import draw, draws, league, nights, registry
from assistant.engine import PRESETS, RecordError, new_record
from assistant.engine.limits import MAX_TARGET
from assistant.engine.names import name_key
from assistant.web.admin import admin_required
from assistant.web.bounds import whole_number
from assistant.web.db import get_db
from assistant.web.messages import explain
from assistant.web.nights import kind_names, night_or_404
from assistant.web.pieces import page

bp = Blueprint("draws", __name__)
MAX_ROUNDS = 20
MAX_TABLE = 99
MAX_ENTRANTS = 200
PAIR = re.compile(r"\s*[+&/,]\s*")
SHEET_HANDS = 24  # rows of a blank scoresheet


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
    seats = draw.KINDS[form.kind].seats
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
    seats = draw.KINDS[form.kind].seats
    try:
        new_record(chosen, [f"P{n}" for n in range(seats)], form.kind.startswith("pairs"))
    except RecordError as error:
        raise Refused(explain(error)) from None
    return chosen


def make(form: DrawForm) -> int:
    if form.kind not in draw.KINDS:
        raise Refused(_("Pick the game."))
    rounds = whole_number(form.rounds, 1, MAX_ROUNDS)
    if rounds is None:
        raise Refused(_("The rounds are a whole number from 1 to %(most)s.", most=MAX_ROUNDS))
    found, tables, chosen = entrants(form), table_numbers(form.tables), rules(form)
    return draws.make(get_db(), form.night, form.kind, found, tables, rounds, chosen, form.swiss)


def _form_page(form: DrawForm, status: int = 200):
    return page(
        "draws/new.html",
        "draws/_form.html",
        status,
        form=form,
        known=registry.all_players(get_db()),
        kinds=kind_names(),
        presets=PRESETS,
    )


@bp.get("/nights/<text>/draw")
def new_draw(text: str):
    return _form_page(DrawForm(night=night_or_404(text)))


@bp.post("/nights/<text>/draw")
def create_draw(text: str):
    form = from_form(request.form, night_or_404(text))
    try:
        draw_id = make(form)
    except Refused as refused:
        form.error = str(refused)
        return _form_page(form, 422)
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


@bp.get("/draws/<int:draw_id>")
def show(draw_id: int):
    made = draw_or_404(draw_id)
    return page(
        "draws/draw.html",
        "draws/_draw.html",
        made=made,
        results=results(made),
        kinds=kind_names(),
    )


@bp.get("/draws/<int:draw_id>/scoresheets")
def scoresheets(draw_id: int):
    """One blank sheet a table and round drawn, to print."""
    return render_template(
        "draws/scoresheets.html", made=draw_or_404(draw_id), hands=range(1, SHEET_HANDS + 1)
    )


@bp.post("/draws/<int:draw_id>/next")
def next_round(draw_id: int):
    """The next Swiss round, from the night's standings as they are now."""
    made = draw_or_404(draw_id)
    if made.swiss and not made.complete:
        standings = league.night(get_db(), made.night)
        draws.next_round(get_db(), made, [name for s in standings.ranked for name in s.names])
    anchor = f"round-{len(made.drawn) + 1}"
    return redirect(url_for("draws.show", draw_id=draw_id, _anchor=anchor), 303)


@bp.post("/draws/<int:draw_id>/start")
def start(draw_id: int):
    """One tap: the match of a round's table, started (or the one already started there)."""
    made = draw_or_404(draw_id)
    number = whole_number(request.form.get("round"), 1, MAX_ROUNDS)
    table = whole_number(request.form.get("table"), 1, MAX_TABLE)
    if number is None or table is None:
        abort(400, _("Say which round and table."))
    if draws.seating(made, number, table) is None:
        abort(404, _("That table is not in the draw."))
    match_id = draws.start(get_db(), made, number, table)
    return redirect(url_for("views.table", match_id=match_id), 303)


@bp.post("/draws/<int:draw_id>/delete")
@admin_required
def delete(draw_id: int):
    made = draw_or_404(draw_id)
    draws.delete(get_db(), draw_id)
    return redirect(url_for("nights.night", text=made.night), 303)
