"""One hand of a match (RULES.md §2, §3, §7): the lead, the plays, draws and passes (knocks), the
turn, a domino or a block, the pips left and the settlement.

A `Hand` is a value: it knows who plays and under which rules (`setup`), not the match it is
part of. Its entries are judged on a `HandBuilder`, made by the match being entered
(`MatchBuilder`, match.py, which keeps the scores and the winner); the hand they leave is a new
value (`frozen()`)."""

from typing import TYPE_CHECKING, NamedTuple

from .errors import N_, RecordError
from .layout import END_NAMES, LayoutBuilder, Placed, Term
from .moves import Draw, Event, Play
from .settlement import chipped_out, needed_pips
from .setup import Setup
from .tiles import HALVES, TILES, TOTAL_PIPS, halves
from .values import FrozenMap, Value

if TYPE_CHECKING:
    from .match import MatchBuilder

CANONICAL = {name: f"{max(a, b)}-{min(a, b)}" for name, (a, b) in HALVES.items()}
PIPS_OF = {name: a + b for name, (a, b) in HALVES.items()}
# Every way of writing a tile → its halves as written and its usual name: one look-up a play.
WRITTEN = {name: (a, b, CANONICAL[name]) for name, (a, b) in HALVES.items()}


class ScoredPlay(NamedTuple):
    """What one play scored: its points, the bonus for going out credited with it, and whether
    an exact target (or `lead_can_win: false`) refused that bonus."""

    points: int
    bonus: int = 0
    bonus_refused: bool = False


class Hand(Value):
    """One hand: from the lead to a domino, a block or a win, and its settlement; or a hand
    scored as told (`ended == "scored"`, `told` the points as told, no plays)."""

    FIELDS = (
        "setup",
        "players",  # setup.players, read at every turn
        "seats",
        "number",
        "leader",  # who must lead: the player who went out last hand, else anyone
        "held",  # player → how many tiles they hold
        "boneyard",
        "layout",
        "played",  # the tiles played, by their usual names
        "played_pips",
        "plays",  # each play as results hold it: {"player", "tile", "end", "count", "points"}
        "play_terms",  # each play's count explained (explain=True)
        "turn_index",  # None until the lead
        "passes_in_a_row",
        "events",
        "ended",  # None, "domino", "blocked", "win", "scored"
        "went_out",
        "needs_left",  # whose pips the settlement needs, once the hand ends
        "pips_left",  # raw pips per player, from `left`
        "settlement",
        "scores",  # each side's total after this hand
        "told",  # a hand scored as told: its points as told
    )
    # `match`: while a builder, the match it judges entries in; None in a value, which never
    # knows its match. A builder becomes a value in place (`frozen()`), hence one layout.
    __slots__ = (*FIELDS, "match", "_hash", "__weakref__")

    @staticmethod
    def fresh(setup: Setup, number: int, leader: str | None = None) -> "Hand":
        """Hand `number` before its lead."""
        return HandBuilder(setup, None, number, leader).frozen()

    def building(self, match: "MatchBuilder") -> "HandBuilder":
        """A builder that goes on from this hand (which stays as it is), in `match`."""
        hand = object.__new__(HandBuilder)
        for name in _KEPT:
            setattr(hand, name, getattr(self, name))
        hand.match = match
        hand.held = dict(self.held)
        hand.layout = self.layout.building()
        hand.played = set(self.played)
        hand.plays = list(self.plays)
        hand.play_terms = list(self.play_terms)
        hand.needs_left = list(self.needs_left)
        hand.pips_left = dict(self.pips_left)
        return hand

    # -- what the screens ask ---------------------------------------------------------------

    @property
    def turn(self) -> str | None:
        if self.ended or self.turn_index is None:
            return None
        return self.players[self.turn_index]

    @property
    def tiles_held(self) -> dict[str, int]:
        return dict(self.held)

    @property
    def can_draw(self) -> bool:
        return self.turn_index is not None and not self.ended and self.drawable > 0

    @property
    def can_pass(self) -> bool:
        return self.turn_index is not None and not self.ended and self.drawable <= 0

    @property
    def drawable(self) -> int:
        rules = self.setup.rules
        if rules.boneyard == "sleeping":
            return 0
        return self.boneyard - rules.boneyard_reserve

    @property
    def leader_played(self) -> str | None:
        """Who led this hand (None before its lead, and for a hand scored as told)."""
        return self.plays[0]["player"] if self.plays else None

    def side_out(self, player: str) -> bool:
        """Whether `player`'s play of their last tile ends the hand: under `go_out: player` it
        does; under `go_out: side` only once their partner is out too."""
        setup = self.setup
        if setup.rules.go_out == "player":
            return self.held[player] == 0
        return all(self.held[p] == 0 for p in setup.sides[setup.side_of[player]])

    @property
    def holding(self) -> int:
        """How many players still hold tiles (a player who is out is passed over)."""
        return sum(1 for held in self.held.values() if held)

    @property
    def count(self) -> int:
        return self.layout.count() if self.plays else 0

    def terms(self) -> list[Term]:
        return self.layout.terms() if self.plays else []

    def open_ends(self):
        return self.layout.open_ends() if self.plays else []

    def fits(self, tile: str) -> list[str]:
        """The ends a tile fits now: ["lead"] for any unplayed tile before the lead."""
        if self.ended or CANONICAL.get(tile, tile) in self.played:
            return []
        if not self.plays:
            return ["lead"]
        return self.layout.fitting_ends(*halves(tile))

    def distinct_ends(self, tile: str) -> list[str]:
        """The ends worth asking about: `fits(tile)` without an end that makes the same game as
        one before it (Layout.distinct_ends, e.g. both sides of a lone double)."""
        fits = self.fits(tile)
        if len(fits) < 2:
            return fits
        return self.layout.distinct_ends(tile, *halves(tile))

    def unplayed(self) -> list[str]:
        return [t for t in TILES if t not in self.played]

    def layout_tiles(self) -> list[Placed]:
        return self.layout.placements()

    def pip_bounds(self, player: str) -> tuple[int, int]:
        """The pips `player` can hold: from the lightest to the heaviest tiles not played in
        this hand, as many as they hold (one tile held after 6-6 was played: 0 to 11)."""
        return self._bounds(player, self._unplayed_weights())

    def _unplayed_weights(self) -> list[int]:
        """The pips of each tile not played in this hand, lightest first."""
        played = self.played
        return sorted([PIPS_OF[tile] for tile in TILES if tile not in played])

    def _bounds(self, player: str, weights: list[int]) -> tuple[int, int]:
        held = self.held[player]
        return (sum(weights[:held]), sum(weights[-held:])) if held else (0, 0)

    @property
    def scored(self) -> bool:
        """The hand was scored as told: no tiles, its settlement is what the players told."""
        return self.ended == "scored"

    @property
    def missing_left(self) -> list[str]:
        return [p for p in self.needs_left if p not in self.pips_left]

    def as_result(self) -> dict:
        return {
            "plays": list(self.plays),
            "ended": self.ended,
            "went_out": self.went_out,
            "settlement": list(self.settlement.changes) if self.settlement else None,
            "scores": list(self.scores),
        }


# The fields a builder holds as they are in a value; the others are copied as they change.
_COPIED = ("held", "layout", "played", "plays", "play_terms", "needs_left", "pips_left", "scores")
_KEPT = tuple(name for name in Hand.FIELDS if name not in _COPIED)


class HandBuilder(Hand):
    """A hand whose entries are being judged, inside the match being entered (`match`)."""

    __slots__ = ()
    __setattr__, __delattr__, __hash__ = object.__setattr__, object.__delattr__, None

    def __init__(self, setup: Setup, match: "MatchBuilder | None", number: int, leader: str | None):
        """Hand `number` before its lead, in `match`."""
        rules = setup.rules
        players = setup.players
        self.setup = setup
        self.match = match
        self.players = players
        self.seats = len(players)
        self.number = number
        self.leader = leader
        self.held = dict.fromkeys(players, rules.hand_size)
        self.boneyard = 28 - len(players) * rules.hand_size
        self.layout = LayoutBuilder(rules.layout, rules.spinner_count)
        self.played = set()
        self.played_pips = 0
        self.plays = []
        self.play_terms = []
        self.turn_index = None
        self.passes_in_a_row = 0
        self.events = 0
        self.ended = None
        self.went_out = None
        self.needs_left = []
        self.pips_left = {}
        self.settlement = None
        self.scores = ()
        self.told = None

    def frozen(self) -> Hand:
        """The hand as it stands now, as a value: this builder becomes it (and is done)."""
        self.match = None
        self.held = FrozenMap(self.held)
        self.layout = self.layout.frozen()
        self.played = frozenset(self.played)
        self.plays = tuple(self.plays)
        self.play_terms = tuple(self.play_terms)
        self.needs_left = tuple(self.needs_left)
        self.pips_left = FrozenMap(self.pips_left)
        self.scores = tuple(self.scores)
        object.__setattr__(self, "__class__", Hand)
        return self

    # -- the events ------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """One play, draw or pass of this hand, judged; its player named."""
        if type(event) is Play:
            tile, end, player = event
            self.play(player, tile, end)
            return
        self.events += 1
        try:
            self._apply(event)
        except RecordError as error:
            raise error.located(self.number, self.events) from None

    def play(self, player: str, tile: str, end: str | None) -> None:
        """A tile laid, said by its parts: what `apply(Play(tile, end, player))` does. A record's
        replay lays its plays so, without making a value for each: a club's history holds
        millions of plays, re-scored in one go."""
        self.events += 1
        try:
            if (
                self.ended is None
                and self.turn_index is not None
                and player == self.players[self.turn_index]
            ):
                self._play(player, tile, end)
            else:
                self._apply(Play(tile, end, player))
        except RecordError as error:
            raise error.located(self.number, self.events) from None

    def _apply(self, event: Event) -> None:
        match = self.match
        player = event.player
        if type(player) is not str or player not in match.seat:
            raise RecordError(N_("{player} is not a player in this match"), player=_quoted(player))
        self._check_not_over()
        if self.turn_index is None:
            self._lead(player, event)
            return
        expected = match.players[self.turn_index]
        if player != expected:
            raise RecordError(
                N_("it is {expected}'s turn, not {player}'s"), expected=expected, player=player
            )
        if type(event) is Play:
            self._play(player, event.tile, event.end)
        elif type(event) is Draw:
            self._draw(player, event.tiles)
        else:
            self._pass(player)

    def _check_not_over(self) -> None:
        if self.ended == "domino":
            raise RecordError(N_("the hand is over: {player} went out"), player=self.went_out)
        if self.ended == "blocked":
            raise RecordError(N_("the hand is over: it is blocked"))
        if self.ended == "win":
            raise RecordError(
                N_("the match is over: {side} won"), side=self.match.side_name(self.match.winner)
            )

    def _lead(self, player: str, event: Event) -> None:
        match = self.match
        if type(event) is not Play:
            raise RecordError(
                N_("the hand starts with a lead: {player} may lead any tile"), player=player
            )
        if self.leader and player != self.leader:
            if match.rules.next_lead == "rotate":
                raise RecordError(
                    N_("the lead passes round: {leader} leads this hand"), leader=self.leader
                )
            raise RecordError(
                N_("{leader} went out last hand and must lead, not {player}"),
                leader=self.leader,
                player=player,
            )
        if event.end is not None:
            raise RecordError(N_("the lead is played without an end"))
        tile = event.tile
        a, b = halves(tile)
        self.turn_index = match.seat[player]
        self.layout.lead(tile, a, b)
        self._played(player, tile, CANONICAL[tile], None, lead=True)

    def _play(self, player: str, tile: object, end: object) -> None:
        try:
            a, b, name = WRITTEN[tile]
        except (KeyError, TypeError):
            halves(tile)  # raises the error that names it
        if name in self.played:
            raise RecordError(N_("{tile} has already been played this hand"), tile=tile)
        if end is not None and end not in END_NAMES:
            raise RecordError(
                N_("{end} is not an end: use left, right, up or down"), end=_quoted(end)
            )
        end = self.layout.place(tile, a, b, end)
        self._played(player, tile, name, end)

    def _played(
        self, player: str, tile: str, name: str, end: str | None, lead: bool = False
    ) -> None:
        """What follows every play: the count, the points, a domino or a win, the next turn."""
        match = self.match
        self.played.add(name)
        self.played_pips += PIPS_OF[name]
        held = self.held[player] - 1
        self.held[player] = held
        self.passes_in_a_row = 0
        count = self.layout.count()
        out = held == 0 and self.side_out(player)
        chips_out = out and match.rules.hand_end == "chip_out"
        scored = match.score_play(player, count, lead, chips_out)
        laid = {"player": player, "tile": tile, "end": end, "count": count, "points": scored.points}
        self.plays.append(_laid(laid))
        if match.explain:
            self.play_terms.append(tuple(self.layout.terms()))
        if chips_out:  # going out ends the hand as a domino, even when it also wins the match
            self._end("domino", player, scored)
        elif match.winner is not None:
            self.ended = "win"
            self.went_out = player if out else None
        elif out:
            self._end("domino", player)
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        """The turn passes to the next player who still holds tiles."""
        held, players = self.held, self.players
        index = (self.turn_index + 1) % self.seats
        while not held[players[index]]:
            index = (index + 1) % self.seats
        self.turn_index = index

    def _draw(self, player: str, tiles: object) -> None:
        if self.match.rules.boneyard == "sleeping":
            raise RecordError(N_("there is no drawing: the tiles not dealt are out of play"))
        if type(tiles) is not int or tiles < 1:
            raise RecordError(
                N_("a draw takes a whole number of tiles, at least 1, not {n}"), n=_quoted(tiles)
            )
        drawable = self.drawable
        if drawable <= 0:
            if self.boneyard == 1:
                raise RecordError(
                    N_("{player} cannot draw: the one tile left in the boneyard is kept back"),
                    player=player,
                )
            if self.boneyard:
                raise RecordError(
                    N_("{player} cannot draw: the {n} tiles left in the boneyard are kept back"),
                    player=player,
                    n=self.boneyard,
                )
            raise RecordError(N_("{player} cannot draw: the boneyard is empty"), player=player)
        if tiles > drawable:
            raise RecordError(
                N_("{player} cannot draw {n}: only {left} can be drawn"),
                player=player,
                n=tiles,
                left=drawable,
            )
        self.boneyard -= tiles
        self.held[player] += tiles

    def _pass(self, player: str) -> None:
        drawable = self.drawable
        if drawable > 0:
            self._refuse_pass(player, drawable)
        self.passes_in_a_row += 1
        if self.passes_in_a_row == self.holding:
            self._end("blocked", None)
        else:
            self._next_turn()

    def _refuse_pass(self, player: str, drawable: int) -> None:
        """A pass while tiles can still be drawn: how many, and what the reserve keeps back."""
        reserve = self.match.rules.boneyard_reserve
        if reserve:
            if drawable == 1:
                raise RecordError(
                    N_("{player} must draw: 1 tile can still be drawn (the boneyard holds "
                       "{total} and keeps {reserve} back)"),
                    player=player,
                    total=self.boneyard,
                    reserve=reserve,
                )  # fmt: skip
            raise RecordError(
                N_("{player} must draw: {n} tiles can still be drawn (the boneyard holds "
                   "{total} and keeps {reserve} back)"),
                player=player,
                n=drawable,
                total=self.boneyard,
                reserve=reserve,
            )  # fmt: skip
        if drawable == 1:
            raise RecordError(
                N_("{player} must draw: the boneyard still has 1 tile"), player=player
            )
        raise RecordError(
            N_("{player} must draw: the boneyard still has {n} tiles"), player=player, n=drawable
        )

    def _end(self, ended: str, went_out: str | None, scored: "ScoredPlay | None" = None) -> None:
        match = self.match
        self.ended = ended
        self.went_out = went_out
        if match.rules.hand_end == "chip_out":  # no pips are counted: settled at once
            self.settlement = chipped_out(match.sides, match.side_of, went_out, scored)
            match.check_target_after_settlement()
        else:
            self.needs_left = needed_pips(match.rules, match.sides, ended, went_out, self.held)

    # -- settling ---------------------------------------------------------------------------

    def apply_left(self, left: object) -> None:
        try:
            self._apply_left(left)
        except RecordError as error:
            raise error.located(self.number, "left") from None

    def _apply_left(self, left: object) -> None:
        """The pips left, checked; they settle the hand once every pip the rules need is
        known. Given for a hand the match was won in, they are checked and then ignored."""
        if not self.ended:
            raise RecordError(
                N_("the hand is still being played: the pips left are entered when it ends")
            )
        if not isinstance(left, dict):
            raise RecordError(N_("left must map players to their tiles or pip totals"))
        pips_left = self._checked_left(left)
        if self.ended == "win" or self.settlement is not None:
            return
        self.pips_left = pips_left
        if not self.missing_left:
            self.settlement = self.match.settle(self)

    def _checked_left(self, left: dict) -> dict[str, int]:
        pips_left: dict[str, int] = {}
        listed: dict[str, str] = {}  # tile → the player whose list names it
        totals = 0  # pips given as totals
        listed_pips = 0  # pips of the tiles given by name
        weights: list[int] = []  # the unplayed tiles' pips, once a total needs them
        for player, given in left.items():
            if player not in self.match.seat:
                raise RecordError(
                    N_("{player} is not a player in this match"), player=_quoted(player)
                )
            if type(given) is list or type(given) is tuple:
                pips = self._listed_pips(player, given, listed)
                listed_pips += pips
            elif type(given) is int:
                weights = weights or self._unplayed_weights()
                pips = self._checked_total(player, given, weights)
                totals += pips
            else:
                raise RecordError(
                    N_("the pips left by {player} must be a list of tiles or a whole number"),
                    player=player,
                )
            pips_left[player] = pips
        unplayed = TOTAL_PIPS - self.played_pips - listed_pips
        if totals > unplayed:
            raise RecordError(
                N_("the pips left add up to more than the unplayed tiles hold ({pips})"),
                pips=unplayed,
            )
        return pips_left

    def _checked_total(self, player: str, pips: int, weights: list[int]) -> int:
        if pips < 0:
            raise RecordError(
                N_("a pip total is counted on the tiles in hand, so it cannot be negative: "
                   "{pips} for {player}"),
                pips=pips,
                player=player,
            )  # fmt: skip
        low, high = self._bounds(player, weights)
        if not low <= pips <= high:
            held = self.held[player]
            if held == 1:
                raise RecordError(
                    N_(
                        "{player} holds 1 tile: their pips must be from {low} to {high}, not {pips}"
                    ),
                    player=player,
                    low=low,
                    high=high,
                    pips=pips,
                )
            raise RecordError(
                N_("{player} holds {n} tiles: their pips must be from {low} to {high}, not {pips}"),
                player=player,
                n=held,
                low=low,
                high=high,
                pips=pips,
            )
        return pips

    def _listed_pips(self, player: str, tiles: list | tuple, listed: dict[str, str]) -> int:
        held = self.held[player]
        if len(tiles) != held:
            if held == 1:
                raise RecordError(
                    N_("{player} holds 1 tile, not {given}"), player=player, given=len(tiles)
                )
            raise RecordError(
                N_("{player} holds {n} tiles, not {given}"), player=player, n=held, given=len(tiles)
            )
        total = 0
        for tile in tiles:
            a, b = halves(tile)
            name = CANONICAL[tile]
            if name in self.played:
                raise RecordError(
                    N_("{tile} was played this hand: {player} cannot hold it"),
                    tile=tile,
                    player=player,
                )
            if name in listed:
                other = listed[name]
                if other == player:
                    raise RecordError(
                        N_("{tile} is named twice in {player}'s hand"), tile=tile, player=player
                    )
                raise RecordError(
                    N_("{tile} cannot be in both {first}'s and {second}'s hands"),
                    tile=tile,
                    first=other,
                    second=player,
                )
            listed[name] = player
            total += a + b
        return total


_laid = FrozenMap  # a play as results hold it


def _quoted(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)
