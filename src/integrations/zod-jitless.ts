// Zod without `new Function` in the browser. Zod compiles a fast parser per object schema with
// `new Function`, and first probes whether it may: under the shop's Content-Security-Policy (no
// 'unsafe-eval', src/lib/server/security-headers.ts) that probe is refused and the refusal reported
// as a violation on every page whose islands validate with zod (sign-in, checkout), although zod
// then parses without it. Its `jitless` setting skips both; it must be set before the first schema
// is built, which happens as the islands' modules load, so it is set in zod's own config module of
// the client build: no island can load zod without it. The server keeps the compiled parsers.
// Listed with the shop's other framework patches in docs/framework-patches.md.
import type { AstroIntegration } from 'astro';
import { buildPatch, type BuildPatch } from './build-patch.ts';

/** @internal Exported so tests/unit/zod-jitless.test.ts applies it to the installed zod. */
export const zodJitlessPatch: BuildPatch = {
  name: 'storefront-zod-jitless',
  // The module that holds zod's global config (`z.config()` writes the same object).
  module: /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/,
  environment: 'client',
  transform(code) {
    if (!/export const globalConfig\b/.test(code))
      throw new Error('zod-jitless: zod no longer exports globalConfig from v4/core/core.js');
    return `${code}\nglobalConfig.jitless = true;\n`;
  },
  // Islands that use zod exist (sign-in, checkout): a build without the setting would break the CSP unnoticed.
  missing: "zod's config module was not in the client build; update its path",
};

export function zodJitless(): AstroIntegration {
  return buildPatch(zodJitlessPatch);
}
