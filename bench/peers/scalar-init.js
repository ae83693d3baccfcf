// Served locally, web fonts off (they would come from Scalar's CDN); every tag group
// open, so all three operations can be on screen without a click (the second group starts collapsed).
Scalar.createApiReference('#app', { url: 'openapi.json', withDefaultFonts: false, defaultOpenAllTags: true })
