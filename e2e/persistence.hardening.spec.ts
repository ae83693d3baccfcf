import { expect, test } from './fixtures.ts'
import { INDEXEDDB_FAULTS, failWrites, writeStoredRecords } from './support/mock-database.ts'
import { PanelsPage, SEED_ARTEFACT_COUNT } from './pages/panels-page.ts'

const SEED_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

for (const [fault, script] of Object.entries(INDEXEDDB_FAULTS)) {
  test(`runs from memory and says so when IndexedDB is unavailable (${fault})`, async ({ page, context }) => {
    await context.addInitScript(script)
    const panels = new PanelsPage(page)
    await page.goto('/')
    await expect(page.getByRole('status').filter({ hasText: /Mock active|Starting the mock worker/ })).toBeVisible()
    await expect(panels.workerActive).toBeVisible({ timeout: 10_000 })

    await expect(panels.workerActive).toHaveText('Mock active · memory only, not saved')
    const health = panels.data.getByLabel('Store health')
    await expect(health).toContainText(
      'Memory only: IndexedDB could not be opened, so what you create is lost on reload.',
    )
    await expect(health).toContainText('load failed, running from memory')

    // The mock still answers, from memory: the data set, a create, and its read-back.
    expect((await panels.getArtefact(SEED_ID)).status).toBe(200)
    const id = await panels.createArtefact('Kept in memory')
    const read = await panels.getArtefact(id)
    expect(read.status).toBe(200)
    expect(JSON.parse(read.body)).toMatchObject({ id, title: 'Kept in memory' })
    await expect(panels.artefactRow('Kept in memory')).toBeVisible()
  })
}

test('skips and reports stored records that are corrupt or no longer fit the schema, and keeps the rest', async ({
  page,
}) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  const kept = await panels.createArtefact('Written by this version')
  const badId = '0a1e0001-5c0f-4a11-9c00-0000000000ff'
  await writeStoredRecords(page, [
    [`artefact:${badId}`, { artefact: { id: badId, title: 42 }, isDraft: 'maybe' }],
    ['artefact:0a1e0001-5c0f-4a11-9c00-0000000000fe', 'not even an object'],
    ['artefact:0a1e0001-5c0f-4a11-9c00-0000000000fd', null],
    ['category:99', { id: 99, name: 'No dates' }],
  ])
  await panels.reload()

  await expect(panels.workerActive).toHaveText('Mock active · 4 stored records skipped')
  const health = panels.data.getByLabel('Store health')
  await expect(health.getByRole('listitem')).toHaveCount(4)
  await expect(health).toContainText(`artefact ${badId}: does not fit the schema`)
  await expect(health).toContainText('category 99: does not fit the schema')
  await expect(panels.artefactRow('Written by this version')).toBeVisible()
  expect((await panels.getArtefact(kept)).status).toBe(200)
  expect((await panels.getArtefact(badId)).status).toBe(404)
  await expect(panels.artefacts.getByRole('button', { name: /^Open / })).toHaveCount(SEED_ARTEFACT_COUNT + 1)
})

test('with the storage full, a create answers 503 with the reason, nothing is stored, and what was saved before survives a reload', async ({
  page,
  context,
}) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  const saved = await panels.createArtefact('Saved before the disk filled up')
  await context.addInitScript(failWrites)
  await page.reload()
  await expect(panels.workerActive).toHaveText('Mock active · saved in IndexedDB')

  const refused = await panels.fetch('/v3/preview-upcoming/resources/artefact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Not written' }),
  })
  expect(refused.status).toBe(503)
  expect(refused.headers['x-mock-reason']).toMatch(/storage: write failed: .*quota.*; nothing was stored/i)
  await expect(panels.workerActive).toHaveText('Mock active · saving failed')
  await expect(panels.data.getByLabel('Store health')).toContainText(
    'that create was answered 503 and nothing was stored',
  )
  await expect(panels.artefacts.getByRole('button', { name: 'Open Not written', exact: true })).toHaveCount(0)

  expect((await panels.getArtefact(saved)).status).toBe(200)
})

test('50 creates then 5 reloads: 50 of 50 present, 0 duplicates', async ({ page }) => {
  // 26 s on a 2-core machine running slow, near the default 30 s.
  test.setTimeout(90_000)
  const panels = new PanelsPage(page)
  await panels.goto()
  const titles = Array.from({ length: 50 }, (_, index) => `Persisted #${String(index + 1).padStart(2, '0')}`)
  const ids = await Promise.all(titles.map((title) => panels.createArtefact(title)))
  expect(new Set(ids).size).toBe(50)

  const figures: string[] = []
  for (let reload = 1; reload <= 5; reload += 1) {
    await panels.reload()
    const shown = await panels.listedArtefactIds('Persisted #')
    const present = ids.filter((id) => shown.includes(id)).length
    const duplicates = shown.length - new Set(shown).size
    const readable = await page.evaluate(
      async (ids) =>
        (await Promise.all(ids.map((id) => fetch(`/v3/preview-upcoming/resources/artefact/${id}`)))).filter(
          (r) => r.status === 200,
        ).length,
      ids,
    )
    figures.push(`reload ${reload}: ${present}/50 shown, ${readable}/50 readable, ${duplicates} duplicates`)
    expect({ present, readable, duplicates, rows: shown.length }).toEqual({
      present: 50,
      readable: 50,
      duplicates: 0,
      rows: 50,
    })
  }
  await expect(panels.workerActive).toHaveText('Mock active · saved in IndexedDB')
  test.info().annotations.push({ type: '50 creates, 5 reloads', description: figures.join('; ') })
})
