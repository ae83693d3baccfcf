import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { browserControl as control, worker } from '#mocks/browser.ts'
import { SnippetHomeProvider } from '../features/snippets/snippet-home.tsx'
import { MockProvider } from './mock-context.tsx'
import { refetchOnScenarioSwitch } from './refetch-on-switch.ts'

/** The one QueryClient of the explorer. Sends are mutations; nothing retries behind a person's back. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
})

/** The explorer's QueryClient, and the browser mock (worker, control, store, log) for its panels. */
export function Providers({ children }: { children: ReactNode }) {
  // What a query read came from the scenario before a switch.
  useEffect(() => refetchOnScenarioSwitch(control, queryClient), [])
  return (
    <QueryClientProvider client={queryClient}>
      <MockProvider worker={worker} control={control}>
        {/* The explorer is this repo's: its snippets name npm run serve and import the mock's source. */}
        <SnippetHomeProvider home="repo">{children}</SnippetHomeProvider>
      </MockProvider>
    </QueryClientProvider>
  )
}
