import { MiddleEllipsis } from './middle-ellipsis.tsx'

/** The characters at a path's end that stay whole: the last 12 of its last segment (a UUID's varying end) and the query. */
export function keptEnd(path: string): number {
  const query = path.indexOf('?')
  const end = query < 0 ? path.length : query
  const lastSegment = end - path.lastIndexOf('/', end - 1) - 1
  return Math.min(12, lastSegment) + (path.length - end)
}

/** A path in three parts: what may give way, the resource's name (`artefact/`), and its last segment with the query. */
export function splitPath(path: string): { lead: string; resource: string; last: string } {
  const query = path.indexOf('?')
  const end = query < 0 ? path.length : query
  const lastStart = path.lastIndexOf('/', end - 1) + 1
  const resourceStart = lastStart > 1 ? path.lastIndexOf('/', lastStart - 2) + 1 : lastStart
  return {
    lead: path.slice(0, resourceStart),
    resource: path.slice(resourceStart, lastStart),
    last: path.slice(lastStart),
  }
}

interface Props {
  path: string
  className?: string
  title?: string
}

/**
 * A path that, when it does not fit, gives way from its start up to the resource's name, then
 * in the middle of its last segment: `…artefact/0a1e…000000000001?x=1`. The whole path stays in
 * the DOM, for copying and for screen readers.
 */
export function PathEllipsis({ path, className = '', title = path }: Props) {
  const { lead, resource, last } = splitPath(path)
  return (
    <span className={`path-ellipsis ${className}`} title={title}>
      {lead && <span className="path-ellipsis__lead">{lead}</span>}
      <span className="path-ellipsis__rest">
        {resource && <span className="path-ellipsis__resource">{resource}</span>}
        <MiddleEllipsis text={last} keep={keptEnd(last)} title={title} />
      </span>
    </span>
  )
}
