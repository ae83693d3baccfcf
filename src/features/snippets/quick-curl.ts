/**
 * The one-click curl: where it goes, said on the button. curl cannot reach this page's worker,
 * so it goes to the shell target last chosen in Copy as (the HTTP mode on 8787 at first).
 */
import type { SentRequest } from './snippet-target.ts'
import { serveCommand } from './snippet-target.ts'
import { useShellTarget } from './shell-target.ts'
import { useSnippetHome } from './snippet-home.tsx'
import { toCurl } from './snippets.ts'

export interface QuickCurl {
  /** The visible text: `curl → 127.0.0.1:8787`. */
  short: string
  /** Where it goes, for an accessible name that holds the visible text: `curl → 127.0.0.1:8787, the HTTP mode`. */
  label: string
  /** How to start the target, and where to choose another. */
  title: string
  /** Where the command goes, in words (for a "Copied" notice). */
  where: string
  text: (request: SentRequest) => string
}

/** The one-click curl for the current shell target. */
export function useQuickCurl(): QuickCurl {
  const target = useShellTarget()
  const home = useSnippetHome()
  const where = target.httpMode ? `the HTTP mode at ${target.base}` : target.base
  const start = target.httpMode ? ` Start it with ${serveCommand(Number(new URL(target.base).port), home)}.` : ''
  return {
    short: `curl → ${target.short}`,
    label: `curl → ${target.short}, ${target.httpMode ? 'the HTTP mode' : target.base}`,
    title: `curl goes to ${where}, not to this page's worker.${start} Copy as (test…, More…) chooses another target.`,
    where,
    text: (request) => toCurl(request, target.base),
  }
}
