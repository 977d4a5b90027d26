"""The table's questions answered by the Python engine, in the shape the phone's engine answers
them (tests/engine/js/answers.mjs): the two are compared line by line in test_js_engine.py.

A line is `{"record": ..., "leader": ..., "questions": [...]}`; each question is a dict whose
`q` names it (see `answer`). Every answer is plain JSON, a refusal as `error_json`."""

from assistant.engine import (
    EndAsked,
    Names,
    RecordError,
    Settlement,
    correct_entry,
    derived_pips,
    entries_of,
    entry_json,
    insert_entry,
    last_entry,
    read_entry,
    remove_entry,
    replace_entry,
    replay,
    undo_entry,
)
from assistant.engine.entries import add_entry
from assistant.engine.layout import EndList
from assistant.engine.tiles import HALVES

# Every way of writing a tile, and a few that are not tiles.
WRITTEN = [*HALVES, "7-1", "x"]


def answers(line: dict) -> list:
    try:
        match = replay(line["record"])
    except RecordError as error:
        return [error_json(error)]
    return [answer(match, line["record"], line.get("leader"), q) for q in line["questions"]]


def answer(match, record: dict, leader, question: dict):
    try:
        return _answer(match, record, leader, question)
    except RecordError as error:
        return error_json(error)


def _answer(match, record: dict, leader, question: dict):
    q = question["q"]
    if q == "state":
        return state(match, leader)
    if q == "tiles":
        hand = match.hand
        return {
            tile: [
                _or_error(hand.fits, tile),
                _or_error(hand.distinct_ends, tile),
                [[c.end, c.value, c.count, c.points] for c in match.end_choices(tile)],
            ]
            for tile in WRITTEN
        }
    if q == "explain":
        explained = replay(record, explain=True)
        return [[[str(t) for t in terms] for terms in h.play_terms] for h in explained.hands]
    if q == "derived":
        return derived_pips(match.hand, question["known"])
    if q == "completed":
        return entry_json(match.completed(read_entry(question["entry"]), question.get("leader")))
    if q == "told_by_side":
        told = match.told_by_side(question["points"], question.get("notes"))
        return entry_json(told)
    if q == "last":
        entry = last_entry(record)
        return None if entry is None else entry_json(entry)
    if q == "entries":
        return entries_of(record)
    if q == "add":
        return changed(
            *add_entry(record, read_entry(question["entry"]), question.get("leader"), match)
        )
    if q == "undo":
        return changed(*undo_entry(record, match))
    if q == "replace":
        return changed(
            *replace_entry(record, question["position"], read_entry(question["entry"]), match)
        )
    ends = {int(k): v for k, v in question.get("ends", {}).items()}
    try:
        if q == "correct":
            done = correct_entry(
                record, question["position"], read_entry(question["entry"]), match, ends
            )
        elif q == "insert":
            done = insert_entry(
                record, question["position"], read_entry(question["entry"]), match, ends
            )
        else:
            done = remove_entry(record, question["position"], match, ends)
    except EndAsked as asked:
        choices = asked.match.end_choices(asked.tile)
        return error_json(asked) | {
            "asked": [asked.position, asked.player, asked.tile],
            "choices": [[c.end, c.value, c.count, c.points] for c in choices],
            "asked_phase": asked.match.phase,
        }
    return changed(*done)


def _or_error(ask, tile):
    try:
        return ask(tile)
    except RecordError as error:
        return error_json(error)


def changed(record: dict, match) -> dict:
    return {"record": record, "result": match.result(), "state": state(match, None)}


def state(match, leader) -> dict:
    hand = match.hand
    return {
        "phase": match.phase,
        "turn": match.turn(leader),
        "turn_by_rules": match.turn(),
        "next_leader": match.next_leader,
        "can_score_hand": match.can_score_hand,
        "half_points": match.half_points,
        "scores": match.scores,
        "winner": match.winner,
        "hands": len(match.hands),
        "hand": {
            "number": hand.number,
            "leader": hand.leader,
            "leader_played": hand.leader_played,
            "holding": hand.holding,
            "turn": hand.turn,
            "ended": hand.ended,
            "scored": hand.scored,
            "went_out": hand.went_out,
            "needs_left": hand.needs_left,
            "missing_left": hand.missing_left,
            "boneyard": hand.boneyard,
            "drawable": hand.drawable,
            "can_draw": hand.can_draw,
            "can_pass": hand.can_pass,
            "count": hand.count,
            "terms": [[t.end, t.tile, t.value, str(t)] for t in hand.terms()],
            "open_ends": [[e.name, e.value, e.double] for e in hand.open_ends()],
            "tiles_held": hand.tiles_held,
            "layout": [list(p) for p in hand.layout_tiles()],
            "unplayed": hand.unplayed(),
            "played_pips": hand.played_pips,
            "pip_bounds": {p: list(hand.pip_bounds(p)) for p in hand.players},
            "pips_left": hand.pips_left,
            "settlement": settlement_json(hand.settlement),
            "told": None if hand.told is None else hand.told.as_record(),
        },
        "settlements": [settlement_json(h.settlement) for h in match.hands],
    }


def settlement_json(settlement: Settlement | None) -> dict | None:
    if settlement is None:
        return None
    return {
        "changes": settlement.changes,
        "pips": settlement.pips,
        "winners": settlement.winners,
        "rule": settlement.rule,
        "rounded": settlement.rounded,
        "side_pips": settlement.side_pips,
        "side_rounded": settlement.side_rounded,
        "gain": settlement.gain,
        "deducted": settlement.deducted,
        "tied": settlement.tied,
        "refused": settlement.refused,
    }


def error_json(error: RecordError) -> dict:
    return {
        "error": str(error),
        "template": error.template,
        "params": {name: _param(value) for name, value in error.params.items()},
        "hand": error.hand,
        "event": error.event,
    }


def _param(value):
    if isinstance(value, RecordError):
        return value.reason
    if isinstance(value, EndList):
        return [list(end) for end in value]
    if isinstance(value, Names):
        return {"names": [_param(name) for name in value], "joiner": value.joiner}
    return value
