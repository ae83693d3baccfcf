import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { getResponse } from 'msw'
import { expect, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'
import { createHandlers } from '../handlers/create-handlers.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { type Category, CreateArtefactResponse, CreateCategoryResponse } from '../schemas/resources.ts'
import { createStore } from './store.ts'
import { validArtefactBody } from '../testing/artefact-bodies.ts'
import { type Body, caseVariant } from '../testing/body-text.ts'
import { ruleBrokenBody } from '../testing/broken-bodies.ts'
import { freshCategoryName } from '../testing/category-bodies.ts'
import { expectedRead, own, resolveCategory, sortedEntries } from '../testing/read-side.ts'
import { ARTEFACT, CATEGORY, HEALTHY_INDEXEDDB, ORIGIN, START } from '../testing/support.ts'
import { fold } from '../testing/oracle.ts'

const SEQUENCES = 200
type Json = Record<string, unknown>

/** The model: what a person expects the mock to hold, kept apart from the store. */
interface Model {
  artefacts: Map<string, { body: Body; isDraft: boolean; at: string; category: Category | null }>
  categories: Map<number, Category>
}
/** The real thing: one tab over a fake-indexeddb database; reload swaps the tab for a new one. */
interface Real {
  database: string
  clock: { now: number }
  tab: ReturnType<typeof openTab>
}

function openTab(database: string, clock: { now: number }) {
  const store = createStore({ persistence: indexedDbPersistence(database) })
  const control = createControl({ store, now: () => clock.now })
  const handlers = createHandlers({ control })
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await getResponse(handlers, new Request(`${ORIGIN}${path}`, init))
    if (!response) throw new Error(`no handler answered ${path}`)
    return response
  }
  const post = (path: string, body: unknown) =>
    send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return { store, control, send, post }
}

const seedModel = (): Model => ({ artefacts: new Map(), categories: new Map(seedCategories.map((c) => [c.id, c])) })
/** GET answers for `id` what was sent, as behaviour §7 defines the read side. */
async function readsBack(model: Model, real: Real, id: string, upper = false) {
  const response = await real.tab.send(`${ARTEFACT}/${upper ? id.toUpperCase() : id}`)
  expect(response.status).toBe(200)
  const sent = model.artefacts.get(id)!
  expect(response.headers.get('X-Artefact-Status')).toBe(sent.isDraft ? 'draft' : 'published')
  const { metaData, ...read } = (await response.json()) as Json
  expect(read).toEqual(expectedRead(id, { ...sent, collection: `${ORIGIN}${ARTEFACT}` }))
  expect(sortedEntries(metaData)).toEqual(sortedEntries(own(sent.body, 'metaData')))
}

/** After every command: the store holds exactly what the model holds. */
function agree(model: Model, real: Real) {
  const { artefacts, categories } = real.tab.store.getSnapshot()
  expect(artefacts.map((r) => r.summary.id).sort()).toEqual(
    [...seedArtefacts.map((s) => s.id), ...model.artefacts.keys()].sort(),
  )
  expect([...categories].sort((a, b) => a.id - b.id)).toEqual(
    [...model.categories.values()].sort((a, b) => a.id - b.id),
  )
  expect(real.tab.store.getSnapshot().health).toStrictEqual(HEALTHY_INDEXEDDB)
}

class CreateArtefact implements fc.AsyncCommand<Model, Real> {
  readonly body: Body
  readonly isDraft: boolean
  constructor(body: Body, isDraft: boolean) {
    this.body = body
    this.isDraft = isDraft
  }
  check = () => true
  async run(model: Model, real: Real) {
    real.clock.now += 1000
    const response = await real.tab.post(`${ARTEFACT}?isDraft=${this.isDraft}`, this.body)
    const answer = CreateArtefactResponse.parse(await response.json())
    expect({ status: response.status, hasErrors: answer.hasErrors, errors: answer.errors }).toEqual({
      status: 200,
      hasErrors: false,
      errors: [],
    })
    const at = new Date(real.clock.now).toISOString()
    model.artefacts.set(answer.responseId, {
      body: this.body,
      isDraft: this.isDraft,
      at,
      category: resolveCategory(model.categories.values(), own(this.body, 'category')),
    })
    agree(model, real)
    await readsBack(model, real, answer.responseId)
  }
  toString = () => `createArtefact(${JSON.stringify(this.body).slice(0, 120)}, draft=${this.isDraft})`
}

class CreateBrokenArtefact implements fc.AsyncCommand<Model, Real> {
  readonly body: Body
  constructor(body: Body) {
    this.body = body
  }
  check = () => true
  async run(model: Model, real: Real) {
    const response = await real.tab.post(ARTEFACT, this.body)
    const answer = CreateArtefactResponse.parse(await response.json())
    expect(answer.hasErrors).toBe(true)
    expect((await real.tab.send(`${ARTEFACT}/${answer.responseId}`)).status).toBe(404)
    agree(model, real)
  }
  toString = () => `createBrokenArtefact(${JSON.stringify(this.body).slice(0, 120)})`
}

class CreateCategory implements fc.AsyncCommand<Model, Real> {
  readonly name: string
  constructor(name: string) {
    this.name = name
  }
  check = () => true
  async run(model: Model, real: Real) {
    real.clock.now += 1000
    const response = await real.tab.post(CATEGORY, { name: this.name })
    const taken = [...model.categories.values()].some((c) => fold(c.name) === fold(this.name))
    if (taken) expect(response.status).toBe(422)
    else {
      const id = Math.max(...model.categories.keys()) + 1
      expect({ status: response.status, ...CreateCategoryResponse.parse(await response.json()) }).toEqual({
        status: 201,
        categoryId: id,
        categoryName: this.name.trim(),
      })
      const at = new Date(real.clock.now).toISOString()
      model.categories.set(id, { id, name: this.name.trim(), dateCreated: at, dateModified: at })
    }
    agree(model, real)
  }
  toString = () => `createCategory(${JSON.stringify(this.name).slice(0, 60)})`
}

class Get implements fc.AsyncCommand<Model, Real> {
  readonly pick: number
  readonly upper: boolean
  constructor(pick: number, upper: boolean) {
    this.pick = pick
    this.upper = upper
  }
  check = (model: Readonly<Model>) => model.artefacts.size > 0
  async run(model: Model, real: Real) {
    const ids = [...model.artefacts.keys()]
    await readsBack(model, real, ids[this.pick % ids.length]!, this.upper)
  }
  toString = () => `get(#${this.pick}${this.upper ? ', upper case' : ''})`
}

class GetUnknown implements fc.AsyncCommand<Model, Real> {
  readonly id: string
  constructor(id: string) {
    this.id = id
  }
  check = (model: Readonly<Model>) => !model.artefacts.has(this.id)
  async run(model: Model, real: Real) {
    expect((await real.tab.send(`${ARTEFACT}/${this.id}`)).status).toBe(404)
    agree(model, real)
  }
  toString = () => `getUnknown(${this.id})`
}

class Reset implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real) {
    await real.tab.control.reset()
    Object.assign(model, seedModel())
    agree(model, real)
  }
  toString = () => 'reset()'
}

/** A new tab over the database; `early` reads every artefact back as soon as it answers, while the pages load. */
class Reload implements fc.AsyncCommand<Model, Real> {
  readonly early: boolean
  constructor(early: boolean) {
    this.early = early
  }
  check = () => true
  async run(model: Model, real: Real) {
    real.tab = openTab(real.database, real.clock)
    if (this.early) {
      await real.tab.store.serving
      for (const id of model.artefacts.keys()) await readsBack(model, real, id)
    }
    await real.tab.store.ready
    agree(model, real)
    for (const id of model.artefacts.keys()) await readsBack(model, real, id)
  }
  toString = () => `reload(${this.early ? 'early' : ''})`
}

const createArtefact = fc.tuple(validArtefactBody, fc.boolean()).map(([body, draft]) => new CreateArtefact(body, draft))
const get = fc.tuple(fc.nat(), fc.boolean()).map(([pick, upper]) => new Get(pick, upper))
// Listed more than once to weigh them: creates and reads are what the sequences are about.
const commands = [
  createArtefact,
  createArtefact,
  get,
  get,
  ruleBrokenBody.map(({ body }) => new CreateBrokenArtefact(body)),
  fc
    .oneof(freshCategoryName, fc.constantFrom(...seedCategories.map((c) => c.name)).chain(caseVariant))
    .map((name) => new CreateCategory(name)),
  fc.uuid({ version: 4 }).map((id) => new GetUnknown(id)),
  fc.constant(new Reset()),
  fc.boolean().map((early) => new Reload(early)),
]

let databases = 0
test(`${SEQUENCES} random sequences of create, create category, get, reset and reload agree with the model`, async () => {
  let sequences = 0
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'medium' }), async (cmds) => {
      sequences += 1
      const database = `artefact-model-test-${(databases += 1)}`
      const clock = { now: START }
      const real: Real = { database, clock, tab: openTab(database, clock) }
      await real.tab.store.ready
      await fc.asyncModelRun(() => ({ model: seedModel(), real }), cmds)
    }),
    { seed: 6_200, numRuns: SEQUENCES },
  )
  expect(sequences).toBeGreaterThanOrEqual(SEQUENCES)
}, 120_000)
