import type { StoreHealth } from '#mocks/internal.ts'

export interface PersistenceStatus {
  /** 'ok' when what is created is saved and nothing was skipped. */
  tone: 'ok' | 'warn'
  /** A few words for the top bar, after "Mock active ·". */
  short: string
  /** Where created data lives, in a sentence a person can act on. */
  saving: string
  /** Every problem, each with its cause. */
  problems: string[]
}

/** Puts the store's health into plain words: saved or not, and why. */
export function describePersistence(health: StoreHealth): PersistenceStatus {
  const problems = [
    ...(health.lastError ? [health.lastError] : []),
    ...health.skipped.map((reason) => `skipped a stored record: ${reason}`),
  ]
  if (health.mode === 'unsaved') {
    return {
      tone: 'warn',
      short: 'memory only, not saved',
      saving: `Memory only: ${health.persistence} could not be opened, so what you create is lost on reload.`,
      problems,
    }
  }
  if (health.lastErrorKind === 'write' || health.lastErrorKind === 'reset') {
    return {
      tone: 'warn',
      short: health.lastErrorKind === 'write' ? 'saving failed' : 'reset failed',
      saving:
        health.lastErrorKind === 'write'
          ? `Saving to ${health.persistence} failed: that create was answered 503 and nothing was stored. What was saved before is safe.`
          : `Clearing ${health.persistence} failed: nothing was reset.`,
      problems,
    }
  }
  if (health.lastErrorKind === 'load') {
    // Decision 043: a page of stored artefacts could not be read; the mock still reads each one asked for.
    return {
      tone: 'warn',
      short: 'stored artefacts partly listed',
      saving: `Saved in ${health.persistence}, but some stored artefacts could not be read into the list: the mock still answers each of them by id.`,
      problems,
    }
  }
  const skipped = health.skipped.length
  if (health.restoring && skipped === 0) {
    // Decision 043: the mock answers before every stored artefact is read into the list.
    return {
      tone: 'ok',
      short: 'reading stored artefacts…',
      saving: `Saved in ${health.persistence}. Still reading the stored artefacts: the list fills as they arrive, and the mock already answers a request for any of them.`,
      problems,
    }
  }
  return {
    tone: skipped > 0 ? 'warn' : 'ok',
    short:
      skipped > 0 ? `${skipped} stored record${skipped === 1 ? '' : 's'} skipped` : `saved in ${health.persistence}`,
    saving:
      health.persistence === 'memory'
        ? 'Memory only: what you create is lost on reload.'
        : `Saved in ${health.persistence}: what you create survives a reload until you reset.`,
    problems,
  }
}
