"""Entering a match one entry at a time: the record grows by one event or one `left`, and undo
takes the last entry away. Each new record is replayed whole, so it is valid or refused."""

import copy

from .errors import N_, RecordError
from .match import Match, replay


def new_record(rules: object, players: list[str], partnership: bool = False) -> dict:
    record = {
        "format": "allfives-match/1",
        "rules": rules,
        "players": list(players),
        "partnership": partnership,
        "hands": [],
    }
    replay(record)
    return record


def add_entry(record: dict, entry: dict, replayed: Match | None = None) -> tuple[dict, Match]:
    """The record with one more entry, and the match it replays to.

    An entry is one record event (`{"player": P, "play": T, "end": E}`, `{"player": P, "draw":
    N}`, `{"player": P, "pass": true}`) or the pips left at the end of a hand (`{"left": {...}}`).
    An event after a settled hand starts the next hand.

    `replayed`: the record already replayed, when the caller has it (it is entered into, and
    returned); spares a second replay of the whole match.
    """
    match = replay(record, explain=True) if replayed is None else replayed
    phase = match.phase
    match.enter(entry)
    # A new record that shares the parts it leaves as they were with `record` (copying the whole
    # record was the largest cost of a tap): neither record is changed afterwards.
    updated = {**record, "hands": list(record["hands"])}
    hands = updated["hands"]
    if "left" in entry:
        hands[-1] = {**hands[-1], "left": copy.deepcopy(entry["left"])}
    elif phase == "lead":
        hands.append({"events": [copy.deepcopy(entry)]})
    else:
        hands[-1] = {**hands[-1], "events": [*hands[-1]["events"], copy.deepcopy(entry)]}
    return updated, match


def entries_of(record: dict) -> list[dict]:
    """The entries that build `record` from no hands, in order: what add_entry takes."""
    entries = []
    for hand in record["hands"]:
        entries.extend(hand["events"])
        if "left" in hand:
            entries.append({"left": hand["left"]})
    return entries


def undo_entry(record: dict) -> tuple[dict, Match]:
    """The record without its last entry: the last hand's `left`, or else its last event."""
    updated = copy.deepcopy(record)
    hands = updated.get("hands") or []
    if not hands:
        raise RecordError(N_("there is nothing to undo"))
    last = hands[-1]
    if "left" in last:
        del last["left"]
    else:
        last["events"].pop()
        if not last["events"]:
            hands.pop()
    return updated, replay(updated, explain=True)
