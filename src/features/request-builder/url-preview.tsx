import { PREFIX } from '#mocks/internal.ts'
import { PathEllipsis } from '../../components/path-ellipsis.tsx'

/**
 * The exact URL the builder will send. Too long for the line, it gives way from the
 * start (origin, prefix, then `/resources/`): the resource's name, the id's end and the
 * query stay in view.
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
      <PathEllipsis path={tail} title={`${method} ${url}`} className="builder__path" />
    </output>
  )
}
