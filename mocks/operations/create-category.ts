import { seedCategories } from '../data/categories.ts'
import { errorResponse } from '../contract/errors.ts'
import { parseBody } from '../contract/pipeline.ts'
import { REASONS } from '../contract/reasons.ts'
import { CreateCategoryRequest } from '../schemas/requests.ts'
import { type Category, CreateCategoryResponse } from '../schemas/resources.ts'
import { CategoryNameTaken } from '../store/types.ts'
import { defineOperation, type Success } from '../contract/operation.ts'

const SUCCESS: Success<CreateCategoryResponse> = {
  status: 201,
  schema: CreateCategoryResponse,
  headers: {},
  name: 'Create category response',
}

/**
 * POST /resources/artefactcategory (suite 3.4.0).
 * @example
 * createCategory.success.status // 201
 */
export const createCategory = defineOperation({
  name: 'createCategory',
  method: 'POST',
  path: '/resources/artefactcategory',
  suite: '3.4.0',
  title: 'Create an artefact category',
  label: 'Create category',
  request: CreateCategoryRequest,
  query: [],
  success: SUCCESS,
  async handle({ body, control, json }) {
    const { name } = parseBody(CreateCategoryRequest, body)
    const { store } = control
    const taken = store.findCategoryByName(name)
    if (taken) return errorResponse(422, REASONS.nameTaken(name, taken.id))
    let category: Category
    try {
      category = await store.addCategory(name, new Date(control.now()).toISOString())
    } catch (error) {
      if (!(error instanceof CategoryNameTaken)) throw error
      return errorResponse(
        422,
        `name: ${JSON.stringify(name)} is taken by category ${error.category.id} (created in another tab)`,
      )
    }
    const answer: CreateCategoryResponse = { categoryId: category.id, categoryName: category.name }
    return json(answer, { status: SUCCESS.status })
  },
  // The suffix keeps the name free, as names must be unique.
  example: (): CreateCategoryRequest => ({ name: `Release notes ${Math.random().toString(36).slice(2, 6)}` }),
  openapi: {
    operationId: 'createArtefactCategory',
    tag: 'Artefact categories',
    description:
      "Creates a category; ids continue after the data set's highest. A name already taken (case-insensitively) is 422.",
    requestExamples: () => ({ mobile: { summary: 'A new category', value: { name: 'Mobile apps' } } }),
    success: {
      description: 'The category was created.',
      examples: () => ({
        mobile: {
          summary: 'The first category after the data set',
          value: { categoryId: Math.max(...seedCategories.map((c) => c.id)) + 1, categoryName: 'Mobile apps' },
        },
      }),
    },
  },
})
