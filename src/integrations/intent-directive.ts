// Registers `client:intent` (src/lib/shell/intent-directive.ts): islands that wait for the shopper.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function intentDirective(): AstroIntegration {
  return {
    name: 'storefront-intent-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'intent',
          entrypoint: fileURLToPath(new URL('../lib/shell/intent-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
