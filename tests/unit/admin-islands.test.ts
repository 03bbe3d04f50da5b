// Kept in .ts with createElement: vitest.config.ts collects *.test.ts only.
import { describe, expect, test } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EntryRow, StaffRow, TokenRow } from '#lib/admin/contract.ts';
import { teamMessages } from '#lib/admin/team-messages.ts';
import { EntriesTable } from '#islands/admin/EntriesTable.tsx';
import { SetPasswordForm } from '#islands/admin/SetPasswordForm.tsx';
import { StaffManager } from '#islands/admin/StaffManager.tsx';
import { TokenManager } from '#islands/admin/TokenManager.tsx';

const en = teamMessages.en;
const de = teamMessages.de;

const entry = (identifier: string, extra: Partial<EntryRow> = {}): EntryRow => ({
  type: 'page',
  identifier,
  editable: true,
  locales: [{ locale: 'en', status: 'published', version: 1 }],
  lastEditor: 'ed@example.com',
  lastChange: '2025-11-20T09:30:00.000Z',
  ...extra,
});

/** Every body row of the first table in the markup. */
const bodyRows = (html: string) => html.match(/<tbody>(.*?)<\/tbody>/s)?.[1]?.match(/<tr[ >].*?<\/tr>/gs) ?? [];

describe('EntriesTable', () => {
  const many = Array.from({ length: 25 }, (_, i) =>
    entry(`page-${String(i).padStart(2, '0')}`, {
      lastChange: `2025-11-${String(i + 1).padStart(2, '0')}T08:00:00.000Z`,
    }),
  );

  test('shows the first 20 entries, newest change first, each linked to its editor', () => {
    const html = renderToStaticMarkup(createElement(EntriesTable, { rows: many, locale: 'en', strings: en }));
    const rows = bodyRows(html);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toContain('href="/admin/entry?type=page&amp;identifier=page-24&amp;locale=en"');
    expect(rows[0]).toContain('Content page<span class="visually-hidden"> page-24</span></a>');
    expect(rows[0]).toContain('<time dateTime="2025-11-25T08:00:00.000Z">25 Nov 2025, 08:00</time>');
    expect(html).not.toContain('identifier=page-04&');
    expect(html).toContain('25 entries');
    expect(html).toContain('Page 1 of 2');
    expect(html).toMatch(
      /<th scope="col" class="entries-col-changed" aria-sort="descending"><button type="button" class="team-sort">Last change/,
    );
    expect(html).toContain('role="region" aria-label="All content" tabindex="0"');
  });

  test('names known kinds, languages and their status in words, and links read-only entries too', () => {
    const rows: EntryRow[] = [
      entry('menu', {
        type: 'block',
        locales: [
          { locale: '', status: 'published', version: 3 },
          { locale: 'fr', status: 'changed', version: 2 },
        ],
      }),
      entry('legacy-thing', {
        type: 'setting',
        editable: false,
        locales: [{ locale: 'de', status: 'draft', version: 0 }],
        lastEditor: null,
        lastChange: null,
      }),
    ];
    const html = renderToStaticMarkup(createElement(EntriesTable, { rows, locale: 'de', strings: de }));
    expect(html).toContain('<a href="/admin/entry?type=block&amp;identifier=menu&amp;locale=">Menü</a>');
    expect(html).toContain('alle</span> veröffentlicht');
    expect(html).toContain('FR</span> geändert');
    expect(html).toContain(
      'href="/admin/entry?type=setting&amp;identifier=legacy-thing&amp;locale=de">Einstellung „legacy-thing“</a>',
    );
    expect(bodyRows(html).filter((row) => row.includes('>Entwurf</td>'))).toHaveLength(2);
    expect(html).toContain('2 Einträge');
  });
});

describe('StaffManager', () => {
  const staff: StaffRow[] = [
    { id: 1, email: 'boss@example.com', role: 'admin', disabled: false, createdAt: '2025-01-02T10:00:00.000Z' },
    { id: 2, email: 'writer@example.com', role: 'editor', disabled: true, createdAt: '2025-03-04T10:00:00.000Z' },
  ];

  test('marks the signed-in admin and names each control after its person', () => {
    const html = renderToStaticMarkup(createElement(StaffManager, { staff, me: 1, strings: en, locale: 'en' }));
    const [boss, writer] = bodyRows(html);
    expect(boss).toContain('boss@example.com</span> <span class="team-you">(you)</span>');
    expect(writer).not.toContain('(you)');
    expect(boss).toMatch(
      /<select aria-label="Role of boss@example.com"><option value="editor">Editor<\/option><option value="sales">Sales<\/option><option value="admin" selected="">Admin/,
    );
    expect(boss).toContain('aria-label="Disable boss@example.com">Disable</button>');
    expect(writer).toContain('<span>Disabled</span>');
    expect(writer).toContain('aria-label="Enable writer@example.com">Enable</button>');
    expect(html).toContain('Add staff member');
  });
});

describe('TokenManager', () => {
  const tokens: TokenRow[] = [
    {
      id: 7,
      name: 'PIM sync',
      scopes: ['content:read', 'catalog:write'],
      createdAt: '2025-05-01T12:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    },
    {
      id: 8,
      name: 'Old import',
      scopes: ['content:write'],
      createdAt: '2025-04-01T12:00:00.000Z',
      lastUsedAt: '2025-04-02T12:00:00.000Z',
      revokedAt: '2025-04-03T12:00:00.000Z',
    },
  ];

  test('lists each token with its scopes, and offers to revoke only the active one', () => {
    const html = renderToStaticMarkup(createElement(TokenManager, { tokens, strings: en, locale: 'en' }));
    const [active, revoked] = bodyRows(html);
    expect(active).toContain('<ul class="team-scopes"><li>Read content</li><li>Write catalog texts</li></ul>');
    expect(active).toContain('<td>never</td>');
    expect(active).toContain('aria-label="Revoke token “PIM sync”">Revoke</button>');
    expect(revoked).toContain('<li>Write content</li>');
    expect(revoked).toContain('Revoked on 3 Apr 2025, 12:00');
    expect(revoked).not.toContain('Revoke token');
    for (const scope of ['Read content', 'Write content', 'Write catalog texts'])
      expect(html).toContain(`>${scope}</label>`);
  });
});

describe('SetPasswordForm', () => {
  test('set password asks twice for a new password, and says so when the link has no token', () => {
    const html = renderToStaticMarkup(createElement(SetPasswordForm, { token: 'abc', strings: en }));
    expect(html.match(/autoComplete="new-password"/g)).toHaveLength(2);
    expect(html).toContain('Repeat the new password');
    const empty = renderToStaticMarkup(createElement(SetPasswordForm, { token: '', strings: en }));
    expect(empty).toContain('This link is invalid or has expired.');
    expect(empty).not.toContain('<form');
  });
});
