import { PREFIX } from '#mocks/internal.ts'
import type { OperationId } from '../../app/model.ts'
import { MethodBadge } from '../../components/method-badge.tsx'
import { OPERATIONS } from './catalogue.ts'
import './operations.css'

interface Props {
  /** The operation the builder shows; null before the app knows it (the static first screen). */
  current: OperationId | null
  /** Absent in the static first screen: its buttons are disabled, as no script is there to answer a click. */
  onSelect?: (operation: OperationId) => void
}

/**
 * The list of the registry's operations, without state: the app renders it through
 * OperationList, and the build renders it into index.html as the first screen (decision 042).
 */
export function OperationNav({ current, onSelect }: Props) {
  return (
    <nav aria-label="Operations" className="operations">
      <h2 className="panel-title">Operations</h2>
      <ul className="operations__list">
        {OPERATIONS.map((operation) => (
          <li key={operation.id}>
            <button
              type="button"
              className="operations__item"
              aria-current={current === operation.id ? 'true' : undefined}
              disabled={!onSelect}
              onClick={onSelect && (() => onSelect(operation.id))}
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
        ))}
      </ul>
    </nav>
  )
}
