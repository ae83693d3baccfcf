import type { MockControl } from './control.ts'

/** A control that hands every call on to the control in use, and can be given another. */
export interface SwitchableControl {
  readonly control: MockControl
  /** The control calls go to now. */
  current(): MockControl
  /** From now on calls go to `next`; the listeners stay subscribed and hear of the change. */
  replace(next: MockControl): void
}

/**
 * The browser mock's control exists from import on (the worker's handlers and the explorer hold
 * it), but the scenario it runs, and a user's own scenarios, are known only once
 * `startMockWorker()` runs: that builds the control for them and puts it behind this one.
 *
 * @example
 * const switchable = switchableControl(createControl({ store }))
 * switchable.replace(createControl({ store, scenario: 'empty' }))
 * switchable.control.scenario.id // 'empty'
 */
export function switchableControl(first: MockControl): SwitchableControl {
  let current = first
  const listeners = new Set<() => void>()
  const tell = () => {
    for (const listener of listeners) listener()
  }
  let unsubscribe = current.subscribe(tell)
  // Every member reads through to the control in use, so one a control gains later passes on too;
  // listeners are this one's own, and a header naming the scenario in use is answered here.
  const own: Pick<MockControl, 'forScenario' | 'subscribe'> = {
    forScenario: (id) => (id === current.scenario.id ? control : current.forScenario(id)),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const control = { ...own } as MockControl
  const members = Object.getOwnPropertyDescriptors(first)
  for (const [key, member] of Object.entries(members) as Array<[keyof MockControl, PropertyDescriptor]>) {
    if (key in own) continue
    // A method stays one function (a caller may hold it); a getter reads the control in use each time.
    const pass =
      typeof member.value === 'function'
        ? { value: (...args: unknown[]) => (current[key] as (...args: unknown[]) => unknown)(...args) }
        : { get: () => current[key] }
    Object.defineProperty(control, key, { enumerable: true, ...pass })
  }
  return {
    control,
    current: () => current,
    replace(next) {
      unsubscribe()
      current = next
      unsubscribe = next.subscribe(tell)
      tell()
    },
  }
}
