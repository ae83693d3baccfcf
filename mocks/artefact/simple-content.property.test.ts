import fc from 'fast-check'
import { expect, test } from 'vitest'
import { simpleContent } from './simple-content.ts'

const RUNS = 2000
const html = (text: string) => simpleContent([{ mediaType: 'text/html', text }])

/** A piece of markup: text (no `<`, no `&`), a tag, or a comment, with what behaviour §7 makes of it. */
type Token =
  | { kind: 'text'; markup: string }
  | { kind: 'tag'; markup: string; breaks: boolean }
  | { kind: 'comment'; markup: string }
  | { kind: 'open-comment'; markup: string }

const BLOCK = ['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']
const OTHER = [
  'b',
  'strong',
  'span',
  'a',
  'em',
  'code',
  'ul',
  'ol',
  'table',
  'td',
  'img',
  'script',
  'h7',
  'hr',
  'pre',
  'custom-el',
  'section',
  'x1',
]
const upperSome = (name: string) => fc.boolean().map((up) => (up ? name.toUpperCase() : name))
const textChar = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ019 .,;:!?-/="\'>()*#%') },
  { weight: 2, arbitrary: fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\r', '\u00a0', '\u2028', '\u3000') },
  { weight: 1, arbitrary: fc.constantFrom('é', '日本', '\u{1F600}', 'ß') },
)
const text = fc
  .array(textChar, { minLength: 1, maxLength: 8 })
  .map((chars): Token => ({ kind: 'text', markup: chars.join('') }))
const attributeValue = fc.string({ unit: fc.constantFrom(...'ab1 /=;:.?>'), maxLength: 8 })
const attributes = fc
  .array(
    fc.oneof(
      fc.constantFrom(' disabled', ' data-x=y', ' class=x'),
      attributeValue.map((value) => ` title="${value}"`),
      attributeValue.map((value) => ` alt='${value.replaceAll("'", '')}'`),
    ),
    { maxLength: 2 },
  )
  .map((list) => list.join(''))
const tag = fc
  .tuple(
    fc.oneof(fc.constantFrom(...BLOCK), fc.constantFrom(...OTHER)).chain(upperSome),
    fc.constantFrom('open', 'close', 'self'),
    attributes,
  )
  .map(
    ([name, form, attrs]): Token => ({
      kind: 'tag',
      markup: form === 'close' ? `</${name}>` : form === 'self' ? `<${name}${attrs} />` : `<${name}${attrs}>`,
      breaks: BLOCK.includes(name.toLowerCase()),
    }),
  )
const special = fc.constantFrom<Token>(
  { kind: 'tag', markup: '<!DOCTYPE html>', breaks: false },
  { kind: 'tag', markup: '<?xml version="1.0"?>', breaks: false },
  { kind: 'tag', markup: '</>', breaks: false },
)
// Comment text may hold tags and '>' but not '-', '!' or '<!--' (what HTML allows inside a comment).
const comment = fc
  .array(
    fc.oneof(
      text.map((t) => t.markup.replace(/[-!]/g, '')),
      tag.map((t) => t.markup),
    ),
    { maxLength: 3 },
  )
  // A space after "<!--": HTML reads "<!-->" and "<!--->" as empty comments.
  .map((parts): Token => ({ kind: 'comment', markup: `<!-- ${parts.join('')} -->` }))
const tokens = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 4, arbitrary: tag },
    { weight: 1, arbitrary: special },
    { weight: 1, arbitrary: comment },
  ),
  { maxLength: 16 },
)

/** Contract 7 applied to tokens: block tags break the line, other tags and comments go, white space collapses. */
function model(list: Token[]): string {
  const flat = list
    .map((t) => (t.kind === 'text' ? t.markup.replace(/[\r\n]+/g, ' ') : t.kind === 'tag' && t.breaks ? '\n' : ''))
    .join('')
  return flat
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
}
const join = (list: Token[]) => list.map((t) => t.markup).join('')

/** Every rendering is tidy plain text: no empty line, no edge or doubled white space, only ' ' and '\n'. */
function expectTidy(out: string) {
  expect(out).not.toMatch(/\n\n|^\n|\n$/)
  expect(out).not.toMatch(/[^\S \n]/)
  expect(out).not.toMatch(/^ | $|\n | \n| {2}/)
}

const hostileUnits = fc.constantFrom(
  ...'<>&#;!-/pP a\n\r\t0x',
  '<!--',
  '-->',
  '<p>',
  '</p>',
  '<br/>',
  '&amp;',
  '&lt;',
  '&#60;',
  '&#x3c;',
  '&nbsp;',
  '&#10;',
  '\u00a0',
)

test('simpleContent never throws and always gives tidy lines, for any string and any text type', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ unit: hostileUnits, maxLength: 60 }),
        tokens.map(join),
      ),
      fc.constantFrom('text/html', 'text/plain', 'text/markdown', 'TEXT/HTML; charset=utf-8', 'application/xhtml+xml'),
      (text, mediaType) => {
        const out = simpleContent([{ mediaType, text }])
        expect(typeof out).toBe('string')
        if (!mediaType.toLowerCase().startsWith('text/')) expect(out).toBe('')
        expectTidy(out)
      },
    ),
    { seed: 7_001, numRuns: RUNS },
  )
})

test('simpleContent of entity-free HTML is the text with block tags as line breaks and every tag gone', () => {
  fc.assert(
    fc.property(tokens, (list) => {
      const out = html(join(list))
      expect(out).toBe(model(list))
      expect(out).not.toContain('<')
    }),
    { seed: 7_002, numRuns: RUNS },
  )
})

test('no real tag of entity-free input survives, even after an unclosed comment', () => {
  const open = fc.constant<Token>({ kind: 'open-comment', markup: '<!--' })
  const withOpen = fc
    .tuple(tokens, open, fc.array(fc.oneof(text, tag), { maxLength: 6 }))
    .map(([a, o, b]) => [...a, o, ...b])
  fc.assert(
    fc.property(fc.oneof(tokens, withOpen), (list) => {
      const out = html(join(list))
      for (const t of list) if (t.kind === 'tag') expect(out).not.toContain(t.markup)
      expectTidy(out)
    }),
    { seed: 7_003, numRuns: RUNS },
  )
})

const ESCAPES: Record<string, string[]> = {
  '&': ['&amp;', '&#38;', '&#x26;'],
  '<': ['&lt;', '&#60;', '&#x3C;', '&#x3c;'],
  '>': ['&gt;', '&#62;'],
  '"': ['&quot;', '&#34;'],
  "'": ['&#39;', '&apos;'],
  '\u00a0': ['&nbsp;', '\u00a0'],
}

test('escaped text reads back as the text itself, white space collapsed (entities are decoded after tags go)', () => {
  const escaped = fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
        { weight: 2, arbitrary: fc.constantFrom(...Object.keys(ESCAPES), '<b>', '&lt;', ' ') },
      ),
      { maxLength: 12 },
    )
    .chain((parts) => {
      const plain = parts.join('')
      return fc.array(fc.nat(), { minLength: plain.length, maxLength: plain.length }).map((picks) => ({
        plain,
        markup: [...plain]
          .map((char, i) => (ESCAPES[char] ? ESCAPES[char][picks[i]! % ESCAPES[char].length]! : char))
          .join(''),
      }))
    })
  fc.assert(
    fc.property(escaped, ({ plain, markup }) => {
      expect(html(markup)).toBe(plain.replace(/\s+/g, ' ').trim())
    }),
    { seed: 7_004, numRuns: RUNS },
  )
  expect(html('Use &lt;Ctrl&gt; + &lt;K&gt;')).toBe('Use <Ctrl> + <K>')
})

test('the simpleContent of several items is theirs joined by single newlines; non-text items add nothing', () => {
  const item = fc.record({
    mediaType: fc.constantFrom('text/html', 'text/plain', 'image/png', 'application/pdf', 'Text/Markdown'),
    text: fc.option(fc.oneof(tokens.map(join), fc.string({ maxLength: 30 })), { nil: null }),
  })
  fc.assert(
    fc.property(fc.array(item, { maxLength: 5 }), (items) => {
      const parts = items.map((i) => simpleContent([i])).filter((part) => part !== '')
      expect(simpleContent(items)).toBe(parts.join('\n'))
      for (const i of items) if (!i.mediaType.toLowerCase().startsWith('text/')) expect(simpleContent([i])).toBe('')
    }),
    { seed: 7_005, numRuns: RUNS },
  )
  expect(simpleContent([])).toBe('')
})

const HOSTILE = {
  "'<a' x 500k": '<a'.repeat(500_000),
  "'<' x 1M": '<'.repeat(1_000_000),
  "'<!--' x 250k": '<!--'.repeat(250_000),
  "'<!-' x 333k": '<!-'.repeat(333_333),
  "'<!' x 500k": '<!'.repeat(500_000),
  "'</' x 500k": '</'.repeat(500_000),
  "'<p>' x 333k": '<p>'.repeat(333_333),
  "'<a>' x 333k": '<a>'.repeat(333_333),
  "'<a ' x 333k then '>'": `${'<a '.repeat(333_333)}>`,
  "'<a' then ' b' x 500k": `<a${' b'.repeat(500_000)}`,
  "'<!--' then 1M 'x'": `<!--${'x'.repeat(1_000_000)}`,
  "'< <' x 333k": '< <'.repeat(333_333),
  "'<a&' x 333k": '<a&'.repeat(333_333),
  "'&' x 1M": '&'.repeat(1_000_000),
  "'&#' x 500k": '&#'.repeat(500_000),
  "'&#x' x 333k": '&#x'.repeat(333_333),
  "'&amp' x 250k": '&amp'.repeat(250_000),
  "'&nbsp;' x 166k": '&nbsp;'.repeat(166_666),
  "' ' x 1M": ' '.repeat(1_000_000),
  "'\\n' x 1M": '\n'.repeat(1_000_000),
  "'a\\n' x 500k": 'a\n'.repeat(500_000),
}

// No timed assertion: a quadratic scan of 1 MB takes minutes, so the 10 s timeout catches it.
test.each(Object.entries(HOSTILE))(
  'renders %s (1 MB of hostile markup) in linear time',
  (_, text) => {
    for (const mediaType of ['text/html', 'text/plain']) expectTidy(simpleContent([{ mediaType, text }]))
  },
  10_000,
)
