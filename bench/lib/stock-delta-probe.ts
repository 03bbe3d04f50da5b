// Child of bench/import.ts: on the database the environment names (holding the benchmark catalogue),
// builds the price index as a running shop has it, sends 10,000 stock changes in one call and prints
// the milliseconds until the price index answers with the last of them.
import { applyStockDelta } from '../../src/lib/server/import/stock-delta.ts';
import { closeDatabase, getDb } from '../../src/lib/server/db/index.ts';
import { priceIndex } from '../../src/lib/server/catalog/price-index-store.ts';

const CHANGES = 10_000;
await priceIndex();
const base = 100 + (Date.now() % 1000);
const items = Array.from({ length: CHANGES }, (_, i) => ({
  sku: `BM-${String(i + 1).padStart(6, '0')}`,
  stock: base + i,
}));
const last = items.at(-1)!;
const started = performance.now();
await applyStockDelta(await getDb(), { kind: 'cli' }, items);
for (;;) {
  const [entry] = (await priceIndex()).lookup([last.sku], { currency: 'EUR', pricesVisible: true });
  if (entry?.stock?.effectivestock === last.stock) break;
  await new Promise((resolve) => setTimeout(resolve, 2));
}
console.log(JSON.stringify({ ms: performance.now() - started }));
await closeDatabase();
process.exit(0);
