// The shop as the end-to-end tests see it: a fresh embedded database under .data/e2e, seeded with
// the demo data, built, and served on its own port. Started by Playwright's webServer.
// Stripe and PayPal cannot be reached from here: loopback fakes that speak their HTTP APIs run in
// this process on the next two ports, and the shop's real payment clients are pointed at them.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveShop } from './lib/serve-shop.ts';
import { buildIfStale, log, openMigrated, root, seedIfEmpty, loadEnv } from './lib/prepare.ts';
import { startPaymentFakes } from '../tests/fakes/payment-fakes.ts';

// React and other libraries pick their production builds from this at run time (the dev builds are
// several times slower to render).
process.env.NODE_ENV ??= 'production';

process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
process.env.PORT = process.env.E2E_PORT ?? '4329';
process.env.SITE_URL = `http://localhost:${process.env.PORT}`;
// The suite plays many shoppers from one machine. Specs that open accounts say which client they are
// through X-Forwarded-For (tests/e2e/helpers.ts, newClient), as the proxy in front of a real shop does,
// so the registration limit per IP (10 in 15 minutes) counts each of them, not the whole suite.
process.env.TRUST_PROXY ??= '1';
// The checkout specs are many guests on one address, some with one e-mail, whose orders stay open; the
// cap on open unpaid orders would refuse them after three (the caps are proven by the integration
// tests, tests/integration/stock-drain.test.ts).
process.env.GUEST_OPEN_ORDERS_MAX ??= '0';
const fakes = await startPaymentFakes({
  stripePort: Number(process.env.PORT) + 1,
  paypalPort: Number(process.env.PORT) + 2,
  stripeWebhookUrl: `${process.env.SITE_URL}/api/payments/stripe/webhook`,
  paypalWebhookUrl: `${process.env.SITE_URL}/api/payments/paypal/webhook`,
});
Object.assign(process.env, fakes.env);
const env = loadEnv();
rmSync(resolve(root, env.DATA_DIR, 'pglite'), { recursive: true, force: true });
const database = await openMigrated(env);
await seedIfEmpty(database, Number(process.env.E2E_PRODUCTS ?? 120));
await database.close();
// The build the vitest suites use too (tests/helpers/shop-instance.ts, TEST_BUILD_DIR): one build per run.
const outDir = process.env.E2E_OUT_DIR ?? 'dist-test';
await buildIfStale(outDir);
process.env.DATA_DIR = resolve(root, env.DATA_DIR);
process.env.HOST = 'localhost';
await serveShop(resolve(root, outDir, 'server/entry.mjs'));
log(`test shop running at ${process.env.SITE_URL}`);
