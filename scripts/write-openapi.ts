// Writes the OpenAPI document generated from the zod schemas to openapi.json (checked in; the
// explorer serves the same file as /openapi.json). Run with `npm run openapi`; openapi/openapi.test.ts checks it.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openApiJson } from '../openapi/build-openapi.ts'

const text = openApiJson()
writeFileSync(fileURLToPath(new URL('../openapi.json', import.meta.url)), text)
process.stdout.write(`[artefact-mock] wrote openapi.json (${text.length} characters)\n`)
