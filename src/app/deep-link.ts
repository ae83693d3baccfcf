import { isOperationId } from '../features/operations/catalogue.ts'
import type { OperationId } from './model.ts'
import { getBusState, subscribeBus } from './explorer-bus.ts'

/**
 * The URL keeps only which operation and which view are open (?op=&tab=).
 * Nothing else is read from it: never a spec, a config or a base URL.
 */
export type TabId = 'log' | 'history' | 'controls' | 'scenarios' | 'drift'
export const TABS: readonly TabId[] = ['log', 'history', 'controls', 'scenarios', 'drift']

const params = () => new URLSearchParams(window.location.search)

export function readOperation(): OperationId | null {
  const op = params().get('op')
  return isOperationId(op) ? op : null
}

export function readTab(): TabId {
  const tab = params().get('tab')
  return TABS.includes(tab as TabId) ? (tab as TabId) : 'log'
}

/** Writes one param with replaceState, so the back button keeps its meaning. */
export function writeParam(name: 'op' | 'tab', value: string): void {
  const search = params()
  if (search.get(name) === value) return
  search.set(name, value)
  const url = `${window.location.pathname}?${search.toString()}${window.location.hash}`
  window.history.replaceState(window.history.state, '', url)
}

/** Keeps ?op= in step with the draft in the builder; returns the unsubscribe. */
export function syncOperationParam(): () => void {
  return subscribeBus(() => {
    const operation = getBusState().draft?.operation
    if (operation) writeParam('op', operation)
  })
}
