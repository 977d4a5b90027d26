// The table as it will be once the taps waiting on this phone are recorded, worked out by the
// phone's own rules engine (static/engine/): whose turn it is, which ends a tile may go on and
// what each would score, what the last tap counted and scored, each side's score. The server
// stays the authority: every tap is still sent on the version it follows, and its answer (the
// table as recorded) replaces all of this.

// From the modules themselves, not the engine's index: the table then loads none of what it
// does not use (corrections, derived pips). The service worker still keeps them all (sw.js), so
// code that fixes an entry on the phone can import() corrections.mjs when Fix is first used.
import { addEntry, undoEntry } from "./engine/entries.mjs";
import { RecordError } from "./engine/errors.mjs";
import { readEntry, replay } from "./engine/record.mjs";

// What a waiting tap says, from the address it is sent to and its form's fields; null for a tap
// the phone does not foresee (a correction; a lead left to the server's lot).
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
  if (action === "leader") return field("leader") === "lots" ? null : { leader: field("leader") };
  if (action === "left") {
    const left = {};
    for (const [name, value] of tap.fields || []) {
      if (name.startsWith("pips:") && value !== "") left[name.slice(5)] = Number(value);
    }
    return { left };
  }
  return null;
}

// The record and match once `taps` are recorded on top of `record`, and what the last of them
// played; `refused` names the first tap the rules would refuse (its error), `unknown` the first
// the phone cannot foresee (the rest of the queue is then not foreseen either). `leader`: who
// the table chose to lead the hand it waits for, when the rules leave it open; the result's
// `leader`, who is chosen to lead the hand the match then waits for (null: nobody yet).
export function foresee(record, taps, leader = null) {
  let match = replay(record);
  // As the server keeps it: one choice, for one hand (its number), whatever is undone meanwhile.
  let chosen = match.phase === "lead" ? { hand: match.hands.length + 1, player: leader } : null;
  const leading = () => (chosen && chosen.hand === match.hands.length + 1 ? chosen.player : null);
  let played = null;
  for (const tap of taps) {
    const entry = entryOf(tap);
    if (entry === null) return { record, match, played, leader: leading(), unknown: tap };
    try {
      if (entry.undo) {
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
  return { record, match, played, leader: leading() };
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
