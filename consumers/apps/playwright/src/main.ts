const ARTEFACT = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'
const button = document.querySelector<HTMLButtonElement>('#load')!
const state = document.querySelector<HTMLParagraphElement>('#state')!
const answers = document.querySelector<HTMLOListElement>('#answers')!

/** Reads one artefact and lists the answer: status and title (or the error's message). */
async function load(): Promise<void> {
  const response = await fetch(ARTEFACT, { headers: { Accept: 'application/json' } })
  const body = (await response.json()) as { title?: string; message?: string }
  const item = document.createElement('li')
  item.textContent = `${response.status} ${body.title ?? body.message ?? ''}`
  answers.append(item)
}

if (import.meta.env.DEV) {
  const { startMockWorker } = await import('artefact-preview-mock/browser')
  await startMockWorker()
}
button.addEventListener('click', () => void load())
button.disabled = false
state.textContent = 'Ready'
