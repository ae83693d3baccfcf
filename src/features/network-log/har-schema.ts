/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) as zod schemas: what the export
 * must satisfy and what an import accepts. Optional fields are those the spec marks optional;
 * custom fields start with `_`, as the spec allows, and are kept by the loose objects.
 */
import * as z from 'zod'

const comment = z.string().optional()
/** ISO 8601 with a zone, as the spec asks (`2026-03-01T10:00:00.000Z`). */
const DateTime = z.iso.datetime({ offset: true })
/** A size or time the spec allows as -1 when unknown. */
const SizeOrUnknown = z.number().min(-1)

const NameValue = z.looseObject({ name: z.string(), value: z.string(), comment })

const Cookie = z.looseObject({
  name: z.string(),
  value: z.string(),
  path: z.string().optional(),
  domain: z.string().optional(),
  expires: z.string().nullable().optional(),
  httpOnly: z.boolean().optional(),
  secure: z.boolean().optional(),
  comment,
})

const PostData = z.looseObject({
  mimeType: z.string(),
  params: z
    .array(
      z.looseObject({
        name: z.string(),
        value: z.string().optional(),
        fileName: z.string().optional(),
        contentType: z.string().optional(),
        comment,
      }),
    )
    .optional(),
  text: z.string().optional(),
  comment,
})

const HarRequest = z.looseObject({
  method: z.string(),
  url: z.string(),
  httpVersion: z.string(),
  cookies: z.array(Cookie),
  headers: z.array(NameValue),
  queryString: z.array(NameValue),
  postData: PostData.optional(),
  headersSize: SizeOrUnknown,
  bodySize: SizeOrUnknown,
  comment,
})

const Content = z.looseObject({
  size: z.number(),
  compression: z.number().optional(),
  mimeType: z.string(),
  text: z.string().optional(),
  encoding: z.string().optional(),
  comment,
})

const HarResponse = z.looseObject({
  status: z.int(),
  statusText: z.string(),
  httpVersion: z.string(),
  cookies: z.array(Cookie),
  headers: z.array(NameValue),
  content: Content,
  redirectURL: z.string(),
  headersSize: SizeOrUnknown,
  bodySize: SizeOrUnknown,
  comment,
})

const Timings = z.looseObject({
  blocked: SizeOrUnknown.optional(),
  dns: SizeOrUnknown.optional(),
  connect: SizeOrUnknown.optional(),
  send: z.number().min(0),
  wait: z.number().min(0),
  receive: z.number().min(0),
  ssl: SizeOrUnknown.optional(),
  comment,
})

const CacheEntry = z.looseObject({
  expires: z.string().optional(),
  lastAccess: z.string(),
  eTag: z.string(),
  hitCount: z.int(),
  comment,
})

export const HarEntry = z.looseObject({
  pageref: z.string().optional(),
  startedDateTime: DateTime,
  time: z.number().min(0),
  request: HarRequest,
  response: HarResponse,
  cache: z.looseObject({
    beforeRequest: CacheEntry.nullable().optional(),
    afterRequest: CacheEntry.nullable().optional(),
    comment,
  }),
  timings: Timings,
  serverIPAddress: z.string().optional(),
  connection: z.string().optional(),
  comment,
})
export type HarEntry = z.infer<typeof HarEntry>

const Page = z.looseObject({
  startedDateTime: DateTime,
  id: z.string(),
  title: z.string(),
  pageTimings: z.looseObject({ onContentLoad: z.number().optional(), onLoad: z.number().optional(), comment }),
  comment,
})

const Agent = z.looseObject({ name: z.string(), version: z.string(), comment })

/** A whole HAR 1.2 file: `{ log: { version, creator, entries, ... } }`. */
export const Har = z.object({
  log: z.looseObject({
    version: z.string(),
    creator: Agent,
    browser: Agent.optional(),
    pages: z.array(Page).optional(),
    entries: z.array(HarEntry),
    comment,
  }),
})
export type Har = z.infer<typeof Har>
