// Unit tests of the phone's engine (static/engine/), with Node's own runner:
//   node --test tests/engine/js/
// The parity with the Python engine is tested in tests/engine/test_js_engine.py.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  Draw,
  EndAsked,
  Pass,
  Play,
  RecordError,
  TILES,
  addEntry,
  correctEntry,
  derivedPips,
  halves,
  insertEntry,
  newRecord,
  preset,
  removeEntry,
  replay,
  rounded,
  rulesFor,
  tileName,
  undoEntry,
} from "../../../static/engine/index.mjs";
import { pyRepr } from "../../../static/engine/errors.mjs";
import { parse } from "../../../static/engine/pyjson.mjs";
import { examples, hand, record } from "./helpers.mjs";

const counts = (rules, ...events) =>
  replay(record(rules, "X Y", hand(...events)))
    .result()
    .hands[0].plays.map((p) => [p.count, p.points]);

const refusal = (run) => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof RecordError, String(error));
    return error;
  }
  assert.fail("not refused");
};

test("the double-six set has 28 tiles and 168 pips", () => {
  assert.equal(TILES.length, 28);
  assert.equal(TILES[0], "6-6");
  assert.equal(TILES.reduce((s, t) => s + halves(t)[0] + halves(t)[1], 0), 168);
  assert.equal(tileName("3-5"), "5-3");
  assert.equal(refusal(() => halves("7-1")).message, "'7-1' is not a tile of a double-six set");
});

test("every example replays to its expected result or is refused", () => {
  const all = examples();
  assert.ok(all.length >= 15);
  for (const [name, data, expected, note] of all) {
    if (expected) assert.deepEqual(replay(data).result(), expected, name);
    else assert.ok(refusal(() => replay(data)).hand !== undefined && note, name);
  }
});

test("the lead and the spinner count", () => {
  assert.deepEqual(counts("muggins", "X 6-4"), [[10, 10]]);
  assert.deepEqual(counts("muggins", "X 0-0"), [[0, 0]]);
  assert.deepEqual(counts("all-fives", "X 5-5", "Y 5-1 right", "X 5-4 left", "Y 5-2 up", "X 5-3 down"), [
    [10, 10],
    [11, 0],
    [5, 5],
    [7, 0],
    [10, 10],
  ]);
  const sniff = { preset: "all-fives", spinner_count: "sniff_exposed" };
  assert.deepEqual(counts(sniff, "X 5-5", "Y 5-1 right", "X 5-4 left", "Y 5-2 up", "X 5-3 down"), [
    [10, 10],
    [11, 0],
    [15, 15],
    [12, 0],
    [10, 10],
  ]);
});

test("a refusal carries its template, its values and its place, worded as in Python", () => {
  const error = refusal(() => replay(record("muggins", "X Y", hand("X 6-4", "X 4-4"))));
  assert.equal(error.message, "hand 1, event 2: it is Y's turn, not X's");
  assert.equal(error.template, "it is {expected}'s turn, not {player}'s");
  assert.deepEqual(error.params, { expected: "Y", player: "X" });
  assert.deepEqual([error.hand, error.event], [1, 2]);
  const up = refusal(() => replay(record("muggins", "X Y", hand("X 6-4", "Y 4-1 up"))));
  assert.equal(up.message, "hand 1, event 2: the up end is not open: a game with two ends has only left and right");
});

test("values are written as Python writes them", () => {
  assert.equal(pyRepr("it's"), `"it's"`);
  assert.equal(pyRepr(null), "None");
  assert.equal(pyRepr([1, "a", true]), "[1, 'a', True]");
  assert.equal(pyRepr({ a: 1.5 }), "{'a': 1.5}");
  assert.equal(pyRepr(1e-7), "1e-07");
  assert.equal(pyRepr("a\nb\u0007"), "'a\\nb\\x07'");
  assert.equal(String(parse("[1.0]")[0]), "1.0");
  const draw = record("muggins", "X Y", { events: [{ player: "X", play: "6-4" }, { player: "Y", draw: 1 }] });
  assert.equal(
    refusal(() => replay(parse(JSON.stringify(draw).replace('"draw":1', '"draw":1.0')))).message,
    "hand 1, event 2: a draw takes a whole number of tiles, at least 1, not 1.0",
  );
});

test("the rules: presets and checked overrides", () => {
  assert.equal(preset("muggins", 2).hand_size, 7);
  assert.equal(preset("pagat", 3).block_tie, "split");
  assert.ok(Object.isFrozen(rulesFor("all-fives", 4)));
  assert.equal(refusal(() => rulesFor({ preset: "muggins", layout: "star" }, 2)).message, "layout cannot be 'star': use 'two_ends', 'spinner'");
  assert.equal(refusal(() => rulesFor({ preset: "muggins", hand_size: 15 }, 2)).message, "2 hands of 15 tiles and a reserve of 0 need more than 28 tiles");
});

test("rounding the pips left", () => {
  assert.deepEqual([12, 13, 0, 4].map((p) => rounded(p, "nearest")), [10, 15, 0, 5]);
  assert.deepEqual([14, 5].map((p) => rounded(p, "down")), [10, 5]);
});

test("entering, undoing, and the turn moving on", () => {
  let rec = newRecord("muggins", ["Ann", "Bo"]);
  let match;
  [rec, match] = addEntry(rec, new Play("6-4"), "Ann");
  assert.equal(match.turn(), "Bo");
  assert.deepEqual(rec.hands[0].events, [{ player: "Ann", play: "6-4" }]);
  [rec, match] = addEntry(rec, new Play("4-1"));
  assert.deepEqual(rec.hands[0].events[1], { player: "Bo", play: "4-1" });
  assert.deepEqual(match.hand.fits("6-1"), ["left", "right"]);
  assert.deepEqual(match.endChoices("6-1").map((c) => [c.end, c.count, c.points]), [["left", 2, 0], ["right", 12, 0]]);
  [rec, match] = addEntry(rec, new Draw(2));
  [rec, match] = undoEntry(rec, match);
  assert.equal(rec.hands[0].events.length, 2);
  assert.equal(refusal(() => addEntry(rec, new Pass())).message, "hand 1, event 3: Ann must draw: the boneyard still has 14 tiles");
  // JSON is read where it arrives (readEntry); the rules take values only.
  assert.throws(() => addEntry(rec, { draw: 1 }), /an entry is a Play, Draw, Pass, Left or ScoredHand value \(got Object\): read JSON with readEntry/);
});

test("Fix: a correction that makes a later tile fit two ends asks which", () => {
  const played = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"));
  const asked = refusal(() => correctEntry(played, 2, new Play("3-4")));
  assert.ok(asked instanceof EndAsked);
  assert.deepEqual([asked.position, asked.player, asked.tile], [3, "Ann", "6-4"]);
  assert.deepEqual(asked.match.endChoices("6-4").map((c) => c.end), ["left", "right"]);
  const [rec] = correctEntry(played, 2, new Play("3-4"), null, { 3: "left" });
  assert.deepEqual(rec.hands[0].events[2], { player: "Ann", play: "6-4", end: "left" });
  const missed = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 6-4", "Ann 4-2"));
  const [inserted, match] = insertEntry(missed, 2, new Play("3-1"));
  assert.deepEqual(inserted.hands[0].events.map((e) => e.player), ["Ann", "Bo", "Ann", "Bo"]);
  assert.equal(match.hand.turn, "Ann");
  const [removed] = removeEntry(inserted, 2);
  assert.deepEqual(removed.hands[0].events.map((e) => e.player), ["Ann", "Bo", "Ann"]);
});

test("the pips that follow from those known", () => {
  // Two players of 2 tiles each: the boneyard holds 24 tiles, so nothing follows from X's pips
  // except through the bounds; with one tile left a player's pips can still vary.
  const rules = { preset: "muggins", hand_size: 1 };
  const match = replay(record(rules, "X Y", hand("X 6-6")));
  assert.equal(match.phase, "settle");
  assert.deepEqual(match.hand.needsLeft, ["Y"]);
  assert.deepEqual(derivedPips(match.hand, {}), {});
  assert.deepEqual(match.hand.pipBounds("Y"), [0, 11]);
});

test("values are frozen", () => {
  assert.ok(Object.isFrozen(new Play("6-6")));
  assert.throws(() => {
    "use strict";
    new Play("6-6").tile = "5-5";
  });
});

// -- Fives and Threes (RULES.md §7) ------------------------------------------------------------

const FT = "fives-and-threes";
const TWO = { preset: FT, hand_size: 2 };
const plays = (result, number = 0) => result.hands[number].plays.map((p) => [p.tile, p.count, p.points]);

test("Fives and Threes: the count scores its threes and fives together", () => {
  assert.deepEqual(counts(FT, "X 6-6", "Y 6-3 right"), [
    [12, 4],
    [15, 8],
  ]);
  assert.deepEqual(counts(FT, "X 6-6", "Y 6-1 right").at(-1), [13, 0]);
});

test("Fives and Threes: no drawing, and a knock by each blocks the hand at no score", () => {
  assert.match(refusal(() => replay(record(FT, "X Y", hand("X 6-4", "Y draw 1")))).message, /there is no drawing/);
  const match = replay(record(FT, "X Y", hand("X 6-4", "Y pass", "X pass")));
  assert.equal(match.hands[0].ended, "blocked");
  assert.deepEqual(match.hands[0].settlement.changes, [0, 0]);
  assert.equal(match.phase, "lead");
});

test("Fives and Threes: going out scores one, unless it passes the exact target", () => {
  const told = (points) => ({ points });
  const busted = record(TWO, "X Y", told({ X: 58 }), hand("X 5-1", "Y 1-0 right", "X 5-3 left"));
  let result = replay(busted).result();
  assert.deepEqual(plays(result, 1), [
    ["5-1", 6, 2],
    ["1-0", 5, 1],
    ["5-3", 3, 0],
  ]);
  assert.deepEqual(result.hands[1].settlement, [0, 0]);
  assert.deepEqual(result.scores, [60, 1]);
  const landed = record(TWO, "X Y", told({ X: 57 }), hand("X 5-1", "Y 1-0 right", "X 5-3 left"));
  result = replay(landed).result();
  assert.deepEqual(result.hands[1].settlement, [1, 0]);
  assert.deepEqual([result.scores, result.winner], [[61, 1], 0]);
});

test("Fives and Threes: the lead passes round", () => {
  const match = replay(record(TWO, "X Y", hand("X 6-4", "Y pass", "X pass")));
  assert.equal(match.nextLeader, "Y");
  const error = refusal(() => replay(record(TWO, "X Y", hand("X 6-4", "Y pass", "X pass"), hand("X 5-5"))));
  assert.equal(error.message, "hand 2, event 1: the lead passes round: Y leads this hand");
});

test("Fives and Threes: the refused combinations", () => {
  assert.match(refusal(() => rulesFor({ preset: FT, score_unit: "fives" }, 2)).message, /scores pegs/);
  assert.match(refusal(() => rulesFor({ preset: FT, boneyard: "draw", boneyard_reserve: 1, go_bonus: 101 }, 2)).message, /at most 100/);
});
