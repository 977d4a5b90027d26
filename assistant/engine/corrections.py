"""Fixing the hand being played without starting it again: an entry replaced by what was really
done, a missed entry put in before another, an extra one taken out.

The hand's later entries are then replayed after the change, each by the player whose turn it
now is (the table names the player by the turn, so a missed or an extra entry moved every later
one to another player). A later tile the change makes fit ends that make different games is not
a dead end: its end is asked (`EndAsked`), and the same change comes back with `ends`, the end of
each such tile by its position. A later entry that no longer fits at all is named, and nothing
changes."""

from .entries import _no_longer_fits, _replayed, _same_end
from .errors import N_, RecordError
from .match import Match
from .moves import EVENTS, Entry, Event, Play, an_entry
from .record import event_json, read_event


class EndAsked(RecordError):
    """After a change, the later tile at `position` fits ends that make different games.

    `match` is the hand just before that tile, the change made: what each end would count
    (`match.end_choices(tile)`)."""

    def __init__(self, hand: int, position: int, player: str, tile: str, match: Match):
        super().__init__(
            N_("after the correction, {player}'s {tile} fits more than one end: say which"),
            hand=hand,
            event=position,
            player=player,
            tile=tile,
        )
        self.position = position
        self.player = player
        self.tile = tile
        self.match = match


def correct_entry(
    record: dict,
    position: int,
    entry: Entry,
    replayed: Match | None = None,
    ends: dict[int, str] | None = None,
) -> tuple[dict, Match]:
    """Event `position` (1, 2, …) of the last hand replaced by `entry`, said as for add_entry:
    its player is the replaced one's unless it names one, and a tile goes on the end the
    replaced tile was laid on when it fits there unless it names an end."""
    events = _events(record, position, 0)
    replaced = read_event(events[position - 1])
    entry = _an_event(an_entry(entry))
    if entry.player is None:
        entry = entry._replace(player=replaced.player)
    return _rewritten(record, position, 1, entry, replaced, replayed, ends)


def insert_entry(
    record: dict,
    position: int,
    entry: Entry,
    replayed: Match | None = None,
    ends: dict[int, str] | None = None,
) -> tuple[dict, Match]:
    """A missed entry put in the last hand before its event `position` (one more than the
    number of events: after the last), by the player whose turn it was then."""
    _events(record, position, 1)
    return _rewritten(record, position, 0, _an_event(an_entry(entry)), None, replayed, ends)


def remove_entry(
    record: dict, position: int, replayed: Match | None = None, ends: dict[int, str] | None = None
) -> tuple[dict, Match]:
    """Event `position` of the last hand taken out (an entry made twice, or made in error)."""
    _events(record, position, 0)
    return _rewritten(record, position, 1, None, None, replayed, ends)


def _an_event(entry: Entry) -> Event:
    """What a correction puts in the hand: a play, a draw or a pass (the tiles left and a hand
    scored as told are entered, and undone, whole)."""
    if type(entry) not in EVENTS:
        raise RecordError(N_("a correction is a play, a draw or a pass"))
    return entry


def _events(record: dict, position: int, after_last: int) -> list:
    """The last hand's events, once `position` is known to be one of them (or, with
    `after_last`, just after them)."""
    hands = record.get("hands") or []
    if not hands:
        raise RecordError(N_("there is no hand to correct yet"))
    if "points" in hands[-1]:
        raise RecordError(
            N_("hand {number} was scored as told: undo it to score it again"), number=len(hands)
        )
    events = hands[-1]["events"]
    if type(position) is not int or not 1 <= position <= len(events) + after_last:
        shown = repr(position) if isinstance(position, str) else str(position)
        raise RecordError(
            N_("hand {number} has no event {position}"), number=len(hands), position=shown
        )
    return events


def _rewritten(
    record: dict,
    position: int,
    removed: int,
    entry: Entry | None,
    replaced: Event | None,
    replayed: Match | None,
    ends: dict[int, str] | None,
) -> tuple[dict, Match]:
    hands = record["hands"]
    number = len(hands)
    events = hands[-1]["events"]
    before = {**record, "hands": hands[:-1]}
    if position > 1:
        before["hands"].append({"events": events[: position - 1]})
    match = _replayed(before, replayed)
    rewritten = list(events[: position - 1])
    if entry is not None:
        entry = match.completed(_same_end(entry, replaced, match))
        match = match.enter(entry)
        rewritten.append(event_json(entry))
    for later, recorded in enumerate(events[position - 1 + removed :], start=len(rewritten) + 1):
        event = read_event(recorded)
        try:
            now = _as_now(match, event, (ends or {}).get(later), number, later)
        except EndAsked as asked:  # the hand before the tile, shown as the correction began
            asked.match = asked.match.with_record(before)
            raise
        try:
            match = match.enter(now)
        except RecordError as broken:  # named as the hand's list shows it now
            raise _no_longer_fits(event, broken, number, later) from None
        rewritten.append(event_json(now))
    last = {**hands[-1], "events": rewritten}
    updated = {**record, "hands": [*hands[:-1], last] if rewritten else hands[:-1]}
    if "left" in last or not rewritten:
        # The pips left are checked against the new hand.
        match = _replayed(updated, match.with_record({**record, "hands": hands[:-1]}))
    return updated, match.with_record(updated)


def _as_now(match: Match, event: Event, end: str | None, hand: int, position: int) -> Event:
    """A later event as it reads after the change: by the player whose turn it now is, and a
    tile on its end (the one asked for, the one it was laid on while it still fits there, the
    only one, or the first of ends that make the same game)."""
    if match.phase != "play":
        return event
    hands = match.hands
    turn = hands[-1].turn
    if turn is None:
        return event
    event = event._replace(player=turn)
    if type(event) is not Play or not hands[-1].plays:
        return event
    tile = event.tile
    fits = hands[-1].fits(tile)
    if end is not None:
        return event._replace(end=end)
    if event.end in fits:
        return event
    event = event._replace(end=None)
    if len(fits) < 2:
        return event
    distinct = hands[-1].distinct_ends(tile)
    if len(distinct) == 1:
        return event._replace(end=distinct[0])
    raise EndAsked(hand, position, turn, tile, match)
