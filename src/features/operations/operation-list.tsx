import { openDraft, useExplorerBus } from '../../app/explorer-bus.ts'
import { MethodBadge } from '../../components/method-badge.tsx'
import { PREFIX } from '#mocks/handlers/router.ts'
import { OPERATIONS } from './catalogue.ts'
import { exampleDraft } from './examples.ts'
import './operations.css'

/** The registry's operations; choosing one loads a valid example into the builder. */
export function OperationList() {
  const { draft } = useExplorerBus()
  return (
    <nav aria-label="Operations" className="operations">
      <h2 className="panel-title">Operations</h2>
      <ul className="operations__list">
        {OPERATIONS.map((operation) => {
          const current = draft?.operation === operation.id
          return (
            <li key={operation.id}>
              <button
                type="button"
                className="operations__item"
                aria-current={current ? 'true' : undefined}
                aria-label={`${operation.title}: ${operation.method} ${operation.path}`}
                onClick={() => openDraft(exampleDraft(operation.id))}
              >
                <span className="operations__row">
                  <MethodBadge method={operation.method} />
                  <span className="operations__title">{operation.title}</span>
                </span>
                <code className="operations__path" title={`${PREFIX}${operation.path}`}>{operation.path}</code>
                <span className="operations__meta">
                  <span className="tag">suite {operation.suite}</span>
                  <span className="tag tag--soon">coming soon</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
