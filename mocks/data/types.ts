import type { CreateArtefactRequest } from '../schemas/requests.ts'
import type { Category } from '../schemas/resources.ts'

/**
 * One artefact of the static data set, written as the create request that
 * would make it plus its fixed id, dates and draft flag. The store builds the
 * read side from it with the same code as a real create, so the data set
 * can never disagree with what the mock computes.
 */
export interface SeedArtefact {
  id: string
  dateCreated: string
  dateModified: string
  isDraft: boolean
  request: CreateArtefactRequest
}

export type SeedCategory = Category
