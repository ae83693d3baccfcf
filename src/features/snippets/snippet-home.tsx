/**
 * Where the snippets are copied for: this repo (the explorer, served by `npm run dev` or its
 * build) or an app that installed the package (the embeddable panel). A clone of this repo has
 * no dist/ until `npm run build:lib`, so there the snippets name `npm run serve` and import the
 * mock's source; an app's snippets name the package.
 */
import { createContext, type ReactNode, useContext } from 'react'

export type SnippetHome = 'repo' | 'app'

// <Context.Provider> and useContext, not <Context value> and use(): the panel runs on React 18 too.
const HomeContext = createContext<SnippetHome>('app')

/** The explorer wraps itself in `home="repo"`; the panel leaves the default, `app`. */
export function SnippetHomeProvider({ home, children }: { home: SnippetHome; children: ReactNode }) {
  return <HomeContext.Provider value={home}>{children}</HomeContext.Provider>
}

export const useSnippetHome = (): SnippetHome => useContext(HomeContext)
