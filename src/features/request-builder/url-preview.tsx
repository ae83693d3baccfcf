/** The exact method and URL the builder will send, origin dimmed. */
export function UrlPreview({ method, url }: { method: string; url: string }) {
  const { origin } = new URL(url)
  return (
    <output className="builder__preview" aria-label="URL preview" title={`${method} ${url}`}>
      <span className="sr-only">{method} </span>
      <span className="builder__origin">{origin}</span>
      <span className="builder__path">{url.slice(origin.length)}</span>
    </output>
  )
}
