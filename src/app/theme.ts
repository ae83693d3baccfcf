import { useSyncExternalStore } from 'react'

export type ThemeChoice = 'light' | 'dark' | 'system'

const KEY = 'artefact-explorer:theme'
const listeners = new Set<() => void>()

function read(): ThemeChoice {
  try {
    const stored = localStorage.getItem(KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

let current: ThemeChoice = read()

/** Puts the choice on <html>; 'system' leaves it to prefers-color-scheme (the CSS's light-dark()). */
export function applyTheme(choice: ThemeChoice = current): void {
  const root = document.documentElement
  if (choice === 'system') delete root.dataset.theme
  else root.dataset.theme = choice
}

export function setTheme(choice: ThemeChoice): void {
  current = choice
  try {
    if (choice === 'system') localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, choice)
  } catch {
    // Storage may be blocked; the choice still holds for this page.
  }
  applyTheme(choice)
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => current)
}
