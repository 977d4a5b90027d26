// Fixing the hand being played without starting it again (corrections.py): an entry replaced
// by what was really done, a missed entry put in before another, an extra one taken out. The
// hand's later entries are replayed after the change, each by the player whose turn it now is;
// a later tile the change makes fit ends that make different games asks its end (EndAsked),
// and the same change comes back with `ends`, the end of each such tile by its position.

import { noLongerFits, replayedMatch, sameEnd } from "./entries.mjs";
import { N_, RecordError, pyRepr } from "./errors.mjs";
import { Play, anEntry, isEvent } from "./moves.mjs";
import { eventJson, readEvent } from "./record.mjs";

/** After a change, the later tile at `position` fits ends that make different games. */
export class EndAsked extends RecordError {
  constructor(hand, position, player, tile, match) {
    super(N_("after the correction, {player}'s {tile} fits more than one end: say which"), {
      hand,
      event: position,
      player,
      tile,
    });
    this.name = "EndAsked";
    this.position = position;
    this.player = player;
    this.tile = tile;
    this.match = match; // the hand just before that tile, the change made
  }
}

/** Event `position` (1, 2, …) of the last hand replaced by `entry`. */
export function correctEntry(record, position, entry, replayed = null, ends = null) {
  const events = eventsOf(record, position, 0);
  const replaced = readEvent(events[position - 1]);
  entry = anEvent(anEntry(entry));
  if (entry.player === null) entry = entry.replace({ player: replaced.player });
  return rewritten(record, position, 1, entry, replaced, replayed, ends);
}

/** A missed entry put in the last hand before its event `position` (or after the last). */
export function insertEntry(record, position, entry, replayed = null, ends = null) {
  eventsOf(record, position, 1);
  return rewritten(record, position, 0, anEvent(anEntry(entry)), null, replayed, ends);
}

/** Event `position` of the last hand taken out (an entry made twice, or made in error). */
export function removeEntry(record, position, replayed = null, ends = null) {
  eventsOf(record, position, 0);
  return rewritten(record, position, 1, null, null, replayed, ends);
}

/** What a correction puts in the hand: a play, a draw or a pass. */
function anEvent(entry) {
  if (!isEvent(entry)) throw new RecordError(N_("a correction is a play, a draw or a pass"));
  return entry;
}

function eventsOf(record, position, afterLast) {
  const hands = record.hands ?? [];
  if (!hands.length) throw new RecordError(N_("there is no hand to correct yet"));
  if (Object.hasOwn(hands[hands.length - 1], "points")) {
    throw new RecordError(N_("hand {number} was scored as told: undo it to score it again"), {
      number: hands.length,
    });
  }
  const events = hands[hands.length - 1].events;
  if (!Number.isInteger(position) || !(position >= 1 && position <= events.length + afterLast)) {
    throw new RecordError(N_("hand {number} has no event {position}"), {
      number: hands.length,
      position: pyRepr(position),
    });
  }
  return events;
}

function endAt(ends, position) {
  if (!ends) return null;
  const end = ends instanceof Map ? ends.get(position) : ends[position];
  return end ?? null;
}

function rewritten(record, position, removed, entry, replaced, replayed, ends) {
  const hands = record.hands;
  const number = hands.length;
  const events = hands[number - 1].events;
  const before = { ...record, hands: hands.slice(0, -1) };
  if (position > 1) before.hands.push({ events: events.slice(0, position - 1) });
  let match = replayedMatch(before, replayed);
  const out = events.slice(0, position - 1);
  if (entry !== null) {
    entry = match.completed(sameEnd(entry, replaced, match));
    match = match.enter(entry);
    out.push(eventJson(entry));
  }
  for (const recorded of events.slice(position - 1 + removed)) {
    const later = out.length + 1;
    const event = readEvent(recorded);
    let now;
    try {
      now = asNow(match, event, endAt(ends, later), number, later);
    } catch (asked) {
      // The hand before the tile, shown as the correction began.
      if (asked instanceof EndAsked) asked.match = asked.match.withRecord(before);
      throw asked;
    }
    try {
      match = match.enter(now);
    } catch (broken) {
      if (!(broken instanceof RecordError)) throw broken;
      throw noLongerFits(event, broken, number, later); // named as the hand's list shows it now
    }
    out.push(eventJson(now));
  }
  const last = { ...hands[number - 1], events: out };
  const updated = { ...record, hands: out.length ? [...hands.slice(0, -1), last] : hands.slice(0, -1) };
  if (Object.hasOwn(last, "left") || !out.length) {
    // The pips left are checked against the new hand.
    match = replayedMatch(updated, match.withRecord({ ...record, hands: hands.slice(0, -1) }));
  }
  return [updated, match.withRecord(updated)];
}

/**
 * A later event as it reads after the change: by the player whose turn it now is, and a tile
 * on its end (the one asked for, the one it was laid on while it still fits there, the only
 * one, or the first of ends that make the same game).
 */
function asNow(match, event, end, hand, position) {
  if (match.phase !== "play") return event;
  const current = match.hands[match.hands.length - 1];
  const turn = current.turn;
  if (turn === null) return event;
  event = event.replace({ player: turn });
  if (!(event instanceof Play) || !current.plays.length) return event;
  const tile = event.tile;
  const fits = current.fits(tile);
  if (end !== null) return event.replace({ end });
  if (fits.includes(event.end)) return event;
  event = event.replace({ end: null });
  if (fits.length < 2) return event;
  const distinct = current.distinctEnds(tile);
  if (distinct.length === 1) return event.replace({ end: distinct[0] });
  throw new EndAsked(hand, position, turn, tile, match);
}
