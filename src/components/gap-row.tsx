/**
 * The blank table row that stands for the rows of a virtual list not in the DOM
 * (see `useVirtualRows`): as tall as they are, hidden from assistive technology.
 */
export function GapRow({ size, columns, className }: { size: number; columns: number; className: string }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing and takes no focus.
    <tr className={className} aria-hidden="true" style={{ height: size }}>
      <td colSpan={columns} />
    </tr>
  )
}
