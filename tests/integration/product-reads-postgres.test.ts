// Product reads on PostgreSQL (tests/helpers/product-reads-suite.ts; PGlite: product-page.test.ts).
import { afterAll, describe, test } from 'vitest';
import { shouldSkipPostgres, startPostgres } from '#tests/helpers/postgres.ts';

if (shouldSkipPostgres()) {
  describe.skip('product reads on PostgreSQL', () => test('skipped: SKIP_POSTGRES=1', () => undefined));
} else {
  const postgres = await startPostgres();
  process.env.DATABASE_URL = postgres.url;
  // Registered first, so it runs after the suite has closed its connections.
  afterAll(() => postgres.stop());
  const { productReadsSuite } = await import('#tests/helpers/product-reads-suite.ts');
  productReadsSuite('postgres');
}
