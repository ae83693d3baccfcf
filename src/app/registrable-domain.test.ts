import { expect, test } from 'vitest'
import { getDomain } from './registrable-domain.ts'

// Each expected value is what tldts 7 answers (allowIcannDomains and allowPrivateDomains on).
test('answers as tldts does for the hosts the explorer talks to', () => {
  expect(getDomain('localhost')).toBeNull()
  expect(getDomain('LOCALHOST')).toBeNull()
  expect(getDomain('127.0.0.1')).toBeNull()
  expect(getDomain('::1')).toBeNull()
  expect(getDomain('[::1]')).toBeNull()
  expect(getDomain('example.com')).toBe('example.com')
  expect(getDomain('a.b.example.com')).toBe('example.com')
  expect(getDomain('example.com.')).toBe('example.com')
})

test('answers null for a host with an empty label, as tldts does', () => {
  expect(getDomain('a..b')).toBeNull()
  expect(getDomain('')).toBeNull()
})

test('takes the last two labels where the list names a longer suffix (tldts: example.co.uk)', () => {
  expect(getDomain('shop.example.co.uk')).toBe('co.uk')
})
