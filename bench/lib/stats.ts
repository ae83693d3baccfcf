/** Medians, spreads and the one table every benchmark prints its rows into. */

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const fmt = (n: number, digits = 2): string => (Number.isFinite(n) ? n.toFixed(digits) : String(n))

/** `median [min-max]`, the form every figure of the table takes. */
export const spread = (values: readonly number[], digits = 2): string =>
  values.length === 0
    ? '-'
    : `${fmt(median(values), digits)} [${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)}]`

/** One line of the table. `ratio` is per round, ours / theirs. */
export interface Row {
  benchmark: string
  ours: string
  theirs: string
  ratio: string
  goal: string
  verdict: string
}

export type Goal = { op: '>=' | '<='; value: number } | null

/** A row from per-round figures; the verdict compares the median ratio with the goal. */
export function ratioRow(
  benchmark: string,
  figures: {
    ours: readonly number[]
    theirs: readonly number[]
    ratios: readonly number[]
    digits?: number
    unit?: string
  },
  goal: Goal,
): Row {
  const digits = figures.digits ?? 0
  const unit = figures.unit ? ` ${figures.unit}` : ''
  const m = median(figures.ratios)
  const met = goal === null ? null : goal.op === '>=' ? m >= goal.value : m <= goal.value
  return {
    benchmark,
    ours: figures.ours.length ? `${spread(figures.ours, digits)}${unit}` : '',
    theirs: figures.theirs.length ? `${spread(figures.theirs, digits)}${unit}` : '',
    ratio: spread(figures.ratios),
    goal: goal === null ? 'reported' : `${goal.op} ${goal.value}`,
    verdict: met === null ? fmt(m) : `${fmt(m)} ${met ? 'met' : 'MISSED'}`,
  }
}

/** The value below which `share` of the `sorted` values fall (nearest rank). */
const atShare = (sorted: ArrayLike<number>, share: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN

const quantile = (values: readonly number[], share: number): number =>
  atShare(
    values.toSorted((a, b) => a - b),
    share,
  )

/** A small seeded generator, so that a row's interval is the same each time it is computed from the same figures. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/**
 * A row from every answer of each side: the `share` quantile of ours over theirs, with a
 * bootstrap 90 % interval (1,000 resamples) in place of the per-round [min-max]. For a tail figure
 * such as p99 a round is too small a sample; all the answers are not (docs/decisions/067).
 */
export function pooledRow(
  benchmark: string,
  figures: { ours: readonly number[]; theirs: readonly number[]; share: number; digits?: number; unit?: string },
  goal: Goal,
): Row {
  const { ours, theirs, share } = figures
  const digits = figures.digits ?? 0
  const unit = figures.unit ? ` ${figures.unit}` : ''
  const ratio = quantile(ours, share) / quantile(theirs, share)
  const random = seeded(ours.length * 31 + theirs.length)
  const resampled = (values: readonly number[]) =>
    atShare(
      Float64Array.from({ length: values.length }, () => values[Math.floor(random() * values.length)]!).sort(),
      share,
    )
  const ratios = Array.from({ length: 1000 }, () => resampled(ours) / resampled(theirs)).sort((a, b) => a - b)
  const met = goal === null ? null : goal.op === '>=' ? ratio >= goal.value : ratio <= goal.value
  return {
    benchmark,
    ours: `${fmt(quantile(ours, share), digits)}${unit} (${ours.length} answers)`,
    theirs: `${fmt(quantile(theirs, share), digits)}${unit} (${theirs.length} answers)`,
    ratio: `${fmt(ratio)} [${fmt(ratios[49]!)}-${fmt(ratios[949]!)}] (90 % interval)`,
    goal: goal === null ? 'reported' : `${goal.op} ${goal.value}`,
    verdict: met === null ? fmt(ratio) : `${fmt(ratio)} ${met ? 'met' : 'MISSED'}`,
  }
}

/** A row for a figure that could not be measured yet, saying why. */
export const pendingRow = (benchmark: string, goal: string, why: string, theirs = ''): Row => ({
  benchmark,
  ours: `pending: ${why}`,
  theirs,
  ratio: '-',
  goal,
  verdict: 'pending',
})

export const TABLE_HEAD = [
  '| benchmark | ours, median [min-max] | baseline, median [min-max] | ratio ours/baseline, median [min-max] | goal | median vs goal |',
  '|---|---|---|---|---|---|',
]

export const tableLines = (rows: readonly Row[]): string[] => [
  ...TABLE_HEAD,
  ...rows.map((r) => `| ${r.benchmark} | ${r.ours} | ${r.theirs} | ${r.ratio} | ${r.goal} | ${r.verdict} |`),
]

/** Runs `fn` once per mode per round, rotating the order so drift falls on every side. */
export async function interleave<M extends string, T>(
  modes: readonly M[],
  rounds: number,
  fn: (mode: M, round: number) => Promise<T>,
): Promise<Record<M, T[]>> {
  const out = Object.fromEntries(modes.map((m) => [m, [] as T[]])) as Record<M, T[]>
  for (let round = 0; round < rounds; round++) {
    const order = modes.map((_, i) => modes[(i + round) % modes.length]!)
    for (const mode of order) out[mode].push(await fn(mode, round))
  }
  return out
}

/** Writes progress to stderr, so stdout holds only the table. */
const t0 = performance.now()
export const progress = (message: string): void => {
  process.stderr.write(`[bench ${((performance.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${message}\n`)
}
