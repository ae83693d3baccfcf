import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { Code, jsLiteral, jsString } from './js-literal.ts'

const evaluate = (code: string): unknown => new Function(`return (${code})`)()

describe('jsString', () => {
  test('writes single quotes with the double quote plain', () => {
    expect(jsString(`It's "here"`)).toBe(`'It\\'s "here"'`)
    expect(jsString('a\\"b')).toBe(`'a\\\\"b'`)
  })

  test('evaluates back to the same string for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(evaluate(jsString(text))).toBe(text)
      }),
    )
  })
})

describe('jsLiteral', () => {
  test('keeps identifier keys bare, quotes the others, and puts matchers in as code', () => {
    expect(jsLiteral({ errorCode: '404', 'x-y': 1, id: new Code('expect.any(String)') })).toBe(
      "{ errorCode: '404', 'x-y': 1, id: expect.any(String) }",
    )
  })

  test('breaks a long value over lines, indented from where it starts', () => {
    const text = jsLiteral({ title: 'x'.repeat(90), tags: [] }, '  ')
    expect(text).toBe(`{\n    title: '${'x'.repeat(90)}',\n    tags: [],\n  }`)
  })

  test('writes __proto__ as a computed key, so it stays an own property', () => {
    const value = evaluate(jsLiteral(JSON.parse('{"__proto__":{"values":["x"]}}'))) as object
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['__proto__'])
  })

  test('evaluates back to the same JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(evaluate(jsLiteral(value))).toEqual(JSON.parse(JSON.stringify(value)))
      }),
    )
  })
})
