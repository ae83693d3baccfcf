import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { getBusState, updateDraft, useExplorerBus } from '../../app/explorer-bus.ts'
import type { RequestDraft } from '../../app/model.ts'
import { useMock } from '../../app/mock-context.tsx'
import { useWorkerReady } from '../../app/worker-ready.ts'
import { MethodBadge } from '../../components/method-badge.tsx'
import { Segmented } from '../../components/segmented.tsx'
import { useControlSnapshot } from '../mock-controls/use-mock-control.ts'
import { operationInfo } from '../operations/catalogue.ts'
import { exampleBody, exampleDraft } from '../operations/examples.ts'
import { BodyField } from './body-field.tsx'
import { planRequest } from './build-request.ts'
import { ExactRequest } from './exact-request.tsx'
import { RealServiceNote } from '../real-service/real-service-note.tsx'
import { ExpectedAnswer } from './expected-answer.tsx'
import { FormFields } from './form-fields.tsx'
import { FreeFields } from './free-fields.tsx'
import { freeFromForm } from './free-request.ts'
import { type Forecast, preflight } from './preflight.ts'
import { useInFlight, useSend } from './send-mutation.ts'
import { StashedDraft } from './stashed-draft.tsx'
import { UrlPreview } from './url-preview.tsx'
import './request-builder.css'
import './free-fields.css'

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)
export const SEND_SHORTCUT = isMac ? '⌘↵' : 'Ctrl+↵'

const MODES = [
  { id: 'form', content: 'Form' },
  { id: 'advanced', content: 'Advanced' },
] as const

/** What a success will mean, in a few words. */
function successNote(draft: RequestDraft, forecast: Forecast): string {
  if (forecast.operation === null) return 'Allow lists the methods of this path'
  if (forecast.operation === 'createArtefact') {
    const draftFlag = new URL(planRequest(draft, window.location.origin).url).searchParams.get('isDraft') === 'true'
    return `stored as ${draftFlag ? 'a draft' : 'published'}; responseId names it`
  }
  return forecast.operation === 'getArtefact' ? 'the stored artefact' : 'stored'
}

/** The forecast of the draft on the mock's current data and settings. */
function useForecast(draft: RequestDraft) {
  const { store } = useMock()
  const data = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const control = useControlSnapshot()
  const plan = planRequest(draft, window.location.origin)
  const key = JSON.stringify(plan)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plan's text, the data and the settings are what it depends on.
  const forecast = useMemo(() => preflight(plan, { store, control, now: Date.now() }), [key, data, control, store])
  return { plan, forecast }
}

/** Ctrl/Cmd+Enter sends from anywhere on the page, unless something there used the key. */
function useSendShortcut(send: () => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
        event.preventDefault()
        send()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [send])
}

/** Builds the request of the current operation's draft; every edit is kept in that draft. */
export function RequestBuilder() {
  const { draft } = useExplorerBus()
  const sendDraft = useSend()
  const inFlight = useInFlight()
  const submit = useMemo(
    () => () => {
      const current = getBusState().draft
      if (current) sendDraft(current)
    },
    [sendDraft],
  )
  useSendShortcut(submit)
  if (!draft) return null
  return <Builder draft={draft} submit={submit} inFlight={inFlight} />
}

interface BuilderProps {
  draft: RequestDraft
  submit: () => void
  inFlight: ReturnType<typeof useInFlight>
}

function Builder({ draft, submit, inFlight }: BuilderProps) {
  const info = operationInfo(draft.operation)
  const { plan, forecast } = useForecast(draft)
  const advanced = Boolean(draft.advanced && draft.free)
  const starting = useWorkerReady() !== 'ready'
  const schema = forecast.operation ? operationInfo(forecast.operation).requestSchema : null
  const bodyFindings = forecast.findings.filter((finding) => finding.field === 'body')
  function setAdvanced(on: boolean) {
    updateDraft(on ? { advanced: true, free: draft.free ?? freeFromForm(draft) } : { advanced: false })
  }
  return (
    <form
      className={`builder ${inFlight ? 'builder--busy' : ''}`}
      aria-label="Request builder"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="builder__head">
        <h2 className="builder__title">
          <span className="panel-title">Request</span>
          <span className="builder__op">{info.title}</span>
          <span className="tag">suite {info.suite}</span>
        </h2>
        <Segmented
          label="Builder mode"
          options={MODES}
          value={advanced ? 'advanced' : 'form'}
          onChange={(mode) => setAdvanced(mode === 'advanced')}
          className="segmented--text"
        />
        <button
          type="button"
          className="button button--ghost"
          title="Back to this operation's example (the body editor can undo it)"
          onClick={() => updateDraft({ ...exampleDraft(draft.operation), advanced: false })}
        >
          Reset
        </button>
      </div>
      <StashedDraft />
      <div className="builder__url">
        <MethodBadge method={plan.method} />
        <UrlPreview method={plan.method} url={plan.url} />
        {inFlight ? (
          <button type="button" className="button button--danger" onClick={inFlight.cancel}>
            Cancel
          </button>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          aria-keyshortcuts="Control+Enter Meta+Enter"
          disabled={inFlight !== null || starting}
          title={
            starting ? 'Sends once the mock worker runs: a request sent earlier would reach the network' : undefined
          }
        >
          {inFlight ? 'Sending…' : starting ? 'Starting…' : 'Send'} <kbd>{SEND_SHORTCUT}</kbd>
        </button>
      </div>
      <ExpectedAnswer forecast={forecast} note={successNote(draft, forecast)} />
      <RealServiceNote method={plan.method} url={plan.url} />
      <ExactRequest plan={plan} />
      {advanced && draft.free ? (
        <FreeFields free={draft.free} findings={forecast.findings} onChange={(free) => updateDraft({ free })} />
      ) : (
        <FormFields draft={draft} findings={forecast.findings} update={updateDraft} />
      )}
      {plan.body !== null && (
        <BodyField
          docKey={draft.operation}
          value={draft.body}
          schema={schema}
          findings={bodyFindings}
          onChange={(body) => updateDraft({ body })}
          onSubmit={submit}
          onInsertExample={() => updateDraft({ body: exampleBody(draft.operation) })}
        />
      )}
    </form>
  )
}
