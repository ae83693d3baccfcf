import { lazy, Suspense, useState } from 'react'
import type { Exchange } from '../../app/model.ts'
import type { SnippetFormat } from './snippet-text.ts'

// The dialog and its generators (curl to Playwright test) load on the first open, not with the page.
const CopyAsDialog = lazy(() => import('./copy-as-dialog.tsx').then((module) => ({ default: module.CopyAsDialog })))

interface Props {
  exchange: Exchange
  /** The visible text; `label` is the accessible name when they differ. */
  text?: string
  label: string
  /** The format the dialog opens on. */
  format?: SnippetFormat
  className?: string
}

/**
 * Opens the Copy as dialog for one exchange: curl, HTTPie, fetch, a Vitest or a Playwright test.
 * Styles: copy-as.css, which the host (explorer or panel) loads.
 */
export function CopyAsButton({ exchange, text, label, format = 'curl', className = 'button' }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={text === undefined ? undefined : label}
        aria-haspopup="dialog"
        onClick={(event) => {
          // Inside a clickable log row, opening the dialog must not open the row too.
          event.stopPropagation()
          setOpen(true)
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {text ?? label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CopyAsDialog exchange={exchange} initialFormat={format} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
