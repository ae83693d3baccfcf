import { mutationOptions } from '@tanstack/react-query'
import { type RequestDraft, showExchange } from '../../app/explorer-bus.ts'
import { recordHistory } from '../history/history-store.ts'
import { setLastCreated } from './last-created.ts'
import { createdArtefactId, sendDraft } from './send-request.ts'

/** Sends the builder's draft; the Exchange (never an exception) goes to the viewer and the history. */
export const sendRequestMutation = () =>
  mutationOptions({
    mutationKey: ['explorer', 'send'],
    mutationFn: (draft: RequestDraft) => sendDraft(draft),
    onSuccess: (exchange, draft) => {
      showExchange(exchange)
      recordHistory(draft, exchange)
      const created = createdArtefactId(exchange)
      if (created) setLastCreated(created)
    },
  })
