// Zod without `new Function` in the browser. Zod compiles a fast parser per object schema with
// `new Function`, and first probes whether it may: under the shop's Content-Security-Policy (no
// 'unsafe-eval', src/lib/server/security-headers.ts) that probe is refused and the refusal reported
// as a violation on every page whose islands validate with zod (sign-in, checkout), although zod
// then parses without it. Its `jitless` setting skips both; it must be set before the first schema
// is built, which happens as the islands' modules load, so it is set in zod's own config module of
// the client build: no island can load zod without it. The server keeps the compiled parsers.
import type { AstroIntegration } from 'astro';

/** The module that holds zod's global config (`z.config()` writes the same object). */
const ZOD_CONFIG = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

export function zodJitless(): AstroIntegration {
  let applied = false;
  return {
    name: 'storefront-zod-jitless',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [{
              name: 'storefront-zod-jitless',
              applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
              transform(code: string, id: string) {
                if (!ZOD_CONFIG.test(id)) return null;
                if (!/export const globalConfig\b/.test(code)) throw new Error('zod-jitless: zod no longer exports globalConfig from v4/core/core.js');
                applied = true;
                return { code: `${code}\nglobalConfig.jitless = true;\n`, map: null };
              },
            }],
          },
        });
      },
      'astro:build:done': () => {
        // Islands that use zod exist (sign-in, checkout): a build without the setting would break the CSP unnoticed.
        if (!applied) throw new Error('zod-jitless: zod\'s config module was not in the client build; update ZOD_CONFIG');
      },
    },
  };
}
