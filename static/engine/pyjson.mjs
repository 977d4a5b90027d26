// JSON read as Python reads it (orjson), for the replay command:
// * a number written with a point or an exponent is a float, so 1.0 is not a whole number
//   where the rules ask for one: such a float is kept as a PyFloat when it is whole
//   (JavaScript's numbers cannot tell 1.0 from 1); others are numbers;
// * an object keeps its keys in the order written, as a Python dict does, even keys such as
//   "2" that a JavaScript object puts first: where the order decides which refusal comes first
//   (the pips left, points told, rules overrides) such an object is read as a Map.

import { PyFloat } from "./errors.mjs";

export function parse(text) {
  if (LONE_SURROGATE.test(text)) throw new SyntaxError("no low surrogate in string");
  return JSON.parse(text.replace(TOKENS, wrap), revive);
}

// A high surrogate escape without its low one, or a low one alone: not text, to Python.
const LONE_SURROGATE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

// Strings are matched first, so that a number inside one is left alone; a string followed by a
// colon is a key.
const TOKENS = /"((?:[^"\\]|\\.)*)"(\s*:)?|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
const FLOAT = "\u0000pyfloat:";
const KEY = "\u0000key:";
const INDEX = /^(?:0|[1-9]\d{0,9})$/; // a key a JavaScript object would put first
const ORDERED = new Set(["left", "points", "rules"]);

function wrap(token, text, colon) {
  if (token[0] === '"') {
    if (!colon || !INDEX.test(text) || Number(text) >= 2 ** 32 - 1) return token;
    return `"\\u0000key:${text}"${colon}`;
  }
  const value = Number(token);
  const float = /[.eE]/.test(token) || (!Number.isSafeInteger(value) && Math.abs(value) >= 2 ** 64);
  if (!float || !Number.isInteger(value)) return token;
  if (!Number.isFinite(value)) throw new SyntaxError("number is infinity when parsed as double");
  return `"\\u0000pyfloat:${token}"`;
}

function revive(key, value) {
  if (typeof value === "string" && value.startsWith(FLOAT)) return new PyFloat(Number(value.slice(FLOAT.length)));
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (!keys.some((k) => k.startsWith(KEY))) return value;
  const entries = keys.map((k) => [k.startsWith(KEY) ? k.slice(KEY.length) : k, value[k]]);
  return ORDERED.has(key) ? new Map(entries) : Object.fromEntries(entries);
}
