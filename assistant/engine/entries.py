"""Entering a match one entry at a time: the record grows by one event or one `left`, and undo
takes the last entry away. Each new record is replayed whole, so it is valid or refused."""

import copy

from .errors import N_, RecordError
from .match import Match, replay


def new_record(rules: object, players: list[str], partnership: bool = False) -> dict:
    record = {"format": "allfives-match/1", "rules": rules, "players": list(players),
              "partnership": partnership, "hands": []}
    replay(record)
    return record


def add_entry(record: dict, entry: dict) -> tuple[dict, Match]:
    """The record with one more entry, and the match it replays to.

    An entry is one record event (`{"player": P, "play": T, "end": E}`, `{"player": P, "draw":
    N}`, `{"player": P, "pass": true}`) or the pips left at the end of a hand (`{"left": {...}}`).
    An event after a settled hand starts the next hand.
    """
    match = replay(record)
    if type(entry) is not dict:
        raise RecordError(N_("an entry must be an event or the pips left"))
    updated = copy.deepcopy(record)
    phase = match.phase
    if "left" in entry:
        if len(entry) != 1:
            raise RecordError(N_("the pips left are entered on their own"))
        if phase != "settle":
            raise RecordError(N_("there is no ended hand to settle"))
        updated["hands"][-1]["left"] = entry["left"]
    elif phase == "over":
        raise RecordError(N_("the match is over: {side} won"),
                          side=match.side_name(match.winner))
    elif phase == "settle":
        raise RecordError(N_("the hand is over: enter the pips left by {players} first"),
                          players=" and ".join(match.hands[-1].missing_left))
    elif phase == "lead":
        updated["hands"].append({"events": [entry]})
    else:
        updated["hands"][-1]["events"].append(entry)
    return updated, replay(updated, explain=True)


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
