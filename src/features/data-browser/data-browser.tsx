import { type KeyboardEvent, useDeferredValue, useId, useState, useSyncExternalStore } from 'react'
import { store } from '#mocks/browser.ts'
import type { StoredArtefact } from '#mocks/schemas.ts'
import { patchDraftOf, selectOperation } from '../../app/explorer-bus.ts'
import { describePersistence } from '../../app/persistence-status.ts'
import { exampleDraft } from '../operations/examples.ts'
import './data-browser.css'

/** Shows the Get builder naming this artefact; its other choices (Accept, Force status) stay as they were. */
function openArtefact(id: string): void {
  patchDraftOf('getArtefact', { id, advanced: false }, () => exampleDraft('getArtefact', id))
  selectOperation('getArtefact', () => exampleDraft('getArtefact', id))
}

const shortId = (id: string) => `${id.slice(0, 4)}…${id.slice(-4)}`

function artefactMatches({ artefact }: StoredArtefact, query: string): boolean {
  return [artefact.title, artefact.id, artefact.category?.name ?? ''].some((text) => text.toLowerCase().includes(query))
}

/** The mock's stored artefacts and categories, newest first, and the store's health. */
export function DataBrowser() {
  const { artefacts, categories, health } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const [filter, setFilter] = useState('')
  const query = useDeferredValue(filter.trim().toLowerCase())
  const headingId = useId()
  // One tab stop for the whole list, however many artefacts are stored; arrow keys move within it.
  const [active, setActive] = useState(0)
  const saving = describePersistence(health)
  const shownArtefacts = query ? artefacts.filter((record) => artefactMatches(record, query)) : artefacts
  const shownCategories = query
    ? categories.filter((category) => category.name.toLowerCase().includes(query) || String(category.id) === query)
    : categories

  const focusable = Math.min(active, Math.max(0, shownArtefacts.length - 1))
  function onListKey(event: KeyboardEvent<HTMLTableSectionElement>) {
    const moves: Record<string, number> = {
      ArrowDown: focusable + 1,
      ArrowUp: focusable - 1,
      Home: 0,
      End: shownArtefacts.length - 1,
    }
    const next = moves[event.key]
    if (next === undefined || next < 0 || next >= shownArtefacts.length) return
    event.preventDefault()
    setActive(next)
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }

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

      <table className="databrowser__table databrowser__artefacts" aria-label="Stored artefacts">
        <caption>
          Artefacts{' '}
          <span className="databrowser__muted">
            ({shownArtefacts.length} of {artefacts.length})
          </span>
          <span className="sr-only">; the arrow keys move between the Open buttons</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="databrowser__hidden">Artefact</span>
            </th>
            <th scope="col" className="databrowser__action">
              <span className="databrowser__hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody onKeyDown={onListKey}>
          {shownArtefacts.map(({ artefact, isDraft }, index) => (
            <tr key={artefact.id}>
              <td>
                <div className="databrowser__name" title={artefact.title}>
                  {artefact.title}
                </div>
                <div className="databrowser__meta">
                  <span className="databrowser__mono" title={artefact.id}>
                    {shortId(artefact.id)}
                  </span>
                  <span className="databrowser__category" title={artefact.category?.name}>
                    {artefact.category?.name ?? 'no category'}
                  </span>
                  {isDraft && <span className="databrowser__badge">Draft</span>}
                </div>
              </td>
              <td className="databrowser__action">
                <button
                  type="button"
                  className="button"
                  tabIndex={index === focusable ? 0 : -1}
                  aria-label={`Open ${artefact.title}`}
                  title={`GET ${artefact.id}`}
                  onFocus={() => setActive(index)}
                  onClick={() => openArtefact(artefact.id)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
