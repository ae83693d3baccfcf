/**
 * Benchmark 8's real service: the answers of the fake upstream (cli/test-fake-upstream.ts, the
 * mock itself), asked once at start, then given back as stored bytes. A real service runs on a
 * machine of its own; here it shares the 2 cores with the server measured, so it should cost as
 * little CPU as can be: the fake upstream's handlers cost as much as the server's own, and that
 * is not what a user's shadow mode pays (docs/decisions/068).
 * Usage: node bench/static-upstream.ts <port>; stops on SIGTERM.
 */
import { createServer } from 'node:http'
import { startFakeUpstream } from '../cli/test-fake-upstream.ts'
import { benchBody, PATH as PREFIX, SEED_ID } from './fixtures.ts'

const port = Number(process.argv[2] ?? 4399)

interface Stored {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** One answer of the fake upstream, kept as bytes with the headers a client needs. */
async function ask(url: string, init: RequestInit): Promise<Stored> {
  const res = await fetch(url, init)
  const body = Buffer.from(await res.arrayBuffer())
  const headers: Record<string, string> = {}
  for (const [name, value] of res.headers)
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))
      headers[name] = value
  return { status: res.status, headers: { ...headers, 'content-length': String(body.length) }, body }
}

const fake = await startFakeUpstream()
const json = { Accept: 'application/json', 'Content-Type': 'application/json' }
const answers = {
  GET: await ask(`${fake.url}${PREFIX}/artefact/${SEED_ID}`, { headers: { Accept: 'application/json' } }),
  POST: await ask(`${fake.url}${PREFIX}/artefact`, { method: 'POST', headers: json, body: JSON.stringify(benchBody) }),
}
await fake.close()
if (answers.GET.status !== 200 || answers.POST.status !== 200)
  throw new Error(`[bench] the fake upstream answered ${answers.GET.status} and ${answers.POST.status}`)

const server = createServer((req, res) => {
  const answer = answers[req.method === 'POST' ? 'POST' : 'GET']
  // The request's body is read to its end, as a real service reads it, then the stored answer goes back.
  req.resume()
  req.once('end', () => {
    res.writeHead(answer.status, answer.headers)
    res.end(answer.body)
  })
})
server.listen(port, '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
