import { decodeHTML } from 'entities'

const BLOCK_TAGS = new Set(['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

const isLetter = (code: number) => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)
const isNameChar = (code: number) => isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d

/** True when the tag whose name starts at `from` (after `<`, before `end`) is a block tag: `/?[a-z][a-z0-9-]*`. */
function breaksLine(markup: string, from: number, end: number): boolean {
  let at = markup.charCodeAt(from) === 0x2f ? from + 1 : from
  if (!isLetter(markup.charCodeAt(at))) return false
  const start = at
  // The longest block tag name has 3 characters: a longer name is not one, however it ends.
  while (at < end && at - start <= 3 && isNameChar(markup.charCodeAt(at))) at += 1
  return at - start <= 3 && BLOCK_TAGS.has(markup.slice(start, at).toLowerCase())
}

/**
 * Where the tag opened at `from` ends (its `>`), as HTML's tokenizer reads it: a
 * `>` inside a quoted attribute value does not end it. -1 when nothing closes it.
 */
function tagEnd(markup: string, from: number): number {
  let at = from + 1
  while (at < markup.length) {
    const char = markup[at]
    if (char === '>') return at
    if (char === '=') {
      at += 1
      while (at < markup.length && /\s/.test(markup[at] ?? '')) at += 1
      const quote = markup[at]
      if (quote === '"' || quote === "'") {
        const close = markup.indexOf(quote, at + 1)
        if (close < 0) return -1
        at = close + 1
      }
      continue
    }
    at += 1
  }
  return -1
}

/** Where the comment opened at `from` ends (after its `-->`); `<!-->` and `<!--->` are empty. -1 when unclosed. */
function commentEnd(markup: string, from: number): number {
  const body = from + 4
  if (markup.startsWith('>', body)) return body + 1
  if (markup.startsWith('->', body)) return body + 2
  const close = markup.indexOf('-->', body)
  return close < 0 ? -1 : close + 3
}

/**
 * Splits markup into text and line breaks: block tags break the line, every
 * other tag and comment goes. A tag or comment that never closes takes the
 * rest of the text with it, as in a browser. Each character is read a bounded
 * number of times, so hostile input stays linear.
 */
function stripTags(markup: string): string {
  let out = ''
  let at = 0
  while (at < markup.length) {
    const open = markup.indexOf('<', at)
    if (open < 0) break
    out += markup.slice(at, open)
    const next = markup.charCodeAt(open + 1)
    // Only a letter, `/`, `!` or `?` after `<` starts a tag, as in HTML's tokenizer.
    if (!isLetter(next) && next !== 0x2f && next !== 0x21 && next !== 0x3f) {
      out += '<'
      at = open + 1
      continue
    }
    if (markup.startsWith('<!--', open)) {
      const end = commentEnd(markup, open)
      if (end < 0) return out
      at = end
      continue
    }
    const end = tagEnd(markup, open)
    if (end < 0) return out
    if (breaksLine(markup, open + 1, end)) out += '\n'
    at = end + 1
  }
  return out + markup.slice(at)
}

function isHtml(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase()
  return essence === 'text/html' || essence === 'application/xhtml+xml'
}

/** True for the `text/*` media types whose items carry text (behaviour §6). */
export function isTextMediaType(mediaType: string): boolean {
  return mediaType.trim().toLowerCase().startsWith('text/')
}

/** `text` split at `\r\n`, `\r` and `\n`, each line's white space runs made one space and its edges trimmed, empty lines dropped. */
function tidyLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
}

/**
 * Renders one text item as plain lines (behaviour §7). In HTML a raw newline is
 * only white space; in other text types it breaks the line.
 */
function renderText(mediaType: string, text: string): string[] {
  const source = isHtml(mediaType) ? text.replace(/[\r\n]+/g, ' ') : text
  return tidyLines(decodeHTML(stripTags(source)))
}

/** The `simpleContent` of a list of content items: their text, one line per block. */
export function simpleContent(items: ReadonlyArray<{ mediaType: string; text: string | null }>): string {
  const lines: string[] = []
  for (const item of items) {
    // One push per line: linear in the items, where `lines = lines.concat(...)` copied every line so far.
    if (item.text && isTextMediaType(item.mediaType))
      for (const line of renderText(item.mediaType, item.text)) lines.push(line)
  }
  return lines.join('\n')
}
