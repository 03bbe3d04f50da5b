// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';

// Pages are prerendered per locale at build time (SSG); src/pages/api/** and a few personal
// pages opt out with `export const prerender = false` and run on the node server.
export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
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
  security: { checkOrigin: true },
  vite: { build: { assetsInlineLimit: 0 } },
});
