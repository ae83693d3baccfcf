import { decodeHTML } from 'entities'

const BLOCK_TAGS = new Set(['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const TAG_NAME = /^\/?([a-z][a-z0-9-]*)/i

/**
 * Splits markup into text and line breaks: block tags break the line, every
 * other tag and comment goes. One pass, so hostile input stays linear.
 */
function stripTags(markup: string): string {
  let out = ''
  let at = 0
  while (at < markup.length) {
    const open = markup.indexOf('<', at)
    if (open < 0) break
    const next = markup[open + 1] ?? ''
    const isTag = /[a-z/!?]/i.test(next)
    const close = isTag
      ? markup.startsWith('<!--', open)
        ? markup.indexOf('-->', open + 4)
        : markup.indexOf('>', open + 1)
      : -1
    if (close < 0) {
      // No tag closes after this point, so the rest is text.
      if (isTag) break
      out += markup.slice(at, open + 1)
      at = open + 1
      continue
    }
    out += markup.slice(at, open)
    const name = TAG_NAME.exec(markup.slice(open + 1, Math.min(close, open + 40)))?.[1]?.toLowerCase()
    if (name && BLOCK_TAGS.has(name)) out += '\n'
    at = markup.startsWith('<!--', open) ? close + 3 : close + 1
  }
  return out + markup.slice(at)
}

function isHtml(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase()
  return essence === 'text/html' || essence === 'application/xhtml+xml'
}

/** True for the `text/*` media types whose items carry text (contract 6). */
export function isTextMediaType(mediaType: string): boolean {
  return mediaType.trim().toLowerCase().startsWith('text/')
}

/**
 * Renders one text item as plain lines (contract 7). In HTML a raw newline is
 * only white space; in other text types it breaks the line.
 */
export function renderText(mediaType: string, text: string): string[] {
  const html = isHtml(mediaType)
  const source = html ? text.replace(/[\r\n]+/g, ' ') : text
  const decoded = decodeHTML(stripTags(source))
  return decoded
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
}

/** The `simpleContent` of a list of content items: their text, one line per block. */
export function simpleContent(items: ReadonlyArray<{ mediaType: string; text: string | null }>): string {
  return items
    .filter((item) => isTextMediaType(item.mediaType) && item.text)
    .flatMap((item) => renderText(item.mediaType, item.text ?? ''))
    .join('\n')
}
