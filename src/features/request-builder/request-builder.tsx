import { useMutation } from '@tanstack/react-query'
import { type KeyboardEvent, useState } from 'react'
import { ERROR_MESSAGES, ERROR_STATUSES } from '#mocks/handlers/errors.ts'
import type { RequestDraft } from '../../app/explorer-bus.ts'
import { MethodBadge } from '../../components/method-badge.tsx'
import { operationInfo } from '../operations/catalogue.ts'
import { exampleBody } from '../operations/examples.ts'
import { BodyField } from './body-field.tsx'
import { draftPath } from './build-request.ts'
import { explainAccept, explainContentType } from './explain-negotiation.ts'
import { HeaderChoiceField } from './header-choice-field.tsx'
import { IdField } from './id-field.tsx'
import { sendRequestMutation } from './send-mutation.ts'
import { UrlPreview } from './url-preview.tsx'
import './request-builder.css'

const ACCEPT_PRESETS = [{ value: 'application/json' }, { value: '*/*' }, { value: 'text/html' }]
const CONTENT_TYPE_PRESETS = [{ value: 'application/json' }, { value: 'text/plain' }]
const IS_DRAFT_PRESETS = [{ value: 'true' }, { value: 'false' }]
const PREFER_PRESETS = ERROR_STATUSES.map((status) => ({ value: `code=${status}`, label: `${status} ${ERROR_MESSAGES[status]}` }))

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)
export const SEND_SHORTCUT = isMac ? '⌘↵' : 'Ctrl+↵'

/** Builds one request from a draft; keyed by the bus's draftVersion, so a new draft remounts it. */
export function RequestBuilder({ initial }: { initial: RequestDraft }) {
  const [draft, setDraft] = useState(initial)
  const send = useMutation(sendRequestMutation())
  const info = operationInfo(draft.operation)
  const takesBody = info.requestSchema !== null
  const update = (patch: Partial<RequestDraft>) => setDraft((current) => ({ ...current, ...patch }))
  const submit = () => send.mutate(draft)

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <form
      className="builder"
      aria-label="Request builder"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <h2 className="builder__title">
        <span className="panel-title">Request</span>
        <span className="builder__op">{info.title}</span>
        <span className="tag">suite {info.suite}</span>
        <span className="tag tag--soon">coming soon</span>
      </h2>
      <div className="builder__url">
        <MethodBadge method={info.method} />
        <UrlPreview method={info.method} url={new URL(draftPath(draft), window.location.origin).href} />
        <button type="submit" className="button button--primary" aria-keyshortcuts="Control+Enter Meta+Enter">
          {send.isPending ? 'Sending…' : 'Send'} <kbd>{SEND_SHORTCUT}</kbd>
        </button>
      </div>
      <div className="builder__fields">
        {info.path.includes('{id}') && <IdField value={draft.id} onChange={(id) => update({ id })} />}
        {info.query.includes('isDraft') && (
          <HeaderChoiceField
            label="isDraft"
            choice={draft.isDraft}
            presets={IS_DRAFT_PRESETS}
            customLabel="Raw value…"
            onChange={(isDraft) => update({ isDraft })}
          />
        )}
        <HeaderChoiceField
          label="Accept"
          choice={draft.accept}
          presets={ACCEPT_PRESETS}
          explanation={explainAccept(draft.accept)}
          onChange={(accept) => update({ accept })}
        />
        {takesBody && (
          <HeaderChoiceField
            label="Content-Type"
            omitLabel="Omitted (no header)"
            choice={draft.contentType}
            presets={CONTENT_TYPE_PRESETS}
            explanation={explainContentType(draft.contentType)}
            onChange={(contentType) => update({ contentType })}
          />
        )}
        <HeaderChoiceField
          label="Force status"
          omitLabel="None"
          customLabel="Custom Prefer…"
          choice={draft.prefer}
          presets={PREFER_PRESETS}
          onChange={(prefer) => update({ prefer })}
        />
      </div>
      {takesBody && (
        <BodyField
          value={draft.body}
          schema={info.requestSchema}
          onChange={(body) => update({ body })}
          onSubmit={submit}
          onInsertExample={() => update({ body: exampleBody(draft.operation) })}
        />
      )}
    </form>
  )
}
