/** An origin no real server uses: msw/node slows real requests to an origin it intercepted. */
export const ORIGIN = 'http://bench.artefact.invalid'
export const SEED_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

/** A valid create body of about 1.4 KB, as issue 5 asks. */
export const benchBody = {
  title: 'Move notes between workspaces without losing links',
  content: [
    {
      mediaType: 'text/html',
      text: '<h2>Before you start</h2><p>Moving a note keeps its history, its attachments and every link that points to it. Links from other workspaces keep working for 30 days.</p><ul><li>Open the note.</li><li>Choose <strong>Move to&hellip;</strong> from the menu.</li><li>Pick the workspace and confirm.</li></ul>',
    },
    { mediaType: 'image/png', source: 'https://cdn.northwind-notes.example/help/move-note.png', resourceLocation: 'cdn' },
  ],
  variations: [
    { content: [{ mediaType: 'text/plain', text: 'Open the note, choose Move to, then pick the workspace.' }], channels: [{ id: 3, name: 'chatbot' }] },
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
