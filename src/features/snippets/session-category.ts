/**
 * A generated test runs against a fresh mock, which holds only the data set's categories.
 * When the answer depended on a category the explorer session had created (an artefact
 * created in it, its name already taken), the test makes that category first and names the
 * id the mock gives it (`categoryId`), never the session's id.
 */
import { OPERATIONS, PREFIX, seedCategories } from '#mocks/internal.ts'
import type { Exchange } from '../../app/model.ts'
import { Code } from './js-literal.ts'

/** What the page's mock knows of its categories; a test written outside a page knows none. */
export interface SessionLookup {
  categoryName(id: number): string | undefined
  /** Whether the artefact is one this page's mock holds beyond its data set: created here, unknown elsewhere. */
  artefactOnlyHere(id: string): boolean
}

export const NO_SESSION: SessionLookup = { categoryName: () => undefined, artefactOnlyHere: () => false }

/** The category the test makes first, and the request body that names its new id, when the body must change. */
export interface SessionCategory {
  name: string
  /** The request body (a JSON object) with `categoryId` in place of the session's id; null: the body as sent. */
  body: Record<string, unknown> | null
}

export const CATEGORY_ID = new Code('categoryId')
const SEED_IDS = new Set(seedCategories.map((category) => category.id))
const fold = (name: string) => name.trim().toLowerCase()
const SEED_NAMES = new Set(seedCategories.map((category) => fold(category.name)))

/** Whether a category id is one the session made (any fresh mock has the data set's). */
export const isSessionCategoryId = (id: number) => !SEED_IDS.has(id)

const asObject = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null

function parse(text: string | null | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A create the mock judged (200): the category it named existed unless an error says otherwise. */
function fromCreateArtefact(exchange: Exchange, lookup: SessionLookup): SessionCategory | null {
  const body = asObject(parse(exchange.request.body))
  const ref = asObject(body?.category)
  const answer = asObject(parse(exchange.response?.body))
  if (!body || !ref || !answer) return null
  const errors = Array.isArray(answer.errors) ? answer.errors.map(String) : []
  const named = typeof ref.name === 'string' && ref.name.trim() !== '' ? ref.name : null
  if (typeof ref.id === 'number' && Number.isInteger(ref.id)) {
    if (!isSessionCategoryId(ref.id) || errors.some((error) => error.startsWith('category.id: no category has id')))
      return null
    const name = lookup.categoryName(ref.id) ?? named ?? `Category ${ref.id} of the explorer session`
    return { name, body: { ...body, category: { ...ref, id: CATEGORY_ID } } }
  }
  if (ref.id !== undefined || named === null || SEED_NAMES.has(fold(named))) return null
  if (errors.some((error) => error.startsWith('category.name: no category is named'))) return null
  return { name: named, body: null }
}

/** A 422 for a name the session had taken: the test takes it first. */
function fromTakenName(exchange: Exchange, lookup: SessionLookup): SessionCategory | null {
  const reason = exchange.response?.headers.find(([name]) => name.toLowerCase() === 'x-mock-reason')?.[1] ?? ''
  const taken = /^name: .* is taken by category (\d+)/.exec(reason)
  const name = asObject(parse(exchange.request.body))?.name
  if (!taken || typeof name !== 'string' || SEED_NAMES.has(fold(name))) return null
  return { name: lookup.categoryName(Number(taken[1])) ?? name, body: null }
}

/** The operation a POST addressed: the exchange says, or (a request built elsewhere) its path. */
function postedTo(exchange: Exchange): string | null {
  if (exchange.operation) return exchange.operation
  const { pathname } = new URL(exchange.request.url, 'http://x')
  return (
    OPERATIONS.find((operation) => operation.method === 'POST' && `${PREFIX}${operation.path}` === pathname)?.name ??
    null
  )
}

/**
 * The session's category this exchange's answer depended on, if any.
 *
 * @example
 * sessionCategoryOf(createInCategory8, { categoryName: () => 'Travel' })
 * // { name: 'Travel', body: { title: '…', category: { id: categoryId } } }
 */
export function sessionCategoryOf(exchange: Exchange, lookup: SessionLookup = NO_SESSION): SessionCategory | null {
  const { request, response } = exchange
  if (request.method.toUpperCase() !== 'POST' || !response || !URL.canParse(request.url, 'http://x')) return null
  const operation = postedTo(exchange)
  if (operation === 'createArtefact' && response.status === 200) return fromCreateArtefact(exchange, lookup)
  if (operation === 'createCategory' && response.status === 422) return fromTakenName(exchange, lookup)
  return null
}
