// The table's questions answered by the phone's engine, one JSON line in ({record, leader,
// questions}), one JSON line of answers out, in the shape tests/engine/engine_answers.py gives
// the Python engine's answers: test_js_engine.py requires them equal.

import { createInterface } from "node:readline";
import {
  EndAsked,
  Names,
  RecordError,
  addEntry,
  correctEntry,
  derivedPips,
  entriesOf,
  entryJson,
  insertEntry,
  lastEntry,
  readEntry,
  removeEntry,
  replaceEntry,
  replay,
  undoEntry,
} from "../../../static/engine/index.mjs";
import { EndList } from "../../../static/engine/layout.mjs";
import { HALVES } from "../../../static/engine/tiles.mjs";

const WRITTEN = [...HALVES.keys(), "7-1", "x"];

export function answers(line) {
  let match;
  try {
    match = replay(line.record);
  } catch (error) {
    if (error instanceof RecordError) return [errorJson(error)];
    throw error;
  }
  return line.questions.map((q) => answer(match, line.record, line.leader ?? null, q));
}

function answer(match, record, leader, question) {
  try {
    return ask(match, record, leader, question);
  } catch (error) {
    if (error instanceof RecordError) return errorJson(error);
    throw error;
  }
}

const choiceJson = (c) => [c.end, c.value, c.count, c.points];

function ask(match, record, leader, question) {
  const q = question.q;
  if (q === "state") return state(match, leader);
  if (q === "tiles") {
    const hand = match.hand;
    return Object.fromEntries(
      WRITTEN.map((tile) => [
        tile,
        [
          orError(() => hand.fits(tile)),
          orError(() => hand.distinctEnds(tile)),
          match.endChoices(tile).map(choiceJson),
        ],
      ]),
    );
  }
  if (q === "explain") {
    return replay(record, true).hands.map((h) => h.playTerms.map((terms) => terms.map(String)));
  }
  if (q === "derived") return derivedPips(match.hand, question.known);
  if (q === "completed") return entryJson(match.completed(readEntry(question.entry), question.leader ?? null));
  if (q === "told_by_side") return entryJson(match.toldBySide(question.points, question.notes ?? null));
  if (q === "last") {
    const entry = lastEntry(record);
    return entry === null ? null : entryJson(entry);
  }
  if (q === "entries") return entriesOf(record);
  if (q === "add") return changed(addEntry(record, readEntry(question.entry), question.leader ?? null, match));
  if (q === "undo") return changed(undoEntry(record, match));
  if (q === "replace") return changed(replaceEntry(record, question.position, readEntry(question.entry), match));
  const ends = question.ends ?? {};
  try {
    if (q === "correct") return changed(correctEntry(record, question.position, readEntry(question.entry), match, ends));
    if (q === "insert") return changed(insertEntry(record, question.position, readEntry(question.entry), match, ends));
    return changed(removeEntry(record, question.position, match, ends));
  } catch (asked) {
    if (!(asked instanceof EndAsked)) throw asked;
    return {
      ...errorJson(asked),
      asked: [asked.position, asked.player, asked.tile],
      choices: asked.match.endChoices(asked.tile).map(choiceJson),
      asked_phase: asked.match.phase,
    };
  }
}

function orError(question) {
  try {
    return question();
  } catch (error) {
    if (error instanceof RecordError) return errorJson(error);
    throw error;
  }
}

const changed = ([record, match]) => ({ record, result: match.result(), state: state(match, null) });

function state(match, leader) {
  const hand = match.hand;
  return {
    phase: match.phase,
    turn: match.turn(leader),
    turn_by_rules: match.turn(),
    next_leader: match.nextLeader,
    can_score_hand: match.canScoreHand,
    half_points: match.halfPoints,
    scores: match.scores,
    winner: match.winner,
    hands: match.hands.length,
    hand: {
      number: hand.number,
      leader: hand.leader,
      leader_played: hand.leaderPlayed,
      holding: hand.holding,
      turn: hand.turn,
      ended: hand.ended,
      scored: hand.scored,
      went_out: hand.wentOut,
      needs_left: hand.needsLeft,
      missing_left: hand.missingLeft,
      boneyard: hand.boneyard,
      drawable: hand.drawable,
      can_draw: hand.canDraw,
      can_pass: hand.canPass,
      count: hand.count,
      terms: hand.terms().map((t) => [t.end, t.tile, t.value, String(t)]),
      open_ends: hand.openEnds().map((e) => [e.name, e.value, e.double]),
      tiles_held: hand.tilesHeld,
      layout: hand.layoutTiles().map((p) => [p.tile, p.arm, p.position, p.inner, p.outer, p.double, p.spinner]),
      unplayed: hand.unplayed(),
      played_pips: hand.playedPips,
      pip_bounds: Object.fromEntries(hand.players.map((p) => [p, hand.pipBounds(p)])),
      pips_left: Object.fromEntries(hand.pipsLeft),
      settlement: settlementJson(hand.settlement),
      told: hand.told === null ? null : hand.told.asRecord(),
    },
    settlements: match.hands.map((h) => settlementJson(h.settlement)),
  };
}

function settlementJson(s) {
  if (s === null) return null;
  const { changes, pips, winners, rule, rounded, side_pips, side_rounded, gain, deducted, tied, refused } = s;
  return { changes, pips, winners, rule, rounded, side_pips, side_rounded, gain, deducted, tied, refused };
}

function errorJson(error) {
  return {
    error: error.toString(),
    template: error.template,
    params: Object.fromEntries(Object.entries(error.params).map(([name, value]) => [name, param(value)])),
    hand: error.hand,
    event: error.event,
  };
}

function param(value) {
  if (value instanceof RecordError) return value.reason;
  if (value instanceof EndList) return value.ends;
  if (value instanceof Names) return { names: value.names.map(param), joiner: value.joiner };
  return value;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(answers(JSON.parse(line)))}\n`);
}
