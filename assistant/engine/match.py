"""Replaying a match record: turns, drawing, passing, the end of a hand, scores and the winner
(RULES.md §2–§4). `replay(record)` gives a `Match`; a broken rule raises `RecordError`."""

from .errors import N_, RecordError
from .layout import END_NAMES, Layout, Placed, Term
from .rules import Rules, rules_for
from .settlement import Settlement, needed_pips, settle
from .tiles import HALVES, TILES, TOTAL_PIPS, halves

FORMAT = "allfives-match/1"
RECORD_FIELDS = {"format", "rules", "players", "partnership", "hands"}
HAND_FIELDS = {"events", "left"}
CANONICAL = {name: f"{max(a, b)}-{min(a, b)}" for name, (a, b) in HALVES.items()}
PIPS_OF = {name: a + b for name, (a, b) in HALVES.items()}


class Hand:
    """One hand: from the lead to a domino, a block or a win, and its settlement."""

    def __init__(self, match: "Match", number: int, leader: str | None = None):
        rules = match.rules
        players = match.players
        self.match = match
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
        self.ended: str | None = None  # "domino", "blocked", "win"
        self.went_out: str | None = None
        self.needs_left: list[str] = []  # whose pips the settlement needs, once the hand ends
        self.pips_left: dict[str, int] = {}  # raw pips per player, from `left`
        self.settlement: Settlement | None = None
        self.scores: list = []  # each side's total after this hand

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
                and event.get("player") == self.match.players[self.turn_index]
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
            unknown = sorted(set(event) - {"player", action, "end"} or {"end"})
            raise RecordError(
                N_("an event does one thing: {fields} cannot go with {action}"),
                fields=", ".join(unknown),
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
        if "end" in event:
            raise RecordError(N_("the lead is played without an end"))
        tile = event["play"]
        a, b = halves(tile)
        self.turn_index = match.seat[player]
        self.layout.lead(tile, a, b)
        self._played(player, tile, CANONICAL[tile], None)

    def _play(self, player: str, tile: object, end: object) -> None:
        try:
            a, b = HALVES[tile]
        except (KeyError, TypeError):
            a, b = halves(tile)  # raises the error that names it
        name = CANONICAL[tile]
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
        if self.drawable > 0:
            if self.drawable == 1:
                raise RecordError(
                    N_("{player} must draw: the boneyard still has 1 tile"), player=player
                )
            raise RecordError(
                N_("{player} must draw: the boneyard still has {n} tiles"),
                player=player,
                n=self.drawable,
            )
        self.passes_in_a_row += 1
        if self.passes_in_a_row == len(self.match.players):
            self._end("blocked", None)
        else:
            self.turn_index = (self.turn_index + 1) % len(self.match.players)

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
        if not self.ended:
            raise RecordError(
                N_("the hand is still being played: the pips left are entered when it ends")
            )
        if self.ended == "win":
            raise RecordError(N_("the match was won during this hand: there is nothing to settle"))
        if type(left) is not dict:
            raise RecordError(N_("left must map players to their tiles or pip totals"))
        listed: set[str] = set()
        totals = 0  # pips given as totals
        listed_pips = 0  # pips of the tiles given by name
        for player, given in left.items():
            if player not in self.match.seat:
                raise RecordError(
                    N_("{player} is not a player in this match"), player=_quoted(player)
                )
            held = self.held[player]
            if type(given) is list:
                pips = self._listed_pips(player, held, given, listed)
                self.pips_left[player] = pips
                listed_pips += pips
            elif type(given) is int:
                if not 0 <= given <= 12 * held:
                    if held == 1:
                        raise RecordError(
                            N_("{player} holds 1 tile: it cannot hold {pips} pips"),
                            player=player,
                            pips=given,
                        )
                    raise RecordError(
                        N_("{player} holds {n} tiles: they cannot hold {pips} pips"),
                        player=player,
                        n=held,
                        pips=given,
                    )
                self.pips_left[player] = given
                totals += given
            else:
                raise RecordError(
                    N_("the pips left by {player} must be a list of tiles or a whole number"),
                    player=player,
                )
        unplayed = TOTAL_PIPS - self.played_pips - listed_pips
        if totals > unplayed:
            raise RecordError(
                N_("the pips left add up to more than the unplayed tiles hold ({pips})"),
                pips=unplayed,
            )
        if not self.missing_left:
            self.settlement = self.match.settle(self)

    def _listed_pips(self, player: str, held: int, tiles: list, listed: set[str]) -> int:
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
                raise RecordError(N_("{tile} cannot be in two hands"), tile=tile)
            listed.add(name)
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
    """A whole match replayed from its record."""

    def __init__(self, record: object, explain: bool = False):
        self.explain = explain
        self.record = record
        self._read_header(record)
        self.scores: list = [0] * len(self.sides)
        self.winner: int | None = None
        self.hands: list[Hand] = []
        for number, hand in enumerate(record["hands"], start=1):
            self._replay_hand(number, hand)

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
            raise RecordError(
                N_("unknown field in the record: {fields}"), fields=", ".join(sorted(unknown))
            )
        players = record.get("players")
        if (
            type(players) is not list
            or not 2 <= len(players) <= 4
            or any(type(p) is not str or not p.strip() for p in players)
            or len(set(players)) != len(players)
        ):
            raise RecordError(N_("players must be 2 to 4 different names"))
        partnership = record.get("partnership", False)
        if type(partnership) is not bool:
            raise RecordError(N_("partnership must be true or false"))
        if partnership and len(players) != 4:
            raise RecordError(N_("partnerships need 4 players"))
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
        if type(record.get("hands")) is not list:
            raise RecordError(N_("hands must be a list"))

    def side_name(self, side: int) -> str:
        return " + ".join(self.sides[side])

    def _replay_hand(self, number: int, data: object) -> None:
        if type(data) is not dict or type(data.get("events")) is not list:
            self._check_can_begin(number)
            raise RecordError(N_("a hand must be an object with a list of events"), hand=number)
        unknown = set(data) - HAND_FIELDS
        if unknown:
            raise RecordError(
                N_("unknown field in the hand: {fields}"),
                fields=", ".join(sorted(unknown)),
                hand=number,
            )
        if not data["events"]:
            self._check_can_begin(number)
            raise RecordError(N_("a hand starts with its lead: it cannot be empty"), hand=number)
        hand = self._begin_hand()
        for event in data["events"]:
            hand.apply(event)
        if "left" in data:
            hand.apply_left(data["left"])
        hand.scores = list(self.scores)

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

    def _begin_hand(self) -> Hand:
        number = len(self.hands) + 1
        self._check_can_begin(number)
        hand = Hand(self, number, self.next_leader)
        self.hands.append(hand)
        return hand

    def enter(self, entry: object) -> None:
        """Applies one more entry, as `add_entry` appends it to the record: an event (the lead
        of a new hand after a settled one) or `{"left": {...}}`. The match is not usable after
        a refused entry: replay the record again."""
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

    # -- scoring ----------------------------------------------------------------------------

    def credit(self, player: str, count: int) -> int:
        """Scores a count that is a non-zero multiple of 5 for the player's side."""
        if count == 0 or count % 5:
            return 0
        rules = self.rules
        points = count // 5 if rules.score_unit == "fives" else count
        side = self.side_of[player]
        if rules.exact_target and self.scores[side] + points > rules.target:
            return 0
        self.scores[side] += points
        if rules.win_check == "immediate" and self.scores[side] >= rules.target:
            self.winner = side
        return points

    def settle(self, hand: Hand) -> Settlement:
        rules = self.rules
        needed = {p: hand.pips_left[p] for p in hand.needs_left}
        settlement = settle(rules, self.sides, self.side_of, hand.ended, hand.went_out, needed)
        for side, change in enumerate(settlement.changes):
            if change > 0 and rules.exact_target and self.scores[side] + change > rules.target:
                settlement.changes[side] = 0
            self.scores[side] += settlement.changes[side]
        best = max(self.scores)
        if best >= rules.target and self.scores.count(best) == 1:
            self.winner = self.scores.index(best)
        return settlement

    # -- what the screens ask ---------------------------------------------------------------

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

    @property
    def hand(self) -> Hand:
        """The hand being played, being settled, or (in the lead phase) about to start."""
        if self.phase == "lead":
            return Hand(self, len(self.hands) + 1, self.next_leader)
        return self.hands[-1]

    def result(self) -> dict:
        return {
            "format": "allfives-result/1",
            "sides": [list(side) for side in self.sides],
            "hands": [hand.as_result() for hand in self.hands],
            "scores": list(self.scores),
            "winner": self.winner,
        }


def replay(record: object, explain: bool = False) -> Match:
    """The match a record describes; RecordError where it breaks a rule."""
    return Match(record, explain)


def _quoted(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)
