import { type ChangeEvent, useDeferredValue, useMemo, useState } from 'react'

/**
 * A search over `items`: the props of its `<input>`, and the items `matches` (a stable function)
 * keeps for the lowered words typed, none keeping all. The words are deferred, so typing stays
 * quick over a long list; clearing the box (its ×, Escape) is the browser's own.
 */
export function useSearch<T>(items: readonly T[], matches: (item: T, words: readonly string[]) => boolean) {
  const [value, setValue] = useState('')
  // Joined again: a space typed alone filters nothing anew.
  const words = useDeferredValue(value.toLowerCase().split(/\s+/).filter(Boolean).join(' '))
  const found = useMemo(() => {
    const terms = words.split(' ')
    return words === '' ? items : items.filter((item) => matches(item, terms))
  }, [items, matches, words])
  const onChange = (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value)
  return { found, box: { type: 'search', spellCheck: false, value, onChange } as const }
}
