import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { type ScenarioSummary, scenarioLink, settingsOnTop } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'
import { CopyButton } from '../../components/copy-button.tsx'
import { browserStorage } from '../mock-controls/settings-storage.ts'
import { useControlSnapshot } from '../mock-controls/use-mock-control.ts'
import { readSavedScenarios, removeSaved } from '../real-service/saved-scenarios.ts'

type Switch =
  | { phase: 'idle' }
  | { phase: 'switching'; to: string }
  | { phase: 'done'; to: string; reset: boolean }
  | { phase: 'failed'; to: string; why: string }
  | { phase: 'removed'; title: string; wasInUse: boolean }

/** A setting's value as a person reads it in a list of changes. */
const shown = (value: unknown) => (value === null ? 'off' : JSON.stringify(value))

/**
 * The mock's scenarios (contract §12): every one with its title and description, the one in use
 * marked, one click to switch through the control, and a link that reproduces the state.
 * Styles: scenarios.css, which the host (explorer or panel) loads.
 */
export function Scenarios() {
  const { control } = useMock()
  const snapshot = useControlSnapshot()
  const [state, setState] = useState<Switch>({ phase: 'idle' })
  const headingId = useId()
  const scenarios = control.scenarios
  const active = control.scenario
  // Scenarios saved from real answers (the Drift tab) can be removed; read again when the list changes.
  const listed = scenarios.map((scenario) => scenario.id).join(' ')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's ids are what the saved ones are read again for.
  const saved = useMemo(() => new Set(readSavedScenarios(browserStorage()).map((one) => one.id)), [listed])
  const onTop = Object.entries(settingsOnTop(snapshot.settings, active))
  // The Use button clicked is gone once its scenario is in use: focus goes to the card that replaced it.
  const resetButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (state.phase === 'done') resetButton.current?.focus()
  }, [state])

  async function use(scenario: ScenarioSummary, reset = false) {
    setState({ phase: 'switching', to: scenario.title })
    try {
      // biome-ignore lint/correctness/useHookAtTopLevel: the control's method (contract §12), not a React hook.
      await (reset ? control.reset() : control.useScenario(scenario.id))
      setState({ phase: 'done', to: scenario.title, reset })
    } catch (error) {
      setState({ phase: 'failed', to: scenario.title, why: error instanceof Error ? error.message : String(error) })
    }
  }

  async function remove(scenario: ScenarioSummary) {
    const wasInUse = scenario.id === snapshot.scenario
    setState({ phase: 'switching', to: wasInUse ? 'Default' : scenario.title })
    try {
      await removeSaved(control, browserStorage(), scenario.id)
      setState({ phase: 'removed', title: scenario.title, wasInUse })
    } catch (error) {
      setState({ phase: 'failed', to: 'Default', why: error instanceof Error ? error.message : String(error) })
    }
  }
  const removeButton = (scenario: ScenarioSummary) =>
    saved.has(scenario.id) && (
      <button
        type="button"
        className="button button--ghost mockscn__remove"
        aria-label={`Remove ${scenario.title}`}
        title="Saved from a real answer (Drift tab): remove it from this browser"
        disabled={state.phase === 'switching'}
        onClick={() => remove(scenario)}
      >
        Remove
      </button>
    )

  return (
    <section className="mockscn" aria-labelledby={headingId}>
      <header className="devpanel__bar mockscn__bar">
        <h2 id={headingId} className="devpanel__title">
          Scenarios
        </h2>
        <span className="mockscn__count">{scenarios.length} scenarios</span>
        <CopyButton
          label="Copy link to this state"
          short="Copy link"
          text={() => scenarioLink(window.location.href, snapshot.scenario, settingsOnTop(control.settings, active))}
        />
      </header>
      <p className="mockscn__intro">
        A scenario is a named state of the whole mock: its data, settings and answers. Switching replaces the data: what
        was created here is gone.
      </p>
      <ul className="mockscn__list" aria-label="Scenarios">
        {scenarios.map((scenario) => {
          const inUse = scenario.id === snapshot.scenario
          return (
            <li
              key={scenario.id}
              className={`mockscn__item ${inUse ? 'mockscn__item--active' : ''}`}
              aria-current={inUse ? 'true' : undefined}
            >
              <span className="mockscn__mark" aria-hidden="true" />
              <div className="mockscn__text">
                <p className="mockscn__title">
                  {scenario.title} <code className="mockscn__id">{scenario.id}</code>
                </p>
                <p className="mockscn__description">{scenario.description}</p>
              </div>
              {inUse ? (
                <span className="mockscn__actions">
                  <span className="mockscn__badge">In use</span>
                  <button
                    ref={resetButton}
                    type="button"
                    className="button button--ghost mockscn__reset"
                    aria-label={`Reset ${scenario.title}`}
                    title="Back to this scenario as it starts: its data, settings and counters"
                    disabled={state.phase === 'switching'}
                    onClick={() => use(scenario, true)}
                  >
                    Reset
                  </button>
                  {removeButton(scenario)}
                </span>
              ) : (
                <span className="mockscn__actions">
                  <button
                    type="button"
                    className="button mockscn__use"
                    aria-label={`Use ${scenario.title}`}
                    disabled={state.phase === 'switching'}
                    onClick={() => use(scenario)}
                  >
                    Use
                  </button>
                  {removeButton(scenario)}
                </span>
              )}
            </li>
          )
        })}
      </ul>
      {onTop.length > 0 && (
        <div className="mockscn__on-top" role="group" aria-label="Settings changed on top of the scenario">
          <p>Changed on top of {active.title} (the link carries them):</p>
          <ul>
            {onTop.map(([key, value]) => (
              <li key={key}>
                <code>
                  {key}: {shown(value)}
                </code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mockscn__live" role="status">
        {state.phase === 'switching' && `Switching to ${state.to}…`}
        {state.phase === 'failed' && `Could not switch to ${state.to}: ${state.why}`}
        {state.phase === 'removed' &&
          `Removed ${state.title}.${state.wasInUse ? ' It was in use: the mock is back in Default.' : ''}`}
        {state.phase === 'done' &&
          (state.reset
            ? `${state.to} again: its data, settings and counters as it starts.`
            : `In use: ${active.title}. ${active.description}`)}
      </p>
    </section>
  )
}
