"""What the table screen shows, derived from the stored record by replaying it."""

from dataclasses import dataclass, field

from flask_babel import gettext as _
from flask_babel import ngettext

from assistant.club import store
from assistant.club.store import StoredMatch
from assistant.engine import (
    TILES,
    Draw,
    EndAsked,
    Left,
    Match,
    Play,
    RecordError,
    add_entry,
    derived_pips,
    halves,
    pips,
    read_event,
    replay,
    tile_name,
)
from assistant.web.base.db import get_db
from assistant.web.base.i18n import elided, end_name, number, signed, term_text
from assistant.web.base.messages import explain, names_text, phone_refusals, sentence
from assistant.web.base.pages import player_name, side_name
from assistant.web.table import pegs, settled


@dataclass
class TileChoice:
    tile: str
    ends: list[str]  # the ends it fits now that make different games; ["lead"] before the lead
    played: bool

    @property
    def enabled(self) -> bool:
        return bool(self.ends)

    @property
    def state(self) -> str:
        """How the picker draws it: "fits", "played" (gone from the game) or "unfit"."""
        return "fits" if self.ends else "played" if self.played else "unfit"


@dataclass
class Entry:
    """One event of the hand being played, as the correction list shows it."""

    position: int  # 1, 2, … as in the record's events of the hand
    player: str
    kind: str  # "play", "draw" or "pass"
    tile: str | None = None
    end: str | None = None
    count: int = 0
    points: int | float = 0
    tiles: int = 0  # drawn
    knock: bool = False  # a pass where nothing can be drawn ever (Fives and Threes)

    @property
    def name(self) -> str | None:
        """The tile's usual name, as the picker names it ("6-1" for a lead laid "1-6")."""
        return tile_name(self.tile) if self.tile else None

    @property
    def words(self) -> str:
        """ "5-3 by Bo", "Bo's draw", "Bo's pass": what a player would call it."""
        if self.kind == "play":
            return _("%(tile)s by %(player)s", tile=self.tile, player=player_name(self.player))
        if self.kind == "draw":
            return elided(_("%(player)s's draw", player=player_name(self.player)))
        if self.knock:
            return elided(_("%(player)s's knock", player=player_name(self.player)))
        return elided(_("%(player)s's pass", player=player_name(self.player)))

    @property
    def detail(self) -> str:
        """What it did: "on the left · count 15 · +15", "1 tile"; nothing more for a pass."""
        if self.kind == "play":
            where = _("lead") if self.end is None else _("on the %(end)s", end=end_name(self.end))
            parts = [where, _("count %(n)s", n=self.count)]
            if self.points:
                parts.append(signed(self.points))
            return " · ".join(parts)
        if self.kind == "draw":
            return ngettext("%(num)s tile", "%(num)s tiles", self.tiles)
        return ""


def hand_entries(match: Match) -> list[Entry]:
    """The events of the match's last hand, in order, with each play's count."""
    hands = match.record.get("hands") or []
    if not hands or not match.hands:
        return []
    plays = iter(match.hands[-1].plays)
    knocks = match.rules.boneyard == "sleeping"
    entries = []
    for position, data in enumerate(hands[-1]["events"], start=1):
        event = read_event(data)
        player = event.player
        if type(event) is Play:
            play = next(plays)
            entries.append(
                Entry(position, player, "play", play["tile"], play["end"], play["count"],
                      play["points"])
            )  # fmt: skip
        elif type(event) is Draw:
            entries.append(Entry(position, player, "draw", tiles=event.tiles))
        else:
            entries.append(Entry(position, player, "pass", knock=knocks))
    return entries


@dataclass
class Table:
    stored: StoredMatch
    match: Match
    leader: str | None  # the player the table chose to lead the hand about to start
    choosing: str | None = None  # a tile that fits several ends: its end is asked
    message: str | None = None  # what went wrong, in the player's words
    notice: str | None = None  # what the tap just did that the table does not show by itself
    left_form: dict = field(default_factory=dict)  # what was typed in the settlement step
    fixing: int | None = None  # the correction list (0) or the entry being corrected (1, 2, …)
    stopping: bool = False  # the table asks whether to stop the match
    scoring: dict | None = None  # the form of a hand scored on paper, as typed

    @property
    def stopped(self) -> str | None:
        """When the match was stopped before anyone won (it takes no more entries)."""
        return self.stored.stopped if self.match.winner is None else None

    inserting: bool = False  # with `fixing`: an entry missed before that one is put in
    later_end: EndAsked | None = None  # a change made a later tile fit two ends: which one?
    redo: list = field(default_factory=list)  # the change's form, sent again with that end
    redo_action: str | None = None
    showing_layout: bool = False  # the layout on a screen of its own, as large as it fits

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

    @property
    def closed(self) -> bool:
        """The finished match is closed: only the club admin may change it now."""
        return store.is_closed(self.stored, self.match)

    @property
    def knocks(self) -> bool:
        """No drawing (Fives and Threes): a player who cannot play knocks."""
        return self.match.rules.boneyard == "sleeping"

    @property
    def pegs(self) -> bool:
        """The count is scored in threes and fives, on a cribbage board."""
        return pegs.pegs_rules(self.match)

    def board(self):
        return pegs.board(self.match)

    def sides(self) -> list[dict]:
        match, target = self.match, self.match.rules.target
        return [
            {
                "name": side_name(match, i),
                "score": match.scores[i],
                "to_go": max(target - match.scores[i], 0),
                "needs": pegs.needs(match, i),
                "current": i == self.current_side,
                "winner": i == match.winner,
            }
            for i in range(len(match.sides))
        ]

    # -- laying tiles -----------------------------------------------------------------------------

    def picker(self) -> list[list[TileChoice]]:
        """The 28 tiles in 4 rows of 7, one rule throughout: a row holds the tiles of its high
        half, the other half counting up from 0 to the double (6-0 … 6-6), and after the
        double the row's small suit the same way (5-0 … 5-5, 0-0; 4-0 … 4-4, 1-0, 1-1;
        3-0 … 3-3, 2-0, 2-1, 2-2). So every 6-2, 5-2, 4-2 and 3-2 is in the third column and
        every group ends on its double. A played tile keeps its place (only its outline)."""
        hand, can_play = self.hand, self.turn is not None

        def choice(high: int, low: int) -> TileChoice:
            tile = f"{high}-{low}"
            played = tile in hand.played
            ends = hand.distinct_ends(tile) if can_play and not played else []
            return TileChoice(tile, ends, played)

        def suit(high: int) -> list[TileChoice]:
            return [choice(high, low) for low in range(high + 1)]

        return [suit(6), suit(5) + suit(0), suit(4) + suit(1), suit(3) + suit(2)]

    def ends_for(self, tile: str) -> list:
        """The ends worth asking about, with what each would count and score (in Fives and
        Threes also the point for going out, or that the play would bust)."""
        choices = self.match.end_choices(tile)
        if not self.pegs:
            return choices
        return [pegs.end_outcome(self.match, tile, choice) for choice in choices]

    @property
    def can_turn_lead(self) -> bool:
        """The lead alone on the table, not a double: it may still be turned round, so the
        screen's left and right match the table's; a lead that won at once too, on the
        winner's screen, while the table may still change the match."""
        hand = self.hand
        if len(hand.plays) != 1:
            return False
        won_at_once = self.phase == "over" and hand.ended == "win" and not self.closed
        if self.phase != "play" and not won_at_once:
            return False
        a, b = halves(hand.plays[0]["tile"])
        return a != b

    # -- what happened ------------------------------------------------------------------------

    def last_play(self) -> dict | None:
        """The count of the last tile laid this hand, term by term; in Fives and Threes what
        the count is made of ("5 threes and 3 fives"), and why it scored nothing when it did
        not. Under `chip_out` the hand's going-out play, too, once the next hand waits for its
        lead (it ended the hand)."""
        hand = self.hand
        if self.phase == "lead":
            hand = self.previous_hand()
            chip_out = self.match.rules.hand_end == "chip_out"
            if hand is None or not chip_out or hand.ended != "domino":
                return None
        if not hand.plays:
            return None
        play = hand.plays[-1]
        terms = hand.terms()  # only plays change the layout: its count now is the last play's
        parts = [f"{t.value} ({t.tile})" if "-" in t.tile else str(t.value) for t in terms]
        sum_text = " + ".join(parts)
        if len(parts) != 1:
            sum_text += f" = {play['count']}"
        side = side_name(self.match, self.match.side_of[play["player"]])
        # The terms add to the sum and the open ends only where a double or the spinner counts
        # beside other ends.
        doubles = len(terms) > 1 and any("-" in t.tile for t in terms)
        words = [term_text(t) for t in terms] if doubles else []
        shown = {"play": play, "sum": sum_text, "side": side, "terms": words}
        if self.pegs:
            shown |= self._pegged(hand, play, side)
        return shown

    def _pegged(self, hand, play: dict, side: str) -> dict:
        """What a Fives and Threes play's count is made of, and why it scored nothing (or lost
        its point for going out), from the side's score before it."""
        match = self.match
        number_of_side = match.side_of[play["player"]]
        out = hand.ended == "domino" and hand.went_out == play["player"]
        chips_out = out and match.rules.hand_end == "chip_out"
        bonus = hand.settlement.changes[number_of_side] if chips_out and hand.settlement else 0
        before = match.scores[number_of_side] - play["points"] - bonus
        refused = pegs.refusal(match, before, play["count"], len(hand.plays) == 1, chips_out)
        words = pegs.refusal_words(match, refused, side, before) if refused else None
        return {"why": pegs.why(play["count"]), "refused": words}

    def since_last_play(self) -> str | None:
        """The draws and passes since the last tile was laid: "Bo drew 2 tiles — boneyard 8 ·
        Cy passed", so every phone shows what the last taps did (while the hand is played: once
        it is blocked, the settlement says so)."""
        if self.phase != "play":
            return None
        later = []
        for entry in reversed(hand_entries(self.match)):
            if entry.kind == "play":
                break
            later.insert(0, entry)
        if not later:
            return None
        said = [
            ngettext(
                "%(player)s drew %(num)s tile",
                "%(player)s drew %(num)s tiles",
                n,
                player=player_name(player),
            )
            if kind == "draw"
            else _("%(player)s knocked", player=player_name(player))
            if self.knocks
            else _("%(player)s passed", player=player_name(player))
            for kind, player, n in _runs(later)
        ]
        text = " · ".join(said)
        if later[-1].kind == "draw":
            text += " — " + _("boneyard %(n)s", n=self.hand.boneyard)
        return text

    def previous_hand(self):
        """The hand just settled, shown while the next one waits for its lead."""
        if self.phase == "lead" and self.match.hands:
            return self.match.hands[-1]
        return None

    def explained(self, hand) -> settled.Explained | None:
        return settled.explain(self.match, hand)

    def tied_at_top(self) -> str | None:
        """Two sides level at or over the target after a settlement: "Tied at 250: another
        hand." (the highest score alone wins)."""
        scores, target = self.match.scores, self.match.rules.target
        best = max(scores)
        if self.match.winner is None and best >= target and scores.count(best) > 1:
            return _("Tied at %(score)s: another hand.", score=number(best))
        return None

    def winning(self) -> str | None:
        """How the match was won: the winning play, or the settlement that took a side over."""
        match = self.match
        if match.winner is None or not match.hands:
            return None
        last = match.hands[-1]
        chipped = last.ended == "domino" and match.rules.hand_end == "chip_out"
        if last.ended == "win" or chipped:
            play = last.plays[-1]
            return _(
                "Won with %(tile)s by %(player)s: count %(count)s, %(points)s.",
                tile=play["tile"],
                player=player_name(play["player"]),
                count=play["count"],
                points=signed(play["points"]),
            )
        change = last.settlement.changes[match.winner] if last.settlement else 0
        if last.scored:  # no settlement was counted at the table: the paper's points took it
            return _(
                "Won on hand %(n)s, scored on paper: %(points)s.",
                n=last.number,
                points=signed(change),
            )
        return _(
            "Won on the settlement of hand %(n)s: %(points)s.",
            n=last.number,
            points=signed(change),
        )

    # -- the settlement -----------------------------------------------------------------------

    def pip_bounds(self, player: str) -> tuple[int, int]:
        return self.hand.pip_bounds(player)

    def tiles_shown(self, player: str) -> bool:
        """Whether `player`'s tiles are shown at once, a tap each instead of typing: for one
        player holding 3 or fewer, when no more than two players' pips are needed (four
        players' open grids would not fit the phone's screen)."""
        hand = self.hand
        if len(hand.needs_left) > 2:
            return False
        few = [p for p in hand.needs_left if hand.tiles_held[p] <= 3]
        return bool(few) and few[0] == player

    def derived_left(self) -> dict[str, int]:
        """The pips the engine works out from those typed (and the tiles ticked)."""
        typed = {p: v for p, v in self.left_form.items() if not isinstance(v, str)}
        if len(typed) != len(self.left_form):
            return {}
        return derived_pips(self.hand, typed)

    def left_entry(self) -> dict:
        """What Confirm enters: the pips typed or ticked, and those worked out from them."""
        return self.derived_left() | self.left_form

    def pips_rows(self) -> list["PipsRow"]:
        """A row per player whose pips are needed: what the field shows, and whether the
        engine worked it out (still to be corrected by typing over it)."""
        hand, derived = self.hand, self.derived_left()
        rows = []
        for index, player in enumerate(hand.needs_left):
            given = self.left_form.get(player)
            ticked = given if isinstance(given, list) else []
            if ticked:
                value: object = sum(pips(tile) for tile in ticked if tile in TILES)
            elif given is None:
                value = derived.get(player)
            else:
                value = given if isinstance(given, int) else None
            low, high = hand.pip_bounds(player)
            shown = bool(ticked) or (given is None and self.tiles_shown(player))
            rows.append(
                PipsRow(index, player, hand.tiles_held[player], low, high, value,
                        given is None and player in derived, ticked, shown)
            )  # fmt: skip
        return rows

    def preview(self) -> dict | None:
        """The settlement the typed tiles or pips would give, before it is confirmed: the same
        words as once it is confirmed, from the engine's own settlement."""
        left = self.left_entry()
        if not left:
            return None
        try:
            _record, result = add_entry(self.stored.record, Left(left), replayed=self.match)
        except RecordError as error:
            return {"error": sentence(explain(error))}
        hand = result.hands[-1]
        if hand.settlement is None:
            missing = names_text(hand.missing_left)
            return {"error": elided(_("Still needed: the pips of %(players)s.", players=missing))}
        return {"error": None, "explained": settled.explain(result, hand)}

    def told(self, hand) -> str | None:
        """A hand scored on paper, in words: each side's points ("Ann +25 · Bo +10")."""
        if hand is None or not hand.scored:
            return None
        changes = hand.settlement.changes
        return " · ".join(
            f"{side_name(self.match, side)} {signed(change)}" for side, change in enumerate(changes)
        )

    def lead_hint(self) -> str:
        if self.match.rules.first_lead == "highest_double":
            return _("The holder of the highest double leads.")
        return _("Pick who leads, or let the phone pick at random.")

    # -- corrections --------------------------------------------------------------------------

    def refusal_words(self) -> dict[str, str]:
        """The sentences a correction made on the phone may be refused with, translated."""
        return phone_refusals()

    @property
    def can_fix(self) -> bool:
        return self.phase in ("play", "settle") and bool(self.entries())

    def entries(self) -> list[Entry]:
        if self.phase == "lead":
            return []
        return hand_entries(self.match)

    def fixed_entry(self) -> Entry | None:
        entries = self.entries()
        if self.fixing and self.fixing <= len(entries):
            return entries[self.fixing - 1]
        return None

    def before_fixed(self) -> "Table | None":
        """The table as it stood just before the entry being corrected: what may replace it
        (its tiles, ends, a draw or a pass) is what the rules allowed then."""
        entry = self.fixed_entry()
        if entry is None:
            return None
        record = self.match.record
        *settled_hands, current = record["hands"]
        hands = [*settled_hands]
        if entry.position > 1:
            hands.append({"events": current["events"][: entry.position - 1]})
        before = replay({**record, "hands": hands}, prefix=self.match)
        return Table(self.stored, before, entry.player, choosing=self.choosing)

    def later_table(self) -> "Table | None":
        """The hand just before the later tile whose end a change made a question."""
        asked = self.later_end
        if asked is None:
            return None
        return Table(self.stored, asked.match, None, choosing=asked.tile)


@dataclass
class PipsRow:
    index: int
    player: str
    held: int
    low: int
    high: int
    value: object  # the pips shown in the field: typed, the ticked tiles' sum, or worked out
    derived: bool
    ticked: list
    tiles_open: bool

    @property
    def missing(self) -> bool:
        return self.value is None


def _runs(entries: list[Entry]) -> list[tuple[str, str, int]]:
    """(kind, player, tiles drawn): each pass, and each run of draws by one player as one."""
    runs: list[tuple[str, str, int]] = []
    for entry in entries:
        if entry.kind == "draw" and runs and runs[-1][:2] == ("draw", entry.player):
            runs[-1] = ("draw", entry.player, runs[-1][2] + entry.tiles)
        else:
            runs.append((entry.kind, entry.player, entry.tiles))
    return runs


def build(stored: StoredMatch, match: Match | None = None, **extra) -> Table:
    """The table of a stored match; `match`: its record already replayed, when the caller has
    it (a write has just replayed it; else the store keeps the replay of each version)."""
    if match is None:
        match = store.replayed(get_db(), stored)
    return Table(stored, match, stored.leader, **extra)
