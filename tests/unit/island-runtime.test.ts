// The build patch that takes Astro's island element out of every page (src/integrations/island-runtime.ts,
// docs/framework-patches.md), held against the installed Astro: the module it empties is still the
// element's script, Astro's renderer still inlines that module before a page's first island, and the
// element the shell loads instead is still there. An Astro that moved any of it fails here, by name,
// rather than putting the script back into every page or loading nothing when an island wakes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { islandRuntimePatch } from '../../src/integrations/island-runtime.ts';
import { islandStylesPatch } from '../../src/integrations/island-styles.ts';

const resolve = createRequire(import.meta.url).resolve;
const DEFINES_ELEMENT = 'customElements.define("astro-island"';

describe("Astro's island element, as the build patch expects it", () => {
  test("the patch targets the module that holds the element's inline script, and empties it", async () => {
    const path = resolve('astro/runtime/server/astro-island.prebuilt.js');
    expect(islandRuntimePatch.module.test(path), path).toBe(true);
    const { default: script } = await import('astro/runtime/server/astro-island.prebuilt.js');
    expect(script).toContain(DEFINES_ELEMENT);
    expect(islandRuntimePatch.transform(readFileSync(path, 'utf8'))).toBe('export default "";');
  });

  test("Astro's renderer inlines that module's script before a page's first island", async () => {
    const { getPrescripts } = await import('astro/runtime/server/scripts.js');
    const { default: script } = await import('astro/runtime/server/astro-island.prebuilt.js');
    const result = { clientDirectives: new Map([['intent', '/* directive */']]) } as unknown as Parameters<
      typeof getPrescripts
    >[0];
    expect(getPrescripts(result, 'both', 'intent')).toContain(`<script>${script}</script>`);
  });

  test('the element the shell loads when an island wakes (src/lib/shell/intent-islands.ts) defines it', () => {
    expect(readFileSync(resolve('astro/runtime/server/astro-island.js'), 'utf8')).toMatch(
      /customElements\.define\(\s*"astro-island"/,
    );
  });

  test("the island style goes from the renderer's prescripts into the stylesheet (src/integrations/island-styles.ts)", async () => {
    const path = resolve('astro/runtime/server/scripts.js');
    expect(islandStylesPatch.module.test(path), path).toBe(true);
    const { ISLAND_STYLES } = await import('astro/runtime/server/astro-island-styles.js');
    const patched = islandStylesPatch.transform(readFileSync(path, 'utf8'));
    expect(patched).not.toContain('<style>');
    expect(patched).toContain('getDirectiveScriptText');
    // The rule the page no longer carries is the stylesheet's, word for word.
    const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8').replace(/\s+/g, '');
    expect(css).toContain(ISLAND_STYLES.replace(/;?}$/, ';}'));
  });
});
