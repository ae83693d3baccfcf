/**
 * The project's HTTP mode in its own process, as the peers run in theirs.
 * Usage: node bench/http-project-server.ts <port>; stops on SIGTERM.
 */
export {}

const port = Number(process.argv[2] ?? 4012)
const { startHttpServer } = await import('../cli/http-server.ts')
// The bench creates tens of thousands of records: lift the default cap (10,000) so it measures speed, not the cap.
const server = await startHttpServer({
  port,
  host: '127.0.0.1',
  limits: { maxRecords: 200_000, maxStoredBytes: 2 * 1024 ** 3 },
})
process.on('SIGTERM', async () => {
  await server.close()
  process.exit(0)
})
