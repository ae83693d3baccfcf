import type { CreateArtefactInput } from '../schemas/requests.ts'
import type { Category } from '../schemas/resources.ts'
import { isTextMediaType } from './simple-content.ts'

/** What the rules need from the store. */
export interface CategoryLookup {
  getCategory(id: number): Category | undefined
  findCategoryByName(name: string): Category | undefined
}

export interface RulesVerdict {
  errors: string[]
  category: Category | null
}

const fold = (text: string | undefined) => (text ?? '').trim().toLowerCase()
/** Names are compared trimmed, so a blank name is absent. */
const present = (text: string | undefined) => text !== undefined && text.trim() !== ''
/** Content text and addresses are kept exactly as sent: only the empty string is absent. */
const given = (text: string | undefined) => text !== undefined && text !== ''

function checkCategory(
  ref: CreateArtefactInput['category'],
  lookup: CategoryLookup,
  errors: string[],
): Category | null {
  if (!ref) return null
  const hasName = present(ref.name)
  if (ref.id !== undefined) {
    const category = lookup.getCategory(ref.id)
    if (!category) {
      errors.push(`category.id: no category has id ${ref.id}.`)
      return null
    }
    if (hasName && fold(ref.name) !== fold(category.name)) {
      errors.push(
        `category.name: category ${ref.id} is named ${JSON.stringify(category.name)}, not ${JSON.stringify(ref.name)}.`,
      )
      return null
    }
    return category
  }
  const category = lookup.findCategoryByName(ref.name ?? '')
  if (!category) errors.push(`category.name: no category is named ${JSON.stringify(ref.name)}.`)
  return category ?? null
}

type Item = { mediaType: string; text?: string | undefined; source?: string | undefined; href?: string | undefined }

function checkContent(items: Item[] | undefined, path: string, address: 'source' | 'href', errors: string[]): void {
  items?.forEach((item, index) => {
    const where = `${path}[${index}]`
    if (isTextMediaType(item.mediaType)) {
      if (!given(item.text)) errors.push(`${where}: a ${item.mediaType.trim()} item needs text.`)
    } else if (!given(item[address])) {
      errors.push(`${where}: a ${item.mediaType.trim()} item needs ${address}.`)
    }
  })
}

function checkQueries(input: CreateArtefactInput, errors: string[]): void {
  const seen = new Map<string, number>()
  const primary = fold(input.primaryQuery)
  input.queryVariations?.forEach(({ query }, index) => {
    const key = fold(query)
    if (key === '') return
    if (key === primary) errors.push(`queryVariations[${index}].query: it repeats primaryQuery.`)
    const first = seen.get(key)
    if (first !== undefined) errors.push(`queryVariations[${index}].query: it repeats queryVariations[${first}].query.`)
    else seen.set(key, index)
  })
}

/**
 * The data-set rules of behaviour §6. A body that breaks any of them is answered
 * 200 with `hasErrors: true`, one sentence per offending item, and not stored.
 */
export function checkRules(input: CreateArtefactInput, lookup: CategoryLookup): RulesVerdict {
  const errors: string[] = []
  const category = checkCategory(input.category, lookup, errors)
  checkContent(input.content, 'content', 'source', errors)
  input.variations?.forEach((variation, index) =>
    checkContent(variation.content, `variations[${index}].content`, 'href', errors),
  )
  checkQueries(input, errors)
  if (input.productDocumentVersion !== undefined && input.productDocumentId === undefined) {
    errors.push('productDocumentVersion: it is given without productDocumentId.')
  }
  return { errors, category }
}
