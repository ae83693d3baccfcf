import 'fake-indexeddb/auto'
import { afterEach, expect, test } from 'vitest'
import * as z from 'zod'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { Artefact } from '../schemas/resources.ts'
import { createStore } from './store.ts'
import { ARTEFACT, CATEGORY, HEALTHY_INDEXEDDB, startMock } from '../testing/support.ts'

/**
 * Each payload is JSON text for a key or a string, so the escaped spelling
 * `"\u005f_proto__"` reaches JSON.parse as written.
 */
const PAYLOADS: Array<{ label: string; json: string }> = [
  { label: '__proto__', json: '"__proto__"' },
  { label: 'escaped \\u005f_proto__', json: '"\\u005f_proto__"' },
  { label: 'fully escaped __proto__', json: '"\\u005f\\u005f\\u0070\\u0072\\u006f\\u0074\\u006f\\u005f\\u005f"' },
  { label: 'constructor', json: '"constructor"' },
  { label: 'prototype', json: '"prototype"' },
  { label: 'constructor.prototype', json: '"constructor.prototype"' },
  { label: '__proto__.polluted', json: '"__proto__.polluted"' },
  { label: 'constructor[prototype][polluted]', json: '"constructor[prototype][polluted]"' },
  { label: 'hasOwnProperty', json: '"hasOwnProperty"' },
  { label: 'toString', json: '"toString"' },
  { label: 'valueOf', json: '"valueOf"' },
  { label: '__defineGetter__', json: '"__defineGetter__"' },
  { label: 'isPrototypeOf', json: '"isPrototypeOf"' },
  { label: 'toLocaleString', json: '"toLocaleString"' },
]
/** A value that pollutes whatever it is merged into carelessly. */
const POISON = '{"polluted":true,"toString":"x","__proto__":{"polluted":true}}'

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort()
/** Object.prototype gained nothing, and zod still builds and parses a new schema. */
function expectNothingPolluted() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames)
  const plain: Record<string, unknown> = {}
  expect([plain.polluted, typeof plain.toString, Object.getPrototypeOf(plain)]).toEqual([
    undefined,
    'function',
    Object.prototype,
  ])
  const Fresh = z.object({ name: z.string(), tags: z.record(z.string(), z.number()) })
  expect(Fresh.parse({ name: 'n', tags: { a: 1 } })).toEqual({ name: 'n', tags: { a: 1 } })
  expect(Fresh.safeParse({ name: 1 }).success).toBe(false)
}

let databases = 0
afterEach(expectNothingPolluted)

for (const { label, json } of PAYLOADS) {
  const text: string = JSON.parse(json)
  test(`${label} as a metaData key, title, query, category name, query string and header round-trips through GET and IndexedDB`, async () => {
    const database = `artefact-pollution-test-${(databases += 1)}`
    const first = startMock({ store: createStore({ persistence: indexedDbPersistence(database) }) })
    const headers = {
      'Content-Type': 'application/json',
      [text.replace(/[^!#$%&'*+.^_`|~0-9A-Za-z-]/g, '-')]: text,
      'X-Payload': text,
    }

    const category = await first.post(
      `${CATEGORY}?${encodeURIComponent(text)}=${encodeURIComponent(text)}`,
      `{"name":${json},${json}:${POISON}}`,
      { headers },
    )
    expect(category.status).toBe(201)
    const { categoryId, categoryName } = await category.json()
    expect(categoryName).toBe(text)

    const body = `{
      ${json}: ${POISON},
      "constructor": {"prototype": ${POISON}},
      "title": ${json},
      "primaryQuery": "primary",
      "queryVariations": [{"query": "other"}, {"query": ${json}, ${json}: ${POISON}}],
      "content": [{"mediaType": "text/plain", "text": ${json}, ${json}: ${POISON}}],
      "category": {"name": ${json}, ${json}: ${POISON}},
      "metaData": {
        ${json}: {"values": [${json}], "dataType": ${json}, ${json}: ${POISON}},
        "nested": {"values": ["x"], "dataType": "tag", "__proto__": ${POISON}, "constructor": {"prototype": ${POISON}}}
      }
    }`
    const hostile = `${encodeURIComponent(text)}=${encodeURIComponent(text)}`
    const query = `isDraft=true&${hostile}&__proto__[polluted]=1&constructor[prototype][polluted]=1`
    const created = await first.post(`${ARTEFACT}?${query}`, body, { headers })
    const answer = await created.json()
    expect({ status: created.status, hasErrors: answer.hasErrors, errors: answer.errors }).toEqual({
      status: 200,
      hasErrors: false,
      errors: [],
    })

    const read = await first.getArtefact(answer.responseId, { headers: { 'X-Payload': text } })
    const readText = await read.text()
    const artefact: Record<string, unknown> = JSON.parse(readText)
    expect(Artefact.safeParse(artefact).success).toBe(true)
    expect([artefact.title, read.headers.get('X-Artefact-Status')]).toEqual([text, 'draft'])
    expect((artefact.queryVariations as Array<{ query: string }>).map((q) => q.query)).toEqual(['other', text])
    expect((artefact.content as Array<{ text: string }>)[0]!.text).toBe(text)
    expect(artefact.category).toMatchObject({ id: categoryId, name: text })
    const metaData = artefact.metaData as Record<string, unknown>
    expect(Object.keys(metaData).sort()).toEqual(['nested', text].sort())
    expect(Object.getOwnPropertyDescriptor(metaData, text)?.value).toEqual({ values: [text], dataType: text })
    expect(Object.getPrototypeOf(metaData)).toBe(Object.prototype)
    first.close()

    // A new store over the same IndexedDB database reads back the very same bytes.
    const second = startMock({ store: createStore({ persistence: indexedDbPersistence(database) }) })
    const reread = await second.getArtefact(answer.responseId)
    expect(await reread.text()).toBe(readText)
    expect(second.store.getCategory(categoryId)?.name).toBe(text)
    await second.store.ready
    expect(second.store.getSnapshot().health).toStrictEqual(HEALTHY_INDEXEDDB)
    expect((await second.post(CATEGORY, { name: text })).status).toBe(422)
  })
}

test('ids and paths equal to __proto__, constructor or toString are 400 or 404, never a crash', async () => {
  const mock = startMock()
  for (const word of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
    expect((await mock.getArtefact(word)).status).toBe(400)
    expect((await mock.api(`/v3/preview-upcoming/resources/${word}`)).status).toBe(404)
    expect((await mock.api(`/v3/preview-upcoming/${word}/artefact`, { method: 'POST' })).status).toBe(404)
    expect(mock.store.findCategoryByName(word)).toBeUndefined()
    expect(mock.store.getArtefact(word)).toBeUndefined()
  }
})
