import { PREFIX } from '#mocks/internal.ts'
import { MiddleEllipsis } from '../../components/middle-ellipsis.tsx'

/**
 * The exact URL the builder will send. Too long for the line, it gives way from the
 * start (origin, then prefix): the resource, the id and the query stay in view.
 */
export function UrlPreview({ method, url }: { method: string; url: string }) {
  const { origin } = new URL(url)
  const rest = url.slice(origin.length)
  const prefixed = rest.startsWith(PREFIX)
  const tail = prefixed ? rest.slice(PREFIX.length) : rest
  return (
    <output className="builder__preview" aria-label="URL preview" title={`${method} ${url}`}>
      <span className="sr-only">{method} </span>
      <span className="builder__origin">{origin}</span>
      {prefixed && <span className="builder__prefix">{PREFIX}</span>}
      <MiddleEllipsis text={tail} className="builder__path" />
    </output>
  )
}
