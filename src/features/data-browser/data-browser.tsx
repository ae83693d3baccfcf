import { useDeferredValue, useId, useMemo, useState, useSyncExternalStore } from 'react'
import type { HeldRecord } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'
import { describePersistence } from '../../app/persistence-status.ts'
import { ArtefactTable } from './artefact-table.tsx'
import './data-browser.css'

// What the filter searches, lowered once per record rather than on every keystroke.
const searchText = new WeakMap<HeldRecord, string>()
function artefactMatches(record: HeldRecord, query: string): boolean {
  let text = searchText.get(record)
  if (text === undefined) {
    const { title, id, categoryName } = record.summary
    text = `${title}\n${id}\n${categoryName ?? ''}`.toLowerCase()
    searchText.set(record, text)
  }
  return text.includes(query)
}

/** The mock's stored artefacts and categories, newest first, and the store's health. */
export function DataBrowser() {
  const { store } = useMock()
  const { artefacts, categories, health } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const [filter, setFilter] = useState('')
  const query = useDeferredValue(filter.trim().toLowerCase())
  const headingId = useId()
  const saving = describePersistence(health)
  // The snapshot is already newest first and only changes with the store: filter it, never sort it.
  const shownArtefacts = useMemo(
    () => (query ? artefacts.filter((record) => artefactMatches(record, query)) : artefacts),
    [artefacts, query],
  )
  const shownCategories = useMemo(
    () =>
      query
        ? categories.filter((category) => category.name.toLowerCase().includes(query) || String(category.id) === query)
        : categories,
    [categories, query],
  )

  return (
    <section className="databrowser" aria-labelledby={headingId}>
      <header className="devpanel__bar">
        <h2 id={headingId} className="devpanel__title">
          Data browser
        </h2>
        <label className="databrowser__filter">
          <span className="databrowser__muted">Filter</span>
          <input
            type="search"
            className="input"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="title, id, category"
          />
        </label>
      </header>

      <ArtefactTable shown={shownArtefacts} stored={artefacts.length} />
      {shownArtefacts.length === 0 && <p className="databrowser__empty">No artefact matches.</p>}

      <table className="databrowser__table databrowser__categories" aria-label="Stored categories">
        <caption>
          Categories{' '}
          <span className="databrowser__muted">
            ({shownCategories.length} of {categories.length})
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          {shownCategories.map((category) => (
            <tr key={category.id}>
              <td className="databrowser__mono">{category.id}</td>
              <td>{category.name}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="databrowser__health" aria-label="Store health">
        <dt>Persistence</dt>
        <dd className={saving.tone === 'warn' && health.lastError ? 'databrowser__error' : undefined}>
          {saving.saving}
        </dd>
        <dt>Skipped records</dt>
        <dd>
          {health.skipped.length === 0 ? (
            'none'
          ) : (
            <ul>
              {health.skipped.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Last error</dt>
        <dd className={health.lastError ? 'databrowser__error' : undefined}>{health.lastError ?? 'none'}</dd>
      </dl>
    </section>
  )
}
