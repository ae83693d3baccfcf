/**
 * zod for the production build (vite.config.ts resolves `zod` here): jitless, because
 * zod's JIT probes `new Function` when a schema is built, and the explorer's
 * Content-Security-Policy (no 'unsafe-eval') reports that probe as a violation.
 * The config is set here, before any importer's schemas exist, whatever the chunk order.
 */
import * as z from 'zod'

z.config({ jitless: true })

export * from 'zod'
