/**
 * Where curl and HTTPie go: the target last chosen in Copy as (this page only), the HTTP mode
 * on its default port at first. The one-click curl buttons copy for it and name it, so a copied
 * command never goes somewhere the page did not say.
 */
import { useSyncExternalStore } from 'react'
import { HTTP_MODE_PORT, parseBaseUrl, type SnippetTarget, targetBase } from './snippet-target.ts'
import type { TargetChoice } from './snippet-text.ts'

/** The choice in Copy as, and what each kind held last, so switching back finds it. */
export interface RememberedTarget {
  choice: TargetChoice
  port: string
  baseUrl: string
}

let remembered: RememberedTarget = {
  choice: { kind: 'http-mode', port: String(HTTP_MODE_PORT) },
  port: String(HTTP_MODE_PORT),
  baseUrl: '',
}
const listeners = new Set<() => void>()

/** Keeps the dialog's choice for the next dialog and the one-click buttons. */
export function rememberTarget(choice: TargetChoice): void {
  remembered = {
    choice,
    port: choice.kind === 'http-mode' ? choice.port : remembered.port,
    baseUrl: choice.kind === 'base-url' ? choice.text : remembered.baseUrl,
  }
  for (const listener of listeners) listener()
}

export const rememberedTarget = (): RememberedTarget => remembered

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The shell target as a checked target: a base URL or port that does not parse falls back to the default. */
export function shellTargetOf({ choice, port }: RememberedTarget): SnippetTarget {
  if (choice.kind === 'base-url') {
    const parsed = parseBaseUrl(choice.text)
    if (parsed.ok) return { kind: 'base-url', baseUrl: parsed.baseUrl }
  }
  const number = Number(port)
  const valid = Number.isInteger(number) && number >= 1 && number <= 65_535
  return { kind: 'http-mode', port: valid ? number : HTTP_MODE_PORT }
}

/** Where a one-click curl goes now: the base URL, and a short name for a button ("127.0.0.1:8787"). */
export function useShellTarget(): { base: string; short: string; httpMode: boolean } {
  const target = shellTargetOf(useSyncExternalStore(subscribe, rememberedTarget))
  const base = targetBase(target)
  return { base, short: new URL(base).host, httpMode: target.kind === 'http-mode' }
}
