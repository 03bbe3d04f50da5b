// The price index follows every change on PostgreSQL, written by another connection (tests/helpers/price-index-suite.ts).
import { describe, test } from 'vitest';
import { shouldSkipPostgres, startPostgres } from '#tests/helpers/postgres.ts';

if (shouldSkipPostgres()) {
  describe.skip('price index on PostgreSQL', () => test('skipped: SKIP_POSTGRES=1', () => undefined));
} else {
  const postgres = await startPostgres();
  process.env.DATABASE_URL = postgres.url;
  const { priceIndexSuite } = await import('#tests/helpers/price-index-suite.ts');
  await priceIndexSuite(postgres);
}
