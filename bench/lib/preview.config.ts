import { defineConfig } from 'vite'

/** Static serving only (`vite preview --config bench/lib/preview.config.ts --outDir <dir>`): the same server for every page. */
export default defineConfig({ appType: 'mpa', logLevel: 'warn' })
