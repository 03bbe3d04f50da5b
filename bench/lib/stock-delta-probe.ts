// Child of bench/import.ts: on the database the environment names (holding the benchmark catalogue),
// builds the price index as a running shop has it, sends 10,000 stock changes in one call and prints
// the milliseconds the call took and until the price index answers with the last of them (given up
// after GIVE_UP_MS: then the figure is that bound, marked as such).
import { applyStockDelta } from '../../src/lib/server/import/stock-delta.ts';
import { closeDatabase, getDb } from '../../src/lib/server/db/index.ts';
import { priceIndex } from '../../src/lib/server/catalog/price-index-store.ts';

const CHANGES = 10_000;
const GIVE_UP_MS = 180_000;
let started = performance.now();
await priceIndex();
const buildMs = performance.now() - started;
console.error(`stock probe: price index built in ${Math.round(buildMs)} ms`);
const base = 100 + (Date.now() % 1000);
const items = Array.from({ length: CHANGES }, (_, i) => ({
  sku: `BM-${String(i + 1).padStart(6, '0')}`,
  stock: base + i,
}));
const last = items.at(-1)!;
started = performance.now();
await applyStockDelta(await getDb(), { kind: 'cli' }, items);
const callMs = performance.now() - started;
console.error(`stock probe: ${CHANGES} stock changes applied in ${Math.round(callMs)} ms`);
let seen = false;
while (!seen && performance.now() - started < GIVE_UP_MS) {
  const [entry] = (await priceIndex()).lookup([last.sku], { currency: 'EUR', pricesVisible: true });
  seen = entry?.stock?.effectivestock === last.stock;
  if (!seen) await new Promise((resolve) => setTimeout(resolve, 2));
}
console.log(JSON.stringify({ buildMs, callMs, ms: performance.now() - started, seen }));
await closeDatabase();
process.exit(0);
