// The workspace's routes leave the shop's one stylesheet out (src/integrations/workspace-stylesheet.ts);
// every other route keeps it, and a workspace route keeps its own stylesheets.
import { describe, expect, test } from 'vitest';
import { dropShopStylesheet } from '../../src/integrations/workspace-stylesheet.ts';

const route = (path: string, ...srcs: string[]) => ({
  routeData: { route: path },
  styles: srcs.map((src) => ({ type: 'external', src })),
});

describe('the workspace without the shop stylesheet', () => {
  test('only workspace routes drop only the shop bundle', () => {
    const routes = [
      // Astro's manifest names it without the leading slash.
      route('/admin', '_astro/style.Bs5V_KeG.css'),
      route('/admin/entry', '/_astro/style.Bs5V_KeG.css', '/_astro/admin-media.3EQpyvBk.css'),
      route('/[...lang]/p/[id]/[slug]', '/_astro/style.Bs5V_KeG.css'),
      route('/administration-guide', '/_astro/style.Bs5V_KeG.css'),
      route('/api/admin/entries'),
    ];
    expect(dropShopStylesheet(routes)).toBe(2);
    expect(routes.map((r) => r.styles.map((s) => s.src))).toEqual([
      [],
      ['/_astro/admin-media.3EQpyvBk.css'],
      ['/_astro/style.Bs5V_KeG.css'],
      ['/_astro/style.Bs5V_KeG.css'],
      [],
    ]);
  });
});
