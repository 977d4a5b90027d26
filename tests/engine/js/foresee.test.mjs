// The table as it will be once the waiting taps are recorded (static/foresee.mjs): whose turn,
// the ends a tile asks, what the last tap scored, a tap the rules refuse.

import assert from "node:assert/strict";
import { test } from "node:test";
import { endsFor, entryOf, foresee } from "../../../static/foresee.mjs";
import { hand, record } from "./helpers.mjs";

const at = (action, fields = []) => ({ url: `http://club/matches/7/${action}`, fields });
const play = (tile, end) => at("play", end ? [["tile", tile], ["end", end]] : [["tile", tile]]);

test("a waiting tap says its entry", () => {
  assert.deepEqual(entryOf(play("6-5")), { play: "6-5" });
  assert.deepEqual(entryOf(play("3-2", "left")), { play: "3-2", end: "left" });
  assert.deepEqual(entryOf(at("draw")), { draw: 1 });
  assert.deepEqual(entryOf(at("pass")), { pass: true });
  assert.deepEqual(entryOf(at("undo")), { undo: true });
  assert.equal(entryOf(at("correct")), null); // no entry named: not one the phone makes
});

test("the turn moves on and the tap's points are known before any answer", () => {
  const started = record("muggins", "Ann Bo", hand("Ann 6-6"));
  const ahead = foresee(started, [play("6-4")]);
  assert.equal(ahead.match.turn(), "Ann");
  assert.equal(ahead.played.player, "Bo");
  assert.equal(ahead.played.count, 16);
  assert.deepEqual(ahead.match.scores, [0, 0]);
  const fifteen = foresee(started, [play("6-3")]);
  assert.equal(fifteen.played.points, 15);
  assert.deepEqual(fifteen.match.scores, [0, 15]);
});

test("a tile whose ends make different games behind a waiting tap asks its end", () => {
  const started = record("muggins", "Ann Bo", hand("Ann 6-3"));
  const ahead = foresee(started, [play("3-5")]); // ends 6 and 5
  const ends = endsFor(ahead.match, "6-5");
  assert.deepEqual(ends.map((e) => e.end).sort(), ["left", "right"]);
  assert.deepEqual(endsFor(ahead.match, "1-1"), []);
});

test("a tap the rules refuse is named with the engine's reason", () => {
  const started = record("muggins", "Ann Bo", hand("Ann 6-3"));
  const ahead = foresee(started, [play("3-5"), play("3-5")]);
  assert.equal(ahead.refused.tap.fields[0][1], "3-5");
  assert.match(ahead.refused.error.message, /already been played/);
});

test("undo takes the last tap back", () => {
  const started = record("muggins", "Ann Bo", hand("Ann 6-3"));
  const ahead = foresee(started, [play("3-5"), at("undo"), play("3-4")]);
  assert.equal(ahead.match.turn(), "Ann");
  assert.equal(ahead.played.tile, "3-4");
});

test("a tap the phone cannot foresee stops the foreseeing there", () => {
  const started = record("muggins", "Ann Bo", hand("Ann 6-3"));
  const ahead = foresee(started, [play("3-5"), at("correct"), play("5-5")]);
  assert.ok(ahead.unknown);
  assert.equal(ahead.match.turn(), "Ann");
});

// All Fives, two tiles each: Ann leads 6-6 and nobody can follow — blocked, the next lead open.
const BLOCKED = {
  preset: "all-fives",
  hand_size: 2,
  boneyard_reserve: 22,
};
const left = (pips) => at("left", Object.entries(pips).map(([p, n]) => [`pips:${p}`, String(n)]));

test("a waiting choice of who leads carries to the hand it is for", () => {
  const blocked = record(BLOCKED, "Ann Bo Cy", hand("Ann 6-6", "Bo pass", "Cy pass", "Ann pass"));
  assert.deepEqual(entryOf(at("leader", [["leader", "Bo"]])), { leader: "Bo" });
  assert.equal(entryOf(at("leader", [["leader", "lots"]])), null); // the server's lot: unknown
  const settled = foresee(blocked, [left({ Ann: 5, Bo: 7, Cy: 9 })]);
  assert.equal(settled.match.phase, "lead");
  assert.equal(settled.match.turn(settled.leader), null); // the lead is open: asked
  const chosen = foresee(blocked, [left({ Ann: 5, Bo: 7, Cy: 9 }), at("leader", [["leader", "Bo"]])]);
  assert.equal(chosen.match.turn(chosen.leader), "Bo");
  const led = foresee(blocked, [
    left({ Ann: 5, Bo: 7, Cy: 9 }),
    at("leader", [["leader", "Bo"]]),
    play("5-0"),
  ]);
  assert.deepEqual(led.record.hands[1].events, [{ player: "Bo", play: "5-0" }]);
  assert.equal(led.played.points, 5);
  assert.equal(led.match.turn(led.leader), "Cy");
});

test("whose turn the table showed in a hand is not the next hand's leader", () => {
  const playing = record(BLOCKED, "Ann Bo Cy", hand("Ann 6-6", "Bo pass", "Cy pass"));
  const ended = foresee(playing, [at("pass"), left({ Ann: 5, Bo: 7, Cy: 9 })], "Ann");
  assert.equal(ended.match.turn(ended.leader), null);
});
