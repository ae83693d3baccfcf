/** The bench's requests and their labels; no msw here, so a page that imports this loads none (the bare handlers: bare-handlers.ts). */

/** An origin no real server uses: msw/node slows real requests to an origin it intercepted. */
export const ORIGIN = 'http://bench.artefact.invalid'
/** Seed artefact 01: HTML, two variations, metaData; about 2 KB of JSON. */
export const SEED_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

/** A valid create body of about 1.4 KB, as issue 5 asks. */
export const benchBody = {
  title: 'Move notes between workspaces without losing links',
  content: [
    {
      mediaType: 'text/html',
      text: '<h2>Before you start</h2><p>Moving a note keeps its history, its attachments and every link that points to it. Links from other workspaces keep working for 30 days.</p><ul><li>Open the note.</li><li>Choose <strong>Move to&hellip;</strong> from the menu.</li><li>Pick the workspace and confirm.</li></ul>',
    },
    {
      mediaType: 'image/png',
      source: 'https://cdn.northwind-notes.example/help/move-note.png',
      resourceLocation: 'cdn',
    },
  ],
  variations: [
    {
      content: [{ mediaType: 'text/plain', text: 'Open the note, choose Move to, then pick the workspace.' }],
      channels: [{ id: 3, name: 'chatbot' }],
    },
  ],
  category: { id: 3, name: 'Notes & editing' },
  primaryQuery: 'move a note to another workspace',
  queryVariations: [{ query: 'transfer note' }, { query: 'change workspace of a note' }],
  productDocumentId: 4400,
  productDocumentVersion: 2,
  metaData: {
    audience: { values: ['all plans'], dataType: 'string' },
    reviewed: { values: ['2026-09-01'], dataType: 'date' },
    tags: { values: ['workspaces', 'organising', 'links'], dataType: 'tag' },
  },
}

export type Op = 'get' | 'create' | 'category'
export const OPS: readonly Op[] = ['get', 'create', 'category']
export const OP_LABELS: Record<Op, string> = {
  get: 'GET artefact',
  create: 'POST create artefact (1.4 KB)',
  category: 'POST create category',
}

const BODY_TEXT = JSON.stringify(benchBody)
export const PATH = '/v3/preview-upcoming/resources'

/** The request of operation `op`; `i` makes category names unique (a taken name is 422). */
export function requestFor(origin: string, op: Op, i: number): Request {
  const base = `${origin}${PATH}`
  if (op === 'get') return new Request(`${base}/artefact/${SEED_ID}`, { headers: { Accept: 'application/json' } })
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' }
  if (op === 'create') return new Request(`${base}/artefact`, { method: 'POST', headers: json, body: BODY_TEXT })
  return new Request(`${base}/artefactcategory`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: `Bench ${i}` }),
  })
}
