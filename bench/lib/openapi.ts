/** The project's OpenAPI document for the peers, or a minimal stand-in until it exists. */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'

export interface OpenApiSource {
  path: string
  standIn: boolean
}

const STAND_IN = {
  openapi: '3.1.0',
  info: { title: 'Artefact preview service (bench stand-in)', version: '0' },
  paths: {
    '/v3/preview-upcoming/resources/artefact': {
      post: {
        operationId: 'createArtefact',
        summary: 'Create an artefact',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
            },
          },
        },
        responses: {
          200: {
            description: 'Created',
            content: {
              'application/json': {
                example: { responseId: '0a1e0001-5c0f-4a11-9c00-000000000001', hasErrors: false, errors: [] },
              },
            },
          },
        },
      },
    },
    '/v3/preview-upcoming/resources/artefactcategory': {
      post: {
        operationId: 'createArtefactCategory',
        summary: 'Create an artefact category',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
            },
          },
        },
        responses: {
          201: {
            description: 'Created',
            content: { 'application/json': { example: { categoryId: 7, categoryName: 'Bench' } } },
          },
        },
      },
    },
    '/v3/preview-upcoming/resources/artefact/{id}': {
      get: {
        operationId: 'getArtefact',
        summary: 'Get an artefact',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'The artefact',
            content: {
              'application/json': {
                example: { id: '0a1e0001-5c0f-4a11-9c00-000000000001', title: 'Reset your password' },
              },
            },
          },
        },
      },
    },
  },
}

export function openApiDocument(): OpenApiSource {
  for (const path of ['openapi.json', 'public/openapi.json']) if (existsSync(path)) return { path, standIn: false }
  mkdirSync('bench/.tmp', { recursive: true })
  writeFileSync('bench/.tmp/openapi.json', JSON.stringify(STAND_IN, null, 2))
  return { path: 'bench/.tmp/openapi.json', standIn: true }
}
