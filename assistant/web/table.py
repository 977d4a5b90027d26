"""What the table screen shows, derived from the stored record by replaying it."""

from dataclasses import dataclass, field

from flask_babel import gettext as _

from assistant.club import store
from assistant.club.store import StoredMatch
from assistant.engine import TILES, Match, RecordError, add_entry, halves, rounded
from assistant.web.db import get_db
from assistant.web.i18n import term_text
from assistant.web.messages import explain


@dataclass
class TileChoice:
    tile: str
    ends: list[str]  # the ends it fits now that make different games; ["lead"] before the lead
    played: bool

    @property
    def enabled(self) -> bool:
        return bool(self.ends)


@dataclass
class Table:
    stored: StoredMatch
    match: Match
    leader: str | None  # the player the table chose to lead the hand about to start
    choosing: str | None = None  # a tile that fits several ends: its end is asked
    message: str | None = None
    left_form: dict = field(default_factory=dict)  # what was typed in the settlement step

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def version(self) -> int:
        return self.stored.version

    @property
    def phase(self) -> str:
        return self.match.phase

    @property
    def hand(self):
        return self.match.hand

    @property
    def turn(self) -> str | None:
        return self.match.turn(self.leader)

    @property
    def current_side(self) -> int | None:
        return self.match.side_of.get(self.turn) if self.turn else None

    def sides(self) -> list[dict]:
        match, target = self.match, self.match.rules.target
        return [
            {
                "name": match.side_name(i),
                "score": match.scores[i],
                "to_go": max(target - match.scores[i], 0),
                "current": i == self.current_side,
                "winner": i == match.winner,
            }
            for i in range(len(match.sides))
        ]

    def picker(self) -> list[list[TileChoice]]:
        """The 28 tiles in 4 rows of 7, by high half: the 6s; the 5s and 0-0; the 4s and the
        1s; the 3s and the 2s, so a player finds a tile by its high half at a glance."""
        hand, can_play = self.hand, self.turn is not None
        suits: dict[int, list[TileChoice]] = {}
        for tile in TILES:
            played = tile in hand.played
            ends = hand.distinct_ends(tile) if can_play and not played else []
            suits.setdefault(halves(tile)[0], []).append(TileChoice(tile, ends, played))
        return [suits[6], suits[5] + suits[0], suits[4] + suits[1], suits[3] + suits[2]]

    def ends_for(self, tile: str) -> list:
        """The ends worth asking about, with what each would count and score."""
        return self.match.end_choices(tile)

    def last_play(self) -> dict | None:
        """The count of the last tile laid this hand, term by term."""
        hand = self.hand
        if self.phase == "lead" or not hand.plays:
            return None
        play = hand.plays[-1]
        terms = hand.terms()  # only plays change the layout: its count now is the last play's
        parts = [f"{t.value} ({t.tile})" if "-" in t.tile else str(t.value) for t in terms]
        sum_text = " + ".join(parts)
        if len(parts) != 1:
            sum_text += f" = {play['count']}"
        side = self.match.side_name(self.match.side_of[play["player"]])
        return {"play": play, "sum": sum_text, "side": side, "terms": [term_text(t) for t in terms]}

    def previous_hand(self):
        """The hand just settled, shown while the next one waits for its lead."""
        if self.phase == "lead" and self.match.hands:
            return self.match.hands[-1]
        return None

    def preview(self) -> dict | None:
        """The settlement the typed tiles or pips would give, before it is confirmed."""
        if not self.left_form:
            return None
        try:
            _record, settled = add_entry(
                self.stored.record, {"left": self.left_form}, replayed=self.match
            )
        except RecordError as error:
            return {"error": explain(error)}
        hand, rounding = settled.hands[-1], settled.rules.rounding
        rows = [
            {"player": p, "raw": hand.pips_left[p], "rounded": rounded(hand.pips_left[p], rounding)}
            for p in hand.needs_left
            if p in hand.pips_left
        ]
        if hand.settlement is None:
            missing = " ".join(hand.missing_left)
            return {"error": _("Still needed: %(players)s.", players=missing), "rows": rows}
        return {
            "error": None,
            "rows": rows,
            "changes": [
                {"side": settled.side_name(i), "change": change}
                for i, change in enumerate(hand.settlement.changes)
            ],
        }

    def lead_hint(self) -> str:
        if self.match.rules.first_lead == "highest_double":
            return _("The holder of the highest double leads.")
        return _("Draw lots, or pick who leads.")


def build(stored: StoredMatch, match: Match | None = None, **extra) -> Table:
    """The table of a stored match; `match`: its record already replayed, when the caller has
    it (a write has just replayed it; else the store keeps the replay of each version)."""
    if match is None:
        match = store.replayed(get_db(), stored)
    return Table(stored, match, stored.leader, **extra)
