/**
 * The project's HTTP mode in its own process, as the peers run in theirs.
 * Usage: node bench/http-project-server.ts <port>; stops on SIGTERM.
 */
export {}

const port = Number(process.argv[2] ?? 4012)
const { startHttpServer } = (await import('../cli/http-server.ts')) as {
  startHttpServer(o: { port: number; host?: string }): Promise<{ url: string; close(): Promise<void> | void }>
}
const server = await startHttpServer({ port, host: '127.0.0.1' })
process.on('SIGTERM', async () => {
  await server.close()
  process.exit(0)
})
