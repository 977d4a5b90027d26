// Pips left that follow from what is known at the end of a hand (pips.py): once the boneyard
// is empty every tile not played is in someone's hand, so the one player not yet counted holds
// what the unplayed tiles hold less everyone else's; a player whose tiles can weigh only one
// total (they hold every tile left, or none) needs no counting either.

import { CANONICAL, PIPS_OF } from "./hand.mjs";
import { TOTAL_PIPS } from "./tiles.mjs";

/**
 * The pips of the players `hand` still needs (`needsLeft`) that follow from `known` (player →
 * a pip total, or the list of their tiles; an object or a Map), each a total the engine would
 * accept. A total that does not make sense is left to the engine's check: nothing is derived.
 */
export function derivedPips(hand, known) {
  const totals = new Map();
  for (const [player, given] of known instanceof Map ? known : Object.entries(known)) {
    const pips = pipsOf(given);
    if (pips === null || !hand.held.has(player)) return {};
    totals.set(player, pips);
  }
  const derived = new Map();
  const unknown = hand.players.filter((player) => !totals.has(player));
  for (const player of [...unknown]) {
    const [low, high] = hand.pipBounds(player);
    if (low === high) {
      derived.set(player, low);
      totals.set(player, low);
      unknown.splice(unknown.indexOf(player), 1);
    }
  }
  if (hand.boneyard === 0 && unknown.length === 1) {
    const player = unknown[0];
    let rest = TOTAL_PIPS - hand.playedPips;
    for (const pips of totals.values()) rest -= pips;
    const [low, high] = hand.pipBounds(player);
    if (low <= rest && rest <= high) derived.set(player, rest);
  }
  return Object.fromEntries([...derived].filter(([player]) => hand.needsLeft.includes(player)));
}

function pipsOf(given) {
  if (Number.isInteger(given)) return given;
  if (Array.isArray(given) && given.every((t) => typeof t === "string" && CANONICAL.has(t))) {
    return given.reduce((s, t) => s + PIPS_OF.get(t), 0);
  }
  return null;
}
