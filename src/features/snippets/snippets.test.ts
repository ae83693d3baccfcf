import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { retarget } from './snippet-target.ts'
import { DEFAULT_SHELL_BASE, shellQuote, toCurl, toFetchSnippet } from './snippets.ts'

const BASE = 'http://localhost:5173'
const HTTP_MODE = 'http://127.0.0.1:8787'
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
    } else if (/[A-Za-z0-9_./:=@-]/.test(char)) {
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
  url: `${BASE}${PATH}?isDraft=true`,
  headers: [
    ['Content-Type', 'application/json'],
    ['X-Artefact-Explorer', '1'],
    ['Accept', 'application/json'],
  ] as Array<[string, string]>,
  body: '{"title":"It\'s here"}',
}

const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/)
const kept = (headers: Array<[string, string]>) =>
  headers.filter(([name]) => name.toLowerCase() !== 'x-artefact-explorer')

describe('toCurl', () => {
  test('names the method, the URL on the HTTP mode, the headers and the body', () => {
    expect(toCurl(post)).toBe(
      [
        `curl -i -X 'POST' '${HTTP_MODE}${PATH}?isDraft=true'`,
        `-H 'Content-Type: application/json'`,
        `-H 'Accept: application/json'`,
        `--data-binary '{"title":"It'\\''s here"}'`,
      ].join(' \\\n  '),
    )
    expect(DEFAULT_SHELL_BASE).toBe(HTTP_MODE)
  })

  test("removes curl's own Content-Type when the request had none", () => {
    const omitted = { ...post, headers: [['Accept', 'application/json']] as Array<[string, string]> }
    expect(parseShell(toCurl(omitted))).toEqual([
      'curl',
      '-i',
      '-X',
      'POST',
      `${HTTP_MODE}${PATH}?isDraft=true`,
      '-H',
      'Accept: application/json',
      '-H',
      'Content-Type:',
      '--data-binary',
      `{"title":"It's here"}`,
    ])
  })

  test('sends an empty header value as Name; and a GET without data', () => {
    const words = parseShell(toCurl({ method: 'GET', url: `${BASE}${PATH}/x`, headers: [['Accept', '']], body: null }))
    expect(words).toEqual(['curl', '-i', '-X', 'GET', `${HTTP_MODE}${PATH}/x`, '-H', 'Accept;'])
  })

  test('sends a body that starts with @ as --data-raw, which reads no file', () => {
    expect(parseShell(toCurl({ ...post, body: '@/etc/passwd' })).slice(-2)).toEqual(['--data-raw', '@/etc/passwd'])
  })

  test('leaves out the explorer marker and the headers every client sets itself', () => {
    const headers: Array<[string, string]> = [
      ['x-artefact-explorer', '1'],
      ['User-Agent', 'x'],
      ['sec-ch-ua', 'y'],
      ['Host', 'z'],
    ]
    expect(toCurl({ ...post, headers })).not.toMatch(/explorer|user-agent|sec-ch|host:/i)
  })

  test('goes to the base it is given, path prefix included', () => {
    expect(parseShell(toCurl({ ...post, body: null }, 'https://mock.example.test/api'))[4]).toBe(
      `https://mock.example.test/api${PATH}?isDraft=true`,
    )
  })

  test('quotes a single quote as close, escaped quote, reopen', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`)
    expect(parseShell(shellQuote("''"))).toEqual(["''"])
  })

  test('parses back to the same argv for any header values and body', () => {
    // A shell word cannot hold NUL; anything else must survive.
    const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((value) => !value.includes('\0'))
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.array(fc.tuple(headerName, text), { maxLength: 5 }),
        fc.option(text, { nil: null }),
        fc.webPath(),
        (method, headers, body, path) => {
          const named = kept(headers).filter(
            ([name]) =>
              !/^(host|connection|origin|referer|cookie|priority|keep-alive|user-agent|content-length|sec-.*)$/i.test(
                name,
              ),
          )
          fc.pre(named.length === kept(headers).length)
          const expected = ['curl', '-i', '-X', method, retarget(path, HTTP_MODE)]
          for (const [header, value] of named) expected.push('-H', value === '' ? `${header};` : `${header}: ${value}`)
          if (body !== null) {
            if (!named.some(([name]) => name.toLowerCase() === 'content-type')) expected.push('-H', 'Content-Type:')
            expected.push(body.startsWith('@') ? '--data-raw' : '--data-binary', body)
          }
          expect(parseShell(toCurl({ method, url: path, headers, body }))).toEqual(expected)
        },
      ),
    )
  })
})

/** What a fetch snippet would call fetch with, by running it against a stub. */
function runSnippet(snippet: string): { url: string; init: { method: string; headers?: unknown; body?: unknown } } {
  let seen: { url: string; init: { method: string } } | undefined
  const fetchStub = (url: string, init: { method: string }) => {
    seen = { url, init }
    // biome-ignore lint/suspicious/noThenProperty: a stand-in for fetch's promise, which the snippet only chains
    return { then: () => undefined }
  }
  new Function('fetch', snippet)(fetchStub)
  if (!seen) throw new Error('the snippet did not call fetch')
  return seen
}

const decoded = (body: unknown) => (body instanceof Uint8Array ? new TextDecoder().decode(body) : body)

describe('toFetchSnippet', () => {
  test('writes a fetch call with method, URL on the page origin, headers and body', () => {
    const snippet = toFetchSnippet(post, BASE)
    expect(snippet).toContain(`fetch("${BASE}${PATH}?isDraft=true", {`)
    expect(snippet).toContain('"Content-Type": "application/json",')
    expect(snippet).toContain('body: "{\\"title\\":\\"It\'s here\\"}",')
    expect(snippet).not.toMatch(/explorer/i)
  })

  test('sends the body as bytes when the request had no Content-Type', () => {
    const omitted = { ...post, headers: [] }
    const { init } = runSnippet(toFetchSnippet(omitted, BASE))
    expect(init.body).toBeInstanceOf(Uint8Array)
    expect(decoded(init.body)).toBe(post.body)
    expect(init.headers).toBeUndefined()
  })

  test('retargets to a base, keeping path and query', () => {
    expect(runSnippet(toFetchSnippet(post, 'http://127.0.0.1:8787')).url).toBe(
      `http://127.0.0.1:8787${PATH}?isDraft=true`,
    )
  })

  test('parses as JavaScript (without running it)', () => {
    expect(() => new Function(toFetchSnippet(post, BASE))).not.toThrow()
  })

  test('lists headers as pairs when a name repeats or is __proto__', () => {
    const repeated = {
      ...post,
      headers: [
        ['Accept', 'a'],
        ['accept', 'b'],
      ] as Array<[string, string]>,
    }
    expect(runSnippet(toFetchSnippet(repeated, BASE)).init.headers).toEqual([
      ['Accept', 'a'],
      ['accept', 'b'],
    ])
    const proto = { ...post, headers: [['__proto__', 'x']] as Array<[string, string]> }
    expect(runSnippet(toFetchSnippet(proto, BASE)).init.headers).toEqual([['__proto__', 'x']])
  })

  test('is valid JavaScript that passes the same request for any header values and body', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 })
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            headerName.filter(
              (name) =>
                !/^(host|connection|origin|referer|cookie|priority|keep-alive|user-agent|content-length|sec-.*)$/i.test(
                  name,
                ),
            ),
            text,
          ),
          { maxLength: 5 },
        ),
        fc.option(text, { nil: null }),
        fc.webPath(),
        (headers, body, path) => {
          const snippet = toFetchSnippet({ method: 'POST', url: path, headers, body }, BASE)
          expect(() => new Function(snippet)).not.toThrow()
          const { url, init } = runSnippet(snippet)
          expect(url).toBe(retarget(path, BASE))
          expect(init.method).toBe('POST')
          expect(decoded(init.body)).toBe(body ?? undefined)
          const sent =
            init.headers === undefined
              ? []
              : Array.isArray(init.headers)
                ? init.headers
                : Object.entries(init.headers as Record<string, string>)
          expect(sent).toEqual(kept(headers))
        },
      ),
    )
  })
})
