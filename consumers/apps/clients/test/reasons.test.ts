// Beside the guide's blocks: the reason a browser's address bar gets, which the guide names too.
import { expect, test } from 'vitest'

test("a browser's address-bar Accept is 406, naming the range that JSON does not satisfy", async () => {
  const res = await fetch('https://api.example.test/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001', {
    headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  })
  expect(res.status).toBe(406)
  expect(res.headers.get('X-Mock-Reason')).toContain('Accept: text/html is not satisfied by application/json')
})
