// An entry of a match as a value (moves.py): a play, a draw, a pass, the tiles left at the end
// of a hand, a hand scored as told. A value holds what was said; the match judges it.
// `player` is null where the player is not said: the match fills in whose turn it is.

import { N_, PyFloat, RecordError, isDict, pyRepr } from "./errors.mjs";
import { MAX_TOLD } from "./limits.mjs";
import { EMPTY, FrozenMap, frozenJson, plainJson } from "./values.mjs";

/** A tile laid: as written, on `end` (null for the lead, or where the tile fits one end). */
export class Play {
  constructor(tile, end = null, player = null) {
    this.tile = tile;
    this.end = end;
    this.player = player;
    Object.freeze(this);
  }

  replace({ tile = this.tile, end = this.end, player = this.player }) {
    return new Play(tile, end, player);
  }
}

/** Tiles taken from the boneyard (how many; which ones nobody knows). */
export class Draw {
  constructor(tiles = 1, player = null) {
    this.tiles = tiles;
    this.player = player;
    Object.freeze(this);
  }

  replace({ tiles = this.tiles, player = this.player }) {
    return new Draw(tiles, player);
  }
}

/** A turn passed (only when nothing can be drawn). */
export class Pass {
  constructor(player = null) {
    this.player = player;
    Object.freeze(this);
  }

  replace({ player = this.player }) {
    return new Pass(player);
  }
}

export const EVENTS = Object.freeze([Play, Draw, Pass]);
export const isEvent = (entry) => EVENTS.includes(entry?.constructor);

/**
 * The tiles still in hand when a hand ended, per player: a list of tiles or a pip total. Kept as
 * said, as a value (`frozenJson`: a FrozenMap, arrays frozen), for the hand to judge; `asJson()`
 * gives it back as the record writes it.
 */
export class Left {
  constructor(left) {
    this.left = frozenJson(left);
    Object.freeze(this);
  }

  /** What was said for `player`: their tiles, a pip total, or undefined. */
  pipsOf(player) {
    return this.left instanceof Map ? this.left.get(player) : undefined;
  }

  asJson() {
    return plainJson(this.left);
  }
}

/**
 * A hand scored as told (RULES.md §5): what each player gained (or lost) in it, in the
 * match's score unit; players left out scored 0. `points` is a FrozenMap, name → number.
 */
export class ScoredHand {
  constructor(points = EMPTY, notes = null) {
    this.points = points instanceof FrozenMap ? points : new FrozenMap(points);
    this.notes = notes;
    Object.freeze(this);
  }

  /** The value of a record's hand {"points": {...}, "notes": ...}, every number checked. */
  static read(data) {
    const points = data.points;
    if (!isDict(points) && !(points instanceof Map)) {
      throw new RecordError(N_("points must map players to the points each scored"));
    }
    const told = new Map();
    for (const [player, value] of points instanceof Map ? points : Object.entries(points)) {
      told.set(player, checkedTold(player, value));
    }
    const notes = Object.hasOwn(data, "notes") ? data.notes : null;
    if (notes !== null && typeof notes !== "string") throw new RecordError(N_("notes must be text"));
    return new ScoredHand(told, notes);
  }

  /** The hand as the record holds it (and as an entry is said in JSON). */
  asRecord() {
    const hand = { points: Object.fromEntries(this.points) };
    if (this.notes !== null) hand.notes = this.notes;
    return hand;
  }
}

/** One player's points: a whole number, or a half, from -MAX_TOLD to MAX_TOLD. */
function checkedTold(player, value) {
  const shown = value;
  if (value instanceof PyFloat) value = value.value; // 5.0 in a record: 5
  if (typeof value !== "number") {
    throw new RecordError(N_("the points of {player} must be a number, not {points}"), {
      player,
      points: pyRepr(value),
    });
  }
  if (!(-MAX_TOLD <= value && value <= MAX_TOLD)) {
    throw new RecordError(N_("the points of {player} must be from {low} to {high}, not {points}"), {
      player,
      low: -MAX_TOLD,
      high: MAX_TOLD,
      points: shown,
    });
  }
  if (value !== Math.floor(value * 2) / 2) {
    throw new RecordError(N_("the points of {player} must be whole or a half, not {points}"), {
      player,
      points: value,
    });
  }
  return value;
}

export const ENTRIES = Object.freeze([Play, Draw, Pass, Left, ScoredHand]);

/** `entry`, once it is known to be an entry value: JSON is read where it arrives (`readEntry`). */
export function anEntry(entry) {
  if (!ENTRIES.includes(entry?.constructor)) {
    const kind = entry?.constructor?.name ?? String(entry);
    throw new TypeError(
      `an entry is a Play, Draw, Pass, Left or ScoredHand value (got ${kind}): read JSON with readEntry first`,
    );
  }
  return entry;
}
