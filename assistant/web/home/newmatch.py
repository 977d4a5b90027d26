"""The new-match form: players in seating order, preset, options, who leads."""

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from assistant.engine import DESCRIPTIONS, PRESETS, TILES, RecordError, new_record, preset
from assistant.engine.limits import MAX_TARGET
from assistant.engine.names import same_person
from assistant.engine.rules import CHOICES, MAX_GO_BONUS
from assistant.web.base.bounds import whole_number
from assistant.web.base.i18n import option_label
from assistant.web.base.messages import explain

SEATS = 4
START = re.compile(r"[A-Za-z0-9_-]{16}")  # a form's id as new_start makes it


def new_start() -> str:
    """A form's own id, naming the request it makes when it is sent twice (store.create)."""
    return secrets.token_urlsafe(12)


FIVES_AND_THREES = "fives-and-threes"
# The leagues' Fives and Threes, in words (RULES.md §7): the Teesdale League deals 9 to two and
# 6 to three or four; pairs may play "twice round the board" to 121.
LEAGUE_DEAL = {2: 9, 3: 6, 4: 6}
LEAGUE_TARGETS = ("61", "121")
ADVANCED = tuple(CHOICES) + ("boneyard_reserve", "go_bonus")
# The numbers the form takes, each from … to: the engine then checks they make a game.
NUMBERS = {
    "target": (1, MAX_TARGET),
    "hand_size": (1, len(TILES)),
    "boneyard_reserve": (0, len(TILES)),
    "go_bonus": (0, MAX_GO_BONUS),
}


@dataclass
class NewMatch:
    seats: list[str] = field(default_factory=lambda: [""] * SEATS)
    partnership: bool = False
    preset: str = "all-fives"
    target: str = ""
    hand_size: str = ""
    advanced: dict[str, str] = field(default_factory=dict)
    leader: str = ""  # a player's name, "lots", or "" (pick at the table)
    paper: bool = False  # continues from a paper sheet: each side's score so far first
    # Fives and Threes as the leagues play it, in words: their `rules` in `league_rules`.
    league_target: str = "61"  # "61" or "121"
    league_deal: bool = False  # the Teesdale League's deal: 9 to two, 6 to three or four
    no_win_on_lead: bool = False  # lead_can_win: false
    one_partner_out: bool = False  # go_out: player (the preset's partners both go out)
    error: str | None = None
    # This form's own id, kept while it is drawn again: the match it starts, asked for twice (a
    # double tap, a tap sent again when its answer was lost), is made once (store.create).
    start: str = field(default_factory=new_start)

    def started_by(self, record: dict) -> str:
        """The request this form makes, as the store knows one sent twice (store.create): the
        form's own id and the match it asks for. The form sent again starts another match only
        when it asks for another: brought back by the browser's Back button and changed, say;
        unchanged, it is the match it started, not a second one left empty."""
        asked = {key: value for key, value in record.items() if key != "date"}
        described = json.dumps([asked, self.leader, self.paper], sort_keys=True)
        return f"form:{self.start}:{hashlib.sha256(described.encode()).hexdigest()[:16]}"

    @property
    def players(self) -> list[str]:
        return [name for name in self.seats if name]

    def defaults(self) -> tuple[int, int]:
        count = min(max(len(self.players), 2), 4)
        rules = preset(self.preset, count, self.partnership and count == 4)
        return rules.target, rules.hand_size

    @property
    def presets(self) -> list[tuple[str, str]]:
        return [(name, _(DESCRIPTIONS[name])) for name in PRESETS]

    @property
    def fives_and_threes(self) -> bool:
        return self.preset == FIVES_AND_THREES

    def deals(self) -> tuple[int, int]:
        """Fives and Threes: the usual deal for this table and the Teesdale League's."""
        count = min(max(len(self.players), 2), 4)
        return preset(FIVES_AND_THREES, count).hand_size, LEAGUE_DEAL[count]

    def league_rules(self) -> dict[str, object]:
        """What the league choices of Fives and Threes change from its preset."""
        changes: dict[str, object] = {}
        if self.league_target != "61":
            changes["target"] = int(self.league_target)
        if self.league_deal:
            changes["hand_size"] = self.deals()[1]
        if self.no_win_on_lead:
            changes["lead_can_win"] = False
        if self.one_partner_out:
            changes["go_out"] = "player"
        return changes

    def options(self) -> list[tuple[str, tuple]]:
        return [(name, CHOICES.get(name, ())) for name in ADVANCED]

    def rules(self) -> object:
        """The record's `rules`: the preset's name, or the preset with what was changed."""
        target, hand_size = self.defaults()
        overrides: dict[str, object] = {}
        numbers = (("target", self.target, target), ("hand_size", self.hand_size, hand_size))
        if self.fives_and_threes:  # its numbers are the league choices, in words
            overrides |= self.league_rules()
            numbers = ()
        for name, value, default in numbers:
            if value and value != str(default):
                overrides[name] = _whole_number(name, value)
        for name, value in self.advanced.items():
            if name in NUMBERS:
                overrides[name] = _whole_number(name, value)
            elif name in CHOICES:
                overrides[name] = {"true": True, "false": False}.get(value, value)
        return {"preset": self.preset, **overrides} if overrides else self.preset

    def record(self, date: str | None = None) -> dict:
        """The new match's record; `date`: when it starts (ISO 8601)."""
        players = self.players
        twice = same_person(players)
        if twice:
            raise ValueError(
                _(
                    "%(first)s and %(second)s are one person: each player needs a different name.",
                    first=twice[0],
                    second=twice[1],
                )
            )
        if not 2 <= len(players) <= 4:
            raise ValueError(_("Enter 2 to 4 players."))
        try:
            partnership = self.partnership and len(players) == 4
            return new_record(self.rules(), players, partnership, date)
        except RecordError as error:
            raise ValueError(explain(error)) from None


def _whole_number(name: str, value: str) -> int:
    least, most = NUMBERS[name]
    number = whole_number(value, least, most)
    if number is None:
        raise ValueError(
            _(
                "%(option)s must be a whole number from %(least)s to %(most)s.",
                option=option_label(name),
                least=least,
                most=most,
            )
        )
    return number


def from_form(form: MultiDict) -> NewMatch:
    seats = [name.strip() for name in form.getlist("player")][:SEATS]
    seats += [""] * (SEATS - len(seats))
    chosen = form.get("preset", "all-fives")
    new = NewMatch(
        seats=seats,
        partnership=form.get("partnership") == "on",
        preset=chosen if chosen in PRESETS else "all-fives",
        target=form.get("target", "").strip(),
        hand_size=form.get("hand_size", "").strip(),
        advanced={n: form[n] for n in ADVANCED if form.get(n, "").strip()},
        leader=form.get("leader", ""),
        paper=form.get("paper") == "on",
        league_target=form.get("league_target")
        if form.get("league_target") in LEAGUE_TARGETS
        else "61",
        league_deal=form.get("league_deal") == "league",
        no_win_on_lead=form.get("no_win_on_lead") == "on",
        one_partner_out=form.get("partners_out") == "one",
    )
    if START.fullmatch(form.get("start", "")):
        new.start = form["start"]
    # Numbers still showing the old preset's value follow a change of preset or players.
    if new.target == form.get("target_default"):
        new.target = ""
    if new.hand_size == form.get("hand_size_default"):
        new.hand_size = ""
    move = form.get("move", "")
    if ":" in move:
        seat, direction = move.split(":", 1)
        number = whole_number(seat, 0, SEATS - 1)
        new.seats = _moved(new.seats, -1 if number is None else number, direction)
    return new


def _moved(seats: list[str], seat: int, direction: str) -> list[str]:
    other = seat - 1 if direction == "up" else seat + 1
    if 0 <= seat < len(seats) and 0 <= other < len(seats):
        seats = list(seats)
        seats[seat], seats[other] = seats[other], seats[seat]
    return seats
