/**
 * The shape of one operation of the registry: everything particular to it, in
 * one place. The router, `Allow`, the handlers, the OpenAPI paths and the
 * explorer's catalogue read these fields; nothing else names an operation.
 */
import type * as z from 'zod/mini'
import type { MockControl } from '../control/control.ts'
import type { SeedArtefact } from '../data/types.ts'
import type { Scope } from './router.ts'

/** The methods an operation may have (msw has a handler for each). */
export type Method = 'GET' | 'POST'

/** What a resolver hands an operation once the shared checks have passed. */
export interface OperationInput {
  request: Request
  url: URL
  params: Record<string, string>
  /** The parsed JSON object of a request with a body; undefined for a GET. */
  body: Record<string, unknown> | undefined
  control: MockControl
  scope: Scope
  /**
   * Makes the JSON answer. Under msw a full Response; in the HTTP mode one whose text the
   * server writes itself (`jsonTextResponse`). An operation answers its successes with it.
   */
  json(body: unknown, init?: ResponseInit): Response
}

/** How an operation answers when it succeeds. */
export interface Success<Body> {
  status: number
  schema: z.core.$ZodType<Body>
  /** Sent with every success, overrides included (an override body gets these). */
  headers: Record<string, string>
  /** What the explorer calls the schema when it checks a body, e.g. 'Artefact'. */
  name: string
  /**
   * An in-body error channel (create artefact's `hasErrors`): the errors a success
   * body reports, `[]` when it reports some but lists none; null when it reports none.
   */
  inBodyErrors?(body: unknown): string[] | null
}

/** A named example for the OpenAPI document. */
export interface Example {
  summary: string
  value: unknown
}

type Json = Record<string, unknown>

/** What the OpenAPI document's builder hands to `requestExamples`. */
export interface ExampleData {
  /** The static data set's artefacts, as the create requests that make them. */
  artefacts: readonly SeedArtefact[]
}

/** What the OpenAPI document says of an operation beyond its schemas. */
export interface OperationDocs {
  /** Default: the operation's name. */
  operationId?: string
  tag: string
  description: string
  /** The operation's parameters, as OpenAPI parameter components by component name. */
  parameters?: Record<string, Json>
  /**
   * The request body's examples. `data` is the static data set's create requests, handed over
   * by the document's builder: an operation does not import them, so a page that starts the
   * mock does not load them (decision 044).
   */
  requestExamples?(data: ExampleData): Record<string, Example>
  success: {
    description: string
    /** `origin` is where the document's examples place `links`. */
    examples(origin: string): Record<string, Example>
  }
  /** Its success headers, as OpenAPI header components by header name. */
  headers?: Record<string, Json>
}

/** One operation: what it is, how it is checked and answered, and how it is documented. */
export interface Operation<Name extends string = string, Body = unknown> {
  /** Its name in handlers, the explorer and the log, e.g. 'createArtefact'. */
  name: Name
  method: Method
  /** The path after the prefix; `{name}` marks a path parameter, e.g. '/resources/artefact/{id}'. */
  path: string
  /** The suite version the spec gives it, e.g. '3.5.0'. */
  suite: string
  /** The spec's title, e.g. 'Create an artefact'. */
  title: string
  /** A short name for lists and filters, e.g. 'Create artefact'. */
  label: string
  /** The zod schema of the request body; null when it takes none (no 415, no body read). */
  request: z.core.$ZodType | null
  /** The query parameters it reads, e.g. ['isDraft']. */
  query: readonly string[]
  success: Success<Body>
  /** Step 9 checks that do not need the body (query, path); a reason when malformed. */
  malformed?(input: Pick<OperationInput, 'url' | 'params'>): string | null
  /** Steps 10 to 12: schema, lookup, success. */
  handle(input: OperationInput): Promise<Response>
  /** A request body that succeeds against the data set; undefined when it takes none. */
  example?(): unknown
  openapi: OperationDocs
}

/**
 * Defines an operation, keeping its name and success body types for the registry.
 * @example
 * export const getArtefact = defineOperation({ name: 'getArtefact', method: 'GET', path: '/resources/artefact/{id}', ... })
 */
export function defineOperation<const Name extends string, Body>(
  operation: Operation<Name, Body>,
): Operation<Name, Body> {
  return operation
}
