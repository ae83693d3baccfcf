// `npm run lint:openapi`: lints openapi.json with Redocly's recommended rules (warnings raised to
// errors) and Spectral's spectral:oas (failing on any finding, hints included); both must report
// nothing. Then Stoplight Prism, as a validating proxy in front of the HTTP mode, must find no
// answer the document does not allow (scripts/prism-check.ts). The tools live in openapi/lint/'s
// own package (about 380 packages, 140 MB): installed here on first use with
// `npm ci --prefix openapi/lint`, so the project's `npm ci` stays lean.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { prismCheck } from './prism-check.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const lint = `${root}openapi/lint`
const bin = (name: string) => `${lint}/node_modules/.bin/${name}`

function run(command: string, args: string[]): boolean {
  const shown = command.startsWith(root) ? command.slice(root.length) : command
  process.stdout.write(`$ ${[shown, ...args].join(' ')}\n`)
  return spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status === 0
}

if (!existsSync(`${lint}/node_modules/.bin/prism`)) {
  process.stderr.write('[artefact-mock] installing the OpenAPI linters (npm ci --prefix openapi/lint)\n')
  if (!run('npm', ['ci', '--prefix', lint, '--no-audit', '--no-fund', '--loglevel=error'])) process.exit(1)
}

const redocly = run(bin('redocly'), ['lint', 'openapi.json', '--config', `${lint}/redocly.yaml`])
const spectral = run(bin('spectral'), [
  'lint',
  'openapi.json',
  '--ruleset',
  `${lint}/.spectral.yaml`,
  '--fail-severity',
  'hint',
])
const prism = await prismCheck(bin('prism'), `${root}openapi.json`)
process.stdout.write(
  `redocly: ${redocly ? 'clean' : 'FAILED'}, spectral: ${spectral ? 'clean' : 'FAILED'}, prism: ${prism ? 'clean' : 'FAILED'}\n`,
)
process.exit(redocly && spectral && prism ? 0 : 1)
