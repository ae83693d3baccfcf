import { describe, expect, test } from 'vitest'
import { ARTEFACT, CATEGORY, expectError, startMock } from '../testing/support.ts'

const MIB = 1024 * 1024

/** A valid JSON body of exactly `bytes` bytes: the fields, padded by an unknown field. */
function paddedBody(fields: Record<string, unknown>, bytes: number): string {
  const head = `${JSON.stringify(fields).slice(0, -1)},"pad":"`
  const tail = '"}'
  return head + 'a'.repeat(bytes - head.length - tail.length) + tail
}

const OPERATIONS = [
  { name: 'create artefact', path: ARTEFACT, fields: { title: 'Padded' }, success: 200 },
  { name: 'create category', path: CATEGORY, fields: { name: 'Padded' }, success: 201 },
]

describe.each(OPERATIONS)('$name', ({ path, fields, success }) => {
  test('answers 400 when the body is missing', async () => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await mock.api(path, { method: 'POST', headers: { 'Content-Type': 'application/json' } }), 400)
    expect(mock.contents()).toStrictEqual(before)
  })

  test.each(['', '   ', '\n\t'])('answers 400 when the body is empty (%j)', async (body) => {
    const mock = startMock()
    await expectError(await mock.post(path, body), 400)
  })

  test.each(['{', 'not json', "{'title': 'x'}", '{"title": "x",}', '{"title": "x"} trailing'])(
    'answers 400 when the body is not valid JSON (%s)',
    async (body) => {
      const mock = startMock()
      const before = mock.contents()
      await expectError(await mock.post(path, body), 400)
      expect(mock.contents()).toStrictEqual(before)
    },
  )

  test.each([
    ['an array', JSON.stringify([fields])],
    ['an empty array', '[]'],
    ['a number', '42'],
    ['a string', '"title"'],
    ['null', 'null'],
    ['a boolean', 'true'],
  ])('answers 400 when the body is JSON %s', async (_kind, body) => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await mock.post(path, body), 400)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 400 when the body is not UTF-8', async () => {
    const mock = startMock()
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bytes }
    await expectError(await mock.api(path, init), 400)
  })

  test('answers 400 when the body is one byte over the default limit of 1 MiB', async () => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await mock.post(path, paddedBody(fields, MIB + 1)), 400)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('accepts a body of exactly 1 MiB', async () => {
    const mock = startMock()
    expect((await mock.post(path, paddedBody(fields, MIB))).status).toBe(success)
  })

  test('answers 400 when the body is over a smaller configured limit', async () => {
    const mock = startMock({ bodyLimitBytes: 100 })
    const before = mock.contents()
    await expectError(await mock.post(path, paddedBody(fields, 101)), 400)
    expect(mock.contents()).toStrictEqual(before)
    expect((await mock.post(path, paddedBody(fields, 100))).status).toBe(success)
  })

  test('counts a multi-byte character as its UTF-8 bytes against the limit', async () => {
    const mock = startMock({ bodyLimitBytes: 40 })
    const body = JSON.stringify({ ...fields, pad: '\u00e9'.repeat(12) })
    expect(body.length).toBeLessThanOrEqual(40)
    await expectError(await mock.post(path, body), 400)
  })

  test('applies a limit changed at run time', async () => {
    const mock = startMock()
    mock.control.set({ bodyLimitBytes: 50 })
    await expectError(await mock.post(path, paddedBody(fields, 51)), 400)
  })
})
