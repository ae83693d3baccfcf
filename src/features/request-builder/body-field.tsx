import { lazy, Suspense, useMemo } from 'react'
import type * as z from 'zod'
import { schemaHints, syntaxError } from './schema-hints.ts'

// CodeMirror is fetched on first use, so it is not in the initial bundle.
const JsonEditor = lazy(() => import('./json-editor.tsx'))

export const BODY_LABEL = 'Request body (JSON)'

interface Props {
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  onInsertExample: () => void
  schema: z.ZodType | null
}

/** The JSON body: the editor, and below it what the mock will say about it. */
export function BodyField({ value, onChange, onSubmit, onInsertExample, schema }: Props) {
  const syntax = useMemo(() => (value.trim() === '' ? 'the body is empty' : syntaxError(value)), [value])
  const hints = useMemo(() => (schema && !syntax ? schemaHints(value, schema) : []), [value, schema, syntax])
  function format() {
    if (!syntax) onChange(JSON.stringify(JSON.parse(value), null, 2))
  }
  return (
    <div className="body-field">
      <div className="body-field__bar">
        <span className="field__label">Body · JSON</span>
        <div className="body-field__actions">
          <button type="button" className="button button--ghost" onClick={format} disabled={Boolean(syntax)}>
            Format
          </button>
          <button type="button" className="button button--ghost" onClick={onInsertExample}>
            Insert example
          </button>
        </div>
      </div>
      <Suspense
        fallback={
          <textarea
            className="json-fallback"
            aria-label={BODY_LABEL}
            value={value}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        }
      >
        <JsonEditor value={value} onChange={onChange} onSubmit={onSubmit} schema={schema} label={BODY_LABEL} />
      </Suspense>
      <div className="body-field__status" aria-live="polite" aria-label="Body check">
        {syntax ? (
          <p className="text-bad">✗ Not valid JSON ({syntax}). It can still be sent, to see the 400.</p>
        ) : hints.length > 0 ? (
          <ul className="hint-list">
            {hints.map((hint, index) => (
              <li key={index} className="text-warn">⚠ {hint.message} → 422</li>
            ))}
          </ul>
        ) : (
          <p className="text-ok">✓ Fits the request schema</p>
        )}
      </div>
    </div>
  )
}
