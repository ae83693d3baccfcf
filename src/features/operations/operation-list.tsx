import { PREFIX } from '#mocks/handlers/router.ts'
import { selectOperation, useExplorerBus } from '../../app/explorer-bus.ts'
import { MethodBadge } from '../../components/method-badge.tsx'
import { OPERATIONS } from './catalogue.ts'
import { exampleDraft } from './examples.ts'
import './operations.css'

/** The registry's operations; choosing one shows its draft (a valid example the first time, as left after that). */
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
                onClick={() => selectOperation(operation.id, () => exampleDraft(operation.id))}
              >
                <span className="operations__row">
                  <MethodBadge method={operation.method} />
                  <span className="operations__title">{operation.title}</span>
                  <span className="operations__suite">suite {operation.suite}</span>
                </span>
                <code className="operations__path" title={`${PREFIX}${operation.path}`}>
                  {operation.path}
                </code>
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
