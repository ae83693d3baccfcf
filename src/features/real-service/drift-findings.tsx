import type { DriftReport, ReportedFinding } from '#mocks/internal.ts'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The report's groups by operation, in the report's order. */
function byOperation(report: DriftReport): Array<[string, ReportedFinding[]]> {
  const groups = new Map<string, ReportedFinding[]>()
  for (const finding of report.findings)
    groups.set(finding.operation, [...(groups.get(finding.operation) ?? []), finding])
  return [...groups]
}

/** A value from a real answer, as text: never markup (house style rule 14). */
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 160 ? `${text.slice(0, 157)}…` : text
}

/** One group: kind, pointer and count, what the spec expects and what came, and one example. */
function FindingItem({ finding }: { finding: ReportedFinding }) {
  const severity = finding.severity === 'error' ? 'Error' : 'Warning'
  return (
    <li className={`drift__finding drift__finding--${finding.severity}`}>
      <p className="drift__finding-head">
        <span className={`drift__severity drift__severity--${finding.severity}`}>{severity}</span>
        <span className="drift__kind">{finding.kind}</span>
        {finding.side === 'request' && <span className="drift__side">request</span>}
        <code className="drift__pointer">{finding.pointer || '(whole answer)'}</code>
        <span className="drift__count" title={`seen in ${plural(finding.count, 'answer')}`}>
          ×{finding.count}
        </span>
      </p>
      <dl className="drift__facts">
        <dt>Expected</dt>
        <dd>{finding.expected}</dd>
        <dt>Seen</dt>
        <dd>{finding.actual}</dd>
        <dt>Example</dt>
        <dd>
          <code>
            {finding.example.method} {finding.example.path} → {finding.example.status}
          </code>
          {'value' in finding.example && (
            <>
              {' '}
              value <code>{shown(finding.example.value)}</code>
            </>
          )}
        </dd>
      </dl>
    </li>
  )
}

/** The findings so far, grouped by operation, kind and pointer, each with its count (contract §13). */
export function DriftFindings({ report, checked }: { report: DriftReport; checked: number }) {
  const errors = report.findings.filter((finding) => finding.severity === 'error').length
  const warnings = report.findings.length - errors
  return (
    <section className="drift__section" aria-label="Findings">
      <h3 className="drift__heading">
        Findings
        <span className="drift__summary">
          {report.findings.length === 0
            ? checked === 0
              ? 'nothing checked yet'
              : `none in ${plural(checked, 'real answer')}`
            : `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(checked, 'real answer')}`}
        </span>
      </h3>
      {report.findings.length === 0 ? (
        <p className="drift__empty">
          {checked === 0
            ? 'Choose operations above and send one: each real answer is checked against the spec with the mock’s own schemas and status table.'
            : 'Every real answer passes the schema check.'}
        </p>
      ) : (
        byOperation(report).map(([operation, findings]) => (
          <div key={operation} className="drift__operation">
            <h4 className="drift__operation-name">
              <code>{operation}</code> <span className="drift__summary">{plural(findings.length, 'finding')}</span>
            </h4>
            <ul className="drift__list" aria-label={`Findings of ${operation}`}>
              {findings.map((finding) => (
                <FindingItem
                  key={`${finding.kind} ${finding.pointer} ${finding.side} ${finding.actual}`}
                  finding={finding}
                />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  )
}
