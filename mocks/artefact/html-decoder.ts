/**
 * entities' `decodeHTML`, loaded by the first create (decision 049): its tables are code that
 * a page's start would run and no start needs. A bundler puts it in a chunk of its own.
 */
import type { DecodeHtml } from './simple-content.ts'

let loaded: DecodeHtml | undefined
let loading: Promise<DecodeHtml> | undefined

/** The decoder once a load has finished (or a module handed it over); undefined before. */
export const loadedDecoder = (): DecodeHtml | undefined => loaded

/**
 * Hands over entities' `decodeHTML` from a module that imports it already (the synchronous
 * seed build), so that what it builds can render without a load.
 * @example
 * provideDecoder(decodeHTML)
 */
export function provideDecoder(decode: DecodeHtml): void {
  loaded ??= decode
}

/**
 * Loads the decoder once; a load that failed (a chunk the network lost) is tried again by the next call.
 * @example
 * const decode = loadedDecoder() ?? (await loadDecoder())
 */
export function loadDecoder(): Promise<DecodeHtml> {
  loading ??= import('entities').then(
    ({ decodeHTML }) => (loaded = decodeHTML),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
