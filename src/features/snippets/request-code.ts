/**
 * The pieces both test writers share: a fetch init as code, the steps that recreate what
 * the explorer session had created, and the body assertion's expected value.
 */
import { PREFIX } from '#mocks/internal.ts'
import { jsLiteral, jsString as s } from './js-literal.ts'
import type { Recreate, TestPlan } from './test-plan.ts'

/** Headers as an object literal, or pairs when a name repeats (an object would merge them). */
function headersCode(headers: ReadonlyArray<[string, string]>, indent: string): string {
  const names = headers.map(([name]) => name.toLowerCase())
  if (new Set(names).size !== names.length || names.includes('__proto__'))
    return jsLiteral(
      headers.map((pair) => [...pair]),
      indent,
    )
  return jsLiteral(Object.fromEntries(headers), indent)
}

/** The init object of the plan's request, as code. */
export function initCode(plan: TestPlan, indent: string): string {
  const { request } = plan
  const inner = `${indent}  `
  const lines = [`${inner}method: ${s(request.method)},`]
  if (request.headers.length > 0) lines.push(`${inner}headers: ${headersCode(request.headers, inner)},`)
  if (request.body !== null) {
    if (plan.bytesBody)
      lines.push(`${inner}// No Content-Type, as sent: a string body would make fetch add text/plain.`)
    // A body naming the session's category names the one made above instead.
    const text = plan.requestBody ? `JSON.stringify(${jsLiteral(plan.requestBody, inner)})` : s(request.body)
    lines.push(`${inner}body: ${plan.bytesBody ? `new TextEncoder().encode(${text})` : text},`)
  }
  return `{\n${lines.join('\n')}\n${indent}}`
}

/** The URL to fetch as code: a string, or a template naming the recreated artefact's new id. */
export function urlCode(url: string, recreate: Recreate | null): string {
  if (!recreate) return s(url)
  const [before = '', after = ''] = url.split(recreate.id)
  return `\`${before.replaceAll('`', '\\`').replaceAll('${', '\\${')}\${responseId}${after.replaceAll('`', '\\`').replaceAll('${', '\\${')}\``
}

const postCode = (url: string, body: unknown, indent: string) =>
  `await fetch(${s(url)}, {\n${indent}  method: 'POST',\n${indent}  headers: { 'Content-Type': 'application/json' },\n${indent}  body: JSON.stringify(${jsLiteral(body, `${indent}  `)}),\n${indent}})`

/**
 * Lines that make what the session had created and the answer depends on, in order: its new
 * category (leaving `categoryId` declared), then its artefact (leaving `responseId`). `origin`
 * is prepended to the mock's paths. None when the answer depended on nothing of the session's.
 */
export function sessionLines(plan: TestPlan, origin: string, indent: string): string[] {
  const { category, recreate } = plan
  if (!category && !recreate) return []
  const lines = [
    recreate
      ? '// The explorer session had created this artefact; a fresh mock needs it made again.'
      : '// The explorer session had created this category; a fresh mock needs it made again, under the id it gives.',
  ]
  if (category) {
    lines.push(`const category = ${postCode(`${origin}${PREFIX}/resources/artefactcategory`, category, indent)}`)
    lines.push('const { categoryId } = await category.json()')
  }
  if (recreate) lines.push(...recreateLines(recreate, origin, indent))
  return lines
}

function recreateLines(recreate: Recreate, origin: string, indent: string): string[] {
  const path = `/resources/artefact${recreate.isDraft ? '?isDraft=true' : ''}`
  return [
    `const created = ${postCode(`${origin}${PREFIX}${path}`, recreate.body, indent)}`,
    'const { responseId } = await created.json()',
  ]
}

/** The expected body as code: the JSON with matchers, or the exact text. */
export function bodyCode(plan: TestPlan, indent: string): { json: boolean; code: string } {
  return 'json' in plan.body
    ? { json: true, code: jsLiteral(plan.body.json, indent) }
    : { json: false, code: s(plan.body.text) }
}

/** `/^\d+$/` from a pattern's source. */
export const regexCode = (pattern: string) => `/${pattern.replace(/(?<!\\)\//g, '\\/')}/`
