import { buildArtefact } from '../artefact/build.ts'
import { checkRules } from '../artefact/rules.ts'
import { CreateArtefactRequest } from '../schemas/requests.ts'
import type { Category, StoredArtefact } from '../schemas/resources.ts'
import type { SeedArtefact } from './types.ts'

const fold = (name: string) => name.trim().toLowerCase()

/**
 * Builds the data set's artefacts through the same code as a real create, so a seed
 * that breaks a rule fails loudly instead of being served. The built-in data set with its
 * own categories is not built at run time: a store takes it from `./read-side.ts`, which
 * `npm run data:read-side` writes with this function (decision 044).
 *
 * @example
 * const records = buildSeed(seedArtefacts, seedCategories)
 */
export function buildSeed(seeds: readonly SeedArtefact[], categories: readonly Category[]): StoredArtefact[] {
  const byId = new Map(categories.map((category) => [category.id, category]))
  const lookup = {
    getCategory: (id: number) => byId.get(id),
    findCategoryByName: (name: string) => categories.find((c) => fold(c.name) === fold(name)),
  }
  return seeds.map((seed) => {
    // The parse makes new objects: what a store holds never shares one with the module's data set.
    const input = CreateArtefactRequest.parse(seed.request)
    const { errors, category } = checkRules(input, lookup)
    if (errors.length > 0) throw new Error(`[artefact-mock] seed ${seed.id} breaks a rule: ${errors.join(' ')}`)
    const { id, dateCreated, dateModified, isDraft } = seed
    return buildArtefact(input, { id, dateCreated, dateModified, category, isDraft })
  })
}
