// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import { fileURLToPath } from 'node:url';
import { precompress } from './src/integrations/precompress.ts';
import { workspaceStylesheet } from './src/integrations/workspace-stylesheet.ts';
import { intentDirective } from './src/integrations/intent-directive.ts';
import { shellChunk } from './src/integrations/shell-chunk.ts';
import { islandRuntime } from './src/integrations/island-runtime.ts';
import { islandStyles } from './src/integrations/island-styles.ts';
import { zodJitless } from './src/integrations/zod-jitless.ts';
import { contentSecurityPolicy } from './src/integrations/content-security-policy.ts';
import { LARGEST_BODY_BYTES } from './src/lib/server/body-limit.ts';

// Every page renders on demand; catalogue and content pages declare their cache tags
// (Astro.cache.set via src/lib/server/publish/page-rules.ts) and are then served from the page cache
// until a publish event drops them. The build holds code only: it never reads the catalogue.
export default defineConfig({
  // No `site`: the public address is SITE_URL at run time (src/lib/server/site-url.ts), so one build
  // serves under any address.
  output: 'server',
  // The app alone: scripts/lib/serve-shop.ts is the server, with its own front for files and the page cache.
  // Its body cap backs up the front's (scripts/lib/body-guard.ts, which holds each path to its own
  // limit) for anyone mounting the handler alone: the largest any path allows.
  adapter: node({ mode: 'middleware', bodySizeLimit: LARGEST_BODY_BYTES }),
  integrations: [
    react(),
    intentDirective(),
    islandRuntime(),
    islandStyles(),
    shellChunk(),
    zodJitless(),
    contentSecurityPolicy(),
    precompress(),
    workspaceStylesheet(),
  ],
  trailingSlash: 'never',
  // 'directory' output: a category with children is both a page and a folder; 'file' output would
  // put c/x.html beside c/x/, and the node server looks only for c/x/index.html there.
  build: { format: 'directory' },
  i18n: {
    locales: ['de', 'en', 'fr', 'es', 'it'],
    defaultLocale: 'de',
    routing: { prefixDefaultLocale: false },
  },
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT) || 4321 },
  // security.csp: set by the contentSecurityPolicy integration.
  security: { checkOrigin: true },
  cache: {
    provider: {
      name: 'storefront-pages',
      entrypoint: fileURLToPath(new URL('./src/lib/server/publish/cache-provider.ts', import.meta.url)),
    },
  },
  // One stylesheet for the whole shop (8.4 KB brotli): a page asks for one file before it can paint,
  // not three to five, and every page after the first finds it cached.
  vite: { build: { assetsInlineLimit: 0, cssCodeSplit: false } },
});
