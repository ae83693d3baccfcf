import { type KeyboardEvent, type MouseEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { Exchange } from '../../app/model.ts'
import { useMock } from '../../app/mock-context.tsx'
import { PathEllipsis } from '../../components/path-ellipsis.tsx'
import type { SessionLookup } from './session-category.ts'
import { rememberedTarget, rememberTarget } from './shell-target.ts'
import { useSnippetHome } from './snippet-home.tsx'
import { FORMATS, reachesWorker, type SnippetFormat, snippetView, type TargetChoice } from './snippet-text.ts'

interface Props {
  exchange: Exchange
  initialFormat: SnippetFormat
  onClose: () => void
}

type Imports = 'repo' | 'package'

const FILE_NAMES: Partial<Record<SnippetFormat, string>> = {
  vitest: 'artefact-mock.test.ts',
  playwright: 'artefact-mock.spec.ts',
}

function pathOf(url: string): string {
  return URL.canParse(url) ? `${new URL(url).pathname}${new URL(url).search}` : url
}

function download(name: string, text: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = Object.assign(document.createElement('a'), { href, download: name })
  link.click()
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}

/** What the page's mock holds: a category's name, and whether an artefact exists only here. */
function useSessionLookup(): SessionLookup {
  const { store } = useMock()
  return useMemo(
    () => ({
      categoryName: (id) => store.getCategory(id)?.name,
      artefactOnlyHere: (id) =>
        store.getSummary(id) !== undefined && !store.baseData().artefacts.some(({ artefact }) => artefact.id === id),
    }),
    [store],
  )
}

/** A modal that writes the exchange as curl, HTTPie, fetch, a Vitest test or a Playwright test. */
export function CopyAsDialog({ exchange, initialFormat, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [format, setFormat] = useState<SnippetFormat>(initialFormat)
  const [choice, setChoice] = useState<TargetChoice>(() => {
    const { choice: last, port } = rememberedTarget()
    return last.kind === 'worker' && !reachesWorker(initialFormat) ? { kind: 'http-mode', port } : last
  })
  const home = useSnippetHome()
  const [imports, setImports] = useState<Imports>(home === 'repo' ? 'repo' : 'package')
  const session = useSessionLookup()
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const titleId = useId()
  const base = useId()

  // No close() in a cleanup: under StrictMode its close event would unmount the dialog just opened.
  // On a real unmount, leaving the document ends the modal state.
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [])

  const isTest = FORMATS.find((item) => item.id === format)?.kind === 'test'
  const view = snippetView(exchange, format, choice, { home, session, imports })
  const { text } = view
  const fileName = FILE_NAMES[format]
  const { request, response } = exchange
  const { port: lastPort, baseUrl: lastBaseUrl } = rememberedTarget()

  function choose(next: TargetChoice) {
    rememberTarget(next)
    setChoice(next)
    setCopied('idle')
  }
  function pickFormat(next: SnippetFormat) {
    setFormat(next)
    setCopied('idle')
    if (choice.kind === 'worker' && !reachesWorker(next)) choose({ kind: 'http-mode', port: lastPort })
  }
  async function copy() {
    if (view.text === null) return
    try {
      await navigator.clipboard.writeText(view.text)
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
  }
  // React events bubble to the dialog's React parents (a clickable log row, the panel that closes
  // on Escape) though the dialog sits in the top layer: they stop here.
  const stop = (event: KeyboardEvent | MouseEvent) => event.stopPropagation()

  return (
    <dialog ref={dialog} className="copyas" aria-labelledby={titleId} onClose={onClose} onKeyDown={stop} onClick={stop}>
      <header className="copyas__bar">
        <h2 id={titleId} className="copyas__title">
          Copy as
        </h2>
        <span className="copyas__what" title={request.url}>
          <span className={`method method--${request.method.toLowerCase()}`}>{request.method}</span>
          <PathEllipsis path={pathOf(request.url)} title={request.url} className="copyas__path" />
          <span className="copyas__status">{response ? response.status : 'no answer'}</span>
        </span>
        <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </header>

      <div className="copyas__formats" role="radiogroup" aria-label="Format">
        {FORMATS.map((item) => (
          <label key={item.id} className={`copyas__format${item.kind === 'test' ? ' copyas__format--test' : ''}`}>
            <input
              type="radio"
              name={`${base}-format`}
              checked={format === item.id}
              onChange={() => pickFormat(item.id)}
            />
            {item.label}
          </label>
        ))}
      </div>

      {isTest && home === 'repo' && (
        <fieldset className="copyas__target">
          <legend>Imports the mock from</legend>
          <label className="copyas__option">
            <input
              type="radio"
              name={`${base}-imports`}
              checked={imports === 'repo'}
              onChange={() => setImports('repo')}
            />
            This repo's source (no build)
          </label>
          <label className="copyas__option">
            <input
              type="radio"
              name={`${base}-imports`}
              checked={imports === 'package'}
              onChange={() => setImports('package')}
            />
            The installed package (your app)
          </label>
        </fieldset>
      )}
      {!isTest && (
        <fieldset className="copyas__target">
          <legend>Send to</legend>
          <label className="copyas__option">
            <input
              type="radio"
              name={`${base}-target`}
              checked={choice.kind === 'worker'}
              onChange={() => choose({ kind: 'worker' })}
            />
            This page's mock worker
          </label>
          <label className="copyas__option">
            <input
              type="radio"
              name={`${base}-target`}
              checked={choice.kind === 'http-mode'}
              onChange={() => choose({ kind: 'http-mode', port: lastPort })}
            />
            HTTP mode on port
          </label>
          <input
            className="input input--mono copyas__port"
            aria-label="HTTP mode port"
            inputMode="numeric"
            value={choice.kind === 'http-mode' ? choice.port : lastPort}
            onFocus={() => choice.kind !== 'http-mode' && choose({ kind: 'http-mode', port: lastPort })}
            onChange={(event) => choose({ kind: 'http-mode', port: event.target.value })}
          />
          <label className="copyas__option">
            <input
              type="radio"
              name={`${base}-target`}
              checked={choice.kind === 'base-url'}
              onChange={() => choose({ kind: 'base-url', text: lastBaseUrl })}
            />
            Base URL
          </label>
          <input
            className="input input--mono copyas__url"
            aria-label="Base URL"
            placeholder="https://mock.example.test"
            value={choice.kind === 'base-url' ? choice.text : lastBaseUrl}
            onFocus={() => choice.kind !== 'base-url' && choose({ kind: 'base-url', text: lastBaseUrl })}
            onChange={(event) => choose({ kind: 'base-url', text: event.target.value })}
          />
        </fieldset>
      )}

      <p
        className={`copyas__note${view.problem ? ' copyas__note--problem' : ''}`}
        role={view.problem ? 'alert' : undefined}
      >
        {view.note}
      </p>
      {view.warning && (
        <p className="copyas__note copyas__note--warn" role="note" aria-label="Only in this browser">
          {view.warning}
        </p>
      )}
      {view.text !== null && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, or the keyboard cannot scroll a long test file
        <section className="copyas__code" aria-label="Snippet" tabIndex={0}>
          <pre>{view.text}</pre>
        </section>
      )}

      <footer className="copyas__foot">
        <span role="status" className="copyas__copied">
          {copied === 'copied' && 'Copied.'}
          {copied === 'failed' && 'The clipboard refused: select the text above and copy it.'}
        </span>
        {fileName && text !== null && (
          <button type="button" className="button" onClick={() => download(fileName, text)}>
            Save {fileName}
          </button>
        )}
        <button type="button" className="button copyas__primary" disabled={view.text === null} onClick={copy}>
          Copy
        </button>
      </footer>
    </dialog>
  )
}
