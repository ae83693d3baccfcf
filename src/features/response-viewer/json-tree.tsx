import { useState } from 'react'
import { withMarks } from './text-marks.tsx'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

interface NodeProps {
  name: string | number | null
  value: Json
  depth: number
  /** Whether nodes start open; deep ones start closed. */
  openDepth: number
  /** A search is on: every node opens, matches are marked. */
  query: string
  /** Not the last entry of its parent: a comma follows, so a copied selection is JSON. */
  comma: boolean
}

const isContainer = (value: Json): value is Json[] | { [key: string]: Json } =>
  typeof value === 'object' && value !== null

function Leaf({ value, query }: { value: Exclude<Json, object> | null; query: string }) {
  if (value === null) return <span className="json-null">{withMarks('null', query)}</span>
  if (typeof value === 'string') return <span className="json-string">{withMarks(JSON.stringify(value), query)}</span>
  if (typeof value === 'number') return <span className="json-number">{withMarks(String(value), query)}</span>
  return <span className="json-bool">{withMarks(String(value), query)}</span>
}

function Key({ name, query }: { name: string | number | null; query: string }) {
  if (name === null || typeof name === 'number') return null
  return <span className="json-key">{withMarks(JSON.stringify(name), query)}: </span>
}

const Comma = ({ show }: { show: boolean }) => (show ? <span className="json-punct">,</span> : null)

function JsonNode({ name, value, depth, openDepth, query, comma }: NodeProps) {
  const [toggled, setOpen] = useState(depth < openDepth)
  const open = query !== '' || toggled
  if (!isContainer(value)) {
    return (
      <li className="json-row">
        <Key name={name} query={query} />
        <Leaf value={value} query={query} />
        <Comma show={comma} />
      </li>
    )
  }
  const entries: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value)
  const [start, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  const noun = Array.isArray(value) ? 'item' : 'key'
  const summary = `${entries.length} ${noun}${entries.length === 1 ? '' : 's'}`
  const label = name === null ? 'body' : typeof name === 'number' ? `item ${name}` : name
  return (
    <li className="json-row">
      {entries.length > 0 ? (
        <button
          type="button"
          className="json-toggle"
          aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      ) : (
        <span className="json-toggle" aria-hidden="true" />
      )}
      <Key name={name} query={query} />
      {open && entries.length > 0 ? (
        <>
          {start}
          <ul className="json-children">
            {entries.map(([key, item], index) => (
              <JsonNode
                key={key}
                name={key}
                value={item}
                depth={depth + 1}
                openDepth={openDepth}
                query={query}
                comma={index < entries.length - 1}
              />
            ))}
          </ul>
          {end}
        </>
      ) : (
        <span className="json-summary">
          {start}
          {entries.length > 0 && <span className="json-count"> {summary} </span>}
          {end}
        </span>
      )}
      <Comma show={comma} />
    </li>
  )
}

/** A collapsible view of a JSON value; every string is rendered as text. */
export function JsonTree({ value, query = '' }: { value: unknown; query?: string }) {
  return (
    <ul className="json-tree" aria-label="Response body">
      <JsonNode name={null} value={value as Json} depth={0} openDepth={3} query={query} comma={false} />
    </ul>
  )
}
