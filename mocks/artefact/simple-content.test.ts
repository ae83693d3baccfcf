import { expect, test } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { ARTEFACT, startMock } from '../testing/support.ts'
import { simpleContent } from './simple-content.ts'

const html = (text: string) => simpleContent([{ mediaType: 'text/html', text }])
const plain = (text: string) => simpleContent([{ mediaType: 'text/plain', text }])

test.each([
  ['p', '<p>One</p><p>Two</p>', 'One\nTwo'],
  ['div', '<div>One</div>Two', 'One\nTwo'],
  ['br', 'One<br>Two<br/>Three<BR />Four', 'One\nTwo\nThree\nFour'],
  ['li', '<ul><li>One</li><li>Two</li></ul>', 'One\nTwo'],
  ['tr', '<table><tr><td>One</td><td>cell</td></tr><tr><td>Two</td></tr></table>', 'Onecell\nTwo'],
  ['h1-h6', '<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5><h6>F</h6>', 'A\nB\nC\nD\nE\nF'],
  ['upper-case and attributes', '<P class="x">One</P><DIV id=a>Two</DIV>', 'One\nTwo'],
])('breaks the line at %s', (_tags, text, expected) => {
  expect(html(text)).toBe(expected)
})

test('removes every other tag and keeps its text', () => {
  expect(
    html('<strong>Bold</strong> and <em>it</em>, <a href="https://x.test">a link</a>, <span class="s">span</span>'),
  ).toBe('Bold and it, a link, span')
  expect(html('<p>Press <kbd>Ctrl</kbd><code>K</code></p><section>S</section>')).toBe('Press CtrlK\nS')
})

test('removes comments', () => {
  expect(html('<p>Kept<!-- <p>gone</p> --> text</p>')).toBe('Kept text')
})

test('reads &lt;b&gt; as <b> instead of removing it as a tag', () => {
  expect(html('<p>Use &lt;b&gt;bold&lt;/b&gt; and &lt;p&gt;</p>')).toBe('Use <b>bold</b> and <p>')
})

test.each([
  ['&amp;', 'a &amp; b', 'a & b'],
  ['&quot;', '&quot;quoted&quot;', '"quoted"'],
  ['&#39;', 'it&#39;s', "it's"],
  ['&apos;', 'it&apos;s', "it's"],
  ['&nbsp;', 'two&nbsp;&nbsp;words', 'two words'],
  ['decimal numeric', 'caf&#233; &#8217;', 'caf\u00e9 \u2019'],
  ['hex numeric', '&#x41;&#X42;&#x1F600;', 'AB\u{1F600}'],
  ['&amp;lt;', '&amp;lt;', '&lt;'],
])('decodes %s', (_entity, text, expected) => {
  expect(html(text)).toBe(expected)
})

test('turns runs of white space into one space, trims lines and drops empty ones', () => {
  expect(html('<p>  many \t  spaces  </p><p>   </p><div></div><br><br><p>\tnext </p>')).toBe('many spaces\nnext')
})

test('keeps a lone < that opens no tag', () => {
  expect(html('<p>1 < 2 and 3 <= 4</p>')).toBe('1 < 2 and 3 <= 4')
})

test('reads a raw newline in HTML as white space', () => {
  expect(html('<p>one\ntwo</p>\n\n<p>three</p>')).toBe('one two\nthree')
})

test('breaks the line at a newline in text/plain and drops empty lines', () => {
  expect(plain('First line\n\n  Second   line  \r\nThird\rFourth')).toBe('First line\nSecond line\nThird\nFourth')
})

test('applies the same tags and entities rule to every text type', () => {
  expect(simpleContent([{ mediaType: 'text/markdown', text: '**Bold** &amp; <br>next' }])).toBe('**Bold** &\nnext')
  expect(simpleContent([{ mediaType: 'TEXT/HTML; charset=utf-8', text: '<p>a</p><p>b</p>' }])).toBe('a\nb')
})

test('joins the items in order with a single newline', () => {
  const items = [
    { mediaType: 'text/html', text: '<p>First</p><p>Second</p>' },
    { mediaType: 'text/plain', text: 'Third' },
  ]
  expect(simpleContent(items)).toBe('First\nSecond\nThird')
})

test('adds nothing for non-text items', () => {
  const items = [
    { mediaType: 'image/png', text: null },
    { mediaType: 'text/plain', text: 'Only this' },
    { mediaType: 'application/pdf', text: 'stray text of a pdf' },
    { mediaType: 'application/xhtml+xml', text: '<p>not text/*</p>' },
  ]
  expect(simpleContent(items)).toBe('Only this')
})

test('answers "" when there are no text items', () => {
  expect(simpleContent([])).toBe('')
  expect(simpleContent([{ mediaType: 'image/png', text: null }])).toBe('')
  expect(simpleContent([{ mediaType: 'text/html', text: '<p> </p><br>' }])).toBe('')
})

/** The fastest of `runs` calls of `render`, in ms: the least disturbed by other work on the machine. */
function fastest(render: () => unknown, runs = 7): number {
  let best = Number.POSITIVE_INFINITY
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now()
    render()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

test('renders 1 MiB of one-line items in time comparable to 1 MiB of one item with as many lines', () => {
  const count = 26_000
  const many = Array.from({ length: count }, (_, index) => ({
    mediaType: 'text/plain',
    text: 'abcdefghij'[index % 10] ?? '',
  }))
  const one = [{ mediaType: 'text/plain', text: Array.from({ length: count }, () => 'x'.repeat(37)).join('\n') }]
  for (const content of [many, one]) {
    expect(JSON.stringify({ title: 'Shape', content }).length / 2 ** 20).toBeGreaterThan(0.9)
    expect(JSON.stringify({ title: 'Shape', content }).length).toBeLessThanOrEqual(2 ** 20)
  }
  expect(simpleContent(many).split('\n')).toHaveLength(count)
  // A ratio in one run, not a time: the work per item is linear, as it is per line.
  const ratio = fastest(() => simpleContent(many)) / fastest(() => simpleContent(one))
  expect(ratio).toBeLessThanOrEqual(3)
})

test("renders the data set's escaped shortcuts as written", async () => {
  const mock = startMock()
  const shortcuts = seedArtefacts.find((seed) => seed.request.title === 'Keyboard shortcuts')
  const body = await (await mock.getArtefact(shortcuts?.id ?? '')).json()
  expect(body.simpleContent.split('\n')).toStrictEqual([
    'Find anything',
    'Use <Ctrl> + <K> (or <Cmd> + <K> on a Mac) to open quick search.',
    'While editing',
    '<Ctrl> + <B>: bold',
    '<Ctrl> + <Shift> + <C>: wrap the selection in <code>',
    'Type / at the start of a line to insert a table, checklist & more',
  ])
  expect(body.variations[0].simpleContent).toBe('Press <?> anywhere to see every shortcut.')
})

test('renders simpleContent of a created artefact and of each variation', async () => {
  const mock = startMock()
  const { responseId } = await (
    await mock.post(ARTEFACT, {
      title: 'Rendered',
      content: [
        { mediaType: 'image/png', source: 'https://cdn.test/a.png' },
        { mediaType: 'text/html', text: '<h2>Title</h2><p>Body &gt; text</p>' },
      ],
      variations: [
        { content: [{ mediaType: 'text/plain', text: ' Short ' }] },
        { content: [{ mediaType: 'image/png', href: 'x' }] },
      ],
    })
  ).json()
  const body = await (await mock.getArtefact(responseId)).json()
  expect(body.simpleContent).toBe('Title\nBody > text')
  expect(body.variations.map((variation: { simpleContent: string }) => variation.simpleContent)).toStrictEqual([
    'Short',
    '',
  ])
})
