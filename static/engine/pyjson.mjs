// JSON read as Python reads it (orjson): a number written with a point or an exponent is a
// float, so 1.0 is not a whole number where the rules ask for one. Such a float is kept as a
// PyFloat when it is whole (JavaScript's numbers cannot tell 1.0 from 1); others are numbers.

import { PyFloat } from "./errors.mjs";

export function parse(text) {
  if (LONE_SURROGATE.test(text)) throw new SyntaxError("no low surrogate in string");
  return JSON.parse(text.replace(NUMBERS, wrap), revive);
}

// A high surrogate escape without its low one, or a low one alone: not text, to Python.
const LONE_SURROGATE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

// Strings are matched first, so that a number inside one is left alone.
const NUMBERS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
const MARK = "\u0000pyfloat:";

function wrap(token) {
  if (token[0] === '"') return token;
  const value = Number(token);
  const float = /[.eE]/.test(token) || !Number.isSafeInteger(value) && Math.abs(value) >= 2 ** 64;
  if (!float || !Number.isInteger(value)) return token;
  if (!Number.isFinite(value)) throw new SyntaxError("number is infinity when parsed as double");
  return `"\\u0000pyfloat:${token}"`;
}

function revive(key, value) {
  return typeof value === "string" && value.startsWith(MARK) ? new PyFloat(Number(value.slice(MARK.length))) : value;
}
