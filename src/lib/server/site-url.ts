// The shop's public address, read where the server runs (SITE_URL), never baked into the build: one
// build serves any address (staging, the shop's own domain, a test port), and canonical links,
// hreflang, structured data, sitemaps and robots.txt all name the address the shop runs under.
import { env } from './env.ts';

export function siteUrl(): URL {
  return new URL(env().SITE_URL);
}
