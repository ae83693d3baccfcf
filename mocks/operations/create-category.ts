import { type CreateCategoryResponse, CreateCategoryRequest } from '../schemas.ts'
import { CategoryNameTaken } from '../store.ts'
import { errorResponse } from './errors.ts'
import { json, type Operation, parseBody } from './pipeline.ts'

/** POST /resources/artefactcategory (suite 3.4.0). */
export const createCategory: Operation = {
  name: 'createCategory',
  method: 'POST',
  async handle({ body, control }) {
    const { name } = parseBody(CreateCategoryRequest, body)
    const { store } = control
    const taken = store.findCategoryByName(name)
    if (taken) {
      return errorResponse(422, `name: ${JSON.stringify(name)} is taken by category ${taken.id} (names are compared case-insensitively)`)
    }
    let category
    try {
      category = await store.addCategory(name, new Date(control.now()).toISOString())
    } catch (error) {
      if (!(error instanceof CategoryNameTaken)) throw error
      return errorResponse(422, `name: ${JSON.stringify(name)} is taken by category ${error.category.id} (created in another tab)`)
    }
    const answer: CreateCategoryResponse = { categoryId: category.id, categoryName: category.name }
    return json(answer, { status: 201 })
  },
}
