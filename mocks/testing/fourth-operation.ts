/**
 * A made-up fourth operation, for the tests that prove the registry is the one
 * place an operation is defined: `GET /resources/artefactcategory` lists the
 * categories (the spec has no such operation). Test support only: it imports the
 * registry for `WITH_FOURTH`, so registering it for real means moving it to
 * `mocks/operations/` first (decision 029 gives the steps).
 */
import * as z from 'zod'
import { seedCategories } from '../data/categories.ts'
import { defineOperation } from '../contract/operation.ts'
import { OPERATIONS } from '../operations/registry.ts'
import { Category } from '../schemas/resources.ts'

const CategoryList = z.object({ categories: z.array(Category) }).meta({ id: 'CategoryList' })

export const listCategories = defineOperation({
  name: 'listCategories',
  method: 'GET',
  path: '/resources/artefactcategory',
  suite: '3.8.0',
  title: 'List the artefact categories',
  label: 'List categories',
  request: null,
  query: [],
  success: { status: 200, schema: CategoryList, headers: { 'X-Category-Count': '0' }, name: 'Category list' },
  async handle({ control, json }) {
    const { categories } = control.store.getSnapshot()
    return json({ categories }, { status: 200, headers: { 'X-Category-Count': String(categories.length) } })
  },
  openapi: {
    tag: 'Artefact categories',
    description: 'Lists every category, newest first.',
    success: {
      description: 'The categories.',
      examples: () => ({ dataSet: { summary: 'The data set', value: { categories: seedCategories } } }),
    },
    headers: {
      'X-Category-Count': { description: 'How many categories the list holds.', schema: { type: 'integer' } },
    },
  },
})

/**
 * The mock's registry with the made-up operation added, as registering it would make it. Its file
 * and one line in `OPERATIONS` are the only change a fourth operation needs: with `listCategories`
 * in the registry for real, the whole unit suite and the type check pass (decision 029).
 */
export const WITH_FOURTH = [...OPERATIONS, listCategories] as const
