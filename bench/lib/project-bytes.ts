import { getResponse } from 'msw'
import { createControl } from '../../mocks/control/control.ts'
import { createHandlers } from '../../mocks/handlers/create-handlers.ts'
import { createStore } from '../../mocks/store/store.ts'
import { requestFor } from '../fixtures.ts'

/** The project's exact GET answer for the seed artefact at `origin`, so the bare handler sends the same bytes. */
export async function projectGetBytes(origin: string): Promise<string> {
  const handlers = createHandlers({ control: createControl({ store: createStore() }) })
  const res = await getResponse(handlers, requestFor(origin, 'get', 0))
  if (res?.status !== 200) throw new Error(`[bench] the project answered ${res?.status} to the seed GET`)
  return res.text()
}
