// Entering a match one entry at a time, as the players say it (entries.py): the record grows by
// one event, one `left` or one hand scored as told, undo takes the last entry away, and a
// mistaken entry in the current hand can be corrected. Records and matches are never changed:
// each function takes a record and returns a new one, sharing the parts it leaves as they were,
// with the match it replays to: [record, match]. `replayed`: the match the record replays to
// when the caller has it: an entry is entered on it as it is (`match.record === record`), and
// otherwise its settled hands are reused, so only the current hand is replayed. An entry is a
// value (moves.mjs); JSON is read where it arrives (readEntry), and a plain object is refused.

import { N_, RecordError, pyRepr } from "./errors.mjs";
import { Draw, Left, Play, ScoredHand, anEntry, isEvent } from "./moves.mjs";
import { eventJson, readEvent, replay } from "./record.mjs";
import { HALVES } from "./tiles.mjs";

/** A match about to start; `date`: when it is played (ISO 8601). */
export function newRecord(rules, players, partnership = false, date = null) {
  const record = { format: "allfives-match/1", rules, players: [...players], partnership };
  if (date !== null) record.date = date;
  record.hands = [];
  replay(record);
  return record;
}

/**
 * The record with one more entry, and the match it replays to. What the rules decide is
 * filled in (Match.completed): whose turn it is (`leader`: the player chosen to lead a new
 * hand, when the rules leave it open) and the end when every end makes the same game.
 */
export function addEntry(record, entry, leader = null, replayed = null) {
  entry = anEntry(entry);
  const match = replayedMatch(record, replayed);
  entry = match.completed(entry, leader);
  const phase = match.phase;
  const next = match.enter(entry);
  const hands = [...record.hands];
  const updated = { ...record, hands };
  if (entry instanceof ScoredHand) hands.push(entry.asRecord());
  else if (entry instanceof Left) hands[hands.length - 1] = { ...hands[hands.length - 1], left: entry.asJson() };
  else if (phase === "lead") hands.push({ events: [eventJson(entry)] });
  else {
    const last = hands[hands.length - 1];
    hands[hands.length - 1] = { ...last, events: [...last.events, eventJson(entry)] };
  }
  return [updated, next.withRecord(updated)];
}

/** The entries that build `record` from no hands, in order, said in JSON. */
export function entriesOf(record) {
  const entries = [];
  for (const hand of record.hands) {
    if (Object.hasOwn(hand, "points")) {
      entries.push({ ...hand });
      continue;
    }
    entries.push(...hand.events);
    if (Object.hasOwn(hand, "left")) entries.push({ left: hand.left });
  }
  return entries;
}

/** The entry undo would take away: a hand scored as told, the last `left`, or the last event. */
export function lastEntry(record) {
  const hands = record.hands ?? [];
  if (!hands.length) return null;
  const last = hands[hands.length - 1];
  if (Object.hasOwn(last, "points")) return ScoredHand.read(last);
  return Object.hasOwn(last, "left") ? new Left(last.left) : readEvent(last.events[last.events.length - 1]);
}

/** The record without its last entry: a hand scored as told, the last `left`, or an event. */
export function undoEntry(record, replayed = null) {
  const hands = [...(record.hands ?? [])];
  if (!hands.length) throw new RecordError(N_("there is nothing to undo"));
  const last = hands[hands.length - 1];
  if (Object.hasOwn(last, "points")) hands.pop();
  else if (Object.hasOwn(last, "left")) {
    const { left, ...rest } = last;
    hands[hands.length - 1] = rest;
  } else if (last.events.length > 1) hands[hands.length - 1] = { ...last, events: last.events.slice(0, -1) };
  else hands.pop();
  const updated = { ...record, hands };
  return [updated, replayedMatch(updated, replayed)];
}

/**
 * The record with event `position` (1, 2, …) of its last hand replaced by `entry`, and every
 * later event of that hand replayed after it; a later event that no longer fits is refused.
 */
export function replaceEntry(record, position, entry, replayed = null) {
  entry = anEntry(entry);
  const hands = record.hands ?? [];
  if (!hands.length) throw new RecordError(N_("there is no hand to correct yet"));
  const number = hands.length;
  if (Object.hasOwn(hands[number - 1], "points")) {
    throw new RecordError(N_("hand {number} was scored as told: undo it to score it again"), { number });
  }
  const events = hands[number - 1].events;
  if (!Number.isInteger(position) || !(position >= 1 && position <= events.length)) {
    throw new RecordError(N_("hand {number} has no event {position}"), {
      number,
      position: pyRepr(position),
    });
  }
  const before = { ...record, hands: hands.slice(0, -1) };
  if (position > 1) before.hands.push({ events: events.slice(0, position - 1) });
  let match = replayedMatch(before, replayed);
  const replaced = readEvent(events[position - 1]);
  if (isEvent(entry) && entry.player === null) entry = entry.replace({ player: replaced.player });
  entry = sameEnd(entry, replaced, match);
  entry = match.completed(entry);
  match = match.enter(entry);
  events.slice(position).forEach((data, i) => {
    const event = readEvent(data);
    try {
      match = match.enter(event);
    } catch (broken) {
      if (!(broken instanceof RecordError)) throw broken;
      throw noLongerFits(event, broken, number, position + 1 + i);
    }
  });
  const written = eventJson(entry);
  const corrected = {
    ...hands[number - 1],
    events: [...events.slice(0, position - 1), written, ...events.slice(position)],
  };
  const updated = { ...record, hands: [...hands.slice(0, -1), corrected] };
  // The pips left are checked again against the corrected hand.
  if (Object.hasOwn(corrected, "left")) match = replayedMatch(updated, match.withRecord(before));
  return [updated, match.withRecord(updated)];
}

/**
 * A tile put in place of another, no end named, goes on the end the other was laid on when it
 * fits there: the later entries name their ends as the table laid them.
 */
export function sameEnd(entry, replaced, match) {
  if (!(entry instanceof Play) || entry.end !== null || !(replaced instanceof Play)) return entry;
  const end = replaced.end;
  const tile = entry.tile;
  if (end === null || match.phase !== "play" || !(typeof tile === "string" && HALVES.has(tile))) {
    return entry;
  }
  return match.hands[match.hands.length - 1].fits(tile).includes(end) ? entry.replace({ end }) : entry;
}

/**
 * `record` replayed, reusing the settled hands of `prefix` (and its `explain`): `prefix` itself
 * when it is `record`'s match already.
 */
export function replayedMatch(record, prefix) {
  if (prefix && prefix.record === record) return prefix;
  return replay(record, Boolean(prefix && prefix.explain), prefix);
}

/** A later entry that the correction broke, named: "Bo's 1-2", "Bo's draw", "Bo's pass". */
export function noLongerFits(event, broken, hand, number) {
  const where = { hand, event: number, reason: broken };
  const player = event.player;
  if (event instanceof Play) {
    return new RecordError(N_("after the correction, {player}'s {tile} no longer fits: {reason}"), {
      player,
      tile: event.tile,
      ...where,
    });
  }
  if (event instanceof Draw) {
    return new RecordError(N_("after the correction, {player}'s draw no longer fits: {reason}"), {
      player,
      ...where,
    });
  }
  return new RecordError(N_("after the correction, {player}'s pass no longer fits: {reason}"), {
    player,
    ...where,
  });
}
