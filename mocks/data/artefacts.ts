import type { SeedArtefact } from './types.ts'

// Channels reused across variations; each has a name, as the spec's Channel does.
const WEB = { id: 1, name: 'web' }
const MOBILE = { id: 2, name: 'mobile' }
const CHATBOT = { id: 3, name: 'chatbot' }
const EMAIL = { id: 4, name: 'email' }

const CDN = 'https://cdn.northwind-notes.example'

/**
 * The artefacts of the static data set: 14 help-centre articles of the
 * fictional "Northwind Notes" app, each written as the create request that
 * would make it, with a fixed id, fixed dates and a draft flag. Ids run
 * `0a1e0001-5c0f-4a11-9c00-000000000001` to `...000000000014`.
 *
 * @example
 * import { seedArtefacts } from '#mocks/data/artefacts.ts'
 * const reset = seedArtefacts.find((a) => a.id.endsWith('000000000001'))
 * reset?.request.title // "Reset your password"
 */
export const seedArtefacts: SeedArtefact[] = [
  // 01: HTML with <p>/<ul><li>/&amp;, web + mobile variations, queries, string + date metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000001',
    dateCreated: '2026-01-14T09:30:00Z',
    dateModified: '2026-02-03T09:15:00Z',
    isDraft: false,
    request: {
      title: 'Reset your password',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<p>Forgot your password? You can set a new one from the sign-in page in under a minute.</p>' +
            '<ul><li>Open the sign-in page and choose <strong>Forgot password</strong>.</li>' +
            '<li>Enter the email address of your Northwind Notes account.</li>' +
            '<li>Open the link we email you &amp; pick a new password of at least 12 characters.</li></ul>' +
            '<p>The link works once and expires after 30 minutes.</p>',
        },
      ],
      variations: [
        {
          channels: [WEB],
          content: [
            {
              mediaType: 'text/html',
              text: '<p>Choose <strong>Forgot password</strong> on the sign-in page, then follow the link we email you.</p>',
            },
          ],
        },
        {
          channels: [MOBILE],
          content: [
            {
              mediaType: 'text/plain',
              text: 'On the sign-in screen, tap "Forgot password?" and check your inbox for the reset link.',
            },
          ],
        },
      ],
      category: { id: 2, name: 'Account & security' },
      primaryQuery: 'How do I reset my password?',
      queryVariations: [
        { query: 'forgot password' },
        { query: 'password reset link not working' },
        { query: 'change my password' },
      ],
      metaData: {
        audience: { dataType: 'string', values: ['all users'] },
        reviewedOn: { dataType: 'date', values: ['2026-02-03'] },
      },
    },
  },

  // 02: HTML with <h2>/<strong>/&#8217;, image/png with resourceLocation, product document id + version, tag + number metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000002',
    dateCreated: '2026-01-20T11:00:00Z',
    dateModified: '2026-03-18T15:42:00Z',
    isDraft: false,
    request: {
      title: 'Turn on two-factor authentication',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<h2>Why turn it on</h2>' +
            '<p>Two-factor authentication (2FA) asks for a one-time code as well as your password, so a leaked password alone can&#8217;t open your notes.</p>' +
            '<h2>Set it up</h2>' +
            '<p>Go to <strong>Settings &gt; Security</strong>, choose <strong>Turn on 2FA</strong> and scan the QR code with an authenticator app.</p>' +
            '<p><strong>Save your recovery codes</strong> somewhere safe: they are the only way in if you lose your phone.</p>',
        },
        {
          mediaType: 'image/png',
          source: `${CDN}/help/security/2fa-qr-setup.png`,
          resourceLocation: 'help-assets/security/2fa-qr-setup.png',
        },
      ],
      category: { id: 2 },
      primaryQuery: 'How do I turn on two-factor authentication?',
      queryVariations: [
        { query: 'enable 2FA' },
        { query: 'authenticator app setup' },
        { query: 'lost my recovery codes' },
      ],
      productDocumentId: 4102,
      productDocumentVersion: 3,
      metaData: {
        tags: { dataType: 'tag', values: ['security', '2fa', 'login'] },
        readingTimeMinutes: { dataType: 'number', values: ['3'] },
      },
    },
  },

  // 03: category by name only, HTML + application/pdf, chatbot variation in text/markdown
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000003',
    dateCreated: '2026-02-02T08:10:00+01:00',
    dateModified: '2026-02-02T08:10:00+01:00',
    isDraft: false,
    request: {
      title: 'Export your notes to Markdown, PDF or HTML',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<p>You can export a single note, a notebook or a whole workspace.</p>' +
            '<ul><li><strong>Markdown</strong>: one <code>.md</code> file per note, attachments in a folder beside it.</li>' +
            '<li><strong>PDF</strong>: a print-ready file that keeps headings, tables &amp; images.</li>' +
            '<li><strong>HTML</strong>: a zip you can open in any browser, offline.</li></ul>' +
            '<p>Open the note or notebook menu (&#8943;) and choose <strong>Export</strong>.</p>',
        },
        {
          mediaType: 'application/pdf',
          source: `${CDN}/help/notes/export-formats-guide.pdf`,
          resourceLocation: 'help-assets/notes/export-formats-guide.pdf',
        },
      ],
      variations: [
        {
          channels: [CHATBOT],
          content: [
            {
              mediaType: 'text/markdown',
              text: 'Open the **⋯** menu of a note or notebook and pick **Export**, then choose Markdown, PDF or HTML.',
            },
          ],
        },
      ],
      category: { name: 'Notes & editing' },
      primaryQuery: 'How do I export my notes?',
      queryVariations: [{ query: 'download notes as pdf' }, { query: 'export workspace to markdown' }],
      metaData: {
        formats: { dataType: 'tag', values: ['markdown', 'pdf', 'html'] },
      },
    },
  },

  // 04: video/mp4 with resourceLocation, variation with a video href (web) and text (mobile), boolean metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000004',
    dateCreated: '2026-02-16T13:20:00Z',
    dateModified: '2026-04-07T10:05:00Z',
    isDraft: false,
    request: {
      title: 'Share a workspace with your team',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<p>Workspaces are shared spaces where everyone invited can read and edit the same notebooks.</p>' +
            '<ul><li>Open the workspace and choose <strong>Share</strong> in the top bar.</li>' +
            '<li>Enter your teammates&#8217; email addresses, one per line.</li>' +
            '<li>Pick a role for each: <em>Viewer</em>, <em>Editor</em> or <em>Admin</em>.</li></ul>' +
            '<p>People without an account get an invitation to sign up first.</p>',
        },
        {
          mediaType: 'video/mp4',
          source: `${CDN}/help/sharing/share-a-workspace.mp4`,
          resourceLocation: 'help-assets/sharing/share-a-workspace.mp4',
        },
      ],
      variations: [
        {
          channels: [WEB],
          content: [
            {
              mediaType: 'video/mp4',
              href: `${CDN}/help/sharing/share-a-workspace-720p.mp4`,
              resourceLocation: 'help-assets/sharing/share-a-workspace-720p.mp4',
            },
          ],
        },
        {
          channels: [MOBILE],
          content: [
            {
              mediaType: 'text/plain',
              text: 'Open the workspace, tap the people icon, then "Invite" and enter your teammates\u2019 emails.',
            },
          ],
        },
      ],
      category: { id: 4, name: 'Sharing & collaboration' },
      primaryQuery: 'How do I share a workspace?',
      queryVariations: [
        { query: 'invite teammates' },
        { query: 'add people to workspace' },
        { query: 'workspace roles' },
      ],
      productDocumentId: 4210,
      productDocumentVersion: 1,
      metaData: {
        requiresAdmin: { dataType: 'boolean', values: ['true'] },
        plans: { dataType: 'tag', values: ['team', 'business'] },
      },
    },
  },

  // 05: text/plain only, product document id + version, number + boolean + string metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000005',
    dateCreated: '2026-03-03T09:00:00Z',
    dateModified: '2026-05-12T17:30:00Z',
    isDraft: false,
    request: {
      title: 'Understand your invoice and change your plan',
      content: [
        {
          mediaType: 'text/plain',
          text:
            'Invoices are issued on the first day of each billing period and list every paid seat in your workspace.\n\n' +
            'To change plan, go to Settings > Billing and choose Change plan. Upgrades take effect at once and are charged pro rata; ' +
            'downgrades take effect at the end of the current period.',
        },
      ],
      category: { id: 5, name: 'Billing & plans' },
      primaryQuery: 'How do I change my plan?',
      queryVariations: [
        { query: 'download invoice' },
        { query: 'upgrade to business' },
        { query: 'why was I charged twice' },
      ],
      productDocumentId: 5001,
      productDocumentVersion: 7,
      metaData: {
        seatPriceEur: { dataType: 'number', values: ['8', '14'] },
        visibleToGuests: { dataType: 'boolean', values: ['false'] },
        owner: { dataType: 'string', values: ['Billing team'] },
      },
    },
  },

  // 06: HTML with <br> and &nbsp;, mobile-only variation, date metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000006',
    dateCreated: '2026-03-21T07:45:00+02:00',
    dateModified: '2026-03-21T07:45:00+02:00',
    isDraft: false,
    request: {
      title: 'Work offline',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<p>Notebooks marked <strong>Available offline</strong> are kept on your device.<br>' +
            'You can read and edit them without a connection; changes sync the next time you are online.</p>' +
            '<p>Offline copies use up to&nbsp;2&nbsp;GB by default.<br>Change the limit in <strong>Settings &gt; Storage</strong>.</p>',
        },
      ],
      variations: [
        {
          channels: [MOBILE],
          content: [
            {
              mediaType: 'text/plain',
              text: 'Long-press a notebook and tap "Available offline". A check mark shows once it has downloaded.',
            },
          ],
        },
      ],
      category: { id: 3 },
      primaryQuery: 'Can I use Northwind Notes offline?',
      queryVariations: [{ query: 'offline mode' }, { query: 'notes not syncing after flight' }],
      metaData: {
        appVersionSince: { dataType: 'string', values: ['4.2'] },
        lastVerified: { dataType: 'date', values: ['2026-03-20'] },
      },
    },
  },

  // 07: tricky escaped markup "Use &lt;Ctrl&gt; + &lt;K&gt;" and &lt;code&gt;, web variation, tag metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000007',
    dateCreated: '2026-04-02T10:00:00Z',
    dateModified: '2026-06-15T08:20:00Z',
    isDraft: false,
    request: {
      title: 'Keyboard shortcuts',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<h2>Find anything</h2>' +
            '<p>Use &lt;Ctrl&gt; + &lt;K&gt; (or &lt;Cmd&gt; + &lt;K&gt; on a Mac) to open quick search.</p>' +
            '<h2>While editing</h2>' +
            '<ul><li>&lt;Ctrl&gt; + &lt;B&gt;: bold</li>' +
            '<li>&lt;Ctrl&gt; + &lt;Shift&gt; + &lt;C&gt;: wrap the selection in &lt;code&gt;</li>' +
            '<li>Type <strong>/</strong> at the start of a line to insert a table, checklist &amp; more</li></ul>',
        },
      ],
      variations: [
        {
          channels: [WEB],
          content: [
            {
              mediaType: 'text/html',
              text: '<p>Press &lt;?&gt; anywhere to see every shortcut.</p>',
            },
          ],
        },
      ],
      category: { id: 3, name: 'Notes & editing' },
      primaryQuery: 'What are the keyboard shortcuts?',
      queryVariations: [{ query: 'hotkeys' }, { query: 'quick search shortcut' }],
      metaData: {
        tags: { dataType: 'tag', values: ['shortcuts', 'productivity', 'desktop'] },
        platforms: { dataType: 'tag', values: ['windows', 'macos', 'linux', 'web'] },
      },
    },
  },

  // 08: many query variations, HTML + image/png without resourceLocation, product document id + version
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000008',
    dateCreated: '2026-04-18T14:10:00Z',
    dateModified: '2026-07-01T09:00:00Z',
    isDraft: false,
    request: {
      title: 'Import notes from Evernote, Notion or Markdown files',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<p>Bring your existing notes with you in a few steps.</p>' +
            '<ul><li><strong>Evernote</strong>: export notebooks as <code>.enex</code> files and drop them on the import page.</li>' +
            '<li><strong>Notion</strong>: export as &#8220;Markdown &amp; CSV&#8221; and upload the zip.</li>' +
            '<li><strong>Markdown</strong>: upload a folder; sub-folders become notebooks.</li></ul>' +
            '<p>Tags, attachments and creation dates are kept where the source provides them.</p>',
        },
        {
          mediaType: 'image/png',
          source: `${CDN}/help/import/import-page.png`,
        },
      ],
      category: { id: 6, name: 'Integrations & API' },
      primaryQuery: 'How do I import my notes from another app?',
      queryVariations: [
        { query: 'import from evernote' },
        { query: 'migrate from notion' },
        { query: 'upload markdown folder' },
        { query: 'enex file' },
        { query: 'import keeps failing' },
      ],
      productDocumentId: 6120,
      productDocumentVersion: 2,
      metaData: {
        sources: { dataType: 'tag', values: ['evernote', 'notion', 'markdown'] },
        maxUploadMb: { dataType: 'number', values: ['500'] },
      },
    },
  },

  // 09: draft, text/plain, email channel without a name, date + boolean metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000009',
    dateCreated: '2026-05-06T16:00:00Z',
    dateModified: '2026-05-08T09:30:00Z',
    isDraft: true,
    request: {
      title: 'Delete your account',
      content: [
        {
          mediaType: 'text/plain',
          text:
            'Deleting your account removes your notes, notebooks and attachments for good after a 14-day grace period.\n' +
            'Export anything you want to keep first. Then go to Settings > Account, choose Delete account and confirm with your password.\n' +
            'If you own a shared workspace, transfer it to another admin before you delete your account.',
        },
      ],
      variations: [
        {
          channels: [EMAIL],
          content: [
            {
              mediaType: 'text/plain',
              text: 'We received a request to delete your account. You can cancel it from Settings > Account within 14 days.',
            },
          ],
        },
      ],
      category: { id: 2, name: 'Account & security' },
      primaryQuery: 'How do I delete my account?',
      queryVariations: [{ query: 'close my account' }, { query: 'cancel account deletion' }],
      metaData: {
        legalReviewDue: { dataType: 'date', values: ['2026-05-20'] },
        gdprRelevant: { dataType: 'boolean', values: ['true'] },
      },
    },
  },

  // 10: draft, HTML with &lt;code&gt; and <code>, product document id without version, web + chatbot channels on one variation
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000010',
    dateCreated: '2026-06-09T10:30:00Z',
    dateModified: '2026-08-14T12:00:00Z',
    isDraft: true,
    request: {
      title: 'Create and revoke API tokens',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<p>API tokens let scripts and integrations read and write your notes through the Northwind Notes API.</p>' +
            '<ul><li>Go to <strong>Settings &gt; Developer</strong> and choose <strong>New token</strong>.</li>' +
            '<li>Give it a name and a scope: <code>notes:read</code> or <code>notes:write</code>.</li>' +
            '<li>Copy the token now: it starts with &lt;code&gt;nwn_&lt;/code&gt; and is shown only once.</li></ul>' +
            '<p>Send it as <code>Authorization: Bearer &lt;token&gt;</code>. Revoke a token from the same page; it stops working at once.</p>',
        },
      ],
      variations: [
        {
          channels: [WEB, CHATBOT],
          content: [
            {
              mediaType: 'text/plain',
              text: 'Create a token under Settings > Developer > New token. Revoke it from the same list at any time.',
            },
          ],
        },
      ],
      category: { id: 6 },
      primaryQuery: 'How do I create an API token?',
      queryVariations: [{ query: 'personal access token' }, { query: 'revoke api key' }, { query: 'bearer token 401' }],
      productDocumentId: 6200,
      metaData: {
        scopes: { dataType: 'tag', values: ['notes:read', 'notes:write'] },
        tokenLifetimeDays: { dataType: 'number', values: ['90'] },
      },
    },
  },

  // 11: no category, text/plain + image/png, no queries, string + date metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000011',
    dateCreated: '2026-07-22T08:00:00Z',
    dateModified: '2026-09-03T13:15:00Z',
    isDraft: false,
    request: {
      title: 'What\u2019s new in Northwind Notes 5.0',
      content: [
        {
          mediaType: 'text/plain',
          text:
            'Version 5.0 brings a faster editor, nested checklists, and a redesigned sidebar that groups notebooks by workspace. ' +
            'Quick search now finds text inside PDFs and images.',
        },
        {
          mediaType: 'image/png',
          source: `${CDN}/release-notes/5.0/sidebar.png`,
          resourceLocation: 'release-notes/5.0/sidebar.png',
        },
      ],
      metaData: {
        releaseVersion: { dataType: 'string', values: ['5.0.0'] },
        releasedOn: { dataType: 'date', values: ['2026-07-21'] },
      },
    },
  },

  // 12: draft with only a title: no content, category, queries or metaData
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000012',
    dateCreated: '2026-08-30T15:45:00Z',
    dateModified: '2026-08-30T15:45:00Z',
    isDraft: true,
    request: {
      title: 'Restore a deleted note from the trash',
    },
  },

  // 13: three variations (web, mobile, chatbot), application/pdf in a variation, HTML with &#39;
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000013',
    dateCreated: '2026-09-15T11:20:00+01:00',
    dateModified: '2026-10-28T10:00:00+01:00',
    isDraft: false,
    request: {
      title: 'Fix notes that are not syncing',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<p>If a change made on one device doesn&#39;t show up on another:</p>' +
            '<ul><li>Check that both devices are signed in to the same account.</li>' +
            '<li>Open <strong>Settings &gt; Sync</strong> and choose <strong>Sync now</strong>.</li>' +
            '<li>Still stuck? Sign out and back in; your notes stay on our servers.</li></ul>',
        },
      ],
      variations: [
        {
          channels: [WEB],
          content: [
            {
              mediaType: 'application/pdf',
              href: `${CDN}/help/sync/sync-troubleshooting-checklist.pdf`,
              resourceLocation: 'help-assets/sync/sync-troubleshooting-checklist.pdf',
            },
          ],
        },
        {
          channels: [MOBILE],
          content: [
            {
              mediaType: 'text/plain',
              text: 'Pull down on the notebook list to sync now. If that fails, check Settings > Sync for errors.',
            },
          ],
        },
        {
          channels: [CHATBOT],
          content: [
            {
              mediaType: 'text/plain',
              text: 'Let\u2019s get your notes syncing. Are both devices signed in to the same account?',
            },
          ],
        },
      ],
      category: { id: 1, name: 'Getting started' },
      primaryQuery: 'Why are my notes not syncing?',
      queryVariations: [
        { query: 'sync not working' },
        { query: 'changes missing on phone' },
        { query: 'sync conflict' },
      ],
      productDocumentId: 4300,
      productDocumentVersion: 4,
      metaData: {
        severity: { dataType: 'string', values: ['high'] },
        escalateToSupport: { dataType: 'boolean', values: ['false'] },
      },
    },
  },

  // 14: draft, HTML with two <h2> sections and &gt; paths, a variation with channels but no content
  {
    id: '0a1e0001-5c0f-4a11-9c00-000000000014',
    dateCreated: '2026-11-04T09:10:00Z',
    dateModified: '2026-11-19T16:55:00Z',
    isDraft: true,
    request: {
      title: 'Set up single sign-on (SSO) for your organisation',
      content: [
        {
          mediaType: 'text/html',
          text:
            '<h2>Before you start</h2>' +
            '<p>SSO is available on the <strong>Business</strong> plan. You need admin rights in Northwind Notes &amp; in your identity provider.</p>' +
            '<h2>Connect your identity provider</h2>' +
            '<ul><li>Go to <strong>Admin &gt; Security &gt; Single sign-on</strong>.</li>' +
            '<li>Upload your provider&#8217;s SAML metadata file, or paste its metadata URL.</li>' +
            '<li>Test the connection with your own account before you enforce SSO for everyone.</li></ul>',
        },
      ],
      variations: [{ channels: [WEB, MOBILE] }],
      category: { id: 2, name: 'Account & security' },
      primaryQuery: 'How do I set up SSO?',
      queryVariations: [{ query: 'SAML login' }, { query: 'connect okta' }],
      productDocumentId: 4150,
      productDocumentVersion: 1,
      metaData: {
        plans: { dataType: 'tag', values: ['business'] },
        minimumSeats: { dataType: 'number', values: ['25'] },
      },
    },
  },
]
