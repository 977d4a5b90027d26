"""Entering a match one entry at a time, as the players say it: the record grows by one event,
one `left` or one hand scored as told, undo takes the last entry away, and a mistaken play, draw
or pass in the current hand can be corrected in place. Each new record is replayed, so it is
valid or refused.

Every function takes `replayed`, the match the record replays to when the caller already has it:
the settled hands it holds are reused, so only the current hand is replayed."""

import copy

from .errors import N_, RecordError
from .match import SCORED_FIELDS, Match, _names, replay
from .moves import ScoredHand
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
    record: dict, entry: object, leader: str | None = None, replayed: Match | None = None
) -> tuple[dict, Match]:
    """The record with one more entry, and the match it replays to.

    An entry is what a player says: `{"play": T}` (with `"end": E` when the tile fits ends that
    make different games), `{"draw": N}`, `{"pass": true}`, each optionally with its `"player"`,
    or the pips left at the end of a hand (`{"left": {...}}`), or a whole hand scored as told
    before its lead (a `ScoredHand`, or `{"points": {...}, "notes": ...}`). What the rules decide
    is filled in (`Match.completed`): whose turn it is (`leader`: the player chosen to lead a new
    hand, when the rules leave it open) and the end when every end the tile fits makes the same
    game. An event after a settled hand starts the next hand."""
    match = _replayed(record, replayed)  # `replayed` itself stays as it is
    told = _scored(entry)
    if told is None:
        entry = match.completed(entry, leader)
    phase = match.phase
    match.enter(told or entry)
    # A new record that shares the parts it leaves as they were with `record` (copying the whole
    # record was the largest cost of a tap): neither record is changed afterwards.
    updated = {**record, "hands": list(record["hands"])}
    hands = updated["hands"]
    if told is not None:
        hands.append(told.as_record())
    elif "left" in entry:
        hands[-1] = {**hands[-1], "left": copy.deepcopy(entry["left"])}
    elif phase == "lead":
        hands.append({"events": [copy.deepcopy(entry)]})
    else:
        hands[-1] = {**hands[-1], "events": [*hands[-1]["events"], copy.deepcopy(entry)]}
    match.record = updated
    return updated, match


def entries_of(record: dict) -> list:
    """The entries that build `record` from no hands, in order: what add_entry takes."""
    entries: list = []
    for hand in record["hands"]:
        if "points" in hand:
            entries.append(ScoredHand.read(hand))
            continue
        entries.extend(hand["events"])
        if "left" in hand:
            entries.append({"left": hand["left"]})
    return entries


def last_entry(record: dict) -> dict | ScoredHand | None:
    """The entry undo would take away: a hand scored as told, the last hand's `left`, or else
    its last event."""
    hands = record.get("hands") or []
    if not hands:
        return None
    last = hands[-1]
    if "points" in last:
        return ScoredHand.read(last)
    return {"left": last["left"]} if "left" in last else last["events"][-1]


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
    record: dict, position: int, entry: object, replayed: Match | None = None
) -> tuple[dict, Match]:
    """The record with event number `position` (1, 2, … as in "hand 3, event 5") of its last hand
    replaced by `entry`, and every later event of that hand replayed after it.

    `entry` is said as for add_entry; its player is the one of the event it replaces unless it
    names one, and a tile goes on the end the replaced tile was laid on when it fits there
    unless an end is named. A later event that no longer fits is refused, and the message
    names it."""
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
    replaced = events[position - 1]
    if type(entry) is dict and "player" not in entry and "left" not in entry:
        entry = {"player": replaced.get("player"), **entry}
    entry = _same_end(entry, replaced, match)
    entry = match.completed(entry)
    match.enter(entry)
    for later, event in enumerate(events[position:], start=position + 1):
        try:
            match.enter(event)
        except RecordError as broken:
            raise _no_longer_fits(event, broken, number, later) from None
    corrected = {**hands[-1], "events": [*events[: position - 1], entry, *events[position:]]}
    updated = {**record, "hands": [*hands[:-1], corrected]}
    if "left" in corrected:
        # The pips left are checked again against the corrected hand.
        match = _replayed(updated, match)
    match.record = updated
    return updated, match


def _scored(entry: object) -> ScoredHand | None:
    """The entry as a hand scored as told, when it is one."""
    if type(entry) is ScoredHand:
        return entry
    if type(entry) is not dict or "points" not in entry:
        return None
    unknown = set(entry) - SCORED_FIELDS
    if unknown:
        raise RecordError(N_("unknown field in the hand: {fields}"), fields=_names(unknown))
    return ScoredHand.read(entry)


def _same_end(entry: object, replaced: object, match: Match) -> object:
    """A tile put in place of another, no end named, goes on the end the other was laid on
    when it fits there: the later entries name their ends as the table laid them (otherwise a
    tile whose ends make the same game would go on the first of them, perhaps the mirror)."""
    if type(entry) is not dict or entry.get("end") is not None or type(replaced) is not dict:
        return entry
    end, tile = replaced.get("end"), entry.get("play")
    if end is None or match.phase != "play" or not (type(tile) is str and tile in HALVES):
        return entry
    return {**entry, "end": end} if end in match.hands[-1].fits(tile) else entry


def _replayed(record: dict, prefix: Match | None) -> Match:
    """`record` replayed, reusing the settled hands of `prefix` (and its `explain`)."""
    return replay(record, explain=bool(prefix and prefix.explain), prefix=prefix)


def _no_longer_fits(event: object, broken: RecordError, hand: int, number: int) -> RecordError:
    """A later entry that the correction broke, named: "Bo's 1-2", "Bo's draw", "Bo's pass"."""
    where = {"hand": hand, "event": number, "reason": broken}
    if type(event) is not dict:
        return RecordError(N_("after the correction, event {number} no longer fits: {reason}"),
                           number=number, **where)  # fmt: skip
    player = event.get("player")
    if "play" in event:
        return RecordError(
            N_("after the correction, {player}'s {tile} no longer fits: {reason}"),
            player=player,
            tile=event["play"],
            **where,
        )
    if "draw" in event:
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
