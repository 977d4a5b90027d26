"""What makes the engine's states and entries values: fixed once made, equal by what they hold,
hashable, so one may be kept, shared between replays or used as a key without a copy.

* `FrozenMap` — a dict that cannot change (the tiles held per player, the pips left, a play);
  it reads, and is written to JSON, as a dict;
* `Value` — a class whose attributes are set when it is made (`made`) and never after;
* `frozen_json` and `plain_json` — JSON said by a player (the tiles left, the points told) as
  a value, and back as the record writes it.

A state grows in a builder (match.py, hand.py, layout.py), a subclass that may still change,
then is made a value once (`frozen()`); nothing outside the engine ever holds a builder."""


def _unchangeable(self, *args, **kwargs):
    raise TypeError(f"a {type(self).__name__} is a value: it cannot change")


class FrozenMap(dict):
    """A dict that cannot change, hashable by its items."""

    __slots__ = ()

    __setitem__ = __delitem__ = __ior__ = _unchangeable
    clear = pop = popitem = setdefault = update = _unchangeable

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return (FrozenMap, (dict(self),))

    def __copy__(self) -> "FrozenMap":
        return self

    def __deepcopy__(self, memo) -> "FrozenMap":
        return self

    def __repr__(self) -> str:
        return f"FrozenMap({dict.__repr__(self)})"


EMPTY = FrozenMap()


class Value:
    """Attributes set once, when made; equal and hashed by `FIELDS` (a subclass names them). A
    subclass with a `_hash` slot keeps its hash once worked out (a hand is a key of the club's
    tallies)."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()

    __setattr__ = __delattr__ = _unchangeable

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return other is self or (type(other) is type(self) and self._values() == other._values())

    def __hash__(self) -> int:
        known = getattr(self, "_hash", None)
        if known is None:
            known = hash((type(self).__name__, self._values()))
            if hasattr(type(self), "_hash"):
                object.__setattr__(self, "_hash", known)
        return known


def made(cls: type, **fields):
    """A value of `cls` with its attributes, set the one time they are."""
    value = object.__new__(cls)
    for name, given in fields.items():
        object.__setattr__(value, name, given)
    return value


def frozen_json(value: object) -> object:
    """JSON as a value: objects as FrozenMaps, arrays as tuples, anything else as it is."""
    kind = type(value)
    if kind is dict or kind is FrozenMap:
        return FrozenMap({key: frozen_json(item) for key, item in value.items()})
    if kind is list or kind is tuple:
        return tuple(frozen_json(item) for item in value)
    return value


def plain_json(value: object) -> object:
    """A value as the record's JSON holds it: dicts and lists of its own, shared with nothing."""
    if isinstance(value, dict):
        return {key: plain_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain_json(item) for item in value]
    return value
