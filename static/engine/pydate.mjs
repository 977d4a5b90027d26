// Whether Python 3.11's date.fromisoformat (up to 10 characters) or datetime.fromisoformat
// reads a record's `date`, step by step as CPython's _datetimemodule.c reads it (on the UTF-8
// bytes), so both engines take and refuse the same dates, quirks included.

const [ZERO, NINE, DASH, COLON, DOT, COMMA] = [48, 57, 45, 58, 46, 44];
const [W, Z, PLUS] = [87, 90, 43];
const isDigit = (c) => c >= ZERO && c <= NINE;

/** The number of `n` digits at `s[p]`, or null. */
function digits(s, p, n) {
  let value = 0;
  for (let i = 0; i < n; i += 1) {
    if (!isDigit(s[p + i])) return null;
    value = value * 10 + s[p + i] - ZERO;
  }
  return value;
}

const isLeap = (y) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y, m) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

function validDay(year, month, day) {
  return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** ISO year, week and day to a date within 1..9999, or false (iso_to_ymd). */
function validWeek(year, week, day) {
  const jan4 = new Date(0);
  jan4.setUTCFullYear(year, 0, 4);
  const jan1 = (jan4.getUTCDay() + 3) % 7; // Monday 0
  if (week <= 0 || week >= 53) {
    if (!(week === 53 && (jan1 === 3 || (jan1 === 2 && isLeap(year))))) return false;
  }
  if (day <= 0 || day >= 8) return false;
  const monday = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 864e5;
  const y = new Date(monday + ((week - 1) * 7 + day - 1) * 864e5).getUTCFullYear();
  return y >= 1 && y <= 9999;
}

/** parse_isoformat_date: whether the date at the start of `s` (within `len` bytes) is one. */
function parseDate(s, len) {
  const year = digits(s, 0, 4);
  if (year === null) return false;
  let p = 4;
  const separated = s[p] === DASH;
  if (separated) p += 1;
  if (s[p] === W) {
    p += 1;
    const week = digits(s, p, 2);
    if (week === null) return false;
    p += 2;
    let day = 1;
    if (p < len) {
      if (separated && s[p++] !== DASH) return false;
      day = digits(s, p, 1);
      if (day === null) return false;
    }
    return validWeek(year, week, day);
  }
  const month = digits(s, p, 2);
  if (month === null) return false;
  p += 2;
  if (separated && s[p++] !== DASH) return false;
  const day = digits(s, p, 2);
  return day !== null && validDay(year, month, day);
}

/** parse_hh_mm_ss_ff from `p` to `end`: [code, hour, minute, second] (code < 0: not a time). */
function parseTime(s, p, end) {
  const values = [0, 0, 0];
  let separated = true;
  let i = 0;
  for (; i < 3; i += 1) {
    const value = digits(s, p, 2);
    if (value === null) return [-3];
    values[i] = value;
    p += 2;
    const c = s[p++];
    if (i === 0) separated = c === COLON;
    if (p >= end) return [c !== 0 ? 1 : 0, ...values];
    if (separated && c === COLON) continue;
    if (c === DOT || c === COMMA) break;
    if (!separated) p -= 1;
    else return [-4];
  }
  const take = Math.min(6, end - p);
  if (digits(s, p, take) === null) return [-3];
  p += take;
  while (isDigit(s[p])) p += 1;
  return [s[p] !== 0 ? 1 : 0, ...values];
}

/** parse_isoformat_time and the checks of the datetime and its time zone. */
function validTime(s, start, end) {
  let tz = start;
  do {
    if (s[tz] === Z || s[tz] === PLUS || s[tz] === DASH) break;
  } while (++tz < end);
  const [code, hour, minute, second] = parseTime(s, start, tz);
  if (code < 0) return false;
  if (!(hour < 24 && minute < 60 && second < 60)) return false;
  if (tz === end) return code === 0;
  if (s[tz] === Z) return s[tz + 1] === 0;
  const [zone, h, m, sec] = parseTime(s, tz + 1, end);
  return zone === 0 && h * 3600 + m * 60 + sec < 86400;
}

/** The datetime separator's place (_find_isoformat_datetime_separator). */
function separator(s, len) {
  if (len === 7) return 7;
  if (s[4] === DASH) {
    if (s[5] !== W) return 10;
    if (len < 8) return -1;
    if (len > 8 && s[8] === DASH) {
      if (len === 9) return -1;
      return len > 10 && isDigit(s[10]) ? 8 : 10;
    }
    return 8;
  }
  if (s[4] !== W) return 8;
  let i = 7;
  while (i < len && isDigit(s[i])) i += 1;
  if (i < 9) return i;
  return i % 2 === 0 ? 7 : 8;
}

/** Whether Python reads `value` as a date (up to 10 characters) or a date and time. */
export function isIsoDate(value) {
  if (typeof value !== "string") return false;
  const bytes = new TextEncoder().encode(value);
  const len = bytes.length;
  const s = new Uint8Array(len + 16); // zeros after the end, as C's string ends with one
  s.set(bytes);
  if ([...value].length <= 10) {
    return (len === 7 || len === 8 || len === 10) && parseDate(s, len);
  }
  if (/[\ud800-\udfff]/.test(value)) return false;
  const at = separator(s, len);
  if (at < 0 || !parseDate(s, at)) return false;
  if (len <= at) return true;
  // The separator is any one character: skip its UTF-8 bytes.
  const lead = s[at];
  const width = lead < 0x80 ? 1 : (lead & 0xf0) === 0xe0 ? 3 : (lead & 0xf0) === 0xf0 ? 4 : 2;
  return validTime(s, at + width, len);
}
