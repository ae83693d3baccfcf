interface Props {
  reason: string
}

/** The full page shown when the mock's service worker cannot run: why, and what to do. */
export function WorkerFailure({ reason }: Props) {
  return (
    <main className="worker-failure">
      <div className="worker-failure__card">
        <h1>Artefact Preview Explorer</h1>
        <p role="alert" className="callout callout--bad">
          Mock worker: failed to start. {reason}
        </p>
        <h2>What to do</h2>
        <ul>
          <li>
            Open the explorer at <code>http://localhost</code> (or over https). A LAN address such as{' '}
            <code>http://192.168.x.x</code> is not a secure context, so the browser offers no service worker there.
          </li>
          <li>
            Allow service workers for this site (browser settings, extensions or enterprise policy may block them).
          </li>
          <li>Use a normal window: some private or incognito windows block service workers.</li>
          <li>Then reload the page.</li>
        </ul>
      </div>
    </main>
  )
}
