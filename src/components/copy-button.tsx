import { useState } from 'react'

interface Props {
  label: string
  /** The visible text when idle, when shorter than `label` (which stays the accessible name). */
  short?: string
  /** Computed on click, so large texts are only built when wanted. */
  text: () => string
  /** More than the name says (where a command goes). */
  title?: string
}

/** Copies text to the clipboard and says so; a refused clipboard is shown, not thrown. */
export function CopyButton({ label, short, text, title }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  async function copy() {
    try {
      await navigator.clipboard.writeText(text())
      setState('copied')
    } catch {
      setState('failed')
    }
    setTimeout(() => setState('idle'), 1500)
  }
  return (
    <button type="button" className="button button--ghost" onClick={copy} aria-label={label} title={title}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked' : (short ?? label)}
    </button>
  )
}
