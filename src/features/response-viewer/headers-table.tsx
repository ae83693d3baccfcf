/** Response or request headers as a two-column table. */
export function HeadersTable({ headers, label }: { headers: ReadonlyArray<[string, string]>; label: string }) {
  if (headers.length === 0) return <p className="muted">No headers.</p>
  return (
    <table className="headers-table" aria-label={label}>
      <tbody>
        {headers.map(([name, value], index) => (
          <tr key={`${name}-${index}`}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
