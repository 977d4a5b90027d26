// The one error for a record that breaks a rule (errors.py), and how Python writes the values
// a message names (repr), so both engines word every refusal alike.

/** Marks an English message template for translation without translating it here. */
export const N_ = (message) => message;

/**
 * A record breaks a rule: where (hand, event) and why, in words a player understands.
 * `template` is the English sentence of the Python engine with `{named}` fields filled from
 * `params`; the page translates the template through the app's catalogs.
 */
export class RecordError extends Error {
  constructor(template, { hand = null, event = null, ...params } = {}) {
    super("");
    this.name = "RecordError";
    this.template = template;
    this.params = params;
    this.hand = hand;
    this.event = event;
    this.message = this.toString();
  }

  /** The sentence; an error inside it (a later entry that no longer fits) by its reason. */
  get reason() {
    return this.template.replace(/\{(\w+)\}/g, (_, name) => {
      const value = this.params[name];
      return value instanceof RecordError ? value.reason : pyStr(value);
    });
  }

  get where() {
    if (this.hand === null) return "";
    if (this.event === null) return `hand ${this.hand}`;
    if (typeof this.event === "number") return `hand ${this.hand}, event ${this.event}`;
    return `hand ${this.hand}, ${this.event}`;
  }

  /** The same error, placed at a hand and event if it has no place yet. */
  located(hand, event) {
    if (this.hand === null) {
      this.hand = hand;
      this.event = event;
      this.message = this.toString();
    }
    return this;
  }

  toString() {
    const where = this.where;
    return where ? `${where}: ${this.reason}` : this.reason;
  }
}

/**
 * Players named inside a message, as values: the page names each as the club calls them now
 * and joins them in its own language. `joiner` is "and" for a list of players, "+" for the
 * players of one side; an item may itself be a side (Names of its players).
 */
export class Names {
  constructor(names, joiner = "and") {
    this.names = Object.freeze([...names]);
    this.joiner = joiner;
    Object.freeze(this);
  }

  toString() {
    return this.names.map(String).join(` ${this.joiner} `);
  }
}

// -- Python's str() and repr() of JSON values ------------------------------------------------

/** str(value): a string as it is, anything else as repr. */
export function pyStr(value) {
  if (typeof value === "string") return value;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Object.prototype && value.toString !== Object.prototype.toString) {
      return value.toString();
    }
  }
  return pyRepr(value);
}

/** repr(value) of a value read from JSON: 'text', None, True, 3, 7.5, [1, 'a'], {'k': 1}. */
export function pyRepr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pyNumber(value);
  if (typeof value === "string") return pyString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (value instanceof Map) {
    return `{${[...value].map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(", ")}}`;
  }
  if (typeof value === "object") {
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
      return value.toString();
    }
    const items = Object.entries(value).map(([k, v]) => `${pyString(k)}: ${pyRepr(v)}`);
    return `{${items.join(", ")}}`;
  }
  return String(value);
}

function pyNumber(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (Number.isInteger(x)) return Math.abs(x) < 1e21 ? String(x) : BigInt(x).toString();
  // Python's shortest repr: the same digits as JavaScript's, written positionally from 1e-4
  // up to 1e16 and in exponent form (two digits at least) outside.
  const [mantissa, exp] = x.toExponential().split("e");
  const exponent = Number(exp);
  if (exponent < -4 || exponent >= 16) {
    const e = Math.abs(exponent);
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
  }
  return String(x);
}

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function pyString(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const c of text) {
    if (c === quote || c === "\\") out += `\\${c}`;
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (c !== " " && UNPRINTABLE.test(c)) {
      const code = c.codePointAt(0);
      if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
      else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
      else out += `\\U${code.toString(16).padStart(8, "0")}`;
    } else out += c;
  }
  return out + quote;
}

/**
 * A whole number written as a float in a record (1.0): Python keeps it a float, so it is not a
 * whole number where the rules ask for one. Only the replay command reads records so.
 */
export class PyFloat {
  constructor(value) {
    this.value = value;
    Object.freeze(this);
  }

  toString() {
    const v = this.value;
    if (Math.abs(v) < 1e16) return `${Object.is(v, -0) ? "-0" : String(v)}.0`;
    const [mantissa, exponent] = v.toExponential().split("e");
    return `${mantissa}e${exponent}`;
  }
}

/** A JSON object (Python's dict), not a list, null, or a value such as a PyFloat. */
export function isDict(value) {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
