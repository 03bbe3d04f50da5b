// The editor workspace without the shop's stylesheet. With one stylesheet for the whole shop
// (cssCodeSplit off, astro.config.mjs), Astro links it on every page, the workspace's too: 9 KB of
// product, listing and checkout rules before a workspace page's own, which put its entry editor over
// the 12 KB CSS budget (tests/e2e/budgets.spec.ts). The workspace's layout (src/layouts/Admin.astro)
// links the shop's base (global.css: colours, type, buttons, fields) as a file of its own, 4 KB, so
// here its routes' styles drop the shop's bundle as Astro writes the server's manifest. The dev
// server keeps it. Listed with the shop's other framework patches in docs/framework-patches.md.
import type { AstroIntegration } from 'astro';

/** The shop's one stylesheet, as Vite names it when CSS is not split. */
const SHOP_STYLESHEET = /(^|\/)_astro\/style\.[\w-]+\.css$/;
const WORKSPACE_ROUTE = /^\/admin(\/|$)/;

interface ManifestRoute {
  routeData: { route: string };
  styles: { type: string; src?: string }[];
}

/** @internal Exported for tests/unit/workspace-stylesheet.test.ts. */
export function dropShopStylesheet(routes: ManifestRoute[]): number {
  let dropped = 0;
  for (const route of routes) {
    if (!WORKSPACE_ROUTE.test(route.routeData.route)) continue;
    const kept = route.styles.filter((s) => !(s.type === 'external' && s.src && SHOP_STYLESHEET.test(s.src)));
    dropped += route.styles.length - kept.length;
    route.styles = kept;
  }
  return dropped;
}

export function workspaceStylesheet(): AstroIntegration {
  return {
    name: 'storefront-workspace-stylesheet',
    hooks: {
      'astro:build:ssr': ({ manifest, logger }) => {
        const routes = manifest.routes as unknown as ManifestRoute[];
        const dropped = dropShopStylesheet(routes);
        // A workspace page loads the shop's bundle again the day Astro names or lists it otherwise: say so.
        if (!routes.some((r) => WORKSPACE_ROUTE.test(r.routeData.route))) return;
        if (dropped === 0) {
          const first = routes.find((r) => WORKSPACE_ROUTE.test(r.routeData.route));
          throw new Error(
            `storefront-workspace-stylesheet: no shop stylesheet on the workspace routes (${first?.routeData.route}: ${JSON.stringify(first?.styles)})`,
          );
        }
        logger.info(`the shop's stylesheet left out of ${dropped} workspace routes`);
      },
    },
  };
}
