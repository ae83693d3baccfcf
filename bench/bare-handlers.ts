import { HttpResponse, http } from 'msw'
import { PATH } from './fixtures.ts'

/**
 * Bare msw handlers: the same paths, answering the same bytes (GET) or reading
 * the same body (POSTs), with none of the mock's pipeline. `getBytes` is the
 * project's GET answer, taken outside the timed path. `keep` is how a create is
 * kept and awaited: a Map by default; the worker bench's storage floor passes one
 * IndexedDB write per create.
 */
export function bareHandlers(
  origin: string,
  getBytes: string,
  keep: (key: string | number, value: unknown) => unknown = (() => {
    // Kept as any mock that stores must keep what it creates, so "heap kept per request" compares like with like.
    const created = new Map<string | number, unknown>()
    return (key, value) => created.set(key, value)
  })(),
) {
  const base = `${origin}${PATH}`
  let nextCategory = 7
  return [
    http.get(`${base}/artefact/:id`, () =>
      HttpResponse.text(getBytes, {
        headers: { 'Content-Type': 'application/json', 'X-Artefact-Status': 'published' },
      }),
    ),
    http.post(`${base}/artefact`, async ({ request }) => {
      const responseId = crypto.randomUUID()
      await keep(responseId, await request.json())
      return HttpResponse.json({ responseId, hasErrors: false, errors: [] })
    }),
    http.post(`${base}/artefactcategory`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string }
      const categoryId = nextCategory++
      await keep(categoryId, name)
      return HttpResponse.json({ categoryId, categoryName: name }, { status: 201 })
    }),
  ]
}
