import * as z from 'zod'
import { Exchange, RequestDraft } from '../../app/model.ts'

/** A draft as the history stores it, the free request of the advanced mode included, so a replay after a reload sends what was sent. */
export const RequestDraftSchema = RequestDraft

/** An exchange as the history keeps it: the model's own schema, which checks times and URLs. */
export const ExchangeSchema = Exchange

/** One sent request: what the builder held, and what came back. */
export const HistoryEntry = z.object({ draft: RequestDraftSchema, exchange: ExchangeSchema })
export type HistoryEntry = z.infer<typeof HistoryEntry>
