/**
 * The explorer's shared model: a request draft, the exchange (request and answer) the
 * viewer, the log and the history show, and their parts. Each type is inferred from its
 * zod schema, and the same schemas validate what comes back from storage (drafts,
 * history), so a type and its check cannot drift (house style rule 1).
 */
import * as z from 'zod'
import { OPERATION_NAMES } from '#mocks/internal.ts'

/** An operation of the mock's registry. */
export const OperationId = z.enum(OPERATION_NAMES)
export type OperationId = z.infer<typeof OperationId>

/** A header choice: left out entirely, or sent with this value. */
export const HeaderChoice = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('omit') }),
  z.object({ mode: z.literal('value'), value: z.string() }),
])
export type HeaderChoice = z.infer<typeof HeaderChoice>

/** One query parameter or header of a free request; `on: false` keeps it without sending it. */
export const FreeRow = z.object({ on: z.boolean(), name: z.string(), value: z.string() })
export type FreeRow = z.infer<typeof FreeRow>

/** A free request (advanced mode): any method, any path under the prefix, any query and headers. */
export const FreeRequest = z.object({
  method: z.string(),
  /** The path after the prefix, e.g. `/resources/artefact/x`. */
  path: z.string(),
  query: z.array(FreeRow),
  headers: z.array(FreeRow),
})
export type FreeRequest = z.infer<typeof FreeRequest>

/** What the builder holds for one operation: the form's choices, and the free request of the advanced mode. */
export const RequestDraft = z.object({
  operation: OperationId,
  /** Path id for getArtefact. */
  id: z.string(),
  /** isDraft query for createArtefact: omitted, or this raw value ('true', 'false', or anything to see the 400). */
  isDraft: HeaderChoice,
  accept: HeaderChoice,
  contentType: HeaderChoice,
  /** Raw body text (may be malformed on purpose); the free request sends it too. */
  body: z.string(),
  /** Optional Prefer header, e.g. 'code=404'. */
  prefer: HeaderChoice,
  /** The free request of the advanced mode, kept while the form is shown. */
  free: FreeRequest.optional(),
  /** True when the builder sends `free` instead of the form. */
  advanced: z.boolean().optional(),
})
export type RequestDraft = z.infer<typeof RequestDraft>

/** Every operation's draft, as last edited. */
export type Drafts = Partial<Record<OperationId, RequestDraft>>

/** How an answer came about when not by the mock's rules alone; the network log marks it. */
export const AnswerMark = z.object({
  /** `real`: the real service answered (contract §13), not the mock. */
  kind: z.enum(['forced', 'overridden', 'delayed', 'real']),
  /** In words: which header, setting or handler. */
  detail: z.string(),
  /** The badge's text, where it says more than the kind (`real · 2 findings`). */
  label: z.string().max(60).optional(),
})
export type AnswerMark = z.infer<typeof AnswerMark>

const HeaderList = z.array(z.tuple([z.string(), z.string()]))
// Stored entries are untrusted: a time no Date can hold, or a URL that does not parse, would break the rendering.
const Time = z.number().refine((at) => !Number.isNaN(new Date(at).getTime()), 'must be a time a Date can hold')
const RequestUrl = z.string().refine((url) => URL.canParse(url, 'http://localhost'), 'must be a URL')

/** One request and its answer, as the viewer, the log and the history show it. */
export const Exchange = z.object({
  id: z.string(),
  /** Epoch ms when sent. */
  at: Time,
  operation: OperationId.nullable(),
  request: z.object({ method: z.string(), url: RequestUrl, headers: HeaderList, body: z.string().nullable() }),
  response: z.object({ status: z.int(), statusText: z.string(), headers: HeaderList, body: z.string() }).nullable(),
  /** A network failure (no response at all). */
  failure: z.string().nullable(),
  durationMs: z.number(),
  /**
   * What durationMs measures: the page's fetch from Send until the whole answer was read
   * (`round-trip`, also when absent), or the mock's own time, from msw's request:start to
   * response:mocked (`in-mock`: the network log's). The two differ for one request.
   */
  timing: z.enum(['round-trip', 'in-mock']).optional(),
  /** Sent from the explorer's builder, by other code on the page (seen in msw's events), or read from a HAR file. */
  source: z.enum(['explorer', 'page', 'imported']),
  /** Forced, overridden, delayed or real answers, as the network log saw them. */
  marks: z.array(AnswerMark).optional(),
})
export type Exchange = z.infer<typeof Exchange>
