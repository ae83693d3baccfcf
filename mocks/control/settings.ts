/**
 * The schema of the mock's conditions, built when this module is imported. The control takes
 * it from `settingsSchema()` on first use instead, so a worker's start builds none (decision 049).
 */
import { type MockSettings as Settings, settingsSchema } from './settings-schema.ts'

/**
 * The mock's conditions (behaviour §9); every one can change at run time.
 * @example
 * MockSettings.safeParse(JSON.parse(localStorage.getItem('settings') ?? 'null')).success
 */
export const MockSettings = settingsSchema()
export type MockSettings = Settings
