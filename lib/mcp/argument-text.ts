// Text a tool may store: PostgreSQL text cannot hold U+0000, so a NUL anywhere in the arguments
// would fail deep in the database as an internal error. Found here first, it names the argument.

/** The path of the first string (value or key) holding a NUL character, or null. */
export function nulCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(arguments)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulCharacterPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replace(/\u0000/g, '\\u0000')].join('.');
      const found = nulCharacterPath(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
