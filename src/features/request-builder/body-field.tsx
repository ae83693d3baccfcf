import type { Diagnostic } from '@codemirror/lint'
import { lazy, Suspense, useMemo } from 'react'
import type * as z from 'zod'
import type { Finding } from './preflight.ts'
import { locate, parsePath, schemaHints, syntaxError } from './schema-hints.ts'
import './body-field.css'

// CodeMirror is fetched on first use, so it is not in the initial bundle.
const JsonEditor = lazy(() => import('./json-editor.tsx'))

export const BODY_LABEL = 'Request body (JSON)'

interface Props {
  /** Whose body this is: each operation's editor keeps its own undo history. */
  docKey: string
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  onInsertExample: () => void
  /** The request schema the mock checks it with; null when no operation will read it. */
  schema: z.core.$ZodType | null
  /** The mock's findings about the body beyond the schema (data-set rules, a taken name, size). */
  findings: readonly Finding[]
}

const outcome = (finding: Finding) => (finding.inBody ? '200 hasErrors, nothing stored' : String(finding.status))

/** The JSON body: the editor, and below it what the mock will say about it. */
export function BodyField({ docKey, value, onChange, onSubmit, onInsertExample, schema, findings }: Props) {
  const syntax = useMemo(() => (value.trim() === '' ? 'the body is empty' : syntaxError(value)), [value])
  const hints = useMemo(() => (schema && !syntax ? schemaHints(value, schema) : []), [value, schema, syntax])
  const beyond = findings.filter((finding) => finding.status !== 422 || finding.bodyPath)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the findings' text is what matters, not the array's identity.
  const lint = useMemo(
    () =>
      (text: string): Diagnostic[] => [
        ...(schema ? schemaHints(text, schema) : []).map((hint) => ({
          ...hint,
          message: `${hint.message} → 422`,
          severity: 'warning' as const,
        })),
        ...beyond
          .filter((finding) => finding.bodyPath)
          .map((finding) => ({
            ...locate(text, parsePath(finding.bodyPath ?? '')),
            message: `${finding.message} → ${outcome(finding)}`,
            severity: 'warning' as const,
          })),
      ],
    [schema, beyond.map((finding) => finding.message).join('\n')],
  )
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
        <JsonEditor
          docKey={docKey}
          value={value}
          onChange={onChange}
          onSubmit={onSubmit}
          lint={lint}
          label={BODY_LABEL}
        />
      </Suspense>
      <div className="body-field__status" role="group" aria-label="Body check">
        {!schema ? (
          <p className="muted">Sent as written: no operation of the mock reads this body.</p>
        ) : syntax ? (
          <p className="text-bad">✗ Not valid JSON ({syntax}). It can still be sent, to see the 400.</p>
        ) : hints.length > 0 || beyond.length > 0 ? (
          <ul className="hint-list">
            {hints.map((hint) => (
              <li key={`s${hint.from}-${hint.message}`} className="text-warn">
                ⚠ {hint.message} → 422
              </li>
            ))}
            {beyond.map((finding) => (
              <li key={`f${finding.message}`} className="text-warn">
                ⚠ {finding.message} → {outcome(finding)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ok">✓ Fits the request schema and the data set's rules</p>
        )}
      </div>
    </div>
  )
}
