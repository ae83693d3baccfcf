import * as msw from 'msw'
import { expect, test } from 'vitest'

// msw 2 still exports handleRequest; msw 3 does not. MSW_MAJOR is set by vitest.msw2.config.ts.
test('runs under the msw major that MSW_MAJOR names (3 unless told)', () => {
  const running = 'handleRequest' in msw ? 2 : 3
  expect(running).toBe(Number(process.env.MSW_MAJOR ?? 3))
})
