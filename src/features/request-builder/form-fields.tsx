import { ERROR_MESSAGES, ERROR_STATUSES } from '#mocks/internal.ts'
import type { HeaderChoice, RequestDraft } from '../../app/model.ts'
import { operationInfo } from '../operations/catalogue.ts'
import { type Explanation, explainAccept, explainContentType } from './explain-negotiation.ts'
import { HeaderChoiceField } from './header-choice-field.tsx'
import { IdField } from './id-field.tsx'
import type { Finding } from './preflight.ts'

const ACCEPT_PRESETS = [{ value: 'application/json' }, { value: '*/*' }, { value: 'text/html' }]
const CONTENT_TYPE_PRESETS = [{ value: 'application/json' }, { value: 'text/plain' }]
const IS_DRAFT_PRESETS = [
  { value: 'true', label: 'true (a draft)' },
  { value: 'false', label: 'false (published)' },
]
const PREFER_PRESETS = ERROR_STATUSES.map((status) => ({
  value: `code=${status}`,
  label: `${status} ${ERROR_MESSAGES[status]}`,
}))

/** The mock's verdict on one field, as the hint under it: its first finding, else `fine`. */
export function hintOf(findings: readonly Finding[], field: string, fine: Explanation | null): Explanation | null {
  const found = findings.find((finding) => finding.field === field)
  if (!found) return fine
  return { ok: false, text: `✗ ${found.message} → ${found.status}` }
}

function isDraftFine(choice: HeaderChoice): Explanation {
  if (choice.mode === 'omit') return { ok: true, text: '✓ Omitted: stored as published' }
  return { ok: true, text: choice.value === 'true' ? '✓ Stored as a draft' : '✓ Stored as published' }
}

function preferFine(choice: HeaderChoice): Explanation | null {
  if (choice.mode === 'omit') return null
  return { ok: true, text: `Sends Prefer: ${choice.value}` }
}

interface Props {
  draft: RequestDraft
  findings: readonly Finding[]
  update: (patch: Partial<RequestDraft>) => void
}

/** The form's fields, each with what the mock will make of it. */
export function FormFields({ draft, findings, update }: Props) {
  const info = operationInfo(draft.operation)
  const takesBody = info.requestSchema !== null
  const forced = findings.find((finding) => finding.field === 'Prefer')
  return (
    <div className="builder__fields">
      {info.path.includes('{id}') && (
        <IdField
          value={draft.id}
          problem={findings.find((finding) => finding.field === 'id') ?? null}
          onChange={(id) => update({ id })}
        />
      )}
      {info.query.includes('isDraft') && (
        <HeaderChoiceField
          label="isDraft"
          omitLabel="Omitted (published)"
          choice={draft.isDraft}
          presets={IS_DRAFT_PRESETS}
          customLabel="Raw value…"
          explanation={hintOf(findings, 'isDraft', isDraftFine(draft.isDraft))}
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
        explanation={
          forced && forced.status !== 400
            ? {
                ok: false,
                text: `Sends Prefer: ${draft.prefer.mode === 'value' ? draft.prefer.value : ''} → ${forced.status} before the other checks`,
              }
            : hintOf(findings, 'Prefer', preferFine(draft.prefer))
        }
        onChange={(prefer) => update({ prefer })}
      />
    </div>
  )
}
