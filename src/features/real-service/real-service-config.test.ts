import { describe, expect, test } from 'vitest'
import { memoryStorage } from './memory-storage.test-support.ts'
import {
  parseBaseUrl,
  REAL_SERVICE_KEY,
  readRealServiceConfig,
  realUrlOf,
  writeRealServiceConfig,
} from './real-service-config.ts'

describe('the real base URL', () => {
  test('takes an absolute http or https URL, without its trailing slash, its own path kept', () => {
    expect(parseBaseUrl(' https://staging.example.test/ ')).toEqual({ ok: true, url: 'https://staging.example.test' })
    expect(parseBaseUrl('http://127.0.0.1:9090/api/')).toEqual({ ok: true, url: 'http://127.0.0.1:9090/api' })
  })

  test.each([
    ['', /Enter the real service/],
    ['staging.example.test', /Not an absolute URL/],
    ['/v3/preview-upcoming', /Not an absolute URL/],
    ['javascript:alert(1)', /Only http:\/\/ and https:\/\/ URLs, not javascript:/],
    ['ftp://files.example.test', /not ftp:/],
    ['https://user:secret@staging.example.test', /No credentials/],
    ['https://staging.example.test/?key=1', /no \?query or #fragment/],
    ['https://staging.example.test/#top', /no \?query or #fragment/],
  ])('refuses %j, saying why', (text, reason) => {
    const parsed = parseBaseUrl(text)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.reason).toMatch(reason)
  })

  test("puts the page's path and query under the base URL", () => {
    expect(
      realUrlOf('https://staging.example.test/api', 'http://localhost:4173/v3/preview-upcoming/x?isDraft=true'),
    ).toBe('https://staging.example.test/api/v3/preview-upcoming/x?isDraft=true')
  })
})

describe('the stored choice', () => {
  test('reads back what was written; nothing chosen is nothing stored', () => {
    const storage = memoryStorage()
    writeRealServiceConfig(storage, { baseUrl: 'https://staging.example.test', operations: ['getArtefact'] })
    expect(readRealServiceConfig(storage)).toEqual({
      baseUrl: 'https://staging.example.test',
      operations: ['getArtefact'],
    })
    writeRealServiceConfig(storage, { baseUrl: null, operations: [] })
    expect(storage.getItem(REAL_SERVICE_KEY)).toBeNull()
  })

  test.each([
    ['not JSON', '{'],
    ['an unknown operation', JSON.stringify({ baseUrl: 'https://x.test', operations: ['deleteEverything'] })],
    ['a base URL that no longer passes', JSON.stringify({ baseUrl: 'javascript:alert(1)', operations: [] })],
    ['another shape', JSON.stringify(['https://x.test'])],
  ])('drops %s, and removes it', (_, raw) => {
    const storage = memoryStorage({ [REAL_SERVICE_KEY]: raw })
    expect(readRealServiceConfig(storage)).toEqual({ baseUrl: null, operations: [] })
    expect(storage.getItem(REAL_SERVICE_KEY)).toBeNull()
  })
})
