/** Hostile strings a service could send back: script, event handlers, URLs, mutation XSS, CSS. */
export const XSS_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><script>alert(1)</script>',
  "'-alert(1)-'",
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">click me</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
  '<div style="width: expression(alert(1))">css expression</div>',
  '<div style="background:url(javascript:alert(1))">css url</div>',
  '<style>@import "https://evil.test/x.css";</style>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form><button formaction=javascript:alert(1)>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<base href="https://evil.test/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '&lt;img src=x onerror=alert(1)&gt;',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '{{constructor.constructor("alert(1)")()}}',
  '\u2028<img src=x onerror=alert(1)>\u2029',
] as const

/** A create body with `payload` in every field the explorer shows, and the category named `categoryName`. */
export function hostileArtefact(payload: string, categoryName: string) {
  return {
    title: payload,
    content: [
      { mediaType: 'text/html', text: payload, resourceLocation: payload },
      { mediaType: payload, text: payload, source: payload, resourceLocation: payload },
    ],
    variations: [
      {
        content: [
          { mediaType: 'text/plain', text: payload },
          { mediaType: payload, href: payload, resourceLocation: payload },
        ],
        channels: [{ id: 1, name: payload }],
      },
    ],
    category: { name: categoryName },
    primaryQuery: payload,
    queryVariations: [{ query: `${payload} (one)` }, { query: `${payload} (two)` }],
    metaData: {
      [payload]: { values: [payload], dataType: payload },
      note: { values: [payload, `${payload}!`], dataType: 'string' },
    },
  }
}
