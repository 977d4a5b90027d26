// What makes the engine's states and entries values (values.py): fixed once made, so one may be
// kept or shared between replays without a copy.
//
// * `FrozenMap`, `FrozenSet`: a Map, a Set that cannot change (Python's FrozenMap, frozenset);
// * `made`: an object of a class with its fields, frozen (Python's `made`);
// * `frozenJson` and `plainJson`: JSON said by a player as a value, and back as written.
//
// A state grows in a builder (match.mjs, hand.mjs, layout.mjs), then is made a value once
// (`frozen()`); nothing outside the engine ever holds a builder.

function unchangeable() {
  throw new TypeError(`a ${this.constructor.name} is a value: it cannot change`);
}

/** A Map that cannot change (the tiles held per player, the pips left, a hand scored as told). */
export class FrozenMap extends Map {
  constructor(entries = []) {
    super();
    for (const [key, value] of entries) super.set(key, value);
    Object.freeze(this);
  }
}

/** A Set that cannot change (the tiles played in a hand). */
export class FrozenSet extends Set {
  constructor(items = []) {
    super();
    for (const item of items) super.add(item);
    Object.freeze(this);
  }
}

FrozenMap.prototype.set = FrozenSet.prototype.add = unchangeable;
FrozenMap.prototype.delete = FrozenMap.prototype.clear = unchangeable;
FrozenSet.prototype.delete = FrozenSet.prototype.clear = unchangeable;

/** A Map or Set no one else holds made a FrozenMap or FrozenSet (`kind`) in place: no copy. */
export const frozenAs = (kind, collection) => Object.freeze(Object.setPrototypeOf(collection, kind.prototype));

export const EMPTY = new FrozenMap();

/** A value of `cls` with its fields, set the one time they are. */
export const made = (cls, fields) => Object.freeze(Object.assign(Object.create(cls.prototype), fields));

/** JSON as a value: objects as FrozenMaps, arrays frozen, anything else as it is. */
export function frozenJson(value) {
  if (Array.isArray(value)) return Object.freeze(value.map(frozenJson));
  if (value instanceof Map) return new FrozenMap([...value].map(([k, v]) => [k, frozenJson(v)]));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return new FrozenMap(Object.entries(value).map(([k, v]) => [k, frozenJson(v)]));
  }
  return value;
}

/** A value as the record's JSON holds it: objects and arrays of its own, shared with nothing. */
export function plainJson(value) {
  if (Array.isArray(value)) return value.map(plainJson);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [k, plainJson(v)]));
  return value;
}
