/** GET / POST in a small coloured badge, as devtools show methods. */
export function MethodBadge({ method }: { method: string }) {
  return <span className={`method method--${method.toLowerCase()}`}>{method}</span>
}
