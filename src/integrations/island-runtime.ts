// Astro's island element (`<astro-island>`, 4.4 KB of script) out of every page's HTML. Astro writes
// it inline before a page's first island: 1.6 KB brotli of every page, sent again with each one,
// though almost all islands here wait for the shopper's intent. The built server renders an empty
// script in its place, and the shell loads the same element (Astro's own module) as a cached file
// when an island first needs it (src/lib/shell/intent-islands.ts). The dev server keeps the inline one.
// Listed with the shop's other framework patches in docs/framework-patches.md.
import type { AstroIntegration } from 'astro';
import { buildPatch, type BuildPatch } from './build-patch.ts';

/** @internal Exported so tests/unit/island-runtime.test.ts applies it to the installed Astro. */
export const islandRuntimePatch: BuildPatch = {
  name: 'storefront-island-runtime',
  // The module Astro's renderer takes the inline script from.
  module: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]astro-island\.prebuilt\.js$/,
  enforce: 'pre',
  transform: () => 'export default "";',
  // A new Astro that renamed the module would otherwise put the runtime back into every page unnoticed.
  missing: 'Astro no longer renders its island script from astro-island.prebuilt.js; update its path',
};

export function islandRuntime(): AstroIntegration {
  return buildPatch(islandRuntimePatch);
}
