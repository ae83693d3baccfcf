// Writes the OpenAPI document generated from the zod schemas to openapi.json (checked in) and
// public/openapi.json (the explorer's download). Run with `npm run openapi`; openapi/openapi.test.ts checks both.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openApiJson } from '../openapi/build-openapi.ts'

const text = openApiJson()
const targets = ['../openapi.json', '../public/openapi.json'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
)

mkdirSync(fileURLToPath(new URL('../public/', import.meta.url)), { recursive: true })
for (const target of targets) writeFileSync(target, text)
process.stdout.write(`[artefact-mock] wrote openapi.json and public/openapi.json (${text.length} characters)\n`)
