import { Segmented } from '../components/segmented.tsx'
import { setTheme, type ThemeChoice, useTheme } from './theme.ts'

const CHOICES = [
  { id: 'light', name: 'Light theme', content: <span aria-hidden="true">☀</span> },
  { id: 'dark', name: 'Dark theme', content: <span aria-hidden="true">☾</span> },
  { id: 'system', name: 'System theme', content: <span aria-hidden="true">◐</span> },
] as const satisfies ReadonlyArray<{ id: ThemeChoice; name: string; content: unknown }>

/** Light / dark / system as a small segmented control. */
export function ThemeToggle() {
  return (
    <Segmented label="Theme" options={CHOICES} value={useTheme()} onChange={setTheme} className="segmented--icons" />
  )
}
