// Serves a build that is already there, as `npm start` does but without migrating, seeding or
// building: `node scripts/serve.ts <outDir>` (the test helpers start instances this way).
import { resolve } from 'node:path';
import { serveShop } from './lib/serve-shop.ts';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node scripts/serve.ts <outDir>');
  process.exit(2);
}
await serveShop(resolve(outDir, 'server/entry.mjs'));
