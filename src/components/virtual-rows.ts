import { defaultRangeExtractor, type Range, useVirtualizer, type VirtualItem } from '@tanstack/react-virtual'
import { type RefObject, useCallback } from 'react'

/** A rendered row, or the blank space standing for rows that are not in the DOM. */
type VirtualSlot = { kind: 'row'; item: VirtualItem } | { kind: 'gap'; key: string; size: number }

interface Options {
  count: number
  /** The element that scrolls (overflow: auto) and holds the rows. */
  scrollRef: RefObject<HTMLElement | null>
  /** A row's height in px: exact for fixed rows, a guess for measured ones. */
  rowHeight: number
  /** A row index kept in the DOM even when scrolled away, so the row holding focus stays focusable. */
  keep?: number
  /** Rows rendered beyond each edge of the view; enough that a short list renders whole. */
  overscan?: number
}

/**
 * Only the rows in view (and a margin) of a long table or list, with blank gaps for the rest,
 * so the element keeps its native role and the scroll bar its true length. Gaps are spacer rows
 * (tables) or items (lists) a host renders aria-hidden.
 */
export function useVirtualRows({ count, scrollRef, rowHeight, keep, overscan = 12 }: Options) {
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (keep === undefined || keep < 0 || keep >= range.count || indexes.includes(keep)) return indexes
      return [...indexes, keep].sort((a, b) => a - b)
    },
    [keep],
  )
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    rangeExtractor,
    // Before the first layout the list still renders a screenful (tests and screenshots see rows).
    initialRect: { width: 0, height: 800 },
  })
  const slots: VirtualSlot[] = []
  let end = 0
  for (const item of virtualizer.getVirtualItems()) {
    if (item.start > end) slots.push({ kind: 'gap', key: `gap-${item.index}`, size: item.start - end })
    slots.push({ kind: 'row', item })
    end = item.end
  }
  const total = virtualizer.getTotalSize()
  if (total > end) slots.push({ kind: 'gap', key: 'gap-end', size: total - end })
  return { virtualizer, slots }
}
