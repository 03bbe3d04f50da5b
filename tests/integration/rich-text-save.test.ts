// The save behind the workspace's HTML field, whichever view wrote the HTML: an editor's draft with
// the XSS suite's payloads as its HTML (as the source view, or a request past the workspace, sends it)
// is stored sanitized; tests/unit/rich-text-sanitizer.test.ts shows that sanitized HTML runs nothing
// and that what the visual editor writes passes the sanitizer unchanged.
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { contentDrafts } from '#lib/server/db/schema.ts';
import { saveDraft } from '#lib/server/admin/content-writes.ts';
import type { Actor } from '#lib/server/admin/audit.ts';
import type { EntryKey } from '#lib/admin/contract.ts';
import { sanitizeCmsHtml } from '#lib/server/sanitize.ts';
import { bundles } from '#tests/adversarial/xss-payloads.ts';

const editor: Actor = { kind: 'staff', id: 1, email: 'editor@example.com', role: 'editor' };

forEachDatabase(
  'an editor saving HTML',
  (ctx) => {
    test('every XSS payload saved as a page HTML is stored as the sanitizer leaves it, never as sent', async () => {
      const pieces = bundles(4_000);
      expect(pieces.length).toBeGreaterThan(1);
      for (const [n, html] of pieces.entries()) {
        const key: EntryKey = { type: 'page', identifier: `xss-save-${n}`, locale: 'en' };
        await saveDraft(ctx.db, editor, key, { config: { title: 'XSS', slug: `xss-save-${n}` }, content: html }, 0);
        const [draft] = await ctx.db
          .select({ content: contentDrafts.content })
          .from(contentDrafts)
          .where(and(eq(contentDrafts.type, 'page'), eq(contentDrafts.identifier, key.identifier)));
        expect(draft!.content, `bundle ${n}`).toBe(sanitizeCmsHtml(html, { codes: 'keep' }));
        expect(draft!.content, `bundle ${n}`).not.toBe(html);
      }
    });
  },
  { only: ['pglite'] },
);
