// The phone's engine's states are values, as tests/engine/test_values.py holds the Python
// engine's: every match, hand, layout, settlement and entry reached is frozen all the way down,
// and entering an entry leaves the match it was entered on as it was.

import assert from "node:assert/strict";
import { test } from "node:test";
import { FrozenMap, FrozenSet, RecordError, enter, entriesOf, readEntry, replay } from "../../../static/engine/index.mjs";
import { examples } from "./helpers.mjs";

// A match keeps the record it was replayed from beside its value (the caller's JSON).
const BESIDE = new Set(["record"]);

/** What an object holds, one level down. */
function parts(value) {
  if (value instanceof Map) return [...value.keys(), ...value.values()];
  if (value instanceof Set) return [...value];
  return Object.entries(value)
    .filter(([name]) => !BESIDE.has(name))
    .map(([, part]) => part);
}

const isObject = (value) => value !== null && (typeof value === "object" || typeof value === "function");

/** Whether `value` itself can never change (what it holds is checked on its own). */
function immutable(value) {
  if (!isObject(value)) return true;
  if (value instanceof Map) return value instanceof FrozenMap;
  if (value instanceof Set) return value instanceof FrozenSet;
  return Object.isFrozen(value);
}

/** Every object reachable from `state`, once each. */
function everyObject(state) {
  const seen = new Set();
  const todo = [state];
  while (todo.length) {
    const value = todo.pop();
    if (!isObject(value) || typeof value === "function" || seen.has(value)) continue;
    seen.add(value);
    todo.push(...parts(value));
  }
  return [...seen];
}

/** What `value` holds, as plain data: equal only if nothing in it changed. */
function snapshot(value) {
  if (!isObject(value)) return value;
  return [value.constructor?.name, parts(value).map(snapshot)];
}

function assertAValue(state) {
  const changeable = everyObject(state).filter((value) => !immutable(value));
  assert.deepEqual(changeable, [], `${state.constructor.name} holds something that can change`);
}

const records = () => examples().filter(([, , expected]) => expected !== null).map(([, record]) => record);

test("every state and entry is a value, and entering changes nothing it was given", () => {
  let entered = 0;
  for (const record of records()) {
    let state = replay({ ...record, hands: [] });
    assertAValue(state);
    for (const said of entriesOf(record)) {
      const entry = readEntry(said);
      assertAValue(entry);
      const kept = snapshot(state);
      let after;
      try {
        after = enter(state, entry);
      } catch (error) {
        if (!(error instanceof RecordError)) throw error; // the pips left of a hand the match was won in
        after = state;
      }
      assert.deepEqual(snapshot(state), kept);
      assertAValue(after);
      assertAValue(after.hand);
      const again = snapshot(after);
      try {
        enter(after, entry); // refused or not, an entry entered twice leaves its state alone
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
      }
      assert.deepEqual(snapshot(after), again);
      state = after;
      entered += 1;
    }
    assert.deepEqual(state.result(), replay(record).result());
  }
  assert.ok(entered > 100);
});

test("a replay that goes on from an older one shares its settled hands as they are", () => {
  for (const record of records().filter((r) => r.hands.length > 1)) {
    const older = replay({ ...record, hands: record.hands.slice(0, -1) });
    const kept = snapshot(older);
    const newer = replay(record, false, older);
    const settled = older.hands.filter((hand) => hand.settlement !== null);
    settled.forEach((hand, i) => assert.equal(newer.hands[i], hand));
    assert.deepEqual(snapshot(older), kept);
    assert.deepEqual(newer.result(), replay(record).result());
  }
});

test("a value refuses to change", () => {
  const match = replay(records()[0]);
  const hand = match.hands[0];
  assert.throws(() => {
    match.winner = 0;
  }, TypeError);
  assert.throws(() => hand.held.set(hand.players[0], 0), TypeError);
  assert.throws(() => hand.played.add("6-6"), TypeError);
  assert.throws(() => hand.plays.push({}), TypeError);
});
