// The shop's Content-Security-Policy as Astro's `security.csp`: Astro then renders it on every page,
// error pages included, with the hashes of its own inline scripts (client directives) and those of
// the shop's (src/lib/site/inline-scripts.ts). The policy itself is src/lib/server/security-headers.ts;
// src/middleware.ts adds Stripe and the tag manager where the environment configures them.
import type { AstroIntegration } from 'astro';
import { astroCsp } from '../lib/server/security-headers.ts';
import { INLINE_SCRIPTS } from '../lib/site/inline-scripts.ts';

export function contentSecurityPolicy(): AstroIntegration {
  return {
    name: 'storefront-content-security-policy',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        // Not for `astro dev`: Vite's client runs inline there, and Astro's CSP is a build feature.
        if (command !== 'build') return;
        updateConfig({ security: { csp: astroCsp(INLINE_SCRIPTS) } });
      },
    },
  };
}
