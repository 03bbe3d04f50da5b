// The built shop as the adversarial suites attack it: a server process of their own (so its log can
// be read for 'endpoint failed', and its data changed underneath for the XSS suite), on a throwaway
// PostgreSQL seeded with the demo shop, with publishing and the payment fakes configured as in
// production, and X-Forwarded-For trusted (the suites play many clients from one machine).
import pg from 'pg';
import {
  buildTestShop,
  seedPostgres,
  seededDataDir,
  startShopInstance,
  TEST_WEBHOOK_SECRET,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';
import { shouldSkipPostgres, startPostgres, type PostgresServer } from '#tests/helpers/postgres.ts';
import { startPaymentFakes, type PaymentFakes } from '#tests/fakes/payment-fakes.ts';
import { FAKE_PAYPAL_WEBHOOK_ID } from '#tests/fakes/paypal-server.ts';

export interface OwnShop {
  /** http://localhost:<port> (localhost: the session cookies are Secure everywhere else). */
  base: string;
  instance: ShopInstance;
  /** The shop's database; undefined on PGlite (SKIP_POSTGRES=1), which only the shop may open. */
  sql?: pg.Pool;
  fakes: PaymentFakes;
  webhookSecret: string;
  stop(): Promise<void>;
}

/** Lines of the server's output since `from` (a length of output()) that report a failure. */
export function failureLines(instance: ShopInstance, from = 0): string[] {
  return instance
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => /endpoint failed|"level":(50|60)|Unhandled|uncaught/i.test(line));
}

export async function startOwnShop(): Promise<OwnShop> {
  const outDir = TEST_BUILD_DIR;
  await buildTestShop(outDir);
  const postgres: PostgresServer | undefined = shouldSkipPostgres() ? undefined : await startPostgres();
  let fakes: PaymentFakes | undefined;
  try {
    let dataDir: string | undefined;
    if (postgres) await seedPostgres(postgres.url, 120);
    else dataDir = await seededDataDir(120);
    fakes = await startPaymentFakes();
    const instance = await startShopInstance({
      outDir,
      ...(postgres ? { databaseUrl: postgres.url } : { dataDir: dataDir! }),
      // The PayPal webhook is off (404) without its id: on, so that fuzz bodies reach it.
      env: { PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_WEBHOOK_ID, ...fakes.env, TRUST_PROXY: '1', LOG_LEVEL: 'warn' },
    });
    const sql = postgres ? new pg.Pool({ connectionString: postgres.url, max: 2 }) : undefined;
    const started = fakes;
    return {
      base: `http://localhost:${instance.port}`,
      instance,
      sql,
      fakes: started,
      webhookSecret: TEST_WEBHOOK_SECRET,
      stop: async () => {
        await sql?.end();
        await instance.stop();
        await started.stop();
        await postgres?.stop();
      },
    };
  } catch (error) {
    // Nothing of a half-started shop may outlive the spec.
    await fakes?.stop();
    await postgres?.stop();
    throw error;
  }
}
