// The double-six set: 28 tiles, 0-0 … 6-6, written "a-b" (tiles.py).

import { N_, RecordError, pyRepr } from "./errors.mjs";

const PIPS = [0, 1, 2, 3, 4, 5, 6];

/** Every way of writing a tile ("5-3" and "3-5") → its halves as written. */
export const HALVES = new Map();
for (const a of PIPS) for (const b of PIPS) HALVES.set(`${a}-${b}`, Object.freeze([a, b]));

/** The 28 tiles by their usual name, high half first: "6-6", "6-5", … "0-0". */
export const TILES = Object.freeze(
  PIPS.slice().reverse().flatMap((a) => PIPS.slice(0, a + 1).reverse().map((b) => `${a}-${b}`)),
);

export const TOTAL_PIPS = 168;

/** The two halves of a tile as written, or a RecordError if it is not a tile. */
export function halves(tile) {
  const found = typeof tile === "string" ? HALVES.get(tile) : undefined;
  if (found === undefined) {
    throw new RecordError(N_("{tile} is not a tile of a double-six set"), { tile: pyRepr(tile) });
  }
  return found;
}

/** The usual name of a tile, high half first: "3-5" → "5-3". */
export function tileName(tile) {
  const [a, b] = halves(tile);
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

export function pips(tile) {
  const [a, b] = halves(tile);
  return a + b;
}

export function isDouble(tile) {
  const [a, b] = halves(tile);
  return a === b;
}
