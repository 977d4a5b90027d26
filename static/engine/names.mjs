// When two names mean one person (names.py): the same letters however encoded (NFC), in any
// case (case folded), whatever space separates the words, without the characters a name may
// carry unseen: Unicode's Default_Ignorable_Code_Point set.

export function nameKey(name) {
  const visible = name.normalize("NFC").replace(/\p{Default_Ignorable_Code_Point}/gu, "");
  // Case folded as Python's casefold: upper then lower case, the sharp s and the final sigma
  // folded as casefold folds them.
  const folded = visible.toUpperCase().toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ").normalize("NFC");
  return folded.split(/[\s\x1c-\x1f\x85]+/u).filter(Boolean).join(" ");
}

/** The first two names that are one person's name, if any. */
export function samePerson(names) {
  const seen = new Map();
  for (const name of names) {
    const key = nameKey(name);
    if (seen.has(key)) return [seen.get(key), name];
    seen.set(key, name);
  }
  return null;
}
