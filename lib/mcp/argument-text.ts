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

/**
 * The path of the first string (or key) holding a lone surrogate (half of a UTF-16 pair, such as
 * "\ud800" from a JSON escape), or null. Such a string is not Unicode text: the database refuses it,
 * which used to surface as internal_error instead of naming the argument.
 */
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function loneSurrogatePath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path.join('.') || '(arguments)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = loneSurrogatePath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return [...path, key.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD')].join('.');
      const found = loneSurrogatePath(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
