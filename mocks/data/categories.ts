import type { SeedCategory } from './types.ts'

/**
 * The categories of the static data set: the help-centre sections of the
 * fictional "Northwind Notes" app. Ids are 1..6 and new categories continue
 * from 7 (behaviour §7); names are unique case-insensitively.
 *
 * @example
 * import { seedCategories } from '#mocks/data/categories.ts'
 * const security = seedCategories.find((c) => c.id === 2) // "Account & security"
 */
export const seedCategories: SeedCategory[] = [
  {
    id: 1,
    name: 'Getting started',
    dateCreated: '2026-01-05T09:00:00Z',
    dateModified: '2026-01-05T09:00:00Z',
  },
  {
    id: 2,
    name: 'Account & security',
    dateCreated: '2026-01-05T09:05:00Z',
    dateModified: '2026-02-11T14:30:00Z',
  },
  {
    id: 3,
    name: 'Notes & editing',
    dateCreated: '2026-01-05T09:10:00Z',
    dateModified: '2026-01-05T09:10:00Z',
  },
  {
    id: 4,
    name: 'Sharing & collaboration',
    dateCreated: '2026-01-06T10:20:00+01:00',
    dateModified: '2026-03-02T16:45:00+01:00',
  },
  {
    id: 5,
    name: 'Billing & plans',
    dateCreated: '2026-01-06T10:25:00+01:00',
    dateModified: '2026-01-06T10:25:00+01:00',
  },
  {
    id: 6,
    name: 'Integrations & API',
    dateCreated: '2026-01-12T08:40:00Z',
    dateModified: '2026-04-20T11:00:00Z',
  },
]
