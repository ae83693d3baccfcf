import * as z from 'zod'
import { OPERATION_NAMES } from '#mocks/operations/registry.ts'
import type { Exchange, RequestDraft } from '../../app/explorer-bus.ts'

const Operation = z.enum(OPERATION_NAMES)
const HeaderChoice = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('omit') }),
  z.object({ mode: z.literal('value'), value: z.string() }),
])
const Headers = z.array(z.tuple([z.string(), z.string()]))
// Stored entries are untrusted: a time no Date can hold, or a URL that does not parse, would break the rendering.
const Time = z.number().refine((at) => !Number.isNaN(new Date(at).getTime()), 'must be a time a Date can hold')
const RequestUrl = z.string().refine((url) => URL.canParse(url, 'http://localhost'), 'must be a URL')

export const RequestDraftSchema = z.object({
  operation: Operation,
  id: z.string(),
  isDraft: HeaderChoice,
  accept: HeaderChoice,
  contentType: HeaderChoice,
  body: z.string(),
  prefer: HeaderChoice,
}) satisfies z.ZodType<RequestDraft>

export const ExchangeSchema = z.object({
  id: z.string(),
  at: Time,
  operation: Operation.nullable(),
  request: z.object({ method: z.string(), url: RequestUrl, headers: Headers, body: z.string().nullable() }),
  response: z.object({ status: z.int(), statusText: z.string(), headers: Headers, body: z.string() }).nullable(),
  failure: z.string().nullable(),
  durationMs: z.number(),
  source: z.enum(['explorer', 'page', 'imported']),
  marks: z.array(z.object({ kind: z.enum(['forced', 'overridden', 'delayed']), detail: z.string() })).optional(),
}) satisfies z.ZodType<Exchange>

/** One sent request: what the builder held, and what came back. */
export const HistoryEntry = z.object({ draft: RequestDraftSchema, exchange: ExchangeSchema })
export type HistoryEntry = z.infer<typeof HistoryEntry>
