import type { AnswerMark } from '../../app/explorer-bus.ts'

const LABELS: Record<AnswerMark['kind'], string> = {
  forced: 'forced',
  overridden: 'override',
  delayed: 'delayed',
  real: 'real',
}

/** Small badges for a forced, overridden, delayed or real answer; the detail is the tooltip. */
export function AnswerMarks({ marks }: { marks: readonly AnswerMark[] | undefined }) {
  if (!marks || marks.length === 0) return null
  return (
    <span className="netlog__marks">
      {marks.map((mark) => (
        <span key={mark.kind} className={`netlog__mark netlog__mark--${mark.kind}`} title={mark.detail}>
          {mark.label ?? LABELS[mark.kind]}
        </span>
      ))}
    </span>
  )
}
