/** Refreshes the generated part of bench/RESULTS.md; the notes written by hand below it stay. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

const START = '<!-- bench:generated:start (npm run bench -- --write refreshes this part) -->'
const END = '<!-- bench:generated:end -->'

const TEMPLATE = `# Benchmark results

${START}
${END}

## Notes on missed goals

Written by hand after a run; \`--write\` leaves this section alone.
`

export function writeResults(path: string, run: { facts: string[]; table: string[]; date: string }): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : TEMPLATE
  const generated = [
    START,
    '',
    `Run of ${run.date}.`,
    '',
    ...run.facts.map((f) => `- ${f}`),
    '',
    ...run.table,
    '',
    END,
  ].join('\n')
  const at = current.indexOf(START)
  const end = current.indexOf(END)
  const next =
    at >= 0 && end > at
      ? `${current.slice(0, at)}${generated}${current.slice(end + END.length)}`
      : `${TEMPLATE.replace(`${START}\n${END}`, generated)}`
  writeFileSync(path, next)
}
