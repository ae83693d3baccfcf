import { mutationOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query'
import { getBusState, patchDraftOf, setLastCreated, showExchange } from '../../app/explorer-bus.ts'
import type { RequestDraft } from '../../app/model.ts'
import { whenWorkerReady } from '../../app/worker-ready.ts'
import { recordHistory } from '../history/history-store.ts'
import { exampleDraft, retaggedName } from '../operations/examples.ts'
import { createdArtefactId, sendDraft } from './send-request.ts'

const SEND_KEY = ['explorer', 'send']

/** What one send carries: the draft, and the controller its Cancel aborts. */
export interface SendVariables {
  draft: RequestDraft
  controller: AbortController
}

/** Resolves when the worker runs or the send is cancelled, whichever comes first. */
function workerReadyOrCancelled(signal: AbortSignal): Promise<void> {
  const cancelled = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
  return Promise.race([whenWorkerReady(), cancelled])
}

/**
 * Sends the builder's draft once the worker runs (sent earlier, it would reach the real
 * network); the Exchange (never an exception) goes to the viewer and the history.
 */
export const sendRequestMutation = () =>
  mutationOptions({
    mutationKey: SEND_KEY,
    // A finished send lives on in the viewer and the history, not here: kept (5 minutes by default),
    // every send of a long session made each useMutationState/isMutating scan longer (decision 038).
    gcTime: 0,
    mutationFn: async ({ draft, controller }: SendVariables) => {
      // A send cancelled while waiting goes to fetch already aborted: it fails at once, sending nothing.
      await workerReadyOrCancelled(controller.signal)
      return sendDraft(draft, { signal: controller.signal })
    },
    onSuccess: (exchange, { draft, controller }) => {
      showExchange(exchange)
      if (controller.signal.aborted) return
      recordHistory(draft, exchange)
      if (exchange.operation === 'createCategory' && exchange.response?.status === 201) nameTaken(draft)
      const created = createdArtefactId(exchange)
      if (created) {
        setLastCreated(created)
        // The Get builder names what was just created, so reading it back is one click.
        patchDraftOf('getArtefact', { id: created }, () => exampleDraft('getArtefact', created))
      }
    },
  })

/**
 * A category create succeeded, so its name is taken: the draft's name gets a new #tag, so the
 * next Send creates another category rather than a 422. Left alone when edited since the send.
 */
function nameTaken(sent: RequestDraft): void {
  const current = getBusState().drafts.createCategory
  const body = retaggedName(sent.body)
  if (body === null || current?.body !== sent.body) return
  patchDraftOf('createCategory', { body }, () => current)
}

/** The send in flight, if any: its draft, when it started, and how to cancel it. */
export function useInFlight(): { draft: RequestDraft; startedAt: number; cancel: () => void } | null {
  const pending = useMutationState({
    filters: { mutationKey: SEND_KEY, status: 'pending' },
    select: (mutation) => ({
      variables: mutation.state.variables as SendVariables | undefined,
      startedAt: mutation.state.submittedAt,
    }),
  })
  const first = pending[0]
  if (!first?.variables) return null
  const { draft, controller } = first.variables
  return { draft, startedAt: first.startedAt, cancel: () => controller.abort() }
}

/** Sends a draft unless one is already in flight (a double click sends once). */
export function useSend(): (draft: RequestDraft) => void {
  const client = useQueryClient()
  const mutation = useMutation(sendRequestMutation())
  return (draft) => {
    // Read at the moment of the click, not from the last render.
    if (client.isMutating({ mutationKey: SEND_KEY }) > 0) return
    mutation.mutate({ draft, controller: new AbortController() })
  }
}
