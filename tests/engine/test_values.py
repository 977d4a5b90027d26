"""The engine's states and entries are values (issue 23): every match, hand, layout, settlement
and entry reached is hashable, entering an entry leaves the match it was entered on as it was,
and two replays of one record share nothing that could change.

Over every example record and random simulated matches, entered one entry at a time."""

import contextlib
import dataclasses
import json
import random

from assistant.engine import RecordError, enter, entries_of, read_entry, replay
from assistant.engine.values import FrozenMap, Value
from assistant.simulate import random_match
from tests.paths import EXAMPLES

EXAMPLE_RECORDS = sorted(
    p
    for p in EXAMPLES.glob("*.json")
    if (p.parent / f"{p.stem}.expected.json").exists() and not p.name.endswith(".expected.json")
)
ATOMS = (int, float, str, bool, type(None))
# A match keeps the record it was replayed from beside its value (the caller's JSON, not
# compared, not hashed): it is not part of the state; nor are a value's hash, once worked out,
# and the weak references the club's caches hold to it.
BESIDE = {"record", "_hash", "__weakref__"}


def records() -> list[dict]:
    found = [json.loads(path.read_text()) for path in EXAMPLE_RECORDS]
    for seed in range(24):
        rng = random.Random(seed)
        found.append(random_match(rng, max_hands=3, stop_chance=0.01 if seed % 3 else 0))
    return found


def parts(value: object) -> list:
    """What a value holds, one level down."""
    if isinstance(value, ATOMS):
        return []
    if isinstance(value, dict):
        return [*value.keys(), *value.values()]
    if isinstance(value, tuple | list | set | frozenset):
        return list(value)
    names = [
        name
        for cls in type(value).__mro__
        for name in getattr(cls, "__slots__", ())
        if name not in BESIDE
    ]
    held = [getattr(value, name) for name in names if hasattr(value, name)]
    return held + list(getattr(value, "__dict__", {}).values())


def immutable(value: object) -> bool:
    """Whether `value` itself can never change (what it holds is checked on its own)."""
    kind = type(value)
    if isinstance(value, ATOMS) or kind in (tuple, frozenset, FrozenMap):
        return True
    if hasattr(value, "__dict__"):
        return False  # an instance dict: anything may be set on it
    if isinstance(value, tuple):  # a named tuple (Play, End, Setup, …)
        return True
    if isinstance(value, Value):  # a value, not one of the builders that make them
        return kind.__setattr__ is Value.__setattr__
    if dataclasses.is_dataclass(value):
        return kind.__dataclass_params__.frozen
    return False


def every_object(state: object) -> list:
    """Every object reachable from `state`, once each."""
    seen: dict[int, object] = {}
    todo = [state]
    while todo:
        value = todo.pop()
        if id(value) in seen:
            continue
        seen[id(value)] = value
        todo.extend(parts(value))
    return list(seen.values())


def snapshot(value: object) -> object:
    """A deep copy of what `value` holds, as plain data: equal only if nothing in it changed."""
    if isinstance(value, ATOMS):
        return value
    return (type(value).__name__, tuple(snapshot(part) for part in parts(value)))


def assert_a_value(state: object) -> None:
    hash(state)
    changeable = [value for value in every_object(state) if not immutable(value)]
    assert not changeable, f"{type(state).__name__} holds {changeable[:3]}"


def test_every_state_and_entry_is_a_value_and_entering_changes_nothing_it_was_given():
    entered = 0
    for record in records():
        state = replay({**record, "hands": []})
        assert_a_value(state)
        for said in entries_of(record):
            entry = read_entry(said)
            hash(entry)
            assert read_entry(said) == entry and hash(read_entry(said)) == hash(entry)
            before, kept = hash(state), snapshot(state)
            try:
                after = enter(state, entry)
            except RecordError:  # the pips left of a hand the match was won in: not an entry
                after = state
            assert hash(state) == before and snapshot(state) == kept
            assert_a_value(after)
            for value in (after, after.hand, after.hand.layout, after.hand.settlement):
                hash(value)
            again = snapshot(after)
            # Refused or not, an entry entered twice leaves the state it went on alone.
            with contextlib.suppress(RecordError):
                enter(after, entry)
            assert snapshot(after) == again
            state = after
            entered += 1
        assert state == replay(record) and hash(state) == hash(replay(record))
    assert entered > 1000


def test_two_replays_of_one_record_share_nothing_that_could_change():
    for record in records():
        first, second = replay(record), replay(record)
        assert first == second and first is not second
        ours = {id(value): value for value in every_object(first)}
        shared = [value for value in every_object(second) if id(value) in ours]
        assert all(immutable(value) for value in shared)
        assert not [value for value in ours.values() if not immutable(value)]


def test_a_replay_that_goes_on_from_an_older_one_shares_its_settled_hands_as_they_are():
    record = random_match(random.Random(7), max_hands=4)
    shorter = {**record, "hands": record["hands"][:-1]}
    older = replay(shorter)
    kept = snapshot(older)
    newer = replay(record, prefix=older)
    settled = [hand for hand in older.hands if hand.settlement is not None]
    assert settled and all(a is b for a, b in zip(settled, newer.hands, strict=False))
    assert snapshot(older) == kept and newer == replay(record)
