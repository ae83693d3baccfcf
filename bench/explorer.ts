/**
 * Benchmark 4: the explorer against Swagger UI and Scalar rendering the same
 * OpenAPI document: initial JS+CSS (gzip) and navigation to the three operations on screen.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { build } from 'vite'
import { interleave, progress, ratioRow, type Row } from './lib/stats.ts'

export const EXPLORER_DIR = 'bench/.dist/explorer'
export const PEERS_DIR = 'bench/.dist/peers'
const gzip = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length

/** The explorer's initial files: what index.html loads before any lazy chunk. */
function initialFiles(dir: string): string[] {
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
  const refs = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:stylesheet|modulepreload)"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="(?:stylesheet|modulepreload)"/g),
  ]
    .map((m) => m[1]!)
    .filter((ref) => !/^(data:|https?:)/.test(ref))
  return [...new Set(refs)].map((ref) => join(dir, ref))
}

/** msw's share, estimated: msw/browser plus what the mock imports from msw, bundled alone and gzipped. */
async function mswAloneGzip(): Promise<number> {
  mkdirSync('bench/.tmp/msw-alone', { recursive: true })
  writeFileSync(
    'bench/.tmp/msw-alone/entry.js',
    "export { setupWorker } from 'msw/browser'\nexport { http, HttpResponse } from 'msw'\n",
  )
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    root: 'bench/.tmp/msw-alone',
    // As the explorer's build does (vite.config.ts, decision 039): msw's public-suffix list left out.
    plugins: [
      {
        name: 'registrable-domain',
        enforce: 'pre',
        resolveId: (source) => (source === 'tldts' ? resolve('src/app/registrable-domain.ts') : null),
      },
    ],
    build: {
      write: false,
      rollupOptions: { input: 'bench/.tmp/msw-alone/entry.js', preserveEntrySignatures: 'exports-only' },
    },
  })
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[]
  return outputs
    .flatMap((o) => o.output)
    .reduce((n, c) => n + (c.type === 'chunk' ? gzipSync(c.code!, { level: 9 }).length : 0), 0)
}

/** Copies the peers' pages and their assets (with the OpenAPI document) into one static directory. */
export function preparePeers(openapiPath: string): void {
  rmSync(PEERS_DIR, { recursive: true, force: true })
  mkdirSync(PEERS_DIR, { recursive: true })
  for (const f of ['swagger.html', 'swagger-init.js', 'scalar.html', 'scalar-init.js'])
    copyFileSync(join('bench/peers', f), join(PEERS_DIR, f))
  for (const f of ['swagger-ui-bundle.js', 'swagger-ui.css'])
    copyFileSync(join('bench/node_modules/swagger-ui-dist', f), join(PEERS_DIR, f))
  copyFileSync(
    'bench/node_modules/@scalar/api-reference/dist/browser/standalone.js',
    join(PEERS_DIR, 'scalar-standalone.js'),
  )
  copyFileSync(openapiPath, join(PEERS_DIR, 'openapi.json'))
}

/**
 * The operation names a person looks for: the document's summaries of the service's operations
 * (the explorer shows the same titles). The document's OPTIONS entries are not operations of the
 * service, and no explorer lists them.
 */
export function operationNames(openapiPath: string): string[] {
  const doc = JSON.parse(readFileSync(openapiPath, 'utf8')) as {
    paths: Record<string, Record<string, { summary?: string; operationId?: string }>>
  }
  return Object.values(doc.paths)
    .flatMap((item) => Object.entries(item))
    .filter(([method]) => method !== 'options')
    .map(([, op]) => op.summary ?? op.operationId ?? '')
    .filter(Boolean)
}

// Runs in the page before any of its scripts: records when every name is a rendered text node.
// Rendered, not necessarily in the viewport: Scalar keeps its second tag group collapsed.
export const watchNames = (names: string[]) => {
  const w = window as unknown as { __shownAt?: number; __clickableAt?: number }
  let dirty = true
  new MutationObserver(() => (dirty = true)).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  })
  const check = () => {
    if (dirty && document.body) {
      dirty = false
      const found = new Set<string>()
      let disabled = false
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.nodeValue?.trim() ?? ''
        if (!names.includes(text)) continue
        found.add(text)
        // The explorer's pre-rendered names sit in disabled buttons until its script runs.
        if (n.parentElement?.closest('button')?.disabled) disabled = true
      }
      if (found.size === names.length) {
        w.__shownAt ??= performance.now()
        if (!disabled) return void (w.__clickableAt = performance.now())
      }
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

export async function explorerRows(
  browser: Browser,
  urls: { explorer: string; peers: string },
  o: { rounds: number; openapiPath: string },
): Promise<Row[]> {
  const files = initialFiles(EXPLORER_DIR)
  const explorerBytes = files.reduce((n, f) => n + gzip(f), 0)
  const mswBytes = await mswAloneGzip()
  const swaggerBytes = gzip(join(PEERS_DIR, 'swagger-ui-bundle.js')) + gzip(join(PEERS_DIR, 'swagger-ui.css'))
  const scalarBytes = gzip(join(PEERS_DIR, 'scalar-standalone.js'))
  const names = operationNames(o.openapiPath)
  const targets = {
    explorer: `${urls.explorer}/`,
    swagger: `${urls.peers}/swagger.html`,
    scalar: `${urls.peers}/scalar.html`,
  }
  progress(`explorer vs peers: ${o.rounds} rounds, first visit in a fresh context, waiting for ${names.join(' / ')}`)
  const external: string[] = []
  const clickable: Record<string, number[]> = {}
  const times = await interleave(['explorer', 'swagger', 'scalar'] as const, o.rounds, async (target) => {
    const context = await browser.newContext({ serviceWorkers: 'allow' })
    try {
      await context.addInitScript(watchNames, names)
      const page = await context.newPage()
      page.on('request', (r) => {
        if (!/^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(r.url())) external.push(`${target}: ${r.url()}`)
      })
      await page.goto(targets[target], { waitUntil: 'commit' })
      await page
        .waitForFunction(() => (window as unknown as { __clickableAt?: number }).__clickableAt, undefined, {
          timeout: 30_000,
        })
        .catch((error: Error) => {
          throw new Error(`[bench] ${target}: the three operation names were not rendered within 30 s`, {
            cause: error,
          })
        })
      const at = await page.evaluate(() => {
        const w = window as unknown as { __shownAt: number; __clickableAt: number }
        return { shown: w.__shownAt, clickable: w.__clickableAt }
      })
      ;(clickable[target] ??= []).push(at.clickable)
      return at.shown
    } finally {
      await context.close()
    }
  })
  if (external.length > 0)
    throw new Error(`[bench] a page left 127.0.0.1: ${[...new Set(external)].slice(0, 5).join(', ')}`)
  const kib = (n: number) => [n / 1024]
  const byteRow = (label: string, ours: number, theirs: number, goal: number | null) =>
    ratioRow(
      label,
      { ours: kib(ours), theirs: kib(theirs), ratios: [ours / theirs], digits: 1, unit: 'KiB' },
      goal === null ? null : { op: '<=', value: goal },
    )
  const timeRow = (peer: 'swagger' | 'scalar', goal: number | null) =>
    ratioRow(
      `4 Explorer vs ${peer === 'swagger' ? 'Swagger UI' : 'Scalar'}: navigation to the three operations on screen, ms`,
      {
        ours: times.explorer,
        theirs: times[peer],
        ratios: times.explorer.map((v, i) => v / times[peer][i]!),
      },
      goal === null ? null : { op: '<=', value: goal },
    )
  return [
    byteRow(`4 Explorer vs Swagger UI: initial JS+CSS gzip (${files.length} files)`, explorerBytes, swaggerBytes, 0.55),
    byteRow(
      `4 Explorer vs Swagger UI: initial JS+CSS gzip without msw (msw alone ${(mswBytes / 1024).toFixed(1)} KiB, estimated)`,
      explorerBytes - mswBytes,
      swaggerBytes,
      null,
    ),
    byteRow('4 Explorer vs Scalar: initial JS+CSS gzip', explorerBytes, scalarBytes, null),
    timeRow('swagger', 0.35),
    timeRow('scalar', null),
    // Until its script has run, the explorer's pre-rendered names are disabled buttons (decision 042).
    ratioRow(
      '4 Explorer vs Swagger UI: navigation to the three operations clickable (the explorer script has run), ms',
      {
        ours: clickable.explorer!,
        theirs: clickable.swagger!,
        ratios: clickable.explorer!.map((v, i) => v / clickable.swagger![i]!),
      },
      null,
    ),
  ]
}
