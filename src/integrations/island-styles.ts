// Astro's island style (`astro-island,astro-slot,astro-static-slot{display:contents}`) out of the page
// body and into the shop's stylesheet (src/styles/global.css). Astro writes it as a <style> element
// before a page's first island, inside <body> and often after the <h1>: the HTML checker's error on
// every page with an island ("Element style not allowed as child of element body"). The same rule in
// the stylesheet every layout loads keeps the islands' boxes as they were. The dev server keeps it.
// Listed with the shop's other framework patches in docs/framework-patches.md.
import type { AstroIntegration } from 'astro';
import { buildPatch, type BuildPatch } from './build-patch.ts';

const INLINE_STYLE = '<style>${ISLAND_STYLES}</style>';

/** @internal Exported so tests/unit/island-runtime.test.ts applies it to the installed Astro. */
export const islandStylesPatch: BuildPatch = {
  name: 'storefront-island-styles',
  // The renderer's prescripts: the style, the directive's script and the island element's script.
  module: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]scripts\.js$/,
  transform(code) {
    if (!code.includes(INLINE_STYLE)) throw new Error(`storefront-island-styles: ${INLINE_STYLE} not found`);
    return code.replace(INLINE_STYLE, '');
  },
  missing: 'Astro no longer renders its prescripts from runtime/server/scripts.js; update its path',
};

export function islandStyles(): AstroIntegration {
  return buildPatch(islandStylesPatch);
}
