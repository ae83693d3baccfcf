/**
 * Building blocks of the property tests' request bodies: bodies as ordered entries (so a
 * `__proto__` key stays data) and the strings they are made of. Test support only.
 */
import fc from 'fast-check'

/** A request body as the generators build it: own keys in order, prototype names included. */
export type Body = Record<string, unknown>
/** Entries in order; `Object.fromEntries` keeps `__proto__` as an own key. */
export const build = (entries: Array<[string, unknown]>): Body => Object.fromEntries(entries)
/** Inserts `item` at `at` modulo the length + 1, so any natural number picks a place. */
export const insertAt = <T>(list: readonly T[], at: number, item: T): T[] => {
  const index = at % (list.length + 1)
  return [...list.slice(0, index), item, ...list.slice(index)]
}
/** An own field only: a key named `toString` is data, not a prototype lookup. */
export const field = (body: Body, key: string) => (Object.hasOwn(body, key) ? body[key] : undefined)
/** The body with `key` set to `value` (moved last). */
export const withField = (body: Body, key: string, value: unknown): Body =>
  build([...Object.entries(body).filter(([k]) => k !== key), [key, value]])
/** The body without `keys`. */
export const without = (body: Body, ...keys: string[]): Body =>
  build(Object.entries(body).filter(([k]) => !keys.includes(k)))

// ------------------------------------------------------------------ strings

const space = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', ' \t ')
export const padded = (text: fc.Arbitrary<string>) => fc.tuple(space, text, space).map(([a, t, b]) => a + t + b)
export const blank = fc.constantFrom('', ' ', '   ', '\t\n')
export const nonBlank = (maxLength = 30) => fc.string({ minLength: 1, maxLength }).filter((text) => text.trim() !== '')
export const anyText = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 8 }))
/** Flips the case of ASCII letters only, so the fold of the result is the fold of the input. */
export const caseVariant = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) =>
      [...text]
        .map((char, i) =>
          flips[i] && /[a-z]/i.test(char)
            ? char === char.toLowerCase()
              ? char.toUpperCase()
              : char.toLowerCase()
            : char,
        )
        .join(''),
    )
const html = fc
  .array(
    fc.oneof(
      fc.constantFrom('<p>', '</p>', '<br>', '<b>', '</b>', '&amp;', '&lt;x&gt;', '&nbsp;', '<!-- c -->', '\n'),
      nonBlank(12),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''))
// Whitespace-only text is left out of both classes: only '' is surely missing.
export const itemText = fc
  .oneof(
    { weight: 3, arbitrary: nonBlank() },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }) },
    { weight: 2, arbitrary: html },
  )
  .filter((text) => text.trim() !== '')
export const address = fc.oneof(fc.webUrl(), nonBlank(20))
