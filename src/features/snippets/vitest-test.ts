/**
 * Copy as test, Vitest: a whole test file that sends the exchange's request through the
 * package's `handlers` in msw/node and asserts the status, key headers and body it got.
 */
import type { Exchange } from '../../app/model.ts'
import { jsLiteral, jsString as s } from './js-literal.ts'
import { bodyCode, initCode, regexCode, sessionLines, urlCode } from './request-code.ts'
import { type TestOptions, type TestPlan, testPlanOf } from './test-plan.ts'

function testBody(plan: TestPlan): string[] {
  const origin = new URL(plan.url).origin
  const lines: string[] = []
  const made = sessionLines(plan, origin, '')
  if (made.length > 0) lines.push(...made, '')
  for (const step of plan.setup) {
    lines.push(step.call === 'set' ? `control.set(${jsLiteral(step.settings)})` : `control.forceNext(${step.status})`)
  }
  lines.push(`const response = await fetch(${urlCode(plan.url, plan.recreate)}, ${initCode(plan, '')})`, '')
  lines.push(`expect(response.status).toBe(${plan.status})`)
  for (const { name, value } of plan.headers) {
    const got = `response.headers.get(${s(name)})`
    lines.push(
      typeof value === 'string'
        ? `expect(${got}).toBe(${s(value)})`
        : `expect(${got}).toMatch(${regexCode(value.pattern)})`,
    )
  }
  const body = bodyCode(plan, '')
  lines.push(
    body.json
      ? `expect(await response.json()).toEqual(${body.code})`
      : `expect(await response.text()).toBe(${body.code})`,
  )
  return lines
}

/** The installed package's entry, or this repo's source (no `npm run build:lib` needed). */
const ENTRY = { package: 'artefact-preview-mock', repo: '#mocks/index.ts' }

/**
 * The exchange as a Vitest test file (msw 2 or 3), or null when it has no answer.
 *
 * @example
 * await writeFile('src/artefact.test.ts', toVitestTest(exchange)!)
 */
export function toVitestTest(exchange: Exchange, { session, imports = 'package' }: TestOptions = {}): string | null {
  const plan = testPlanOf(exchange, session)
  if (!plan) return null
  const lines = testBody(plan).map((line) => (line === '' ? '' : `  ${line.replaceAll('\n', '\n  ')}`))
  return [
    `import { control, handlers } from '${ENTRY[imports]}'`,
    `import { setupServer } from 'msw/node'`,
    `import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'`,
    '',
    '// Copied from the Artefact Preview Explorer: the request as sent, and what the mock answered.',
    'const server = setupServer(...handlers)',
    '// msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest; each ignores the other.',
    `const strict = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const`,
    '',
    'beforeAll(() => server.listen(strict))',
    'afterEach(async () => {',
    '  server.resetHandlers()',
    '  await control.reset()',
    '})',
    'afterAll(() => server.close())',
    '',
    `test(${s(plan.title)}, async () => {`,
    ...lines,
    '})',
    '',
  ].join('\n')
}
