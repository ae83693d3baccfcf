/**
 * The drift report (contract §13): findings grouped by operation, kind and pointer, each with a
 * count and one example; as JSON, as JUnit XML for CI, and as one summary line.
 */
import type { Finding, FindingKind } from './check.ts'

/** One group of findings: the same operation, kind, pointer and side, counted. */
export interface ReportedFinding extends Omit<Finding, 'example'> {
  count: number
  example: Finding['example']
}

/** What `GET /__mock/drift` and `--report` give. */
export interface DriftReport {
  findings: ReportedFinding[]
  /** What the comparison leaves out on purpose, said once. */
  ignored: string[]
}

const IGNORED = [
  'values are not compared between the mock and the real service, only keys, JSON types and statuses: generated ids, dates and responseId legitimately differ',
  'request-side findings are made only from a success: a 4xx answer to a request is never held against the request',
  'Authorization, cookies and every other header but Content-Type are never recorded',
]

// Each status the spec does not list is its own group (a 299 and a refused connection are two findings); there are few.
const keyOf = (f: Finding) =>
  `${f.operation}\u0000${f.kind}\u0000${f.pointer}\u0000${f.side}${f.kind === 'status' ? `\u0000${f.actual}` : ''}`
const KIND_ORDER: FindingKind[] = ['status', 'content-type', 'error-body', 'missing', 'type', 'differs', 'extra']

/** Collects findings as they come; `report()` groups them. */
export function driftCollector() {
  const groups = new Map<string, ReportedFinding>()
  return {
    /** Adds findings; true when a new group appeared (the set of findings changed). */
    add(findings: readonly Finding[]): boolean {
      let changed = false
      for (const finding of findings) {
        const key = keyOf(finding)
        const group = groups.get(key)
        if (group) group.count += 1
        else {
          groups.set(key, { ...finding, count: 1 })
          changed = true
        }
      }
      return changed
    },
    clear(): void {
      groups.clear()
    },
    report(): DriftReport {
      const findings = [...groups.values()].sort(
        (a, b) =>
          a.operation.localeCompare(b.operation) ||
          KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
          a.pointer.localeCompare(b.pointer),
      )
      return { findings, ignored: IGNORED }
    },
  }
}

/** The highest severity in a report: 'error', 'warn', or null when it is clean. */
export function worstOf(report: DriftReport): 'error' | 'warn' | null {
  if (report.findings.some((f) => f.severity === 'error')) return 'error'
  return report.findings.length > 0 ? 'warn' : null
}

/** One line for stderr: how many, and the first few groups. */
export function summaryLine(report: DriftReport): string {
  const errors = report.findings.filter((f) => f.severity === 'error').length
  const warnings = report.findings.length - errors
  if (report.findings.length === 0) return '[artefact-mock] drift: no findings'
  const first = report.findings
    .slice(0, 3)
    .map((f) => `${f.operation} ${f.kind}${f.pointer ? ` ${f.pointer}` : ''} x${f.count}`)
    .join('; ')
  const more = report.findings.length > 3 ? `; and ${report.findings.length - 3} more` : ''
  return `[artefact-mock] drift: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (${first}${more})`
}

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
// XML 1.0 has no place for most control characters: a finding quoting a body must not break the file.
const allowedInXml = (char: string) => {
  const code = char.charCodeAt(0)
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff)
}
const clean = (text: string) => xml([...text].map((char) => (allowedInXml(char) ? char : '\ufffd')).join(''))

/** The report as JUnit XML: a test case per group, a failure for each error, warnings as output. */
export function junitOf(report: DriftReport): string {
  const errors = report.findings.filter((f) => f.severity === 'error').length
  const cases = report.findings.map((f) => {
    const name = clean(`${f.kind}${f.pointer ? ` ${f.pointer}` : ''}${f.side === 'request' ? ' (request)' : ''}`)
    const text = clean(
      `expected ${f.expected}, saw ${f.actual} (${f.count} time${f.count === 1 ? '' : 's'}; e.g. ${f.example.method} ${f.example.path} ${f.example.status})`,
    )
    const body =
      f.severity === 'error' ? `<failure message="${text}" type="${f.kind}"/>` : `<system-out>${text}</system-out>`
    return `    <testcase classname="drift.${clean(f.operation)}" name="${name}">${body}</testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="artefact-preview-mock drift" tests="${report.findings.length}" failures="${errors}">`,
    `  <testsuite name="drift" tests="${report.findings.length}" failures="${errors}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
