/**
 * What the long-session bench reads inside the explorer page. Each function runs in the
 * page (an init script or `page.evaluate`), so it uses only the DOM and its roles and labels.
 */

export interface ProbeState {
  /** When a status first read "Mock active" (the top bar's worker pill), ms since navigation. */
  __mockActiveAt?: number
  /** Long tasks (over 50 ms) seen so far: their durations, ms. */
  __longTasks?: number[]
}

/** Init script: records when "Mock active" is first shown, and every long task. */
export const watchSession = () => {
  const w = window as unknown as ProbeState
  w.__longTasks = []
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks!.push(entry.duration)
    }).observe({ type: 'longtask' })
  } catch {
    // No long-task timing in this browser: the count stays empty.
  }
  const check = () => {
    for (const el of document.querySelectorAll('[role="status"]'))
      if (el.textContent?.includes('Mock active')) return void (w.__mockActiveAt = performance.now())
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/**
 * In the page: clicks `send` and resolves once `region` (the Response viewer) shows the new
 * answer and a frame has been drawn: the viewer is not busy and its Status is a new element,
 * or it was busy since the click. Resolves with the time from the click and the Status text.
 */
export const clickUntilAnswered = ([send, region]: [HTMLElement, HTMLElement]) =>
  new Promise<{ ms: number; status: string }>((resolve, reject) => {
    const statusOf = () => region.querySelector<HTMLElement>('[aria-label="Status"]')
    const old = statusOf()
    let sawBusy = false
    let done = false
    const observer = new MutationObserver(() => check())
    const timer = setTimeout(() => {
      observer.disconnect()
      reject(new Error('[bench] the response viewer showed no new answer within 30 s'))
    }, 30_000)
    const started = performance.now()
    const check = () => {
      if (done) return
      const busy = region.getAttribute('aria-busy') === 'true'
      sawBusy ||= busy
      const status = statusOf()
      if (busy || !status || (status === old && !sawBusy)) return
      done = true
      observer.disconnect()
      clearTimeout(timer)
      // The next frame, once drawn: what a person waits for.
      requestAnimationFrame(() =>
        setTimeout(() => resolve({ ms: performance.now() - started, status: status.textContent ?? '' })),
      )
    }
    observer.observe(region, { subtree: true, childList: true, attributes: true, characterData: true })
    send.click()
    check()
  })

/** In the page: `count` GETs with the page's fetch (through the worker), `inFlight` at a time; resolves with the failures. */
export const sendMany = async ([path, headers, count, inFlight]: [string, Record<string, string>, number, number]) => {
  let next = 0
  let failures = 0
  const lane = async () => {
    while (next < count) {
      next += 1
      const res = await fetch(path, { headers })
      await res.arrayBuffer()
      if (res.status >= 300) failures += 1
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, lane))
  return failures
}
