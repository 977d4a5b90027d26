"""The match record's JSON (MATCH-RECORD.md), apart from the rules: read into the values the
match takes (`moves.py`), and written back.

* `replay(record)` reads a whole record, checking its shape, and plays it into a `Match`;
* `read_event` reads one event of a record; `read_entry` an entry said in JSON (the API's body:
  an event whose player may be left out, `{"left": {...}}`, or a hand scored as told);
* `event_json` and `entry_json` write them as the record and the API hold them."""

from datetime import date, datetime

from .errors import N_, RecordError
from .limits import MAX_HANDS, MAX_NAME, unprintable
from .match import Match, MatchBuilder
from .moves import Draw, Entry, Event, Left, Pass, Play, ScoredHand
from .names import name_key, same_person
from .rules import Rules, rules_for
from .setup import Setup

FORMAT = "allfives-match/1"
HEADER_FIELDS = ("format", "rules", "players", "partnership", "date", "notes")
RECORD_FIELDS = {*HEADER_FIELDS, "hands"}
HAND_FIELDS = {"events", "left", "notes", "points"}
SCORED_FIELDS = {"points", "notes"}
ACTIONS = ("play", "draw", "pass")
EVENT_FIELDS = frozenset({"player", "end", *ACTIONS})
_made = tuple.__new__  # a Draw or Pass made at a tuple's cost


def replay(record: object, explain: bool = False, prefix: Match | None = None) -> Match:
    """The match a record describes; RecordError where it breaks a rule.

    `prefix`: a match replayed from an earlier version of the same record (one entry fewer or
    more, or one corrected in the last hand; its `record` says which). The settled hands the two
    records share are taken from it as they are (values: shared, never copied), so only the rest
    is replayed: the cost of a tap does not grow with the match. `explain`: keep each play's
    count term by term."""
    players, partnership, rules, hands = read_header(record)
    match = MatchBuilder.start(Setup.of(players, partnership, rules, explain))
    if prefix is not None and prefix.record is not None:
        match.resume(prefix.hands[: _shared_hands(prefix, record, explain)])
    for number in range(len(match.hands) + 1, len(hands) + 1):
        _replay_hand(match, number, hands[number - 1])
    return match.frozen(record)


def read_header(record: object) -> tuple[list[str], bool, Rules, list]:
    """The players, whether they play in partnerships, the rules and the hands of a record."""
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
    twice = same_person(players)
    if twice:
        raise RecordError(
            N_("{first} and {second} are one person's name: players must be 2 to 4 "
               "different names"),
            first=_quoted(twice[0]),
            second=_quoted(twice[1]),
        )  # fmt: skip
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
    rules = rules_for(record["rules"], len(players), partnership)
    hands = record.get("hands")
    if type(hands) is not list:
        raise RecordError(N_("hands must be a list"))
    if len(hands) > MAX_HANDS:
        raise RecordError(
            N_("a match has at most {limit} hands, not {n}"), limit=MAX_HANDS, n=len(hands)
        )
    return players, partnership, rules, hands


def _shared_hands(prefix: Match, record: dict, explain: bool) -> int:
    """How many of `prefix`'s hands `record` begins with, settled and the same."""
    if explain and not prefix.explain:
        return 0
    mine = prefix.record
    if any(mine.get(name) != record.get(name) for name in HEADER_FIELDS):
        return 0
    shared = 0
    for hand, given, data in zip(prefix.hands, mine["hands"], record["hands"], strict=False):
        if hand.settlement is None or not (given is data or given == data):
            break
        shared += 1
    return shared


def _replay_hand(match: MatchBuilder, number: int, data: object) -> None:
    if type(data) is dict and "points" in data:
        _replay_scored(match, number, data)
        return
    if type(data) is not dict or type(data.get("events")) is not list:
        match.check_can_begin(number)
        raise RecordError(N_("a hand must be an object with a list of events"), hand=number)
    unknown = set(data) - HAND_FIELDS
    if unknown:
        raise RecordError(
            N_("unknown field in the hand: {fields}"), fields=_names(unknown), hand=number
        )
    if "notes" in data and type(data["notes"]) is not str:
        raise RecordError(N_("notes must be text"), hand=number)
    if not data["events"]:
        match.check_can_begin(number)
        raise RecordError(N_("a hand starts with its lead: it cannot be empty"), hand=number)
    hand = match.begin_hand()
    seat, apply, play, made = match.seat, hand.apply, hand.play, _made
    for given in data["events"]:
        # The usual shapes are read at once (a play laid by its parts, Hand.play); anything
        # else is read by read_event, which says what is wrong with it.
        if type(given) is dict and "player" in given:
            fields = len(given)
            if "play" in given and fields == 2 + ("end" in given):
                play(given["player"], given["play"], given.get("end"))
                continue
            elif fields == 2 and "draw" in given:
                event = made(Draw, (given["draw"], given["player"]))
            elif fields == 2 and given.get("pass") is True:
                event = made(Pass, (given["player"],))
            else:
                event = _located(given, seat, number, hand.events + 1)
        else:
            event = _located(given, seat, number, hand.events + 1)
        apply(event)
    if "left" in data:
        hand.apply_left(data["left"])
    hand.scores = match.scores
    match.hands[-1] = hand.frozen()


def _located(given: object, seat: dict, hand: int, event: int) -> Event:
    try:
        return read_event(given, seat)
    except RecordError as error:
        raise error.located(hand, event) from None


def _replay_scored(match: MatchBuilder, number: int, data: dict) -> None:
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
    match.score_hand(told)


# -- one event, one entry --------------------------------------------------------------------


def read_event(data: object, seat: dict | None = None) -> Event:
    """One event: `{"player", "play", "end"}`, `{"player", "draw"}` or `{"player", "pass":
    true}`. In a record (`seat`: the match's players) it names a player of the match; said as
    an entry (`seat` None) the player may be left out, for the match to fill in."""
    if type(data) is not dict:
        raise RecordError(N_("an event must be an object with a player"))
    if not EVENT_FIELDS.issuperset(data):
        raise RecordError(
            N_("unknown field in the event: {fields}"), fields=_names(set(data) - EVENT_FIELDS)
        )
    player = data.get("player")
    if seat is not None and (type(player) is not str or player not in seat):
        raise RecordError(N_("{player} is not a player in this match"), player=_quoted(player))
    named = "player" in data
    if "play" in data:
        action = "play"
        extra = len(data) - 1 - named - ("end" in data)
    elif "draw" in data:
        action = "draw"
        extra = len(data) - 1 - named
    elif "pass" in data:
        action = "pass"
        extra = len(data) - 1 - named
    else:
        raise RecordError(N_("an event must play, draw or pass"))
    if extra:
        fields = [name for name in (*ACTIONS, "end") if name in data and name != action]
        raise RecordError(
            N_("an event does one thing: {fields} cannot go with {action}"),
            fields=", ".join(fields),
            action=action,
        )
    if action == "play":
        return Play(data["play"], data.get("end"), player)
    if action == "draw":
        return Draw(data["draw"], player)
    if data["pass"] is not True:
        raise RecordError(N_('a pass is written "pass": true'))
    return Pass(player)


def read_entry(data: object) -> Entry:
    """An entry as a player says it in JSON (the API's body): an event, its player and its end
    optional; the tiles left, `{"left": {...}}`; or a hand scored as told, `{"points": {...},
    "notes": ...}`."""
    if type(data) is not dict:
        raise RecordError(N_("an entry must be an event or the pips left"))
    if "points" in data:
        unknown = set(data) - SCORED_FIELDS
        if unknown:
            raise RecordError(N_("unknown field in the hand: {fields}"), fields=_names(unknown))
        return ScoredHand.read(data)
    if "left" in data:
        if len(data) != 1:
            raise RecordError(N_("the pips left are entered on their own"))
        return Left(data["left"])
    return read_event(data)


def event_json(event: Event) -> dict:
    """An event as the record holds it (an entry said in JSON: its player left out if None)."""
    kind = type(event)
    said = {} if event.player is None else {"player": event.player}
    if kind is Play:
        said["play"] = event.tile
        if event.end is not None:
            said["end"] = event.end
    elif kind is Draw:
        said["draw"] = event.tiles
    else:
        said["pass"] = True
    return said


def entry_json(entry: Entry) -> dict:
    """An entry said in JSON, as `read_entry` reads it back."""
    if type(entry) is Left:
        return {"left": entry.as_json()}
    if type(entry) is ScoredHand:
        return entry.as_record()
    return event_json(entry)


# -- the header's parts --------------------------------------------------------------------------


def _check_name(name: object) -> None:
    if type(name) is not str or not name_key(name):
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


def _names(fields: set) -> str:
    return ", ".join(sorted(_quoted(f) if isinstance(f, str) else str(f) for f in fields))


def _quoted(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)
