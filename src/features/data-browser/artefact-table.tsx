import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react'
import type { HeldRecord } from '#mocks/internal.ts'
import { patchDraftOf, selectOperation } from '../../app/explorer-bus.ts'
import { useVirtualRows } from '../../components/virtual-rows.ts'
import { exampleDraft } from '../operations/examples.ts'
import { GapRow } from '../../components/gap-row.tsx'

/** Shows the Get builder naming this artefact; its other choices (Accept, Force status) stay as they were. */
function openArtefact(id: string): void {
  patchDraftOf('getArtefact', { id, advanced: false }, () => exampleDraft('getArtefact', id))
  selectOperation('getArtefact', () => exampleDraft('getArtefact', id))
}

const shortId = (id: string) => `${id.slice(0, 4)}…${id.slice(-4)}`
/** A row's height in px before it is measured: a one-line title and the meta line. */
const ROW_HEIGHT = 45

interface Props {
  /** The artefacts to list, in order (the store's newest first, maybe filtered). */
  shown: readonly HeldRecord[]
  /** How many the store holds. */
  stored: number
}

/**
 * The stored artefacts, only the rows in view rendered. The Open buttons are one tab stop
 * (the arrow keys move between them), and the row holding it stays rendered when scrolled away.
 */
export function ArtefactTable({ shown, stored }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const focusable = Math.min(active, Math.max(0, shown.length - 1))
  const { virtualizer, slots } = useVirtualRows({
    count: shown.length,
    scrollRef,
    rowHeight: ROW_HEIGHT,
    keep: focusable,
  })
  // The row an arrow key moved to may render only after scrolling there: focus it once it does.
  const focusPending = useRef(false)
  useLayoutEffect(() => {
    if (!focusPending.current) return
    const button = scrollRef.current?.querySelector<HTMLButtonElement>(`tr[data-index="${focusable}"] button`)
    if (button) {
      focusPending.current = false
      button.focus()
    }
  })

  function onListKey(event: KeyboardEvent<HTMLTableSectionElement>) {
    const moves: Record<string, number> = {
      ArrowDown: focusable + 1,
      ArrowUp: focusable - 1,
      Home: 0,
      End: shown.length - 1,
    }
    const next = moves[event.key]
    if (next === undefined || next < 0 || next >= shown.length) return
    event.preventDefault()
    focusPending.current = true
    setActive(next)
    virtualizer.scrollToIndex(next)
  }

  return (
    <div className="databrowser__scroll" ref={scrollRef}>
      <table
        className="databrowser__table databrowser__artefacts"
        aria-label="Stored artefacts"
        aria-rowcount={shown.length + 1}
      >
        <caption>
          Artefacts{' '}
          <span className="databrowser__muted">
            ({shown.length.toLocaleString('en')} of {stored.toLocaleString('en')})
          </span>
          <span className="sr-only">; the arrow keys move between the Open buttons</span>
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">
              <span className="sr-only">Artefact</span>
            </th>
            <th scope="col" className="databrowser__action">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody onKeyDown={onListKey}>
          {slots.map((slot) => {
            if (slot.kind === 'gap') {
              return <GapRow key={slot.key} size={slot.size} columns={2} className="databrowser__gap" />
            }
            const { index } = slot.item
            const artefact = shown[index]!.summary
            const { isDraft } = artefact
            const title = artefact.unreadable ? 'Unreadable stored artefact (its text is not JSON)' : artefact.title
            return (
              <tr key={artefact.id} data-index={index} ref={virtualizer.measureElement} aria-rowindex={index + 2}>
                <td>
                  <div className="databrowser__name" title={title}>
                    {title}
                  </div>
                  <div className="databrowser__meta">
                    <span className="databrowser__mono" title={artefact.id}>
                      {shortId(artefact.id)}
                    </span>
                    <span className="databrowser__category" title={artefact.categoryName ?? undefined}>
                      {artefact.categoryName ?? 'no category'}
                    </span>
                    {isDraft && <span className="databrowser__badge">Draft</span>}
                  </div>
                </td>
                <td className="databrowser__action">
                  <button
                    type="button"
                    className="button"
                    tabIndex={index === focusable ? 0 : -1}
                    aria-label={`Open ${title}`}
                    title={`GET ${artefact.id}`}
                    onFocus={() => setActive(index)}
                    onClick={() => openArtefact(artefact.id)}
                  >
                    Open
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
