import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { absoluteUrl, shellQuote, toCurl, toFetchSnippet } from './snippets.ts'

const BASE = 'http://localhost:5173'
const PATH = '/v3/preview-upcoming/resources/artefact'

/**
 * A tiny POSIX word splitter for the subset toCurl writes: single quotes,
 * backslash escapes outside quotes, backslash-newline as a line continuation.
 */
function parseShell(command: string): string[] {
  const words: string[] = []
  let word: string | null = null
  for (let i = 0; i < command.length; i += 1) {
    const char = command[i]!
    if (char === "'") {
      const end = command.indexOf("'", i + 1)
      if (end < 0) throw new SyntaxError('unterminated quote')
      word = (word ?? '') + command.slice(i + 1, end)
      i = end
    } else if (char === '\\') {
      const next = command[i + 1]
      if (next === undefined) throw new SyntaxError('trailing backslash')
      if (next !== '\n') word = (word ?? '') + next
      i += 1
    } else if (char === ' ' || char === '\n' || char === '\t') {
      if (word !== null) words.push(word)
      word = null
    } else if (/[A-Za-z0-9_./:=-]/.test(char)) {
      word = (word ?? '') + char
    } else {
      throw new SyntaxError(`unquoted special character ${JSON.stringify(char)}`)
    }
  }
  if (word !== null) words.push(word)
  return words
}

const post = {
  method: 'POST',
  url: `${PATH}?isDraft=true`,
  headers: [
    ['Content-Type', 'application/json'],
    ['X-Artefact-Explorer', '1'],
    ['Accept', 'application/json'],
  ] as Array<[string, string]>,
  body: '{"title":"It\'s here"}',
}

describe('toCurl', () => {
  test('names the method, the absolute URL, the headers and the body', () => {
    expect(toCurl(post, BASE)).toBe(
      [
        `curl -X 'POST' '${BASE}${PATH}?isDraft=true'`,
        `-H 'Content-Type: application/json'`,
        `-H 'Accept: application/json'`,
        `--data-raw '{"title":"It'\\''s here"}'`,
      ].join(' \\\n  '),
    )
  })

  test('leaves out the explorer marker header in any case', () => {
    const command = toCurl({ ...post, headers: [['x-artefact-explorer', '1']] }, BASE)
    expect(command).not.toMatch(/explorer/i)
  })

  test('sends no --data-raw when there is no body, and keeps an empty body', () => {
    expect(toCurl({ ...post, method: 'GET', body: null }, BASE)).not.toContain('--data-raw')
    expect(parseShell(toCurl({ ...post, headers: [], body: '' }, BASE)).slice(-2)).toEqual(['--data-raw', ''])
  })

  test('keeps an absolute URL as it is', () => {
    expect(absoluteUrl('https://api.example.test/v3/x?a=1', BASE)).toBe('https://api.example.test/v3/x?a=1')
  })

  test('quotes a single quote as close, escaped quote, reopen', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`)
    expect(parseShell(shellQuote("''"))).toEqual(["''"])
  })

  test('parses back to the same argv for any header values and body', () => {
    // A shell word cannot hold NUL; anything else must survive.
    const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((value) => !value.includes('\0'))
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/)
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.array(fc.tuple(name, text), { maxLength: 5 }),
        fc.option(text, { nil: null }),
        fc.webPath(),
        (method, headers, body, path) => {
          const kept = headers.filter(([header]) => header.toLowerCase() !== 'x-artefact-explorer')
          const request = { method, url: path, headers, body }
          const expected = ['curl', '-X', method, absoluteUrl(path, BASE)]
          for (const [header, value] of kept) expected.push('-H', `${header}: ${value}`)
          if (body !== null) expected.push('--data-raw', body)
          expect(parseShell(toCurl(request, BASE))).toEqual(expected)
        },
      ),
    )
  })
})

/** What a fetch snippet would call fetch with, by running it against a stub. */
function runSnippet(snippet: string): { url: string; init: { method: string; headers?: unknown; body?: string } } {
  let seen: { url: string; init: { method: string } } | undefined
  const fetchStub = (url: string, init: { method: string }) => {
    seen = { url, init }
    return { then: () => undefined }
  }
  new Function('fetch', snippet)(fetchStub)
  if (!seen) throw new Error('the snippet did not call fetch')
  return seen
}

describe('toFetchSnippet', () => {
  test('writes a fetch call with method, absolute URL, headers and body', () => {
    const snippet = toFetchSnippet(post, BASE)
    expect(snippet).toContain(`fetch("${BASE}${PATH}?isDraft=true", {`)
    expect(snippet).toContain('"Content-Type": "application/json",')
    expect(snippet).toContain('body: "{\\"title\\":\\"It\'s here\\"}",')
    expect(snippet).not.toMatch(/explorer/i)
  })

  test('parses as JavaScript (without running it)', () => {
    expect(() => new Function(toFetchSnippet(post, BASE))).not.toThrow()
  })

  test('lists headers as pairs when a name repeats or is __proto__', () => {
    const repeated = { ...post, headers: [['Accept', 'a'], ['accept', 'b']] as Array<[string, string]> }
    expect(runSnippet(toFetchSnippet(repeated, BASE)).init.headers).toEqual([['Accept', 'a'], ['accept', 'b']])
    const proto = { ...post, headers: [['__proto__', 'x']] as Array<[string, string]> }
    expect(runSnippet(toFetchSnippet(proto, BASE)).init.headers).toEqual([['__proto__', 'x']])
  })

  test('is valid JavaScript that passes the same request for any header values and body', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 })
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/), text), { maxLength: 5 }),
        fc.option(text, { nil: null }),
        fc.webPath(),
        (headers, body, path) => {
          const snippet = toFetchSnippet({ method: 'POST', url: path, headers, body }, BASE)
          expect(() => new Function(snippet)).not.toThrow()
          const { url, init } = runSnippet(snippet)
          const kept = headers.filter(([name]) => name.toLowerCase() !== 'x-artefact-explorer')
          expect(url).toBe(absoluteUrl(path, BASE))
          expect(init.method).toBe('POST')
          expect(init.body).toBe(body ?? undefined)
          const sent = init.headers === undefined ? [] : Array.isArray(init.headers) ? init.headers : Object.entries(init.headers as Record<string, string>)
          expect(sent).toEqual(kept)
        },
      ),
    )
  })
})
