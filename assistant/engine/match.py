"""The match: its hands in order, the scores, the target and the winner (RULES.md §2–§7); a hand's
turns, plays and settlement are hand.py's.
A `Match` takes entries as values (`moves.py`: a play, a draw, a pass, the tiles left, a hand
scored as told) and judges each; a broken rule raises `RecordError`. Reading a record's JSON
into values is `record.py`'s (`replay(record)` gives a `Match`).

A `Match` is a value: `enter(match, entry)` (or `match.enter(entry)`) gives the match after the
entry and leaves `match` as it was; the entry is judged on a `MatchBuilder`, a copy that may
change, made a value again once it is in (`frozen()`). A replay builds a whole record on one
builder (record.py).

The questions a screen asks are answered here as well, so every screen and the API get the same
answers: whose turn it is (`Match.turn`), what an entry as a player says it becomes in the record
(`Match.completed`), where a tile may go and what each end would score (`Match.end_choices`),
what pips a player can still hold (`Hand.pip_bounds`), whether a hand may be scored as told now
(`Match.can_score_hand`) and with which points (`Match.half_points`, `Match.told_by_side`)."""

from dataclasses import dataclass, replace

from .errors import N_, Names, RecordError
from .hand import Hand, HandBuilder, ScoredPlay
from .limits import MAX_HANDS
from .moves import EVENTS, Entry, Left, Play, ScoredHand
from .rules import Rules
from .settlement import SCORED, Settlement, exact, settle
from .setup import Setup
from .tiles import HALVES
from .values import EMPTY, Value


@dataclass(frozen=True, slots=True)
class EndChoice:
    """One end a tile may go on, and what laying it there would do."""

    end: str
    value: int  # what the end shows now
    count: int  # the count of the open ends after the tile is laid there
    points: int | float  # what the player's side would score for it


class Match(Value):
    """A whole match: its players, sides and rules (`setup`), the hands so far, the scores and
    the winner. `record`: the record it was replayed from, when it was (`record.replay`); the
    caller's JSON, beside the value (not compared, not hashed)."""

    FIELDS = ("setup", "scores", "winner", "hands")
    # The setup's parts are kept as they are too: read at every play.
    __slots__ = (*FIELDS, "record", *Setup._fields, "_hash", "__weakref__")

    def __init__(self, players, partnership: bool, rules: Rules, explain: bool = False):
        """The match before its first hand."""
        setup = Setup.of(players, partnership, rules, explain)
        _set_fields(self, setup, (0,) * len(setup.sides), None, (), None)

    def enter(self, entry: Entry) -> "Match":
        """The match after one more entry, as `add_entry` appends it to the record: a play, draw
        or pass (the lead of a new hand after a settled one), the tiles left at the end of a
        hand, or a hand scored as told before a lead. This match stays as it is, refused or
        not (`RecordError`)."""
        building = self.building()
        building.apply(entry)
        return building.frozen()

    def building(self) -> "MatchBuilder":
        """A builder that goes on from this match (which stays as it is)."""
        hands = list(self.hands)
        building = MatchBuilder(self.setup, list(self.scores), self.winner, hands)
        if hands and building.phase in ("play", "settle"):
            hands[-1] = hands[-1].building(building)
        return building

    def with_record(self, record: dict | None) -> "Match":
        """The same match, replayed from `record`."""
        match = object.__new__(Match)
        _set_fields(match, self.setup, self.scores, self.winner, self.hands, record)
        return match

    def side_name(self, side: int) -> Names:
        """A side's players, as a value a message carries ("Ann + Cy" in English)."""
        return Names(self.sides[side], "+")

    def check_can_begin(self, number: int) -> None:
        """Hand `number` may begin: the match is not over, the hand before it is settled."""
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
                players=Names(previous.missing_left),
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

    # -- entering -----------------------------------------------------------------------------

    def completed(self, entry: Entry, leader: str | None = None) -> Entry:
        """The entry as the record will hold it: what the rules already decide filled in.

        A player says "5-3", "draw" or "pass"; the rules know whose turn it is (`leader`: the
        player chosen to lead a hand by lot or by the table, when the rules leave it open) and,
        when every end the tile fits makes the same game, where it goes (the first of them; the
        record still names the end). Anything else is left for `enter` to judge."""
        if type(entry) not in EVENTS:
            return entry
        if entry.player is None:
            player = self.turn(leader)
            if player is None:
                raise self._no_turn()
            entry = entry._replace(player=player)
        if type(entry) is Play and entry.end is None and self.phase == "play":
            tile, hand = entry.tile, self.hands[-1]
            if _is_tile(tile) and entry.player == hand.turn:
                distinct = hand.distinct_ends(tile)
                if len(distinct) == 1 and len(hand.fits(tile)) > 1:
                    entry = entry._replace(end=distinct[0])
        return entry

    def _no_turn(self) -> RecordError:
        phase = self.phase
        if phase == "over":
            return RecordError(
                N_("the match is over: {side} won"), side=self.side_name(self.winner)
            )
        if phase == "settle":
            return RecordError(
                N_("the hand is over: enter the pips left by {players} first"),
                players=Names(self.hands[-1].missing_left),
            )
        return RecordError(
            N_("who leads hand {n}? Name the player who leads"), n=len(self.hands) + 1
        )

    # -- scoring ----------------------------------------------------------------------------

    def count_points(self, count: int) -> int:
        """What a count scores (`count_scoring`): under `fives` a non-zero multiple of 5, in the
        rules' unit; under `fives_and_threes` count ÷ 3 for a multiple of 3 plus count ÷ 5 for
        a multiple of 5 (15 scores 5 + 3 = 8)."""
        if count == 0:
            return 0
        rules = self.rules
        if rules.count_scoring == "fives_and_threes":
            return (0 if count % 3 else count // 3) + (0 if count % 5 else count // 5)
        if count % 5:
            return 0
        return count // 5 if rules.score_unit == "fives" else count

    def play_points(self, side: int, count: int, lead: bool, chips_out: bool) -> ScoredPlay:
        """What a play with `count` would score for `side`, and its bonus when it goes out under
        `chip_out`: a lead that would reach the target scores nothing under `lead_can_win:
        false`; under `exact_target` a play (with its bonus) that would pass the target scores
        nothing at all."""
        rules = self.rules
        score, target = self.scores[side], rules.target
        points = self.count_points(count)
        no_win_on_lead = lead and not rules.lead_can_win
        if no_win_on_lead and score + points >= target:
            points = 0
        bonus = rules.go_bonus if chips_out else 0
        if rules.exact_target and score + points + bonus > target:
            return ScoredPlay(0, 0, bonus > 0)
        if bonus and no_win_on_lead and score + points + bonus >= target:
            return ScoredPlay(points, 0, True)
        return ScoredPlay(points, bonus)

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
            landed = [i for i, change in enumerate(changes) if self.scores[i] + change == target]
            if len(landed) > 1:
                raise RecordError(
                    N_("{sides} would all be on the target of {target}, and then nobody could "
                       "score again: only the side that got there first lands on it"),
                    sides=Names(self.side_name(i) for i in landed),
                    target=target,
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
        """Who must lead the next hand (`next_lead`): the player who went out, or under
        `rotate` the player after the one who led the hand before; None when it is free (by
        lot, after a block or a hand scored as told)."""
        if self.phase != "lead" or not self.hands:
            return None
        last = self.hands[-1]
        if self.rules.next_lead == "rotate":
            led = last.leader_played
            return None if led is None else self.players[(self.seat[led] + 1) % len(self.players)]
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
            return Hand.fresh(self.setup, len(self.hands) + 1, self.next_leader)
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
        player = hand.turn
        last = hand.held[player] == 1
        chips_out = last and self.rules.hand_end == "chip_out" and _partners_out(hand, player)
        for end in hand.distinct_ends(tile):
            count = hand.layout.tried(tile, a, b, end).count()
            value = hand.layout.ends[end].value
            points = self.play_points(side, count, False, chips_out).points
            choices.append(EndChoice(end, value, count, points))
        return choices

    def result(self) -> dict:
        return {
            "format": "allfives-result/1",
            "sides": [list(side) for side in self.sides],
            "hands": [hand.as_result() for hand in self.hands],
            "scores": list(self.scores),
            "winner": self.winner,
        }


class MatchBuilder(Match):
    """A match an entry (or, in a replay, a whole record) is being judged on: its scores and its
    hands are lists, its last hand may be a `HandBuilder`."""

    __slots__ = ()
    __setattr__, __delattr__, __hash__ = object.__setattr__, object.__delattr__, None

    def __init__(self, setup: Setup, scores: list, winner: int | None, hands: list):
        _set_fields(self, setup, scores, winner, hands, None)

    @staticmethod
    def start(setup: Setup) -> "MatchBuilder":
        return MatchBuilder(setup, [0] * len(setup.sides), None, [])

    def frozen(self, record: dict | None = None) -> Match:
        """The match as it stands now, as a value (`record`: the one it was replayed from):
        this builder becomes it (and is done)."""
        hands = self.hands
        if hands and type(hands[-1]) is HandBuilder:
            hands[-1] = hands[-1].frozen()
        self.hands = tuple(hands)
        self.scores = tuple(self.scores)
        self.record = record
        object.__setattr__(self, "__class__", Match)
        return self

    def resume(self, hands: tuple[Hand, ...]) -> None:
        """Takes over the settled hands of another replay of the same match, as they are."""
        self.hands = list(hands)
        if hands:
            self.scores = list(hands[-1].scores)
            self._check_target()

    def begin_hand(self) -> HandBuilder:
        number = len(self.hands) + 1
        self.check_can_begin(number)
        hand = HandBuilder(self.setup, self, number, self.next_leader)
        self.hands.append(hand)
        return hand

    def apply(self, entry: Entry) -> None:
        """One more entry, judged (`Match.enter`)."""
        kind = type(entry)
        if kind is ScoredHand:
            self._enter_scored(entry)
            return
        phase = self.phase
        if kind is Left:
            if phase != "settle":
                raise RecordError(N_("there is no ended hand to settle"))
            hand = self.hands[-1]
            hand.apply_left(entry.left)
        elif kind not in EVENTS:
            raise RecordError(N_("an entry must be an event or the pips left"))
        elif phase == "over":
            raise RecordError(N_("the match is over: {side} won"), side=self.side_name(self.winner))
        elif phase == "settle":
            raise RecordError(
                N_("the hand is over: enter the pips left by {players} first"),
                players=Names(self.hands[-1].missing_left),
            )
        else:
            hand = self.begin_hand() if phase == "lead" else self.hands[-1]
            hand.apply(entry)
        hand.scores = tuple(self.scores)

    def _enter_scored(self, told: ScoredHand) -> None:
        """A hand scored as told, entered in place of the next hand's tiles."""
        phase = self.phase
        if phase == "over":
            raise RecordError(N_("the match is over: {side} won"), side=self.side_name(self.winner))
        if phase == "settle":
            raise RecordError(
                N_("the hand is over: enter the pips left by {players} first"),
                players=Names(self.hands[-1].missing_left),
            )
        if phase == "play":
            raise RecordError(
                N_("hand {n} has begun: a hand can be scored as told only before its lead"),
                n=len(self.hands),
            )
        self.score_hand(told)

    def score_play(self, player: str, count: int, lead: bool, chips_out: bool) -> ScoredPlay:
        """Scores a play (and the bonus for going out with it) for the player's side."""
        if not chips_out and count % 5 and (count % 3 or self.rules.count_scoring == "fives"):
            return NOTHING  # most plays: a count that scores nothing, no bonus to weigh
        side = self.side_of[player]
        scored = self.play_points(side, count, lead, chips_out)
        if scored.points or scored.bonus:
            self.credit(side, scored.points + scored.bonus)
        return scored

    def credit(self, side: int, points: int) -> None:
        """Adds points to a side. Under `win_check: immediate` the side wins once it is at or
        over the target with the highest score (two sides tied at the top after a settlement
        play on: the next to score ahead wins)."""
        scores = self.scores
        scores[side] += points
        if (
            self.rules.win_check == "immediate"
            and scores[side] >= self.rules.target
            and all(score < scores[side] for i, score in enumerate(scores) if i != side)
        ):
            self.winner = side

    def check_target_after_settlement(self) -> None:
        """A hand settled with its last play (`chip_out`): under `win_check: end_of_hand` the
        target is checked now, as after any settlement."""
        if self.rules.win_check == "end_of_hand":
            self._check_target()

    def settle(self, hand: Hand) -> Settlement:
        """Settles an ended hand; the highest score at or over the target then wins (a tie at
        the top plays on)."""
        rules = self.rules
        needed = {p: hand.pips_left[p] for p in hand.needs_left}
        settlement = settle(rules, self.sides, self.side_of, hand.ended, hand.went_out, needed)
        changes, refused = list(settlement.changes), []
        for side, change in enumerate(changes):
            if change > 0 and rules.exact_target and self.scores[side] + change > rules.target:
                changes[side] = 0
                refused.append(side)
            self.scores[side] += changes[side]
        self._check_target()
        return replace(settlement, changes=changes, refused=refused) if refused else settlement

    def _check_target(self) -> None:
        """After a settlement or a hand scored as told: the highest score at or over the target
        wins; a tie at the top plays on."""
        best = max(self.scores)
        if best >= self.rules.target and self.scores.count(best) == 1:
            self.winner = self.scores.index(best)

    def score_hand(self, told: ScoredHand) -> None:
        """Credits a hand scored as told (RULES.md §5) as a new hand, then checks the target
        as after a settlement. The next hand's lead is free, as after a block."""
        hand = self.begin_hand()
        try:
            changes = self._told_changes(told)
        except RecordError as error:
            raise error.located(hand.number, None) from None
        hand.ended = "scored"
        hand.told = told
        hand.settlement = Settlement(changes, EMPTY, (), SCORED)
        for side, change in enumerate(changes):
            self.scores[side] += change
        self._check_target()
        hand.scores = tuple(self.scores)
        self.hands[-1] = hand.frozen()


NOTHING = ScoredPlay(0)


def enter(match: Match, entry: Entry) -> Match:
    """The match after `entry` (`Match.enter`); `match` stays as it is."""
    return match.enter(entry)


def _set_fields(match: Match, setup: Setup, scores, winner, hands, record) -> None:
    """Sets a match's fields, the one time they are set (a builder's, as it starts)."""
    set_field = object.__setattr__
    for name, value in zip(Setup._fields, setup, strict=True):
        set_field(match, name, value)
    set_field(match, "setup", setup)
    set_field(match, "scores", scores)
    set_field(match, "winner", winner)
    set_field(match, "hands", hands)
    set_field(match, "record", record)


def _partners_out(hand: Hand, player: str) -> bool:
    """Whether everyone else on `player`'s side is out (always, under `go_out: player`)."""
    setup = hand.setup
    if setup.rules.go_out == "player":
        return True
    side = setup.sides[setup.side_of[player]]
    return all(hand.held[p] == 0 for p in side if p != player)


def _is_tile(tile: object) -> bool:
    return type(tile) is str and tile in HALVES


def _quoted(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)
