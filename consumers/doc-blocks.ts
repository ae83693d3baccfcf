/**
 * The code blocks of a setup guide in docs/, read the way the consumer matrix runs them, so
 * that what a user copies is what CI ran:
 *
 *   ```tsx title="src/app.test.tsx"        written to that path in the app (replacing the scaffold's)
 *   ```json title="package.json" merge     deep-merged into the app's file
 *   ```sh run                              each command line run in the app, in order
 *
 * Blocks without `title` or `run` are prose for people (a diff, an option table) and are not run.
 * On GitHub the words after the language are not shown, so the guide reads as usual. A consumer
 * app may run one section of a page alone: `docs/scenarios.md#in-node-tests` in its consumer.json
 * takes the blocks under that `## ` heading.
 */
import { readFileSync } from 'node:fs'

export interface DocBlock {
  lang: string
  /** The file the block is, relative to the app's root. */
  title: string | null
  /** Deep-merge into `title` (JSON) instead of replacing it. */
  merge: boolean
  /** Run the block's command lines. */
  run: boolean
  code: string
  /** 1-based line of the opening fence, for messages. */
  line: number
  /** The anchor of the `## ` heading the block is under (GitHub's slug); null before the first. */
  section: string | null
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-')
}

const FENCE = /^(`{3,})(\S*)(.*)$/

/** Every fenced block of `markdown`, with the attributes of its info string. */
export function parseDocBlocks(markdown: string): DocBlock[] {
  const lines = markdown.split('\n')
  const blocks: DocBlock[] = []
  let section: string | null = null
  for (let i = 0; i < lines.length; i++) {
    const heading = /^## (.+)$/.exec(lines[i] ?? '')
    if (heading) section = slug(heading[1] ?? '')
    const open = FENCE.exec(lines[i] ?? '')
    if (!open) continue
    const [, ticks = '```', lang = '', rest = ''] = open
    const body: string[] = []
    let j = i + 1
    while (j < lines.length && !(lines[j] ?? '').startsWith(ticks)) body.push(lines[j++] ?? '')
    if (j >= lines.length) throw new Error(`line ${i + 1}: a code block is not closed`)
    const title = /\btitle="([^"]+)"/.exec(rest)?.[1] ?? null
    blocks.push({
      lang,
      title,
      merge: /\bmerge\b/.test(rest),
      run: /(^|\s)run(\s|$)/.test(rest),
      code: `${body.join('\n')}\n`,
      line: i + 1,
      section,
    })
    i = j
  }
  return blocks
}

/** The command lines of a `run` block: comments and blank lines dropped, `\` continuations joined. */
export function commandsOf(block: DocBlock): string[] {
  return block.code
    .replace(/\s*\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

/**
 * Rewrites an `npm install` command the way the matrix needs it: the package named
 * `artefact-preview-mock` becomes the packed tarball, and a variant may pin other
 * packages (`msw` -> `msw@~2.15.0`). Other commands are returned as they are.
 */
export function rewriteInstall(command: string, tarball: string, pins: Record<string, string> = {}): string {
  const words = command.split(/\s+/)
  if (words[0] !== 'npm' || !['install', 'i', 'add'].includes(words[1] ?? '')) return command
  return words
    .map((word, index) => {
      if (index < 2 || word.startsWith('-')) return word
      if (word === 'artefact-preview-mock') return tarball
      const name = word.startsWith('@') ? `@${word.slice(1).split('@')[0]}` : (word.split('@')[0] ?? word)
      return pins[name] ?? word
    })
    .join(' ')
}

/** The blocks of `doc`, a path, or a path and `#section` for the blocks of that section alone. */
export function readDocBlocks(doc: string): DocBlock[] {
  const [path = doc, section] = doc.split('#')
  const blocks = parseDocBlocks(readFileSync(path, 'utf8'))
  return section === undefined ? blocks : blocks.filter((block) => block.section === section)
}
