#!/usr/bin/env node
// `node static/engine/replay.mjs RECORD.json` and `--jsonl` (cli.py): the same contract as
// `python -m assistant replay`. Records are read as Python reads JSON (pyjson.mjs), so a
// number written 1.0 is not a whole number here either.

import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { RecordError } from "./errors.mjs";
import { parse } from "./pyjson.mjs";
import { replay } from "./record.mjs";

/** One record in, one result (or {"error": ...}) out, as a JSON line. */
export function replayLine(line) {
  let record;
  try {
    record = parse(line);
  } catch (error) {
    return JSON.stringify({ error: `not a JSON record: ${error.message}` });
  }
  try {
    return JSON.stringify(replay(record).result());
  } catch (error) {
    if (error instanceof RecordError) return JSON.stringify({ error: error.toString() });
    if (error instanceof RangeError) return JSON.stringify({ error: `not a JSON record: ${error.message}` });
    throw error;
  }
}

async function replayStream() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let out = "";
  for await (const line of lines) {
    if (/^[ \t\r\v\f]*$/.test(line)) continue; // blank as Python's bytes.strip() sees it
    out += `${replayLine(line)}\n`;
    if (out.length > 65536) {
      process.stdout.write(out);
      out = "";
    }
  }
  process.stdout.write(out);
}

function replayFile(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reasons = { ENOENT: "No such file or directory", EACCES: "Permission denied", EISDIR: "Is a directory" };
    process.stderr.write(`${path}: ${reasons[error.code] ?? error.message}\n`);
    return 2;
  }
  let record;
  try {
    record = parse(text);
  } catch (error) {
    process.stderr.write(`${path}: not JSON: ${error.message}\n`);
    return 2;
  }
  try {
    process.stdout.write(`${JSON.stringify(replay(record).result(), null, 2)}\n`);
  } catch (error) {
    if (!(error instanceof RecordError)) throw error;
    process.stderr.write(`${error}\n`);
    return 2;
  }
  return 0;
}

const args = process.argv.slice(2);
if (args.includes("--jsonl")) {
  await replayStream();
} else if (!args.length) {
  process.stderr.write("replay: give a record file, or --jsonl to read records from stdin\n");
  process.exitCode = 2;
} else {
  process.exitCode = replayFile(args[0]);
}
