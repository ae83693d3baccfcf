import { setTheme, type ThemeChoice, useTheme } from './theme.ts'

const CHOICES: Array<{ id: ThemeChoice; label: string; icon: string }> = [
  { id: 'light', label: 'Light', icon: '☀' },
  { id: 'dark', label: 'Dark', icon: '☾' },
  { id: 'system', label: 'System', icon: '◐' },
]

/** Light / dark / system as a small segmented control. */
export function ThemeToggle() {
  const theme = useTheme()
  return (
    <div role="radiogroup" aria-label="Theme" className="segmented">
      {CHOICES.map((choice) => (
        <button
          key={choice.id}
          type="button"
          role="radio"
          aria-checked={theme === choice.id}
          aria-label={`${choice.label} theme`}
          title={`${choice.label} theme`}
          className="segmented__item"
          onClick={() => setTheme(choice.id)}
        >
          <span aria-hidden="true">{choice.icon}</span>
        </button>
      ))}
    </div>
  )
}
