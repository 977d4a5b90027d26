// The match record's JSON (record.py, MATCH-RECORD.md): read into the values the match takes
// (moves.mjs), and written back.
//
// * `replay(record)` reads a whole record, checking its shape, and plays it into a Match;
// * `readEvent` reads one event of a record; `readEntry` an entry said in JSON;
// * `eventJson` and `entryJson` write them as the record and the API hold them.

import { N_, RecordError, isDict, pyRepr } from "./errors.mjs";
import { MAX_HANDS, MAX_NAME, unprintable } from "./limits.mjs";
import { MatchBuilder } from "./match.mjs";
import { Draw, Left, Pass, Play, ScoredHand, isEvent } from "./moves.mjs";
import { nameKey, samePerson } from "./names.mjs";
import { isIsoDate } from "./pydate.mjs";
import { rulesFor } from "./rules.mjs";
import { Setup } from "./setup.mjs";

export const FORMAT = "allfives-match/1";
const HEADER_FIELDS = ["format", "rules", "players", "partnership", "date", "notes"];
const RECORD_FIELDS = new Set([...HEADER_FIELDS, "hands"]);
const HAND_FIELDS = new Set(["events", "left", "notes", "points"]);
const SCORED_FIELDS = new Set(["points", "notes"]);
const ACTIONS = ["play", "draw", "pass"];
const EVENT_FIELDS = new Set(["player", "end", ...ACTIONS]);

const has = Object.hasOwn;
const get = (object, key) => (has(object, key) ? object[key] : null);

/**
 * The match a record describes; RecordError where it breaks a rule. `prefix`: a match replayed
 * from an earlier version of the same record (its `record` says which), whose settled hands the
 * two share are taken as they are (values: shared, never copied). `explain`: keep each play's
 * count term by term.
 */
export function replay(record, explain = false, prefix = null) {
  const [players, partnership, rules, hands] = readHeader(record);
  const match = MatchBuilder.start(Setup.of(players, partnership, rules, explain));
  if (prefix && prefix.record) {
    match.resume(prefix.hands.slice(0, sharedHands(prefix, record, explain)));
  }
  for (let number = match.hands.length + 1; number <= hands.length; number += 1) {
    replayHand(match, number, hands[number - 1]);
  }
  return match.frozen(record);
}

/** The players, whether they play in partnerships, the rules and the hands of a record. */
export function readHeader(record) {
  if (!isDict(record)) throw new RecordError(N_("a match record must be a JSON object"));
  if (get(record, "format") !== FORMAT) {
    throw new RecordError(N_("format must be {expected}, not {found}"), {
      expected: FORMAT,
      found: pyRepr(get(record, "format")),
    });
  }
  const unknown = Object.keys(record).filter((k) => !RECORD_FIELDS.has(k));
  if (unknown.length) {
    throw new RecordError(N_("unknown field in the record: {fields}"), { fields: names(unknown) });
  }
  const players = get(record, "players");
  if (!Array.isArray(players) || !(players.length >= 2 && players.length <= 4)) {
    throw new RecordError(N_("players must be 2 to 4 different names"));
  }
  for (const player of players) checkName(player);
  const twice = samePerson(players);
  if (twice) {
    throw new RecordError(
      N_("{first} and {second} are one person's name: players must be 2 to 4 different names"),
      { first: pyRepr(twice[0]), second: pyRepr(twice[1]) },
    );
  }
  const partnership = has(record, "partnership") ? record.partnership : false;
  if (typeof partnership !== "boolean") throw new RecordError(N_("partnership must be true or false"));
  if (partnership && players.length !== 4) throw new RecordError(N_("partnerships need 4 players"));
  if (has(record, "date")) checkDate(record.date);
  if (has(record, "notes") && typeof record.notes !== "string") {
    throw new RecordError(N_("notes must be text"));
  }
  if (!has(record, "rules")) throw new RecordError(N_("the record must name its rules"));
  const rules = rulesFor(record.rules, players.length, partnership);
  const hands = get(record, "hands");
  if (!Array.isArray(hands)) throw new RecordError(N_("hands must be a list"));
  if (hands.length > MAX_HANDS) {
    throw new RecordError(N_("a match has at most {limit} hands, not {n}"), {
      limit: MAX_HANDS,
      n: hands.length,
    });
  }
  return [players, partnership, rules, hands];
}

/** How many of `prefix`'s hands `record` begins with, settled and the same. */
function sharedHands(prefix, record, explain) {
  if (explain && !prefix.explain) return 0;
  const mine = prefix.record;
  if (HEADER_FIELDS.some((name) => !sameJson(get(mine, name), get(record, name)))) return 0;
  let shared = 0;
  const count = Math.min(prefix.hands.length, mine.hands.length, record.hands.length);
  for (let i = 0; i < count; i += 1) {
    const given = mine.hands[i];
    const data = record.hands[i];
    if (prefix.hands[i].settlement === null || !(given === data || sameJson(given, data))) break;
    shared += 1;
  }
  return shared;
}

/** Whether two JSON values are equal (as Python's == compares them). */
export function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => has(b, k) && sameJson(a[k], b[k]));
}

function replayHand(match, number, data) {
  if (isDict(data) && has(data, "points")) {
    replayScored(match, number, data);
    return;
  }
  if (!isDict(data) || !Array.isArray(get(data, "events"))) {
    match.checkCanBegin(number);
    throw new RecordError(N_("a hand must be an object with a list of events"), { hand: number });
  }
  const unknown = Object.keys(data).filter((k) => !HAND_FIELDS.has(k));
  if (unknown.length) {
    throw new RecordError(N_("unknown field in the hand: {fields}"), {
      fields: names(unknown),
      hand: number,
    });
  }
  if (has(data, "notes") && typeof data.notes !== "string") {
    throw new RecordError(N_("notes must be text"), { hand: number });
  }
  if (!data.events.length) {
    match.checkCanBegin(number);
    throw new RecordError(N_("a hand starts with its lead: it cannot be empty"), { hand: number });
  }
  const hand = match.beginHand();
  const seat = match.seat;
  for (const given of data.events) {
    // The usual shapes are read at once (a play laid by its parts, Hand.play); anything else
    // is read by readEvent, which says what is wrong with it.
    let event;
    if (isDict(given) && has(given, "player")) {
      const fields = Object.keys(given).length;
      if (has(given, "play") && fields === 2 + has(given, "end")) {
        hand.play(given.player, given.play, get(given, "end"));
        continue;
      } else if (fields === 2 && has(given, "draw")) {
        event = new Draw(given.draw, given.player);
      } else if (fields === 2 && given.pass === true) {
        event = new Pass(given.player);
      } else {
        event = located(given, seat, number, hand.events + 1);
      }
    } else {
      event = located(given, seat, number, hand.events + 1);
    }
    hand.apply(event);
  }
  if (has(data, "left")) hand.applyLeft(data.left);
  hand.scores = [...match.scores];
  match.hands[match.hands.length - 1] = hand.frozen();
}

function located(given, seat, hand, event) {
  try {
    return readEvent(given, seat);
  } catch (error) {
    throw error instanceof RecordError ? error.located(hand, event) : error;
  }
}

function replayScored(match, number, data) {
  const unknown = Object.keys(data).filter((k) => !HAND_FIELDS.has(k));
  if (unknown.length) {
    throw new RecordError(N_("unknown field in the hand: {fields}"), {
      fields: names(unknown),
      hand: number,
    });
  }
  if (has(data, "events") || has(data, "left")) {
    throw new RecordError(
      N_("a hand is either played (events) or scored as told (points), not both"),
      { hand: number },
    );
  }
  let told;
  try {
    told = ScoredHand.read(data);
  } catch (error) {
    throw error instanceof RecordError ? error.located(number, null) : error;
  }
  match.scoreHand(told);
}

// -- one event, one entry ----------------------------------------------------------------------

/**
 * One event: {player, play, end}, {player, draw} or {player, pass: true}. In a record (`seat`:
 * the match's players, a Map) it names a player of the match; said as an entry (`seat` null)
 * the player may be left out, for the match to fill in.
 */
export function readEvent(data, seat = null) {
  if (!isDict(data)) throw new RecordError(N_("an event must be an object with a player"));
  const keys = Object.keys(data);
  if (!keys.every((k) => EVENT_FIELDS.has(k))) {
    throw new RecordError(N_("unknown field in the event: {fields}"), {
      fields: names(keys.filter((k) => !EVENT_FIELDS.has(k))),
    });
  }
  const player = get(data, "player");
  if (seat !== null && (typeof player !== "string" || !seat.has(player))) {
    throw new RecordError(N_("{player} is not a player in this match"), { player: pyRepr(player) });
  }
  const named = +has(data, "player");
  let action;
  let extra;
  if (has(data, "play")) {
    action = "play";
    extra = keys.length - 1 - named - has(data, "end");
  } else if (has(data, "draw")) {
    action = "draw";
    extra = keys.length - 1 - named;
  } else if (has(data, "pass")) {
    action = "pass";
    extra = keys.length - 1 - named;
  } else {
    throw new RecordError(N_("an event must play, draw or pass"));
  }
  if (extra) {
    const fields = [...ACTIONS, "end"].filter((name) => has(data, name) && name !== action);
    throw new RecordError(N_("an event does one thing: {fields} cannot go with {action}"), {
      fields: fields.join(", "),
      action,
    });
  }
  if (action === "play") return new Play(data.play, get(data, "end"), player);
  if (action === "draw") return new Draw(data.draw, player);
  if (data.pass !== true) throw new RecordError(N_('a pass is written "pass": true'));
  return new Pass(player);
}

/**
 * An entry as a player says it in JSON (the API's body): an event, its player and its end
 * optional; the tiles left, {"left": {...}}; or a hand scored as told, {"points", "notes"}.
 */
export function readEntry(data) {
  if (!isDict(data)) throw new RecordError(N_("an entry must be an event or the pips left"));
  if (has(data, "points")) {
    const unknown = Object.keys(data).filter((k) => !SCORED_FIELDS.has(k));
    if (unknown.length) {
      throw new RecordError(N_("unknown field in the hand: {fields}"), { fields: names(unknown) });
    }
    return ScoredHand.read(data);
  }
  if (has(data, "left")) {
    if (Object.keys(data).length !== 1) throw new RecordError(N_("the pips left are entered on their own"));
    return new Left(data.left);
  }
  return readEvent(data);
}

/** An event as the record holds it (an entry said in JSON: its player left out if null). */
export function eventJson(event) {
  if (!isEvent(event)) throw new TypeError("not an event");
  const said = event.player === null ? {} : { player: event.player };
  if (event instanceof Play) {
    said.play = event.tile;
    if (event.end !== null) said.end = event.end;
  } else if (event instanceof Draw) {
    said.draw = event.tiles;
  } else {
    said.pass = true;
  }
  return said;
}

/** An entry said in JSON, as `readEntry` reads it back. */
export function entryJson(entry) {
  if (entry instanceof Left) return { left: entry.asJson() };
  if (entry instanceof ScoredHand) return entry.asRecord();
  return eventJson(entry);
}

// -- the header's parts --------------------------------------------------------------------------

function checkName(name) {
  if (typeof name !== "string" || !nameKey(name)) {
    throw new RecordError(N_("players must be 2 to 4 different names"));
  }
  const characters = [...name];
  if (characters.length > MAX_NAME) {
    throw new RecordError(N_("a player's name has at most {limit} characters: {name} has {n}"), {
      limit: MAX_NAME,
      name: pyRepr(`${characters.slice(0, 20).join("")}…`),
      n: characters.length,
    });
  }
  if (unprintable(name)) {
    throw new RecordError(N_("{name} is not a name: it holds a control character"), {
      name: pyRepr(name),
    });
  }
}

function checkDate(value) {
  if (!isIsoDate(value)) {
    throw new RecordError(
      N_(
        "date must be an ISO 8601 date (2026-11-28) or date and time " +
          "(2026-11-28T19:30:00+01:00), not {value}",
      ),
      { value: pyRepr(value) },
    );
  }
}

function names(fields) {
  return fields.map((f) => pyRepr(f)).sort().join(", ");
}
