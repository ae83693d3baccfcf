import { useState } from 'react'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

interface NodeProps {
  name: string | number | null
  value: Json
  depth: number
  /** Whether nodes start open; deep ones start closed. */
  openDepth: number
}

const isContainer = (value: Json): value is Json[] | { [key: string]: Json } => typeof value === 'object' && value !== null

function Leaf({ value }: { value: Exclude<Json, object> | null }) {
  if (value === null) return <span className="json-null">null</span>
  if (typeof value === 'string') return <span className="json-string">{JSON.stringify(value)}</span>
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>
  return <span className="json-bool">{String(value)}</span>
}

function Key({ name }: { name: string | number | null }) {
  if (name === null) return null
  return typeof name === 'number' ? <span className="json-index">{name}: </span> : <span className="json-key">{JSON.stringify(name)}: </span>
}

function JsonNode({ name, value, depth, openDepth }: NodeProps) {
  const [open, setOpen] = useState(depth < openDepth)
  if (!isContainer(value)) {
    return (
      <li className="json-row">
        <Key name={name} />
        <Leaf value={value} />
      </li>
    )
  }
  const entries: Array<[string | number, Json]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value)
  const [start, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  const summary = Array.isArray(value) ? `${entries.length} item${entries.length === 1 ? '' : 's'}` : `${entries.length} key${entries.length === 1 ? '' : 's'}`
  return (
    <li className="json-row">
      <button
        type="button"
        className="json-toggle"
        aria-expanded={open}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name === null ? 'body' : String(name)}`}
        onClick={() => setOpen(!open)}
        disabled={entries.length === 0}
      >
        <span aria-hidden="true">{entries.length === 0 ? ' ' : open ? '▾' : '▸'}</span>
      </button>
      <Key name={name} />
      {open && entries.length > 0 ? (
        <>
          {start}
          <ul className="json-children">
            {entries.map(([key, item]) => (
              <JsonNode key={key} name={key} value={item} depth={depth + 1} openDepth={openDepth} />
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
    </li>
  )
}

/** A collapsible view of a JSON value; every string is rendered as text. */
export function JsonTree({ value }: { value: unknown }) {
  return (
    <ul className="json-tree" aria-label="Response body">
      <JsonNode name={null} value={value as Json} depth={0} openDepth={3} />
    </ul>
  )
}
