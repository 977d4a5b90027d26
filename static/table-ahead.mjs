// The table on the page as it will be once the taps waiting on this phone are recorded: the
// record the server drew it from (`#table[data-record]`, read once per table the server draws;
// the engine never changes a record it is given) and the phone's queue, foreseen by
// foresee.mjs. Every module that paints or draws on the table asks here.

import { foresee, knowsCorrections } from "./foresee.mjs";

const table = () => document.getElementById("table");
const read = new WeakMap();

// The first `selector` of the table in play, not of a winner's screen (which says the winning
// lead's ends and may turn it: winner.mjs).
export const ofTable = (selector) =>
  [...table().querySelectorAll(selector)].find((found) => !found.closest(".winner-screen"));

// The record the table shows; null with no table, or one drawn without it.
export function tableRecord() {
  const drawn = table();
  if (!drawn || !drawn.dataset.record) return null;
  if (!read.has(drawn)) read.set(drawn, JSON.parse(drawn.dataset.record));
  return read.get(drawn);
}

// The last answer worked out, and what it was worked out from: after a tap the paint, Fix's
// button and the layout each ask for the same table.
let last = { from: [], seen: null };

// The table as it will be once the taps waiting and `more` are recorded (foresee's answer).
export function foreseen(more = []) {
  const record = tableRecord();
  if (!window.tableTaps || !record) return null;
  const taps = [...window.tableTaps.waiting(), ...more];
  const turn = table().dataset.turn || null;
  const from = [record, JSON.stringify(taps), turn, knowsCorrections()];
  if (from.every((part, i) => part === last.from[i])) return last.seen;
  last = { from, seen: foresee(record, taps, turn) };
  return last.seen;
}

// The table as it will be, or null when the phone does not foresee it (a waiting correction;
// a tap the rules refuse; with `waiting`, when no tap waits and the server answers, so the
// table shown is the table as it is).
export function ahead(waiting = false) {
  if (waiting && window.tableTaps && !window.tableTaps.waiting().length && !window.tableTaps.unreachable()) return null;
  const seen = foreseen();
  return !seen || seen.unknown || seen.refused ? null : seen;
}

// The table as it will be when its hand has an entry to fix (Fix's screens); else null.
export function fixable() {
  const seen = ahead();
  if (!seen) return null;
  const hand = seen.record.hands[seen.record.hands.length - 1];
  return ["play", "settle"].includes(seen.match.phase) && hand && hand.events.length > 0 ? seen : null;
}
