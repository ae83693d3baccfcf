/**
 * The project's HTTP mode in its own process, as the peers run in theirs.
 * Usage: node bench/http-project-server.ts <port> [<upstream url> <mode>]; stops on SIGTERM.
 */
import type { UpstreamMode } from '../cli/http-server.ts'

const [portText = '4012', upstreamUrl, mode] = process.argv.slice(2)
const { startHttpServer } = await import('../cli/http-server.ts')
// The bench creates tens of thousands of records: lift the default cap (10,000) so it measures speed, not the cap.
const server = await startHttpServer({
  port: Number(portText),
  host: '127.0.0.1',
  limits: { maxRecords: 200_000, maxStoredBytes: 2 * 1024 ** 3 },
  // Benchmark 8: in front of a real service; the findings stay in GET /__mock/drift, not on stderr.
  ...(upstreamUrl && { upstream: { url: upstreamUrl, mode: mode as UpstreamMode, onDriftChange: () => {} } }),
})
process.on('SIGTERM', async () => {
  await server.close()
  process.exit(0)
})
