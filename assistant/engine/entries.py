"""Entering a match one entry at a time, as the players say it: the record grows by one event,
one `left` or one hand scored as told, undo takes the last entry away, and a mistaken play, draw
or pass in the current hand can be corrected. Each function takes a record and returns a new
one with the match it replays to, valid or refused; nothing it was given changes.

An entry is a value (`moves.py`: `Play`, `Draw`, `Pass`, `Left`, `ScoredHand`); JSON is read
where it arrives (`record.read_entry`: the API's body, a test's line), and a dict is refused.
Every function takes `replayed`, the match the record replays to when the caller already has
it: an entry is entered on it as it is (`match.record is record`), and otherwise the settled
hands it holds are reused, so only the current hand is replayed."""

from .errors import N_, RecordError
from .match import Match
from .moves import EVENTS, Draw, Entry, Event, Left, Play, ScoredHand, an_entry
from .record import event_json, read_event, replay
from .tiles import HALVES


def new_record(
    rules: object, players: list[str], partnership: bool = False, date: str | None = None
) -> dict:
    """A match about to start; `date`: when it is played (ISO 8601)."""
    record = {
        "format": "allfives-match/1",
        "rules": rules,
        "players": list(players),
        "partnership": partnership,
    }
    if date is not None:
        record["date"] = date
    record["hands"] = []
    replay(record)
    return record


def add_entry(
    record: dict, entry: Entry, leader: str | None = None, replayed: Match | None = None
) -> tuple[dict, Match]:
    """The record with one more entry, and the match it replays to.

    An entry is what a player says: `Play(T)` (with the end when the tile fits ends that make
    different games), `Draw(N)`, `Pass()`, each with its player or not, the tiles left at the
    end of a hand (`Left({...})`), or a whole hand scored as told before its lead
    (`ScoredHand`). What the rules decide is filled in (`Match.completed`): whose turn it is
    (`leader`: the player chosen to lead a new hand, when the rules leave it open) and the end
    when every end the tile fits makes the same game. An event after a settled hand starts the
    next hand."""
    entry = an_entry(entry)
    match = _replayed(record, replayed)
    entry = match.completed(entry, leader)
    phase = match.phase
    match = match.enter(entry)
    # A new record that shares the parts it leaves as they were with `record` (copying the whole
    # record was the largest cost of a tap): neither record is changed afterwards.
    updated = {**record, "hands": list(record["hands"])}
    hands = updated["hands"]
    if type(entry) is ScoredHand:
        hands.append(entry.as_record())
    elif type(entry) is Left:
        hands[-1] = {**hands[-1], "left": entry.as_json()}
    elif phase == "lead":
        hands.append({"events": [event_json(entry)]})
    else:
        hands[-1] = {**hands[-1], "events": [*hands[-1]["events"], event_json(entry)]}
    return updated, match.with_record(updated)


def entries_of(record: dict) -> list[dict]:
    """The entries that build `record` from no hands, in order, said in JSON as the API takes
    them (`read_entry` reads each into what add_entry takes)."""
    entries: list[dict] = []
    for hand in record["hands"]:
        if "points" in hand:
            entries.append(dict(hand))
            continue
        entries.extend(hand["events"])
        if "left" in hand:
            entries.append({"left": hand["left"]})
    return entries


def last_entry(record: dict) -> Entry | None:
    """The entry undo would take away: a hand scored as told, the last hand's `left`, or else
    its last event."""
    hands = record.get("hands") or []
    if not hands:
        return None
    last = hands[-1]
    if "points" in last:
        return ScoredHand.read(last)
    return Left(last["left"]) if "left" in last else read_event(last["events"][-1])


def undo_entry(record: dict, replayed: Match | None = None) -> tuple[dict, Match]:
    """The record without its last entry: a last hand scored as told, the last hand's `left`,
    or else its last event."""
    hands = list(record.get("hands") or [])
    if not hands:
        raise RecordError(N_("there is nothing to undo"))
    last = hands[-1]
    if "points" in last:
        hands.pop()
    elif "left" in last:
        hands[-1] = {key: value for key, value in last.items() if key != "left"}
    elif len(last["events"]) > 1:
        hands[-1] = {**last, "events": last["events"][:-1]}
    else:
        hands.pop()
    updated = {**record, "hands": hands}
    return updated, _replayed(updated, replayed)


def replace_entry(
    record: dict, position: int, entry: Entry, replayed: Match | None = None
) -> tuple[dict, Match]:
    """The record with event number `position` (1, 2, … as in "hand 3, event 5") of its last hand
    replaced by `entry`, and every later event of that hand replayed after it.

    `entry` is said as for add_entry; its player is the one of the event it replaces unless it
    names one, and a tile goes on the end the replaced tile was laid on when it fits there
    unless an end is named. A later event that no longer fits is refused, and the message
    names it."""
    entry = an_entry(entry)
    hands = record.get("hands") or []
    if not hands:
        raise RecordError(N_("there is no hand to correct yet"))
    number = len(hands)
    if "points" in hands[-1]:
        raise RecordError(
            N_("hand {number} was scored as told: undo it to score it again"), number=number
        )
    events = hands[-1]["events"]
    if type(position) is not int or not 1 <= position <= len(events):
        raise RecordError(
            N_("hand {number} has no event {position}"), number=number, position=_shown(position)
        )
    before = {**record, "hands": hands[:-1]}
    if position > 1:
        before["hands"].append({"events": events[: position - 1]})
    match = _replayed(before, replayed)
    replaced = read_event(events[position - 1])
    if type(entry) in EVENTS and entry.player is None:
        entry = entry._replace(player=replaced.player)
    entry = _same_end(entry, replaced, match)
    entry = match.completed(entry)
    match = match.enter(entry)
    for later, data in enumerate(events[position:], start=position + 1):
        event = read_event(data)
        try:
            match = match.enter(event)
        except RecordError as broken:
            raise _no_longer_fits(event, broken, number, later) from None
    written = event_json(entry)
    corrected = {**hands[-1], "events": [*events[: position - 1], written, *events[position:]]}
    updated = {**record, "hands": [*hands[:-1], corrected]}
    if "left" in corrected:
        # The pips left are checked again against the corrected hand.
        match = _replayed(updated, match.with_record(before))
    return updated, match.with_record(updated)


def _same_end(entry: Entry, replaced: Event, match: Match) -> Entry:
    """A tile put in place of another, no end named, goes on the end the other was laid on
    when it fits there: the later entries name their ends as the table laid them (otherwise a
    tile whose ends make the same game would go on the first of them, perhaps the mirror)."""
    if type(entry) is not Play or entry.end is not None or type(replaced) is not Play:
        return entry
    end, tile = replaced.end, entry.tile
    if end is None or match.phase != "play" or not (type(tile) is str and tile in HALVES):
        return entry
    return entry._replace(end=end) if end in match.hands[-1].fits(tile) else entry


def _replayed(record: dict, prefix: Match | None) -> Match:
    """`record` replayed, reusing the settled hands of `prefix` (and its `explain`): `prefix`
    itself when it is `record`'s match already."""
    if prefix is not None and prefix.record is record:
        return prefix
    return replay(record, explain=bool(prefix and prefix.explain), prefix=prefix)


def _no_longer_fits(event: Event, broken: RecordError, hand: int, number: int) -> RecordError:
    """A later entry that the correction broke, named: "Bo's 1-2", "Bo's draw", "Bo's pass"."""
    where = {"hand": hand, "event": number, "reason": broken}
    player = event.player
    if type(event) is Play:
        return RecordError(
            N_("after the correction, {player}'s {tile} no longer fits: {reason}"),
            player=player,
            tile=event.tile,
            **where,
        )
    if type(event) is Draw:
        return RecordError(
            N_("after the correction, {player}'s draw no longer fits: {reason}"),
            player=player,
            **where,
        )
    return RecordError(
        N_("after the correction, {player}'s pass no longer fits: {reason}"), player=player, **where
    )


def _shown(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)
