/**
 * Writes a JSON value as a JavaScript expression for a generated test: readable
 * (identifier keys bare, short values on one line), exact (strings as JSON literals),
 * with `Code` slots for matchers such as `expect.any(String)`.
 */

/** Source text put in the literal as it is, e.g. `expect.any(String)`. */
export class Code {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const ONE_LINE = 100

/**
 * A string as a single-quoted JavaScript literal: JSON's escapes, with `"` plain and `'` escaped.
 *
 * @example
 * jsString(`It's "here"`) // 'It\'s "here"'
 */
export function jsString(text: string): string {
  // In JSON's output every " has its escaping backslash right before it.
  return `'${JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`
}

/** A key as written in an object literal; `__proto__` is computed, so it stays an own key. */
function keyOf(key: string): string {
  if (key === '__proto__') return `[${jsString(key)}]`
  return IDENTIFIER.test(key) ? key : jsString(key)
}

/**
 * The value as a JavaScript expression, indented from `indent`.
 *
 * @example
 * jsLiteral({ errorCode: '404', id: new Code('expect.any(String)') })
 * // { errorCode: '404', id: expect.any(String) }
 */
export function jsLiteral(value: unknown, indent = ''): string {
  if (value instanceof Code) return value.text
  if (value === undefined) return 'undefined'
  if (typeof value === 'string') return jsString(value)
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const inner = `${indent}  `
  const parts = Array.isArray(value)
    ? value.map((item) => jsLiteral(item, inner))
    : Object.entries(value).map(([key, item]) => `${keyOf(key)}: ${jsLiteral(item, inner)}`)
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  if (parts.length === 0) return `${open}${close}`
  const flat = Array.isArray(value) ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`
  if (flat.length + indent.length <= ONE_LINE && !flat.includes('\n')) return flat
  return `${open}\n${parts.map((part) => `${inner}${part},`).join('\n')}\n${indent}${close}`
}
