/**
 * Copy as test, Playwright: a spec on the package's fixture (`artefact-preview-mock/playwright`)
 * that sends the exchange's request from the app's page, where the mock worker answers, and
 * asserts the status, key headers and body it got.
 */
import { PREFIX } from '#mocks/internal.ts'
import type { Exchange } from '../../app/model.ts'
import { jsLiteral, jsString as s } from './js-literal.ts'
import { bodyCode, initCode, regexCode, sessionLines, urlCode } from './request-code.ts'
import { type TestOptions, type TestPlan, testPlanOf } from './test-plan.ts'

/** The installed package's fixture, or this repo's source (no `npm run build:lib` needed). */
const ENTRY = { package: 'artefact-preview-mock/playwright', repo: '#mocks/playwright.ts' }

/** The statements run in the page: the page's own fetch, so its service worker answers. */
function inPage(plan: TestPlan): string[] {
  const lines: string[] = []
  lines.push(...sessionLines(plan, '', ''))
  lines.push(
    `const response = await fetch(${urlCode(plan.path, plan.recreate)}, ${initCode(plan, '')})`,
    'return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() }',
  )
  return lines.map((line) => `    ${line.replaceAll('\n', '\n    ')}`)
}

function assertions(plan: TestPlan): string[] {
  const lines = [`expect(answer.status).toBe(${plan.status})`]
  for (const { name, value } of plan.headers) {
    const got = `answer.headers[${s(name)}]`
    lines.push(
      typeof value === 'string'
        ? `expect(${got}).toBe(${s(value)})`
        : `expect(${got}).toMatch(${regexCode(value.pattern)})`,
    )
  }
  const body = bodyCode(plan, '')
  lines.push(
    body.json ? `expect(JSON.parse(answer.body)).toEqual(${body.code})` : `expect(answer.body).toBe(${body.code})`,
  )
  return lines.map((line) => `  ${line.replaceAll('\n', '\n  ')}`)
}

/**
 * The exchange as a Playwright spec for an app that starts the mock with `startMockWorker()`
 * (baseURL in playwright.config), or null when it has no answer.
 *
 * @example
 * await writeFile('tests/artefact.spec.ts', toPlaywrightTest(exchange)!)
 */
export function toPlaywrightTest(
  exchange: Exchange,
  { session, imports = 'package' }: TestOptions = {},
): string | null {
  const plan = testPlanOf(exchange, session)
  if (!plan) return null
  const setup = plan.setup.map((step) =>
    step.call === 'set' ? `  await mock.set(${jsLiteral(step.settings)})` : `  await mock.forceNext(${step.status})`,
  )
  return [
    `import { expect, test } from '${ENTRY[imports]}'`,
    '',
    '// Copied from the Artefact Preview Explorer: the request as sent, and what the mock answered.',
    `test(${s(plan.title)}, async ({ page${setup.length > 0 ? ', mock' : ''} }) => {`,
    `  await page.goto('/')`,
    "  // The mock answers once the app's startMockWorker() has resolved: a path it does not know",
    '  // gets its 404 (with X-Mock-Reason) from then on, and touches no quota or forced status.',
    `  const probe = ${s(`${PREFIX}/ready`)}`,
    "  await expect.poll(() => page.evaluate(async (path) => (await fetch(path)).headers.has('x-mock-reason'), probe)).toBe(true)",
    ...setup,
    '  const answer = await page.evaluate(async () => {',
    ...inPage(plan),
    '  })',
    '',
    ...assertions(plan),
    '})',
    '',
  ].join('\n')
}
