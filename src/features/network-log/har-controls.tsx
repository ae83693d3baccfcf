import { type ChangeEvent, useRef, useState } from 'react'
import type { Exchange } from '../../app/explorer-bus.ts'
import { fromHar, HAR_IMPORT_MAX_BYTES, harContents, toHar } from './har.ts'

interface Props {
  entries: readonly Exchange[]
  /** Exchanges logged since the last clear, those dropped past the cap included. */
  logged: number
  onImport: (exchanges: Exchange[]) => void
}

type Notice = { kind: 'ok' | 'bad'; text: string } | null

const stamp = (at: Date) => at.toISOString().slice(0, 19).replaceAll(':', '-')

/** Export the log as a HAR 1.2 file; import one into the log, for reading. */
export function HarControls({ entries, logged, onImport }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [notice, setNotice] = useState<Notice>(null)

  function exportHar() {
    const contents = harContents(entries.length, logged)
    const text = JSON.stringify(toHar(entries, contents), null, 2)
    const href = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
    const link = Object.assign(document.createElement('a'), {
      href,
      download: `artefact-mock-${stamp(new Date())}.har`,
    })
    link.click()
    setTimeout(() => URL.revokeObjectURL(href), 1000)
    setNotice({ kind: 'ok', text: `Exported as HAR 1.2: ${contents[0]!.toLowerCase()}${contents.slice(1)}` })
  }

  async function importHar(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (file.size > HAR_IMPORT_MAX_BYTES) {
      setNotice({
        kind: 'bad',
        text: `${file.name} is over ${HAR_IMPORT_MAX_BYTES / 1024 / 1024} MB; import a smaller HAR file.`,
      })
      return
    }
    const result = fromHar(await file.text())
    if (!result.ok) {
      setNotice({ kind: 'bad', text: `${file.name}: ${result.reason}` })
      return
    }
    onImport(result.exchanges)
    setNotice({ kind: 'ok', text: `Imported ${result.exchanges.length} from ${file.name}, marked "imported".` })
  }

  return (
    <>
      <span className="netlog__har">
        <button type="button" className="button" onClick={exportHar} disabled={entries.length === 0}>
          Export HAR
        </button>
        <button type="button" className="button" onClick={() => input.current?.click()}>
          Import HAR
        </button>
        <input
          ref={input}
          type="file"
          accept=".har,application/json"
          hidden
          aria-label="HAR file to import"
          onChange={importHar}
        />
      </span>
      <p className={`netlog__notice${notice?.kind === 'bad' ? ' netlog__notice--bad' : ''}`} role="status">
        {notice?.text}
      </p>
    </>
  )
}
