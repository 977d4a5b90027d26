// Corrections waiting on the phone (static/foresee.mjs with the engine's corrections.mjs): an
// entry fixed, a missed one put in, an extra one taken out, foreseen as the server will make
// them; one a later entry no longer fits is refused with the engine's reason; a later tile the
// change makes fit two ends asks its end, answered by `end:N`.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as corrections from "../../../static/engine/corrections.mjs";
import { entryOf, foresee, learnCorrections } from "../../../static/foresee.mjs";
import { hand, record } from "./helpers.mjs";

const at = (action, fields = []) => ({ url: `http://club/matches/7/${action}`, fields });
const play = (tile) => at("play", [["tile", tile]]);
const fix = (action, position, ...fields) => at(action, [["position", String(position)], ...fields]);

// left 6, right 3 after the lead; Bo's 3-1 makes right 1; Ann's 6-4 then fits only the left
const PLAYED = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 3-1", "Ann 6-4", "Bo 4-2"));

test("a correction says which entry and what instead", () => {
  assert.deepEqual(entryOf(fix("correct", 2, ["tile", "4-3"], ["end:3", "left"])), {
    fix: "correct",
    position: 2,
    entry: { play: "4-3" },
    ends: { 3: "left" },
  });
  assert.deepEqual(entryOf(fix("insert", 2, ["fix", "2"], ["insert", "1"], ["draw", "1"])), {
    fix: "insert",
    position: 2,
    entry: { draw: 1 },
    ends: {},
  });
  assert.deepEqual(entryOf(fix("remove", 3)), { fix: "remove", position: 3, ends: {} });
});

test("a correction is not foreseen until the engine's corrections are loaded", () => {
  const seen = foresee(PLAYED, [fix("correct", 4, ["tile", "4-5"])]);
  assert.ok(seen.unknown);
});

test("corrections waiting are foreseen, and the taps after them", () => {
  learnCorrections(corrections);
  const seen = foresee(PLAYED, [fix("correct", 4, ["tile", "4-5"]), play("5-5")]);
  assert.equal(seen.unknown, undefined);
  assert.deepEqual(seen.record.hands[0].events.slice(3), [
    { player: "Bo", play: "4-5" },
    { player: "Ann", play: "5-5" },
  ]);
  const fixed = foresee(PLAYED, [fix("correct", 4, ["tile", "4-5"])]);
  assert.deepEqual([fixed.played.player, fixed.played.tile, fixed.played.count], ["Bo", "4-5", 6]);
  const missed = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo 6-4", "Ann 4-2"));
  const inserted = foresee(missed, [fix("insert", 2, ["tile", "3-1"])]);
  assert.deepEqual(
    inserted.record.hands[0].events.map((e) => [e.player, e.play]),
    [["Ann", "6-3"], ["Bo", "3-1"], ["Ann", "6-4"], ["Bo", "4-2"]],
  );
  assert.equal(inserted.match.turn(), "Ann");
  const extra = record("muggins", "Ann Bo", hand("Ann 6-3", "Bo draw 1", "Bo 3-1", "Ann 6-4"));
  const removed = foresee(extra, [fix("remove", 2)]);
  assert.deepEqual(removed.record.hands[0].events.map((e) => e.play), ["6-3", "3-1", "6-4"]);
});

test("a correction a later entry no longer fits is refused with the engine's reason", () => {
  learnCorrections(corrections);
  const seen = foresee(PLAYED, [fix("correct", 2, ["tile", "6-5"])]); // left 5, right 3
  assert.equal(seen.refused.tap.url, "http://club/matches/7/correct");
  assert.match(seen.refused.error.reason, /^after the correction, Ann's 6-4 no longer fits: /);
  assert.deepEqual(seen.record, PLAYED); // nothing foreseen past it
});

test("a later tile the change makes fit two ends asks its end, answered by end:N", () => {
  learnCorrections(corrections);
  const asked = foresee(PLAYED, [fix("correct", 2, ["tile", "4-3"])]); // right 4
  assert.ok(asked.refused.error instanceof corrections.EndAsked);
  assert.equal(asked.refused.error.position, 3);
  assert.equal(asked.refused.error.tile, "6-4");
  const answered = foresee(PLAYED, [fix("correct", 2, ["tile", "4-3"], ["end:3", "left"])]);
  assert.deepEqual(answered.record.hands[0].events.slice(1), [
    { player: "Bo", play: "4-3" },
    { player: "Ann", play: "6-4", end: "left" },
    { player: "Bo", play: "4-2", end: "left" },
  ]);
});
