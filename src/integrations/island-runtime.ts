// Astro's island element (`<astro-island>`, 4.4 KB of script) out of every page's HTML. Astro writes
// it inline before a page's first island: 1.6 KB brotli of every page, sent again with each one,
// though almost all islands here wait for the shopper's intent. The built server renders an empty
// script in its place, and the shell loads the same element (Astro's own module) as a cached file
// when an island first needs it (src/lib/shell/intent-islands.ts). The dev server keeps the inline one.
import type { AstroIntegration } from 'astro';

/** The module Astro's renderer takes the inline script from. */
const INLINE_RUNTIME = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]astro-island\.prebuilt\.js$/;

export function islandRuntime(): AstroIntegration {
  let replaced = false;
  return {
    name: 'storefront-island-runtime',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [{
              name: 'storefront-island-runtime',
              enforce: 'pre',
              transform(_code: string, id: string) {
                if (!INLINE_RUNTIME.test(id)) return null;
                replaced = true;
                return { code: 'export default "";', map: null };
              },
            }],
          },
        });
      },
      'astro:build:done': () => {
        // A new Astro that renamed the module would otherwise put the runtime back into every page unnoticed.
        if (!replaced) throw new Error('island-runtime: Astro no longer renders its island script from astro-island.prebuilt.js; update INLINE_RUNTIME');
      },
    },
  };
}
