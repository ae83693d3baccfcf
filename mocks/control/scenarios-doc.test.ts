// docs/scenarios.md lists the built-in scenarios as the registry has them: ids, titles, descriptions.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { BUILT_IN_SCENARIOS } from './scenarios.ts'

const doc = readFileSync(join(import.meta.dirname, '../../docs/scenarios.md'), 'utf8')

/** The rows of the table under "## The built-in scenarios": id, title, description. */
function documentedRows(): string[][] {
  const section = doc.split('\n## The built-in scenarios\n')[1]?.split('\n## ')[0] ?? ''
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    )
}

test('the doc lists every built-in scenario, in order, with its title and description', () => {
  expect(documentedRows()).toEqual(BUILT_IN_SCENARIOS.map(({ id, title, description }) => [id, title, description]))
})
