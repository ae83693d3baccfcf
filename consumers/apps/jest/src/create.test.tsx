// The app's own check, beside the guide's tests: a create through the mock under Jest. The create
// decodes character references with entities, and Jest runs the package's ES modules through its
// VM modules, so this proves the mock's imports work there.
import { expect, test } from '@jest/globals'

const API = 'http://localhost/v3/preview-upcoming/resources/artefact'

test('a create answers its id, and the artefact read back has its character references decoded', async () => {
  const created = await fetch(API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ title: 'Fish', content: [{ mediaType: 'text/html', text: '<p>Fish &amp; chips</p>' }] }),
  })
  expect(created.status).toBe(200)
  const { responseId, hasErrors } = await created.json()
  expect(hasErrors).toBe(false)
  const read = await (await fetch(`${API}/${responseId}`)).json()
  expect(read.simpleContent).toBe('Fish & chips')
})
