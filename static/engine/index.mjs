// The rules engine for the phone: a port of assistant/engine/ module by module (see
// docs/engine-js.md). Where to look: tiles, rules, layout, match, hand, settlement, moves, record,
// entries, corrections, pips, limits, names, errors, values, setup — each beside its Python namesake.

export { EndAsked, correctEntry, insertEntry, removeEntry } from "./corrections.mjs";
export { addEntry, entriesOf, lastEntry, newRecord, replaceEntry, undoEntry } from "./entries.mjs";
export { Names, RecordError } from "./errors.mjs";
export { Hand } from "./hand.mjs";
export { OpenEnd, Placed, Term } from "./layout.mjs";
export { EndChoice, Match, enter } from "./match.mjs";
export { Draw, Left, Pass, Play, ScoredHand } from "./moves.mjs";
export { derivedPips } from "./pips.mjs";
export { entryJson, eventJson, readEntry, readEvent, replay } from "./record.mjs";
export { DESCRIPTIONS, PRESETS, preset, rulesFor } from "./rules.mjs";
export { Settlement, rounded } from "./settlement.mjs";
export { TILES, halves, isDouble, pips, tileName } from "./tiles.mjs";
export { FrozenMap, FrozenSet } from "./values.mjs";
