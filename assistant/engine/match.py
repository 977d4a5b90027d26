"""Replaying a match record: turns, drawing, passing, the end of a hand, scores and the winner
(RULES.md §2–§4). `replay(record)` gives a `Match`; a broken rule raises `RecordError`.

The questions a screen asks are answered here as well, so every screen and the API get the same
answers: whose turn it is (`Match.turn`), what an entry as a player says it becomes in the record
(`Match.completed`), where a tile may go and what each end would score (`Match.end_choices`), and
what pips a player can still hold (`Hand.pip_bounds`), whether a hand may be scored as told now
(`Match.can_score_hand`) and with which points (`Match.half_points`, `Match.told_by_side`)."""

from dataclasses import dataclass
from datetime import date, datetime

from .errors import N_, RecordError
from .layout import END_NAMES, Layout, Placed, Term
from .limits import MAX_HANDS, MAX_NAME, unprintable
from .moves import ScoredHand
from .rules import Rules, rules_for
from .settlement import SCORED, Settlement, exact, needed_pips, settle
from .tiles import HALVES, TILES, TOTAL_PIPS, halves

FORMAT = "allfives-match/1"
HEADER_FIELDS = ("format", "rules", "players", "partnership", "date", "notes")
RECORD_FIELDS = {*HEADER_FIELDS, "hands"}
HAND_FIELDS = {"events", "left", "notes", "points"}
SCORED_FIELDS = {"points", "notes"}
ACTIONS = ("play", "draw", "pass")
EVENT_FIELDS = frozenset({"player", "end", *ACTIONS})
CANONICAL = {name: f"{max(a, b)}-{min(a, b)}" for name, (a, b) in HALVES.items()}
PIPS_OF = {name: a + b for name, (a, b) in HALVES.items()}
# Every way of writing a tile → its halves as written and its usual name: one look-up a play.
WRITTEN = {name: (a, b, CANONICAL[name]) for name, (a, b) in HALVES.items()}


@dataclass(frozen=True, slots=True)
class EndChoice:
    """One end a tile may go on, and what laying it there would do."""

    end: str
    value: int  # what the end shows now
    count: int  # the count of the open ends after the tile is laid there
    points: int | float  # what the player's side would score for it


class Hand:
    """One hand: from the lead to a domino, a block or a win, and its settlement; or a hand
    scored as told (`ended == "scored"`, `told` the points as told, no plays)."""

    def __init__(self, match: "Match", number: int, leader: str | None = None):
        rules = match.rules
        players = match.players
        self.match = match
        self.players = players
        self.number = number
        self.leader = leader  # who must lead: the player who went out last hand, else anyone
        self.held = dict.fromkeys(players, rules.hand_size)
        self.seats = len(players)
        self.boneyard = 28 - len(players) * rules.hand_size
        self.layout = Layout(rules.layout, rules.spinner_count)
        self.played: set[str] = set()
        self.played_pips = 0
        self.plays: list[dict] = []  # {"player", "tile", "end", "count", "points"} as in results
        self.play_terms: list[list[Term]] = []  # each play's count explained (explain=True)
        self.turn_index: int | None = None  # None until the lead
        self.passes_in_a_row = 0
        self.events = 0
        self.ended: str | None = None  # "domino", "blocked", "win", "scored"
        self.went_out: str | None = None
        self.needs_left: list[str] = []  # whose pips the settlement needs, once the hand ends
        self.pips_left: dict[str, int] = {}  # raw pips per player, from `left`
        self.settlement: Settlement | None = None
        self.scores: list = []  # each side's total after this hand
        self.told: ScoredHand | None = None  # a hand scored as told: its points as told

    # -- what the screens ask ---------------------------------------------------------------

    @property
    def turn(self) -> str | None:
        if self.ended or self.turn_index is None:
            return None
        return self.match.players[self.turn_index]

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
        return self.boneyard - self.match.rules.boneyard_reserve

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

    # -- replaying events -------------------------------------------------------------------

    def apply(self, event: object) -> None:
        self.events += 1
        try:
            if (
                self.ended is None
                and self.turn_index is not None
                and type(event) is dict
                and "play" in event
                and len(event) == 2 + ("end" in event)
                and event.get("player") == self.players[self.turn_index]
            ):
                self._play(event["player"], event["play"], event.get("end"))
            else:
                self._apply(event)
        except RecordError as error:
            raise error.located(self.number, self.events) from None

    def _apply(self, event: object) -> None:
        match = self.match
        if type(event) is not dict:
            raise RecordError(N_("an event must be an object with a player"))
        if not EVENT_FIELDS.issuperset(event):
            raise RecordError(
                N_("unknown field in the event: {fields}"), fields=_names(set(event) - EVENT_FIELDS)
            )
        player = event.get("player")
        if type(player) is not str or player not in match.seat:
            raise RecordError(N_("{player} is not a player in this match"), player=_quoted(player))
        if "play" in event:
            action = "play"
            extra = len(event) - 2 - ("end" in event)
        elif "draw" in event:
            action = "draw"
            extra = len(event) - 2
        elif "pass" in event:
            action = "pass"
            extra = len(event) - 2
        else:
            raise RecordError(N_("an event must play, draw or pass"))
        if extra:
            fields = [name for name in (*ACTIONS, "end") if name in event and name != action]
            raise RecordError(
                N_("an event does one thing: {fields} cannot go with {action}"),
                fields=", ".join(fields),
                action=action,
            )
        self._check_not_over()
        if self.turn_index is None:
            self._lead(player, event, action)
            return
        expected = match.players[self.turn_index]
        if player != expected:
            raise RecordError(
                N_("it is {expected}'s turn, not {player}'s"), expected=expected, player=player
            )
        if action == "play":
            self._play(player, event["play"], event.get("end"))
        elif action == "draw":
            self._draw(player, event["draw"])
        else:
            self._pass(player, event["pass"])

    def _check_not_over(self) -> None:
        if self.ended == "domino":
            raise RecordError(N_("the hand is over: {player} went out"), player=self.went_out)
        if self.ended == "blocked":
            raise RecordError(N_("the hand is over: it is blocked"))
        if self.ended == "win":
            raise RecordError(
                N_("the match is over: {side} won"), side=self.match.side_name(self.match.winner)
            )

    def _lead(self, player: str, event: dict, action: str) -> None:
        match = self.match
        if action != "play":
            raise RecordError(
                N_("the hand starts with a lead: {player} may lead any tile"), player=player
            )
        if self.leader and player != self.leader:
            raise RecordError(
                N_("{leader} went out last hand and must lead, not {player}"),
                leader=self.leader,
                player=player,
            )
        if event.get("end") is not None:
            raise RecordError(N_("the lead is played without an end"))
        tile = event["play"]
        a, b = halves(tile)
        self.turn_index = match.seat[player]
        self.layout.lead(tile, a, b)
        self._played(player, tile, CANONICAL[tile], None)

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

    def _played(self, player: str, tile: str, name: str, end: str | None) -> None:
        """What follows every play: the count, the points, a domino or a win, the next turn."""
        match = self.match
        self.played.add(name)
        self.played_pips += PIPS_OF[name]
        held = self.held[player] - 1
        self.held[player] = held
        self.passes_in_a_row = 0
        count = self.layout.count()
        points = match.credit(player, count) if count and not count % 5 else 0
        self.plays.append(
            {"player": player, "tile": tile, "end": end, "count": count, "points": points}
        )
        if match.explain:
            self.play_terms.append(self.layout.terms())
        if match.winner is not None:
            self.ended = "win"
            self.went_out = player if held == 0 else None
        elif held == 0:
            self._end("domino", player)
        else:
            self.turn_index = (self.turn_index + 1) % self.seats

    def _draw(self, player: str, tiles: object) -> None:
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

    def _pass(self, player: str, value: object) -> None:
        if value is not True:
            raise RecordError(N_('a pass is written "pass": true'))
        drawable = self.drawable
        if drawable > 0:
            self._refuse_pass(player, drawable)
        self.passes_in_a_row += 1
        if self.passes_in_a_row == len(self.match.players):
            self._end("blocked", None)
        else:
            self.turn_index = (self.turn_index + 1) % len(self.match.players)

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

    def _end(self, ended: str, went_out: str | None) -> None:
        match = self.match
        self.ended = ended
        self.went_out = went_out
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
        if type(left) is not dict:
            raise RecordError(N_("left must map players to their tiles or pip totals"))
        pips_left = self._checked_left(left)
        if self.ended == "win":
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
            if type(given) is list:
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

    def _listed_pips(self, player: str, tiles: list, listed: dict[str, str]) -> int:
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

    def as_result(self) -> dict:
        return {
            "plays": self.plays,
            "ended": self.ended,
            "went_out": self.went_out,
            "settlement": self.settlement.changes if self.settlement else None,
            "scores": list(self.scores),
        }


class Match:
    """A whole match replayed from its record.

    `prefix`: a match replayed from an earlier version of the same record (one entry fewer or
    more, or one corrected in the last hand). The settled hands the two records share are taken
    from it as they are, so only the rest is replayed: the cost of a tap does not grow with the
    match."""

    def __init__(self, record: object, explain: bool = False, prefix: "Match | None" = None):
        self.explain = explain
        self.record = record
        self._read_header(record)
        self.scores: list = [0] * len(self.sides)
        self.winner: int | None = None
        self.hands: list[Hand] = []
        hands = record["hands"]
        if prefix is not None:
            self.hands = prefix.hands[: prefix.shared_hands(record, explain)]
            if self.hands:
                self.scores = list(self.hands[-1].scores)
        for number in range(len(self.hands) + 1, len(hands) + 1):
            self._replay_hand(number, hands[number - 1])

    def _read_header(self, record: object) -> None:
        if type(record) is not dict:
            raise RecordError(N_("a match record must be a JSON object"))
        if record.get("format") != FORMAT:
            raise RecordError(
                N_("format must be {expected}, not {found}"),
                expected=FORMAT,
                found=_quoted(record.get("format")),
            )
        unknown = set(record) - RECORD_FIELDS
        if unknown:
            raise RecordError(N_("unknown field in the record: {fields}"), fields=_names(unknown))
        players = record.get("players")
        if type(players) is not list or not 2 <= len(players) <= 4:
            raise RecordError(N_("players must be 2 to 4 different names"))
        for player in players:
            _check_name(player)
        if len(set(players)) != len(players):
            raise RecordError(N_("players must be 2 to 4 different names"))
        partnership = record.get("partnership", False)
        if type(partnership) is not bool:
            raise RecordError(N_("partnership must be true or false"))
        if partnership and len(players) != 4:
            raise RecordError(N_("partnerships need 4 players"))
        if "date" in record:
            _check_date(record["date"])
        if "notes" in record and type(record["notes"]) is not str:
            raise RecordError(N_("notes must be text"))
        if "rules" not in record:
            raise RecordError(N_("the record must name its rules"))
        self.players: list[str] = players
        self.partnership = partnership
        self.seat = {p: i for i, p in enumerate(players)}
        self.sides = (
            [[players[0], players[2]], [players[1], players[3]]]
            if partnership
            else [[p] for p in players]
        )
        self.side_of = {p: i for i, side in enumerate(self.sides) for p in side}
        self.rules: Rules = rules_for(record["rules"], len(players), partnership)
        hands = record.get("hands")
        if type(hands) is not list:
            raise RecordError(N_("hands must be a list"))
        if len(hands) > MAX_HANDS:
            raise RecordError(
                N_("a match has at most {limit} hands, not {n}"), limit=MAX_HANDS, n=len(hands)
            )

    def shared_hands(self, record: dict, explain: bool) -> int:
        """How many of this match's hands `record` begins with, settled and the same."""
        if explain and not self.explain:
            return 0
        mine = self.record
        if any(mine.get(name) != record.get(name) for name in HEADER_FIELDS):
            return 0
        theirs = record["hands"]
        shared = 0
        for hand, given, data in zip(self.hands, mine["hands"], theirs, strict=False):
            if hand.settlement is None or not (given is data or given == data):
                break
            shared += 1
        return shared

    def side_name(self, side: int) -> str:
        return " + ".join(self.sides[side])

    def _replay_hand(self, number: int, data: object) -> None:
        if type(data) is dict and "points" in data:
            self._replay_scored(number, data)
            return
        if type(data) is not dict or type(data.get("events")) is not list:
            self._check_can_begin(number)
            raise RecordError(N_("a hand must be an object with a list of events"), hand=number)
        unknown = set(data) - HAND_FIELDS
        if unknown:
            raise RecordError(
                N_("unknown field in the hand: {fields}"), fields=_names(unknown), hand=number
            )
        if "notes" in data and type(data["notes"]) is not str:
            raise RecordError(N_("notes must be text"), hand=number)
        if not data["events"]:
            self._check_can_begin(number)
            raise RecordError(N_("a hand starts with its lead: it cannot be empty"), hand=number)
        hand = self._begin_hand()
        for event in data["events"]:
            hand.apply(event)
        if "left" in data:
            hand.apply_left(data["left"])
        hand.scores = list(self.scores)

    def _replay_scored(self, number: int, data: dict) -> None:
        unknown = set(data) - HAND_FIELDS
        if unknown:
            raise RecordError(
                N_("unknown field in the hand: {fields}"), fields=_names(unknown), hand=number
            )
        if "events" in data or "left" in data:
            raise RecordError(
                N_("a hand is either played (events) or scored as told (points), not both"),
                hand=number,
            )
        try:
            told = ScoredHand.read(data)
        except RecordError as error:
            raise error.located(number, None) from None
        self._score_hand(told)

    def _check_can_begin(self, number: int) -> None:
        previous = self.hands[-1] if self.hands else None
        if self.winner is not None:
            raise RecordError(
                N_("the match is over: {side} won"), side=self.side_name(self.winner), hand=number
            )
        if previous and not previous.ended:
            raise RecordError(
                N_("hand {previous} has not ended"), previous=previous.number, hand=number
            )
        if previous and previous.settlement is None:
            raise RecordError(
                N_("the pips left by {players} are needed to settle the hand"),
                players=" and ".join(previous.missing_left),
                hand=previous.number,
                event="left",
            )
        if number > MAX_HANDS:
            raise RecordError(
                N_("a match has at most {limit} hands, not {n}"),
                limit=MAX_HANDS,
                n=number,
                hand=number,
            )

    def _begin_hand(self) -> Hand:
        number = len(self.hands) + 1
        self._check_can_begin(number)
        hand = Hand(self, number, self.next_leader)
        self.hands.append(hand)
        return hand

    # -- entering -----------------------------------------------------------------------------

    def completed(self, entry: object, leader: str | None = None) -> object:
        """The entry as the record will hold it: what the rules already decide filled in.

        A player says "5-3", "draw" or "pass"; the rules know whose turn it is (`leader`: the
        player chosen to lead a hand by lot or by the table, when the rules leave it open) and,
        when every end the tile fits makes the same game, where it goes (the first of them; the
        record still names the end). Anything else is left for `enter` to judge."""
        if type(entry) is not dict or "left" in entry:
            return entry
        completed = dict(entry)
        if "player" not in completed:
            player = self.turn(leader)
            if player is None:
                raise self._no_turn()
            completed["player"] = player
        tile = completed.get("play")
        if completed.get("end") is None and self.phase == "play" and _is_tile(tile):
            hand = self.hands[-1]
            if completed["player"] == hand.turn:
                distinct = hand.distinct_ends(tile)
                if len(distinct) == 1 and len(hand.fits(tile)) > 1:
                    completed["end"] = distinct[0]
        return completed

    def _no_turn(self) -> RecordError:
        phase = self.phase
        if phase == "over":
            return RecordError(
                N_("the match is over: {side} won"), side=self.side_name(self.winner)
            )
        if phase == "settle":
            return RecordError(
                N_("the hand is over: enter the pips left by {players} first"),
                players=" and ".join(self.hands[-1].missing_left),
            )
        return RecordError(
            N_("who leads hand {n}? Name the player who leads"), n=len(self.hands) + 1
        )

    def enter(self, entry: object) -> None:
        """Applies one more entry, as `add_entry` appends it to the record: an event (the lead
        of a new hand after a settled one) or `{"left": {...}}`. The match is not usable after
        a refused entry: replay the record again."""
        if type(entry) is ScoredHand:
            self._enter_scored(entry)
            return
        if type(entry) is not dict:
            raise RecordError(N_("an entry must be an event or the pips left"))
        phase = self.phase
        if "left" in entry:
            if len(entry) != 1:
                raise RecordError(N_("the pips left are entered on their own"))
            if phase != "settle":
                raise RecordError(N_("there is no ended hand to settle"))
            hand = self.hands[-1]
            hand.apply_left(entry["left"])
        elif phase == "over":
            raise RecordError(N_("the match is over: {side} won"), side=self.side_name(self.winner))
        elif phase == "settle":
            raise RecordError(
                N_("the hand is over: enter the pips left by {players} first"),
                players=" and ".join(self.hands[-1].missing_left),
            )
        else:
            hand = self._begin_hand() if phase == "lead" else self.hands[-1]
            hand.apply(entry)
        hand.scores = list(self.scores)

    def _enter_scored(self, told: ScoredHand) -> None:
        """A hand scored as told, entered in place of the next hand's tiles."""
        phase = self.phase
        if phase == "over":
            raise RecordError(N_("the match is over: {side} won"), side=self.side_name(self.winner))
        if phase == "settle":
            raise RecordError(
                N_("the hand is over: enter the pips left by {players} first"),
                players=" and ".join(self.hands[-1].missing_left),
            )
        if phase == "play":
            raise RecordError(
                N_("hand {n} has begun: a hand can be scored as told only before its lead"),
                n=len(self.hands),
            )
        self._score_hand(told)

    # -- scoring ----------------------------------------------------------------------------

    def points_for(self, side: int, count: int) -> int:
        """What a count scores for a side: a non-zero multiple of 5, in the rules' unit; 0 when
        `exact_target` refuses it."""
        if count == 0 or count % 5:
            return 0
        rules = self.rules
        points = count // 5 if rules.score_unit == "fives" else count
        if rules.exact_target and self.scores[side] + points > rules.target:
            return 0
        return points

    def credit(self, player: str, count: int) -> int:
        """Scores a count for the player's side. Under `win_check: immediate` the side wins
        once it is at or over the target with the highest score (two sides tied at the top
        after a settlement play on: the next to score ahead wins)."""
        side = self.side_of[player]
        points = self.points_for(side, count)
        if not points:
            return 0
        scores = self.scores
        scores[side] += points
        if (
            self.rules.win_check == "immediate"
            and scores[side] >= self.rules.target
            and all(score < scores[side] for i, score in enumerate(scores) if i != side)
        ):
            self.winner = side
        return points

    def settle(self, hand: Hand) -> Settlement:
        """Settles an ended hand; the highest score at or over the target then wins (a tie at
        the top plays on)."""
        rules = self.rules
        needed = {p: hand.pips_left[p] for p in hand.needs_left}
        settlement = settle(rules, self.sides, self.side_of, hand.ended, hand.went_out, needed)
        for side, change in enumerate(settlement.changes):
            if change > 0 and rules.exact_target and self.scores[side] + change > rules.target:
                settlement.changes[side] = 0
                settlement.refused.append(side)
            self.scores[side] += settlement.changes[side]
        self._check_target()
        return settlement

    def _check_target(self) -> None:
        """After a settlement or a hand scored as told: the highest score at or over the target
        wins; a tie at the top plays on."""
        best = max(self.scores)
        if best >= self.rules.target and self.scores.count(best) == 1:
            self.winner = self.scores.index(best)

    def _score_hand(self, told: ScoredHand) -> None:
        """Credits a hand scored as told (RULES.md §5) as a new hand, then checks the target
        as after a settlement. The next hand's lead is free, as after a block."""
        hand = self._begin_hand()
        try:
            changes = self._told_changes(told)
        except RecordError as error:
            raise error.located(hand.number, None) from None
        hand.ended = "scored"
        hand.told = told
        hand.settlement = Settlement(changes, {}, [], SCORED)
        for side, change in enumerate(changes):
            self.scores[side] += change
        self._check_target()
        hand.scores = list(self.scores)

    def _told_changes(self, told: ScoredHand) -> list:
        """Each side's change: its players' points added up. Half points only where the
        three-player split gives them; under `exact_target` no side may pass the target."""
        changes: list = [0] * len(self.sides)
        halves = self.half_points
        for player, points in told.points.items():
            if player not in self.seat:
                raise RecordError(
                    N_("{player} is not a player in this match"), player=_quoted(player)
                )
            if not halves and points != int(points):
                raise RecordError(
                    N_("the points of {player} must be a whole number: only a three-player "
                       "split scores halves, not {points}"),
                    player=player,
                    points=points,
                )  # fmt: skip
            changes[self.side_of[player]] += points
        changes = [exact(change) for change in changes]
        target = self.rules.target
        if self.rules.exact_target:
            for side, change in enumerate(changes):
                if change > 0 and self.scores[side] + change > target:
                    raise RecordError(
                        N_("{side} would pass the target of {target} with {score}: "
                           "only landing on it counts"),
                        side=self.side_name(side),
                        target=target,
                        score=exact(self.scores[side] + change),
                    )  # fmt: skip
        return changes

    # -- what the screens ask ---------------------------------------------------------------

    @property
    def can_score_hand(self) -> bool:
        """A hand may be scored as told now: the next hand has not begun (no lead yet) and the
        match is not over."""
        return self.phase == "lead"

    @property
    def half_points(self) -> bool:
        """Whether a hand scored as told may give half points: only the three-player split
        (`block_tie: split` with three sides) scores halves."""
        return len(self.sides) == 3 and self.rules.block_tie == "split"

    def told_by_side(self, points: list, notes: str | None = None) -> ScoredHand:
        """A hand scored as told from each side's points (in the order of `sides`), as a
        scorepad keeps them: a side's points go to its first player, a side with 0 is left out.
        The numbers are checked as in a record."""
        if len(points) != len(self.sides):
            raise RecordError(N_("points must map players to the points each scored"))
        named = {self.sides[i][0]: p for i, p in enumerate(points) if p != 0}
        return ScoredHand.read({"points": named, "notes": notes})

    @property
    def phase(self) -> str:
        """ "lead" (a hand waits for its lead), "play", "settle" (pips left needed) or "over"."""
        if self.winner is not None:
            return "over"
        if not self.hands:
            return "lead"
        last = self.hands[-1]
        if not last.ended:
            return "play"
        return "settle" if last.settlement is None else "lead"

    @property
    def next_leader(self) -> str | None:
        """Who must lead the next hand: the player who went out; None when it is by lot."""
        if self.phase != "lead" or not self.hands:
            return None
        last = self.hands[-1]
        return last.went_out if last.ended == "domino" else None

    def turn(self, leader: str | None = None) -> str | None:
        """Whose turn it is. Before a lead: the player who must lead (who went out last hand),
        else `leader`, the player chosen to lead when the rules leave it open (None: not chosen
        yet). None while a hand waits for its pips left, and once the match is over."""
        phase = self.phase
        if phase == "lead":
            return self.next_leader or (leader if leader in self.seat else None)
        return self.hands[-1].turn if phase == "play" else None

    @property
    def hand(self) -> Hand:
        """The hand being played, being settled, or (in the lead phase) about to start."""
        if self.phase == "lead":
            return Hand(self, len(self.hands) + 1, self.next_leader)
        return self.hands[-1]

    def end_choices(self, tile: str) -> list[EndChoice]:
        """The ends worth asking about for a tile (`Hand.distinct_ends`), each with what laying
        the tile there would count and score for the player whose turn it is."""
        if self.phase != "play" or not _is_tile(tile):
            return []
        hand = self.hands[-1]
        side = self.side_of[hand.turn]
        a, b = HALVES[tile]
        choices = []
        for end in hand.distinct_ends(tile):
            count = hand.layout.tried(tile, a, b, end).count()
            value = hand.layout.ends[end].value
            choices.append(EndChoice(end, value, count, self.points_for(side, count)))
        return choices

    def result(self) -> dict:
        return {
            "format": "allfives-result/1",
            "sides": [list(side) for side in self.sides],
            "hands": [hand.as_result() for hand in self.hands],
            "scores": list(self.scores),
            "winner": self.winner,
        }


def replay(record: object, explain: bool = False, prefix: Match | None = None) -> Match:
    """The match a record describes; RecordError where it breaks a rule. `prefix`: see Match."""
    return Match(record, explain, prefix)


def _check_name(name: object) -> None:
    if type(name) is not str or not name.strip():
        raise RecordError(N_("players must be 2 to 4 different names"))
    if len(name) > MAX_NAME:
        raise RecordError(
            N_("a player's name has at most {limit} characters: {name} has {n}"),
            limit=MAX_NAME,
            name=_quoted(name[:20] + "…"),
            n=len(name),
        )
    if unprintable(name):
        raise RecordError(
            N_("{name} is not a name: it holds a control character"), name=_quoted(name)
        )


def _check_date(value: object) -> None:
    try:
        if type(value) is not str:
            raise ValueError
        if len(value) <= 10:
            date.fromisoformat(value)
        else:
            datetime.fromisoformat(value)
    except ValueError:
        raise RecordError(
            N_("date must be an ISO 8601 date (2026-11-28) or date and time "
               "(2026-11-28T19:30:00+01:00), not {value}"),
            value=_quoted(value),
        ) from None  # fmt: skip


def _is_tile(tile: object) -> bool:
    return type(tile) is str and tile in HALVES


def _names(fields: set) -> str:
    return ", ".join(sorted(_quoted(f) if isinstance(f, str) else str(f) for f in fields))


def _quoted(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)
