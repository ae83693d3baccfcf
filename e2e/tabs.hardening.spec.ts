import { expect, test } from './fixtures.ts'
import { PanelsPage, PREFIX } from './pages/panels-page.ts'

test("two tabs creating at once see each other's artefacts, in the data browser and by GET, and lose none on reload", async ({
  context,
}) => {
  // 20 creates, two reloads and two lists read by scrolling: over 30 s on a loaded 2-core CI machine.
  test.setTimeout(90_000)
  const tabs = [new PanelsPage(await context.newPage()), new PanelsPage(await context.newPage())] as const
  await Promise.all(tabs.map((tab) => tab.goto()))
  const perTab = 10

  // Both tabs create at the same time.
  const [idsA, idsB] = await Promise.all(
    tabs.map((tab, index) =>
      Promise.all(Array.from({ length: perTab }, (_, n) => tab.createArtefact(`Tab ${'AB'[index]} #${n + 1}`))),
    ),
  )
  const all = [...idsA!, ...idsB!]
  expect(new Set(all).size).toBe(2 * perTab)

  const seen = async (tab: PanelsPage) => {
    const shown = await tab.listedArtefactIds('Tab ')
    const readable = await tab.page.evaluate(
      async ({ ids, prefix }) =>
        (await Promise.all(ids.map((id) => fetch(`${prefix}/artefact/${id}`)))).filter((r) => r.status === 200).length,
      { ids: all, prefix: PREFIX },
    )
    return {
      shown: all.filter((id) => shown.includes(id)).length,
      duplicates: shown.length - new Set(shown).size,
      readable,
    }
  }
  for (const tab of tabs) {
    await tab.data.getByLabel('Filter').fill('Tab ')
    await expect(tab.artefacts.getByRole('caption')).toContainText(`(${2 * perTab} of`)
    expect(await seen(tab)).toEqual({ shown: 2 * perTab, duplicates: 0, readable: 2 * perTab })
  }

  for (const tab of tabs) await tab.reload()
  const afterReload = await Promise.all(tabs.map(seen))
  test.info().annotations.push({
    type: 'several tabs',
    description: `2 tabs x ${perTab} creates at once: each tab shows ${afterReload.map((r) => `${r.shown}/${2 * perTab}`).join(' and ')} after reload, ${afterReload[0]!.duplicates + afterReload[1]!.duplicates} duplicates`,
  })
  expect(afterReload).toEqual([
    { shown: 2 * perTab, duplicates: 0, readable: 2 * perTab },
    { shown: 2 * perTab, duplicates: 0, readable: 2 * perTab },
  ])
})

test('categories created at once in two tabs get distinct ids, and both tabs list them all', async ({ context }) => {
  const tabs = [new PanelsPage(await context.newPage()), new PanelsPage(await context.newPage())] as const
  await Promise.all(tabs.map((tab) => tab.goto()))
  const perTab = 10
  const created = await Promise.all(
    tabs.map((tab, index) =>
      Promise.all(
        Array.from({ length: perTab }, async (_, n) => {
          const result = await tab.fetch(`${PREFIX}/artefactcategory`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: `Tab ${'AB'[index]} category ${n + 1}` }),
          })
          expect(result.status, result.body).toBe(201)
          return (JSON.parse(result.body) as { categoryId: number }).categoryId
        }),
      ),
    ),
  )
  const ids = created.flat().sort((a, b) => a - b)
  test.info().annotations.push({
    type: 'several tabs, categories',
    description: `${ids.length} categories created at once in 2 tabs: ${new Set(ids).size} distinct ids (${ids[0]}..${ids.at(-1)})`,
  })
  expect(new Set(ids).size).toBe(2 * perTab)
  expect(ids).toEqual(Array.from({ length: 2 * perTab }, (_, n) => 7 + n))

  for (const tab of tabs) {
    await tab.reload()
    await expect(
      tab.data.getByRole('table', { name: 'Stored categories' }).getByRole('row', { name: /Tab [AB] category/ }),
    ).toHaveCount(2 * perTab)
  }
})

test('a reset in one tab while another creates: both tabs and a fresh tab agree, and a create answered after the reset survives a reload', async ({
  context,
}) => {
  const [a, b] = [new PanelsPage(await context.newPage()), new PanelsPage(await context.newPage())] as const
  await Promise.all([a.goto(), b.goto()])
  // Tab B creates 30 artefacts while tab A resets twice in the middle of them.
  const creates = Promise.all(Array.from({ length: 30 }, (_, n) => b.createArtefact(`Race #${n + 1}`)))
  await a.page.evaluate(() => window.__ARTEFACT_MOCK__!.reset())
  await a.page.evaluate(() => window.__ARTEFACT_MOCK__!.reset())
  await creates
  const after = await b.createArtefact('Made after the resets')

  // Every stored id, the data set's included, read by scrolling the list (only rows in view are rendered).
  const listed = async (tab: PanelsPage) => (await tab.listedArtefactIds('')).sort()
  await expect.poll(async () => JSON.stringify(await listed(a))).toBe(JSON.stringify(await listed(b)))
  const fresh = new PanelsPage(await context.newPage())
  await fresh.goto()
  expect(await listed(fresh)).toEqual(await listed(b))
  expect(await listed(fresh)).toContain(after)
  expect((await fresh.getArtefact(after)).status).toBe(200)
})

test("a scenario switched in one tab is the other open tab's too: its answers, its data browser, and what it creates", async ({
  context,
}) => {
  const [a, b] = [new PanelsPage(await context.newPage()), new PanelsPage(await context.newPage())] as const
  await Promise.all([a.goto(), b.goto()])
  const answerOf = async (tab: PanelsPage) => {
    const { status, headers } = await tab.getArtefact()
    return [status, headers['x-mock-scenario']]
  }
  const scenarioOf = (tab: PanelsPage) => tab.page.evaluate(() => window.__ARTEFACT_MOCK__!.snapshot().scenario)
  const use = (id: string) => a.page.evaluate((scenario) => window.__ARTEFACT_MOCK__!.useScenario(scenario), id)
  expect(await answerOf(b)).toEqual([200, 'default'])

  // A scenario with a data set of its own: the other tab seeds with it.
  await use('empty')
  await expect.poll(() => scenarioOf(b)).toBe('empty')
  expect(await answerOf(b)).toEqual([404, 'empty'])
  await expect(b.artefacts.getByRole('caption')).toContainText('(0 of 0)')
  const made = await b.createArtefact('Made in the empty scenario, in tab B')
  expect((await a.getArtefact(made)).status).toBe(200)

  // One with settings and no data set: the other tab takes its settings.
  await use('maintenance')
  await expect.poll(() => scenarioOf(b)).toBe('maintenance')
  expect(await answerOf(b)).toEqual([503, 'maintenance'])

  // Back to default: the data set the mock was created with, in both tabs.
  await use('default')
  await expect.poll(() => scenarioOf(b)).toBe('default')
  expect(await answerOf(b)).toEqual([200, 'default'])
  expect((await b.getArtefact(made)).status).toBe(404)
})
