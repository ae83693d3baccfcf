/**
 * Header values with the verdict the rules give them: `Accept` and `Content-Type`
 * (behaviour §3) and `Prefer: code=…` (behaviour §9). Test support only.
 */
import fc from 'fast-check'
import { SPEC_ERRORS } from './oracle.ts'

/** A header value with the verdict behaviour §3 gives it; `undefined` leaves the header out. */
export interface HeaderChoice {
  value: string | undefined
  ok: boolean
}
const choose = (ok: boolean, values: Array<string | undefined>) =>
  fc.constantFrom(...values).map((value): HeaderChoice => ({ value, ok }))
export const acceptHeader = fc.oneof(
  { weight: 10, arbitrary: choose(true, [undefined]) },
  {
    weight: 3,
    arbitrary: choose(true, [
      '*/*',
      'application/json',
      'application/*',
      'application/json; charset=utf-8',
      'application/json;q=0.5',
      '*/*;q=0.1',
      'APPLICATION/JSON',
      'application/json, */*;q=0.8',
      'application/json, application/*;q=0.9, */*;q=0.1',
      '',
      '  ',
      'application/json;q=1.000',
      'application/json , */*',
      '*/* ; q=0.001',
      'application/json;Q=0.5',
      'application/json,',
      ', application/json',
      'application/json;',
      'application/json; charset=utf-8;',
    ]),
  },
  {
    weight: 2,
    arbitrary: choose(false, [
      'text/html',
      'text/*',
      'application/xml',
      'application/json, text/plain',
      'application/json;q=0',
      '*/*;q=0',
      'application/json;q=0.000',
      'image/png',
      'text/html, application/json',
      'application/problem+json',
      'application/json-seq',
      '*/json',
      'json',
      'application',
      'application/json;q=0, */*',
      'application/*;q=0',
      'text/html;q=0.1, */*',
    ]),
  },
)
export const contentTypeHeader = fc.oneof(
  { weight: 7, arbitrary: choose(true, ['application/json']) },
  { weight: 2, arbitrary: choose(true, [undefined]) },
  {
    weight: 2,
    arbitrary: choose(true, [
      'application/json; charset=utf-8',
      'Application/JSON;charset=UTF-8',
      'application/json;charset="utf-8"',
      'APPLICATION/JSON',
      'application/json ; charset=utf-8',
      'application/json;',
    ]),
  },
  {
    weight: 2,
    arbitrary: choose(false, [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/json-patch+json',
      'application/merge-patch+json',
      'application/*',
      '*/*',
      'garbage',
      'application/jsonx',
      'text/json',
      'application/vnd.api+json',
      'json',
    ]),
  },
)

const TABLE = Object.keys(SPEC_ERRORS)

/** `Prefer: code=<value>`: `forced` is the status it forces, null when it must be 400 (behaviour §9). */
export const preferHeader = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...TABLE) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '200',
          '201',
          '204',
          '500',
          '302',
          '4O4',
          '0404',
          '404.0',
          '',
          '40',
          '4040',
          '-404',
          '+404',
        ),
      },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 999 }).map(String) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9.-]{0,6}$/) },
    ),
    fc.constantFrom('code=%', 'code=%', 'respond-async, code=%', 'code=%, wait=10', 'code="%"', 'code=%; foo=bar'),
  )
  .map(([value, form]) => ({ value: form.replace('%', value), forced: TABLE.includes(value) ? Number(value) : null }))
