import { expect, test } from 'vitest'
import { categoryCreatedText } from './created-callout.tsx'

test('names the new category and the draft’s next name', () => {
  expect(categoryCreatedText('{"categoryId":7,"categoryName":"Release notes"}', 'Release notes #k2')).toBe(
    "Category 7 is named “Release notes”. Names are unique, so the draft's name got a new tag: the next Send creates “Release notes #k2”.",
  )
})

test('a real answer without the id or name says so instead of “Category undefined”', () => {
  for (const body of ['{"categoryName":"x"}', 'null', 'not json', '{"categoryId":"7","categoryName":"x"}']) {
    const text = categoryCreatedText(body, null)
    expect(text).not.toMatch(/undefined|null/)
    expect(text).toMatch(/does not give the new category’s id and name/)
  }
})
