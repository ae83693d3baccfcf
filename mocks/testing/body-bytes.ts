/**
 * Request bodies as bytes: a JSON object encoded as a client might send it, and anything
 * that is not a JSON object (malformed JSON, other JSON values, raw bytes). Test support only.
 */
import fc from 'fast-check'

const encoder = new TextEncoder()
/** Bytes as fetch takes them (`BodyInit` wants an ArrayBuffer-backed view). */
export type Bytes = Uint8Array<ArrayBuffer>
export const utf8 = (text: string): Bytes => encoder.encode(text)
/** A JSON object as bytes, compact or pretty, sometimes with surrounding white space. */
export const jsonBytes = (body: unknown) =>
  fc
    .constantFrom(0, 0, 2, -1)
    .map((style) => utf8(style < 0 ? ` \n${JSON.stringify(body)}\r\n` : JSON.stringify(body, null, style)))

/** Anything but a JSON object: 400 when it is not JSON or not an object, else judged by the schema. */
export const randomBodyBytes: fc.Arbitrary<Bytes> = fc.oneof(
  fc.json({ maxDepth: 3 }).map(utf8),
  fc.jsonValue({ maxDepth: 2 }).map((value) => utf8(JSON.stringify(value))),
  fc.string({ unit: 'binary', maxLength: 40 }).map(utf8),
  fc.uint8Array({ maxLength: 64 }),
  fc
    .constantFrom(
      '',
      ' ',
      '\n',
      'null',
      '[]',
      '[{"title":"x"}]',
      '"x"',
      '1',
      'true',
      '{',
      '{"title":',
      "{'title':'x'}",
      '{"title":"x",}',
      '{"title":"x"}{}',
    )
    .map(utf8),
  fc.constantFrom(
    new Uint8Array([0xef, 0xbb, 0xbf]),
    new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
    new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  ),
)
