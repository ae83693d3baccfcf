/**
 * Hostile input for the fuzzer: 10,000-character strings, odd unicode (lone surrogates,
 * bidi controls, combining marks), prototype-polluting keys, and bodies spiked with them.
 */
import fc from 'fast-check'
import { type Body, build } from '../mocks/testing/body-text.ts'

const LONG = 10_000
export const long = (unit: string) => unit.repeat(Math.ceil(LONG / unit.length)).slice(0, LONG)
const UNICODE = ['\u{1F600}', 'é', 'Ω', '中文', '\u0000', '\u200b', '\ud800', 'ﷺ', '\u202e', 'e\u0301']
export const unicodeText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...UNICODE),
)
/** 10,000-character strings: ASCII, astral, markup, white space, a lone surrogate. */
export const longText = fc.constantFrom(
  long('a'),
  long('\u{1F600}'),
  long('<p>&amp;'),
  long(' '),
  long('\ud800'),
  long('%2F'),
  long('__proto__'),
)
export const POLLUTION = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
]
export const hostileKey = fc.oneof(fc.constantFrom(...POLLUTION), unicodeText, longText)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  unicodeText,
  longText,
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-0, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.5),
)

/** Percent-encodes UTF-8 bytes; a lone surrogate becomes U+FFFD (encodeURIComponent would throw). */
export const pct = (text: string) =>
  Array.from(new TextEncoder().encode(text), (byte) => {
    const char = String.fromCharCode(byte)
    return /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }).join('')
/** A body with hostile keys and values put into it (own keys, `__proto__` included). */
export const spiked = (base: fc.Arbitrary<Body>) =>
  fc
    .tuple(base, fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 3 }))
    .map(([body, extra]) => build([...Object.entries(body), ...extra]))
