/**
 * Reading a stored record by a key that remote text or a member's name is part of (a search's words,
 * a username: `constructor` and `__proto__` are valid site names). A plain object answers such a
 * key with what every object inherits; this answers with the record's own entry or nothing. Writes
 * go through object spread with a computed key or `Object.fromEntries`, which make own entries
 * (an assignment `record[key] = value` with `__proto__` would set the prototype instead).
 */
export function ownEntry<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | null {
  return record != null && Object.hasOwn(record, key) ? (record[key] ?? null) : null;
}
