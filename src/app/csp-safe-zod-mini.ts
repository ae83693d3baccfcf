/**
 * `zod/mini` for the production build, jitless for the same reason as `./csp-safe-zod.ts`:
 * the mock's schemas are zod/mini (decision 044), and they may be built before any classic one.
 */
import * as z from 'zod/mini'

z.config({ jitless: true })

export * from 'zod/mini'
