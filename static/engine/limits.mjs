// The limits of a match record (limits.py, MATCH-RECORD.md "Limits").

export const MAX_NAME = 40; // characters in a player's name
export const MAX_TARGET = 10_000; // points
export const MAX_TARGET_FIVES = 2_000; // under score_unit: fives
export const MAX_HANDS = 200; // hands in one match
export const MAX_TOLD = 10_000; // points either way for one player in a hand scored as told

/** A name no screen can show nor any file hold: a control character or a lone surrogate. */
export function unprintable(name) {
  return /[\p{Cc}\p{Cs}]/u.test(name);
}
