/** `artefact-preview-mock --help`. */
import { ADMIN_PREFIX } from './admin.ts'
import { OPERATION_NAMES } from '../mocks/internal.ts'
import { DEFAULT_LIMITS } from './limits.ts'

export const USAGE = `Usage: artefact-preview-mock serve [options]
       artefact-preview-mock drift check <traffic.har> [--format json|junit] [--fail-on error|warn]

Serves the Artefact preview mock over HTTP, with its static data set.

Options:
  --port N               port to listen on (default 8787; 0 picks a free one)
  --host HOST            address to listen on (default 127.0.0.1, this machine only)
  --maintenance          start in maintenance mode (every request 503)
  --quota N              calls allowed before 403
  --rate N/SECONDS       at most N calls per window of SECONDS, else 429 (e.g. 10/60)
  --latency MS|MIN-MAX   delay every answer by MS, or by a random MIN to MAX, in ms
  --scenario ID          start in this scenario (default: default); GET ${ADMIN_PREFIX}/scenarios lists them
  --scenarios FILE       your own scenarios: an ES module whose default export, or export "scenarios", is an
                         array of defineScenario(...) (import it from 'artefact-preview-mock'); .js or .mjs,
                         or .ts where Node strips types (>= 22.18)
  --base-url URL         the address clients use (links point there; a path such as /api prefixes the mock's)
  --data FILE            keep what is created in this SQLite file (node:sqlite), across restarts and crashes
  --allowed-hosts LIST   host names accepted besides IP addresses and localhost, comma-separated
                         (mock.example.test, or .example.test for it and its subdomains)
  --admin-token TOKEN    require Authorization: Bearer TOKEN on the admin paths (or ARTEFACT_MOCK_ADMIN_TOKEN);
                         a --host other than loopback without one gets a generated token, printed at start
  --max-records N        artefacts and categories the store holds, data set included (default ${DEFAULT_LIMITS.maxRecords}); past it a create is 403
  --max-store-mb N       MiB of JSON the store holds (default ${DEFAULT_LIMITS.maxStoredBytes / 1024 / 1024}); past it a create is 403
  --max-connections N    connections served at once; the next get 503 (default ${DEFAULT_LIMITS.maxConnections})
  --max-scopes N         scopes (X-Mock-Scope) held at once in memory besides the shared one (default ${DEFAULT_LIMITS.maxScopes})
  -h, --help             show this help

The real service (docs/real-service.md); every real answer is checked against the spec, GET ${ADMIN_PREFIX}/drift:
  --upstream URL         the real (or staging) service, e.g. https://staging.example.test
  --mode MODE            proxy (default): forward every request; hybrid: the mock answers --mock's operations (and all
                         while a scenario is on), the rest are forwarded; shadow: the mock answers and the same request
                         goes to the real service in the background, the two compared; record: forward and write --har
  --mock LIST            hybrid: operations the mock answers, comma-separated (${OPERATION_NAMES.join(', ')})
  --har FILE             record: the HAR 1.2 file written (no Authorization or cookies in it)
  --report FILE          write the drift report at exit; --report-format json (default) or junit
  --upstream-timeout MS  how long the real service may stay silent before a 502 (default 10000)

Admin paths (JSON; each on the scope X-Mock-Scope names): GET ${ADMIN_PREFIX}/state, PATCH ${ADMIN_PREFIX}/settings,
  POST ${ADMIN_PREFIX}/reset, POST ${ADMIN_PREFIX}/force, GET ${ADMIN_PREFIX}/scenarios, PUT ${ADMIN_PREFIX}/scenario,
  POST ${ADMIN_PREFIX}/clock, DELETE ${ADMIN_PREFIX}/scope, GET ${ADMIN_PREFIX}/drift
`
