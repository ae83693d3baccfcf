/** One Chromium for every browser benchmark; the same launch on every side of a ratio. */
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) && { executablePath: SYSTEM_CHROMIUM }),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
}
