import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** Names the panel in the fallback, e.g. "Network log". */
  name: string
  children: ReactNode
}

interface State {
  error: Error | null
}

/** Keeps a crash inside one panel: the rest of the explorer stays usable. */
export class PanelBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`[artefact-mock] the ${this.props.name} panel crashed`, error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="panel-crash" role="alert">
        <p>
          <strong>{this.props.name}</strong> stopped working: {error.message}
        </p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    )
  }
}
