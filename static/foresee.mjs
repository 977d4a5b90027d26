// The table as it will be once the taps waiting on this phone are recorded, worked out by the
// phone's own rules engine (static/engine/): whose turn it is, which ends a tile may go on and
// what each would score, what the last tap counted and scored, each side's score. The server
// stays the authority: every tap is still sent on the version it follows, and its answer (the
// table as recorded) replaces all of this.

// From the modules themselves, not the engine's index: the table then loads none of what it
// does not use (corrections, derived pips). The service worker still keeps them all (sw.js):
// static/phone-fix-screens.mjs, import()ed when Fix is first drawn on the phone or a correction
// waits, hands corrections.mjs here (`learnCorrections`).
import { addEntry, lastEntry, undoEntry } from "./engine/entries.mjs";
import { RecordError } from "./engine/errors.mjs";
import { readEntry, replay } from "./engine/record.mjs";

// The phone's engine's corrections (static/engine/corrections.mjs), once loaded: until then a
// waiting correction is not foreseen.
let corrections = null;
export function learnCorrections(module) {
  corrections = module;
}
export const knowsCorrections = () => corrections !== null;

const FIXES = { correct: "correct", insert: "insert", remove: "remove" };

// What a waiting tap says, from the address it is sent to and its form's fields; null for a tap
// the phone does not foresee (a lead left to the server's lot). A
// correction, as the correct, insert and remove routes read their forms: `fix` (which), the
// hand's entry `position`, the `entry` said instead (a tile and its end, a draw, a pass; none to
// remove) and `ends`, the end of each later tile asked (`end:N`).
export function entryOf(tap) {
  const action = new URL(tap.url, "http://phone").pathname.split("/").pop();
  const field = (name) => {
    const found = (tap.fields || []).find(([key]) => key === name);
    return found ? found[1] : null;
  };
  if (action === "play") {
    const entry = { play: field("tile") };
    if (field("end")) entry.end = field("end");
    return entry;
  }
  if (action === "draw") return { draw: 1 };
  if (action === "pass") return { pass: true };
  if (action === "undo") return { undo: true };
  if (action === "final") return { final: true }; // the record stays: the match is closed
  if (action === "leader") return field("leader") === "lots" ? null : { leader: field("leader") };
  if (action === "left") {
    const left = {};
    for (const [name, value] of tap.fields || []) {
      if (name.startsWith("pips:") && value !== "") left[name.slice(5)] = Number(value);
    }
    return { left };
  }
  if (FIXES[action]) return fixOf(action, tap.fields || []);
  if (action === "turn") return { fix: "turn", position: 1, ends: {} }; // the lead turned round
  return null;
}

function fixOf(action, fields) {
  const form = new Map(fields);
  const position = Number(form.get("position"));
  if (!Number.isInteger(position) || position < 1) return null;
  const ends = {};
  for (const [name, value] of fields) {
    if (/^end:\d+$/.test(name)) ends[Number(name.slice(4))] = value;
  }
  const fix = { fix: action, position, ends };
  if (action === "remove") return fix;
  if (form.has("draw")) fix.entry = { draw: 1 };
  else if (form.has("pass")) fix.entry = { pass: true };
  else fix.entry = form.get("end") ? { play: form.get("tile"), end: form.get("end") } : { play: form.get("tile") };
  return fix;
}

// The record and match once correction `fix` (entryOf's) is made on them. The lead turned
// round is its tile corrected to the same tile the other way round (routes.py `turn_lead`).
function fixed(record, match, fix) {
  if (fix.fix === "turn") {
    const [a, b] = match.hand.plays[0].tile.split("-");
    return corrections.correctEntry(record, 1, readEntry({ play: `${b}-${a}` }), match, {});
  }
  if (fix.fix === "remove") return corrections.removeEntry(record, fix.position, match, fix.ends);
  const make = fix.fix === "insert" ? corrections.insertEntry : corrections.correctEntry;
  return make(record, fix.position, readEntry(fix.entry), match, fix.ends);
}

// The record and match once `taps` are recorded on top of `record`, and what the last of them
// played, or what it took back when it is an Undo (`undone`: the entry and the record it was
// taken from); `refused` names the first tap the rules would refuse (its error), `unknown` the first
// the phone cannot foresee (the rest of the queue is then not foreseen either). `leader`: who
// the table chose to lead the hand it waits for, when the rules leave it open; the result's
// `leader`, who is chosen to lead the hand the match then waits for (null: nobody yet);
// `closed`, whether Final waits among the taps (the match will be final).
export function foresee(record, taps, leader = null) {
  let match = replay(record);
  // As the server keeps it: one choice, for one hand (its number), whatever is undone meanwhile.
  let chosen = match.phase === "lead" ? { hand: match.hands.length + 1, player: leader } : null;
  const leading = () => (chosen && chosen.hand === match.hands.length + 1 ? chosen.player : null);
  let played = null;
  let undone = null;
  let closed = false;
  for (const tap of taps) {
    const entry = entryOf(tap);
    if (entry === null || (entry.fix && !corrections) || (entry.fix === "turn" && !turnable(match, closed))) {
      return { record, match, played, leader: leading(), unknown: tap };
    }
    undone = null;
    try {
      if (entry.fix) {
        [record, match] = fixed(record, match, entry);
        // What the hand's last tile counts and scores once the change is made.
        played = match.phase === "play" && match.hand.plays.length ? lastPlay(match) : null;
      } else if (entry.final) {
        closed = true;
      } else if (entry.undo) {
        undone = { entry: lastEntry(record), record };
        [record, match] = undoEntry(record, match);
        played = null;
      } else if (entry.leader !== undefined) {
        chosen = { hand: match.hands.length + 1, player: entry.leader };
        played = null;
      } else {
        [record, match] = addEntry(record, readEntry(entry), leading(), match);
        played = entry.play ? lastPlay(match) : null;
      }
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      return { record, match, played, leader: leading(), refused: { tap, error } };
    }
  }
  return { record, match, played, undone, leader: leading(), closed };
}

// Whether the lead may be turned round: alone on the table, not a double; a lead that won the
// match at once too, until the match is final (`closed`: Final waits) (view.py
// `can_turn_lead`); else the server refuses it, and says why.
export function turnable(match, closed = false) {
  const hand = match.hand;
  if (hand.plays.length !== 1) return false;
  const wonAtOnce = match.phase === "over" && hand.ended === "win" && !closed;
  if (match.phase !== "play" && !wonAtOnce) return false;
  const [a, b] = hand.plays[0].tile.split("-");
  return a !== b;
}

// The last tile laid, as the result writes it: its player, tile, end, count and points.
function lastPlay(match) {
  const hand = match.hands[match.hands.length - 1];
  return hand.plays[hand.plays.length - 1];
}

// What the table asks of a tile now: the ends worth asking about, each with its count and the
// points the player's side would score there; an empty list when the tile cannot be laid.
export function endsFor(match, tile) {
  if (match.phase === "lead") return [{ end: null, count: null, points: null }];
  if (match.phase !== "play" || !match.hand.fits(tile).length) return [];
  const choices = match.endChoices(tile);
  return choices.length ? choices : [{ end: null, count: null, points: null }];
}

// What laying a tile on `choice`'s end (endsFor's) would score for the player whose turn it is,
// with the point for going out when it is their side's last tile, and whether it busts
// (pegs.py `end_outcome`).
export function endOutcome(match, choice) {
  const hand = match.hand;
  const player = hand.turn;
  const side = match.sideOf.get(player);
  const partnersOut = match.sides[side].every((p) => p === player || hand.held.get(p) === 0);
  const last = hand.held.get(player) === 1 && (match.rules.go_out === "player" || partnersOut);
  const chipsOut = last && match.rules.hand_end === "chip_out";
  const scored = match.playPoints(side, choice.count, false, chipsOut);
  const nothing = scored.points + scored.bonus === 0;
  const bust = nothing && (match.countPoints(choice.count) > 0 || scored.bonusRefused);
  return { points: scored.points, bonus: scored.bonus, bust };
}
