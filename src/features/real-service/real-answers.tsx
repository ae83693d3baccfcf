import { useId, useState } from 'react'
import { PREFIX } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'
import { browserStorage } from '../mock-controls/settings-storage.ts'
import type { RealAnswer } from './real-service.ts'
import { saveAnswer, whyNotSaved } from './saved-scenarios.ts'

const TIME = new Intl.DateTimeFormat(undefined, {
  hour12: false,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
const short = (path: string) => (path.startsWith(PREFIX) ? path.slice(PREFIX.length) : path)

function verdictOf(answer: RealAnswer): { text: string; tone: 'ok' | 'bad' } {
  if (answer.failure !== null) return { text: 'no answer', tone: 'bad' }
  const count = answer.findings.length
  return count === 0
    ? { text: 'clean', tone: 'ok' }
    : { text: `${count} finding${count === 1 ? '' : 's'}`, tone: 'bad' }
}

/** One real answer: where it went, what came, and Save as scenario override (or why not). */
function AnswerItem({ answer, onSaved }: { answer: RealAnswer; onSaved: (text: string) => void }) {
  const { control } = useMock()
  const why = whyNotSaved(answer)
  const whyId = useId()
  const verdict = verdictOf(answer)
  const name = `${answer.method} ${short(answer.path)}`
  function save() {
    const result = saveAnswer(control, browserStorage(), answer)
    onSaved(
      result.ok
        ? `Saved as the scenario “${result.saved.title}”: use it in the Scenarios tab.`
        : `Not saved: ${result.reason}`,
    )
  }
  return (
    <li className="drift__answer">
      <p className="drift__answer-head">
        <span className="drift__time">{TIME.format(answer.at)}</span>
        <code className="drift__answer-path" title={answer.url}>
          {name}
        </code>
        <span className="drift__answer-status">{answer.status ?? '—'}</span>
        <span className={`drift__verdict drift__verdict--${verdict.tone}`}>{verdict.text}</span>
      </p>
      {answer.failure && <p className="drift__error">No answer: {answer.failure}.</p>}
      <div className="drift__answer-actions">
        <button
          type="button"
          className="button"
          disabled={why !== null}
          aria-describedby={why ? whyId : undefined}
          aria-label={`Save as scenario override: ${name} ${answer.status ?? ''}`.trim()}
          onClick={save}
        >
          Save as scenario override
        </button>
        {why && (
          <span id={whyId} className="drift__why">
            {why}
          </span>
        )}
      </div>
    </li>
  )
}

/** The newest real answers, each one savable as a scenario override once it passes the schema check. */
export function RealAnswers({ answers }: { answers: readonly RealAnswer[] }) {
  const [notice, setNotice] = useState('')
  return (
    <section className="drift__section" aria-label="Real answers">
      <h3 className="drift__heading">
        Real answers {answers.length > 0 && <span className="drift__summary">{answers.length}, newest first</span>}
      </h3>
      {answers.length === 0 ? (
        <p className="drift__empty">None yet.</p>
      ) : (
        <ul className="drift__answers" aria-label="Real answers">
          {answers.map((answer) => (
            <AnswerItem key={answer.id} answer={answer} onSaved={setNotice} />
          ))}
        </ul>
      )}
      <p className="drift__notice" role="status">
        {notice}
      </p>
    </section>
  )
}
