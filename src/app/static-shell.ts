import { fileURLToPath } from 'node:url'
import type { FunctionComponent } from 'react'
import { type Plugin, runnerImport } from 'vite'

const FIRST_SCREEN = fileURLToPath(new URL('./first-screen.tsx', import.meta.url))
const ROOT = '<div id="root"></div>'

/** The components' CSS imports, as empty modules: the page links the built CSS, Node has no use for it. */
const noCss: Plugin = {
  name: 'artefact-explorer:static-shell-no-css',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('.css') ? '\0no-css' : null),
  load: (id) => (id === '\0no-css' ? 'export {}' : null),
}

/** index.html with the first screen rendered into #root, from the components App uses (decision 042). */
export async function withFirstScreen(html: string): Promise<string> {
  if (!html.includes(ROOT)) throw new Error(`[artefact-mock] index.html has no empty ${ROOT} for the first screen`)
  // Loaded here, not at the top: vite.config.ts imports this file, and every dev server and Vitest start would load them.
  const [{ createElement }, { renderToStaticMarkup }, { module }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    runnerImport<{ FirstScreen: FunctionComponent }>(FIRST_SCREEN, { logLevel: 'warn', plugins: [noCss] }),
  ])
  return html.replace(ROOT, `<div id="root">${renderToStaticMarkup(createElement(module.FirstScreen))}</div>`)
}

/**
 * For the build only: the operations are painted with the HTML, before the ~300 ms of
 * script compile and evaluation; React's first render replaces them in place.
 */
export function staticShell(): Plugin {
  return { name: 'artefact-explorer:static-shell', apply: 'build', transformIndexHtml: withFirstScreen }
}
