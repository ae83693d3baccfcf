/** What the schemas and the code that reports on them share. */

/**
 * Any-case 8-4-4-4-12 hex, the form the path id must take (behaviour §4).
 * @example
 * UUID_PATTERN.test('0A1E0001-5C0F-4A11-9C00-000000000001') // true
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Writes a zod issue path the way JavaScript reads it: `variations[1].content[0].text`.
 * @example
 * formatIssuePath(['variations', 1, 'channels', 0, 'id']) // 'variations[1].channels[0].id'
 */
export const formatIssuePath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  )
