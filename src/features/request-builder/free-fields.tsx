import { useId } from 'react'
import { PREFIX } from '#mocks/internal.ts'
import type { FreeRequest } from '../../app/model.ts'
import { headerProblem, METHODS, methodProblem } from './free-request.ts'
import { hintOf } from './form-fields.tsx'
import type { Finding } from './preflight.ts'
import { RowList } from './row-list.tsx'

interface Props {
  free: FreeRequest
  findings: readonly Finding[]
  onChange: (free: FreeRequest) => void
}

/** The advanced mode: any method, any path under the prefix, any query and headers. */
export function FreeFields({ free, findings, onChange }: Props) {
  const id = useId()
  const update = (patch: Partial<FreeRequest>) => onChange({ ...free, ...patch })
  const method = methodProblem(free.method)
  const methodHint = method ? { ok: false, text: `✗ ${method}` } : hintOf(findings, 'method', null)
  const pathHint = hintOf(findings, 'path', null)
  return (
    <div className="free">
      <div className="free__line">
        <div className="field free__method">
          <label className="field__label" htmlFor={`${id}-method`}>
            Method
          </label>
          <input
            id={`${id}-method`}
            className="input input--mono"
            list={`${id}-methods`}
            value={free.method}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => update({ method: event.target.value })}
          />
          <datalist id={`${id}-methods`}>
            {METHODS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="field free__path">
          <label className="field__label" htmlFor={`${id}-path`}>
            Path
          </label>
          <div className="input-group">
            <span className="input-group__fixed">{PREFIX}</span>
            <input
              id={`${id}-path`}
              className="input input--mono"
              value={free.path}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => update({ path: event.target.value })}
            />
          </div>
        </div>
      </div>
      {(methodHint || pathHint) && (
        <p className="field__hint text-warn">{[methodHint?.text, pathHint?.text].filter(Boolean).join(' · ')}</p>
      )}
      <div className="free__rows">
        <RowList
          noun="Query parameter"
          separator="="
          namePlaceholder="name"
          rows={free.query}
          onChange={(query) => update({ query })}
          problemOf={(row) =>
            row.on ? (findings.find((finding) => finding.field === row.name.trim())?.message ?? null) : null
          }
        />
        <RowList
          noun="Header"
          separator=":"
          namePlaceholder="Header-Name"
          rows={free.headers}
          onChange={(headers) => update({ headers })}
          problemOf={(row) =>
            row.on
              ? (headerProblem(row) ??
                findings.find((finding) => finding.field.toLowerCase() === row.name.trim().toLowerCase())?.message ??
                null)
              : null
          }
        />
      </div>
    </div>
  )
}
