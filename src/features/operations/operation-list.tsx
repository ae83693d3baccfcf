import { selectOperation, useExplorerBus } from '../../app/explorer-bus.ts'
import { exampleDraft } from './examples.ts'
import { OperationNav } from './operation-nav.tsx'

/** The registry's operations; choosing one shows its draft (a valid example the first time, as left after that). */
export function OperationList() {
  const { draft } = useExplorerBus()
  return (
    <OperationNav
      current={draft?.operation ?? null}
      onSelect={(operation) => selectOperation(operation, () => exampleDraft(operation))}
    />
  )
}
